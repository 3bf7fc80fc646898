/**
 * One wave: its facts (status, who is picking, units picked and short of those to pick), each
 * order with its lines and how far each got, and the shortages the pickers reported with their
 * reasons; its pick list prints from here. A short-picked order is put back to be picked from
 * here, after a confirmation, once its units were found (or its shelf counted): it goes into a
 * new wave for what is still missing.
 */
import { App, Button, Descriptions, Drawer, Progress, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { fetchWavePickList, useRepick, useWave } from '@api/modules/picking.js';
import type { WaveDetail } from '@shared/contract/picking.js';
import { PERMISSIONS } from '@shared/permissions.js';
import { hasAuth } from '../auth.js';
import { useFeedback } from '../common/feedback.js';
import { formatDateTime } from '../common/format.js';
import { openPdf } from '../counts/shared.js';
import { useWaveLabels, WaveStatusTag } from './shared.js';

type OrderRow = WaveDetail['orders'][number];
type LineRow = OrderRow['lines'][number];
type ShortageRow = WaveDetail['shortages'][number];

export function percentOf(done: number, total: number): number {
  return total === 0 ? 0 : Math.round((done / total) * 100);
}

export function WaveDetailDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('waves');
  const labels = useWaveLabels();
  const wave = useWave(id);
  const detail = wave.data;
  const { modal, message } = App.useApp();
  const feedback = useFeedback();
  const repick = useRepick();
  const canRepick = hasAuth(PERMISSIONS.waveEdit);

  const askRepick = (row: OrderRow) =>
    modal.confirm({
      title: t('detail.repick_title', { orderNo: row.orderNo }),
      content: t('detail.repick_content'),
      okText: t('detail.repick'),
      cancelText: t('form.cancel'),
      onOk: async () => {
        try {
          await repick.mutateAsync({ orderIds: [row.orderId] });
          void message.success(t('detail.repick_done', { orderNo: row.orderNo }));
        } catch (error) {
          feedback.failed(error);
        }
      },
    });

  const print = async () => {
    if (!id) return;
    try {
      openPdf(await fetchWavePickList(id, i18n.language));
    } catch {
      // The error catalogue has said why.
    }
  };

  const lineColumns: ColumnsType<LineRow> = [
    { title: t('detail.sku'), dataIndex: 'sellerSku', width: 140 },
    { title: t('detail.product'), dataIndex: 'name', ellipsis: true },
    { title: t('detail.quantity'), dataIndex: 'quantity', width: 80, align: 'right' },
    { title: t('detail.picked'), dataIndex: 'picked', width: 80, align: 'right' },
    {
      title: t('detail.short'),
      dataIndex: 'short',
      width: 80,
      align: 'right',
      render: (value: number) => (value > 0 ? <Tag color="warning">{value}</Tag> : '-'),
    },
  ];
  const orderColumns: ColumnsType<OrderRow> = [
    { title: t('detail.order_no'), dataIndex: 'orderNo', width: 160 },
    { title: t('detail.tracking_no'), dataIndex: 'trackingNo', width: 160 },
    {
      title: t('detail.state'),
      dataIndex: 'state',
      width: 110,
      render: (state: OrderRow['state']) => labels.orderState(state),
    },
    {
      title: t('detail.progress'),
      key: 'progress',
      render: (_value, row) => {
        const total = row.lines.reduce((sum, line) => sum + line.quantity, 0);
        const picked = row.lines.reduce((sum, line) => sum + line.picked, 0);
        return t('list.progress_value', { picked, total });
      },
    },
    ...(canRepick
      ? [
          {
            title: t('list.actions'),
            key: 'actions',
            width: 120,
            render: (_value: unknown, row: OrderRow) =>
              row.repickable ? (
                <Button size="small" onClick={() => askRepick(row)}>
                  {t('detail.repick')}
                </Button>
              ) : null,
          },
        ]
      : []),
  ];
  const shortageColumns: ColumnsType<ShortageRow> = [
    { title: t('detail.order_no'), dataIndex: 'orderNo', width: 150 },
    { title: t('detail.sku'), dataIndex: 'sellerSku', width: 130 },
    { title: t('detail.location'), dataIndex: 'locationCode', width: 100 },
    { title: t('detail.quantity'), dataIndex: 'quantity', width: 80, align: 'right' },
    {
      title: t('detail.reason'),
      dataIndex: 'reason',
      width: 150,
      render: (reason: ShortageRow['reason']) => labels.reason(reason),
    },
    { title: t('detail.reported_by'), dataIndex: 'reportedBy', width: 110 },
    { title: t('detail.at'), dataIndex: 'createdAt', width: 150, render: formatDateTime },
  ];

  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      width={960}
      title={detail ? t('detail.title', { waveNo: detail.waveNo }) : t('detail.loading')}
      extra={<a onClick={() => void print()}>{t('list.print_pick_list')}</a>}
      destroyOnHidden
    >
      {detail && (
        <>
          <Descriptions size="small" column={3} bordered style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('list.status')}>
              <WaveStatusTag status={detail.status} />
            </Descriptions.Item>
            <Descriptions.Item label={t('list.warehouse')}>{detail.warehouseCode}</Descriptions.Item>
            <Descriptions.Item label={t('list.picker')}>{detail.pickerName || '-'}</Descriptions.Item>
            <Descriptions.Item label={t('list.progress')}>
              <Progress
                percent={percentOf(detail.pickedUnits, detail.units)}
                size="small"
                aria-label={`${t('list.progress')} ${detail.waveNo}`}
              />
            </Descriptions.Item>
            <Descriptions.Item label={t('list.short_units')}>{detail.shortUnits}</Descriptions.Item>
            <Descriptions.Item label={t('list.created_at')}>
              {formatDateTime(detail.createdAt)}
            </Descriptions.Item>
          </Descriptions>
          <Table<OrderRow>
            rowKey="orderId"
            size="small"
            bordered
            columns={orderColumns}
            dataSource={detail.orders}
            pagination={false}
            expandable={{
              defaultExpandAllRows: detail.orders.length <= 10,
              expandedRowRender: (row) => (
                <Table<LineRow>
                  rowKey="lineId"
                  size="small"
                  columns={lineColumns}
                  dataSource={row.lines}
                  pagination={false}
                />
              ),
            }}
          />
          <h4 style={{ marginTop: 16 }}>{t('detail.shortages')}</h4>
          <Table<ShortageRow>
            rowKey={(row) => `${row.orderNo}-${row.sellerSku}-${row.createdAt}`}
            size="small"
            bordered
            columns={shortageColumns}
            dataSource={detail.shortages}
            pagination={false}
            locale={{ emptyText: t('detail.no_shortages') }}
          />
        </>
      )}
    </Drawer>
  );
}
