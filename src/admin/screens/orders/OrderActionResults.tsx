/**
 * The results dialog: what the server answered for each order of a batch action.
 */
import { Modal, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderActionResult } from '@shared/contract/orders.js';
import { StatusTag } from './shared.js';

export interface Results {
  title: string;
  rows: OrderActionResult[];
}

/** What the server answered for each order of a batch. */
export function ResultsDialog({ results, onClose }: { results: Results | null; onClose: () => void }) {
  const { t } = useTranslation('orders');
  const outcome = (row: OrderActionResult): ReactNode => {
    if (!row.ok)
      return (
        <Typography.Text type="danger">
          {t('result.refused', {
            reason: row.code ? t(`errors:${row.code}`, { orderNo: row.orderNo, defaultValue: row.code }) : '',
          })}
        </Typography.Text>
      );
    if (row.code === 'order.out_of_stock')
      return <Typography.Text type="warning">{t('result.out_of_stock')}</Typography.Text>;
    return <Typography.Text type="success">{t('result.done')}</Typography.Text>;
  };
  const columns: ColumnsType<OrderActionResult> = [
    { title: t('field.order_no'), dataIndex: 'orderNo', width: 180 },
    {
      title: t('result.status_now'),
      dataIndex: 'localStatus',
      width: 150,
      render: (_status, row) => <StatusTag status={row.localStatus} />,
    },
    { title: t('result.outcome'), key: 'outcome', render: (_value, row) => outcome(row) },
  ];
  const done = results?.rows.filter((row) => row.ok && row.code === null).length ?? 0;
  return (
    <Modal
      open={results !== null}
      width={640}
      title={t('result.title', { action: results?.title ?? '' })}
      onCancel={onClose}
      onOk={onClose}
      cancelButtonProps={{ style: { display: 'none' } }}
      okText={t('common.close')}
      destroyOnHidden
    >
      <Typography.Paragraph>
        {t('result.summary', { done, count: results?.rows.length ?? 0 })}
      </Typography.Paragraph>
      <Table<OrderActionResult>
        rowKey="id"
        size="small"
        pagination={false}
        columns={columns}
        dataSource={results?.rows ?? []}
        aria-label={t('result.table')}
      />
    </Modal>
  );
}
