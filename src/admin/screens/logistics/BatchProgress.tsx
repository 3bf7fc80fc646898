/**
 * A batch (arranging shipments, merging labels) followed to its end: read every second, a
 * progress bar of the orders done (succeeded and failed) out of the total, and each order that
 * failed or was skipped listed with why. `onFinished` runs once when the batch is done.
 */
import { Alert, Modal, Progress, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useBatch } from '@api/modules/logistics.js';
import type { BatchView } from '@shared/contract/logistics.js';
import { problemText } from './shared.js';

type Problem = BatchView['problems'][number];

export function BatchProgressModal({
  batchId,
  title,
  onFinished,
  onClose,
  footer,
}: {
  batchId: string | null;
  title: string;
  /** Once, when the batch has finished (done or failed). */
  onFinished?: (batch: BatchView) => void;
  onClose: () => void;
  /** What follows a finished batch (the print step of a print batch). */
  footer?: ReactNode;
}) {
  const { t } = useTranslation('logistics');
  const batch = useBatch(batchId);
  const data = batch.data;
  const isFinished = data?.state === 'done' || data?.state === 'failed';
  const reported = useRef<string | null>(null);

  useEffect(() => {
    if (!data || !isFinished || reported.current === data.id) return;
    reported.current = data.id;
    onFinished?.(data);
  }, [data, isFinished, onFinished]);

  const handled = data ? data.succeeded + data.failed : 0;
  const percent = data && data.total > 0 ? Math.round((handled / data.total) * 100) : 0;
  const columns: ColumnsType<Problem> = [
    { title: t('field.order_no'), dataIndex: 'orderNo', width: 180 },
    {
      title: t('batch.outcome'),
      dataIndex: 'outcome',
      width: 110,
      render: (outcome: Problem['outcome']) => t(`batch.item.${outcome}`),
    },
    {
      title: t('result.reason'),
      key: 'reason',
      render: (_value, row) => <Typography.Text type="danger">{problemText(t, row)}</Typography.Text>,
    },
  ];

  return (
    <Modal
      open={batchId !== null}
      width={720}
      title={title}
      onCancel={onClose}
      onOk={onClose}
      okText={t('common.close')}
      cancelButtonProps={{ style: { display: 'none' } }}
      maskClosable={false}
      destroyOnHidden
    >
      <Space direction="vertical" style={{ width: '100%' }} size={12}>
        <div aria-live="polite">
          <Progress
            percent={percent}
            status={data?.state === 'failed' ? 'exception' : isFinished ? 'success' : 'active'}
            aria-label={t('batch.progress_label')}
          />
          <Typography.Text>
            {data
              ? t(isFinished ? 'batch.finished' : 'batch.running', {
                  handled,
                  total: data.total,
                  succeeded: data.succeeded,
                  failed: data.failed,
                })
              : t('batch.starting')}
          </Typography.Text>
        </div>
        {data?.state === 'failed' && (
          <Alert type="error" showIcon role="alert" message={data.errorMessage || t('batch.failed')} />
        )}
        {data && data.problems.length > 0 && (
          <Table<Problem>
            rowKey="orderId"
            size="small"
            pagination={data.problems.length > 10 ? { pageSize: 10 } : false}
            columns={columns}
            dataSource={data.problems}
            aria-label={t('batch.problems')}
          />
        )}
        {isFinished && footer}
      </Space>
    </Modal>
  );
}
