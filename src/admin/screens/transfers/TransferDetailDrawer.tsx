/**
 * One transfer: its warehouses, audit and stage, and each line with the units sent, received at
 * the inbound warehouse, and recorded short when receiving ended (with the reason given on the
 * handheld): the transfer's differences.
 */
import { Descriptions, Drawer, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useTransfer } from '@api/modules/transfers.js';
import type { TransferDetail } from '@shared/contract/transfers.js';
import { formatDateTime } from '../common/format.js';

type Line = TransferDetail['lines'][number];

export function TransferDetailDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation('transfers');
  const transfer = useTransfer(id);
  const detail = transfer.data;
  const columns: ColumnsType<Line> = [
    { title: t('form.sku'), dataIndex: 'sellerSku', width: 140 },
    { title: t('detail.name'), dataIndex: 'name', ellipsis: true },
    { title: t('form.location'), dataIndex: 'fromLocationCode', width: 120 },
    { title: t('list.quantity'), dataIndex: 'quantity', width: 80, align: 'right' },
    { title: t('list.received'), dataIndex: 'receivedQuantity', width: 80, align: 'right' },
    {
      title: t('list.short'),
      dataIndex: 'shortQuantity',
      width: 80,
      align: 'right',
      render: (value: number) =>
        value > 0 ? <Typography.Text type="danger">{value}</Typography.Text> : value,
    },
    {
      title: t('detail.reason'),
      dataIndex: 'shortReason',
      width: 150,
      render: (reason: Line['shortReason']) => (reason ? <Tag>{t(`reason.${reason}`)}</Tag> : '-'),
    },
  ];
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      width={860}
      title={detail ? t('detail.title', { batchNo: detail.batchNo }) : t('detail.loading')}
      destroyOnHidden
    >
      {detail && (
        <>
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label={t('list.from')}>{detail.fromWarehouseCode}</Descriptions.Item>
            <Descriptions.Item label={t('list.to')}>{detail.toWarehouseCode}</Descriptions.Item>
            <Descriptions.Item label={t('list.status')}>{t(`status.${detail.status}`)}</Descriptions.Item>
            <Descriptions.Item label={t('list.stage')}>{t(`stage.${detail.stage}`)}</Descriptions.Item>
            <Descriptions.Item label={t('list.auditor')}>{detail.auditorName || '-'}</Descriptions.Item>
            <Descriptions.Item label={t('list.audited_at')}>
              {formatDateTime(detail.auditedAt)}
            </Descriptions.Item>
            <Descriptions.Item label={t('detail.received_at')}>
              {formatDateTime(detail.receivedAt)}
            </Descriptions.Item>
            <Descriptions.Item label={t('list.short')}>{detail.shortQuantity}</Descriptions.Item>
            <Descriptions.Item label={t('form.note')} span={2}>
              {detail.note || '-'}
            </Descriptions.Item>
          </Descriptions>
          <Table<Line>
            style={{ marginTop: 16 }}
            rowKey="id"
            size="small"
            bordered
            pagination={false}
            columns={columns}
            dataSource={detail.lines}
          />
        </>
      )}
    </Drawer>
  );
}
