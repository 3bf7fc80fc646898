/**
 * One check order: its facts, its locations with how far each got, and every counted line with
 * its variance against the book quantity when the location was counted (and what moved on or
 * off it since). An SKU the books had on a counted location that the worker did not count shows
 * as "Not counted", apart from one counted 0, and has no variance: it cannot be passed (as a 0),
 * only rejected so its location is counted again. A manager selects variances waiting for review
 * and passes them (stock is corrected by the difference) or rejects them (the locations are
 * counted again), each after a confirmation (spec 02 §5). Each row's selection box is named after
 * its line (WCAG 4.1.2).
 */
import { App, Button, Descriptions, Drawer, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reviewCount, useCount } from '@api/modules/counts.js';
import { useInventoryChange } from '@api/modules/inventory.js';
import type { CountDetail, CountLineView } from '@shared/contract/counts.js';
import { canDecideLine } from '@shared/domain/counts.js';
import { PERMISSIONS } from '@shared/permissions.js';
import { hasAuth } from '../auth.js';
import { useFeedback } from '../common/feedback.js';
import { formatDateTime } from '../common/format.js';
import { CountStatusTag, LineStateTag, useCountLabels } from './shared.js';

type LocationRow = CountDetail['locations'][number];

function VarianceText({ value }: { value: number | null }) {
  if (value === null) return <Typography.Text type="secondary">-</Typography.Text>;
  if (value === 0) return <Typography.Text type="secondary">0</Typography.Text>;
  return (
    <Typography.Text type={value < 0 ? 'danger' : 'success'}>
      {value > 0 ? `+${value}` : value}
    </Typography.Text>
  );
}

export function CountDetailDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation('counts');
  const labels = useCountLabels();
  const { modal } = App.useApp();
  const feedback = useFeedback();
  const count = useCount(id);
  const review = useInventoryChange(reviewCount);
  const [selected, setSelected] = useState<string[]>([]);
  const canReview = hasAuth(PERMISSIONS.countReview);
  const detail = count.data;
  const hasUncountedSelected = (detail?.lines ?? []).some(
    (line) => line.state === 'not_counted' && selected.includes(line.id),
  );

  const ask = (decision: 'pass' | 'reject') =>
    modal.confirm({
      title: t(`review.${decision}_title`, { count: selected.length }),
      content: t(`review.${decision}_content`),
      okText: t(`review.${decision}`),
      okButtonProps: { danger: decision === 'reject' },
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          const envelope = await review.mutateAsync({ id: id ?? '', lineIds: selected, decision });
          setSelected([]);
          feedback.done(envelope);
          if (envelope.result.affectedOrders > 0)
            modal.warning({
              title: t('review.orders_affected_title'),
              content: t('review.orders_affected', { count: envelope.result.affectedOrders }),
            });
        } catch (error) {
          feedback.failed(error);
        }
      },
    });

  const lineColumns: ColumnsType<CountLineView> = [
    { title: t('detail.location'), dataIndex: 'locationCode', width: 110 },
    { title: t('detail.sku'), dataIndex: 'sellerSku', width: 140 },
    { title: t('detail.product'), dataIndex: 'skuName', ellipsis: true },
    {
      title: t('detail.counted'),
      dataIndex: 'countedQuantity',
      width: 110,
      align: 'right',
      render: (value: number | null, row) =>
        row.isCounted ? value : <Tag color="orange">{t('detail.not_counted')}</Tag>,
    },
    { title: t('detail.book'), dataIndex: 'bookQuantity', width: 100, align: 'right' },
    {
      title: t('detail.moved_since'),
      dataIndex: 'movedSince',
      width: 110,
      align: 'right',
      render: (value: number) =>
        value === 0 ? '-' : <Tag color="blue">{value > 0 ? `+${value}` : value}</Tag>,
    },
    {
      title: t('detail.variance'),
      dataIndex: 'variance',
      width: 90,
      align: 'right',
      render: (value: number) => <VarianceText value={value} />,
    },
    { title: t('detail.round'), dataIndex: 'round', width: 70, align: 'right' },
    {
      title: t('detail.state'),
      dataIndex: 'state',
      width: 120,
      render: (state: CountLineView['state'], row) => (
        <Space size={4}>
          <LineStateTag state={state} />
          {row.affectedOrders > 0 && (
            <Tag color="red">{t('detail.orders_affected', { count: row.affectedOrders })}</Tag>
          )}
        </Space>
      ),
    },
  ];
  const locationColumns: ColumnsType<LocationRow> = [
    { title: t('detail.location'), dataIndex: 'locationCode', width: 140 },
    {
      title: t('detail.location_status'),
      dataIndex: 'status',
      width: 140,
      render: (status: LocationRow['status']) => t(`location_status.${status}`),
    },
    { title: t('detail.round'), dataIndex: 'round', width: 80, align: 'right' },
    { title: t('detail.counted_at'), dataIndex: 'countedAt', render: formatDateTime },
  ];

  return (
    <Drawer
      open={id !== null}
      width={1000}
      title={detail ? `${t('detail.title')} ${detail.countNo}` : t('detail.title')}
      onClose={onClose}
      destroyOnHidden
    >
      {detail && (
        <>
          <Descriptions size="small" column={3} bordered style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('list.count_no')}>{detail.countNo}</Descriptions.Item>
            <Descriptions.Item label={t('list.status')}>
              <CountStatusTag status={detail.status} />
            </Descriptions.Item>
            <Descriptions.Item label={t('list.type')}>{labels.type(detail.type)}</Descriptions.Item>
            <Descriptions.Item label={t('list.warehouse')}>{detail.warehouseCode}</Descriptions.Item>
            <Descriptions.Item label={t('list.progress')}>
              {t('list.progress_value', { counted: detail.countedLocations, total: detail.totalLocations })}
            </Descriptions.Item>
            <Descriptions.Item label={t('list.check_quantity')}>{detail.checkQuantity}</Descriptions.Item>
            <Descriptions.Item label={t('list.assignee')}>
              {detail.assigneeName || t('form.anyone')}
            </Descriptions.Item>
            <Descriptions.Item label={t('list.created_at')}>
              {formatDateTime(detail.createdAt)}
            </Descriptions.Item>
            <Descriptions.Item label={t('form.note')}>{detail.note || '-'}</Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5}>{t('detail.variances')}</Typography.Title>
          {canReview && (
            <Space style={{ marginBottom: 8 }}>
              <Button
                type="primary"
                disabled={selected.length === 0 || hasUncountedSelected}
                onClick={() => ask('pass')}
              >
                {t('review.pass')}
              </Button>
              <Button danger disabled={selected.length === 0} onClick={() => ask('reject')}>
                {t('review.reject')}
              </Button>
              <Typography.Text type={hasUncountedSelected ? 'warning' : 'secondary'}>
                {t(hasUncountedSelected ? 'review.uncounted_hint' : 'review.hint')}
              </Typography.Text>
            </Space>
          )}
          <Table<CountLineView>
            rowKey="id"
            size="small"
            bordered
            pagination={false}
            columns={lineColumns}
            dataSource={detail.lines}
            locale={{ emptyText: t('detail.no_lines') }}
            rowSelection={
              canReview
                ? {
                    selectedRowKeys: selected,
                    onChange: (keys) => setSelected(keys.map(String)),
                    getCheckboxProps: (row) => ({
                      disabled: !canDecideLine(row.state, 'reject'),
                      'aria-label': t('detail.select_line', {
                        sku: row.sellerSku,
                        location: row.locationCode,
                      }),
                    }),
                  }
                : undefined
            }
          />
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('detail.locations')}
          </Typography.Title>
          <Table<LocationRow>
            rowKey="id"
            size="small"
            bordered
            pagination={{ pageSize: 50, hideOnSinglePage: true }}
            columns={locationColumns}
            dataSource={detail.locations}
          />
        </>
      )}
    </Drawer>
  );
}
