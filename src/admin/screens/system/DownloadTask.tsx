/**
 * The download list (/shopee/DownloadTask): the files the server prepares, in the background,
 * for lists the user exported. A task shows its progress while it runs (the list is read again
 * every two seconds then, and at once when the live channel says a task changed); a finished
 * file can be downloaded until it expires; any task can be deleted.
 */
import { Alert, Empty, Progress, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { saveDownloadFile, useDeleteDownloadTask, useDownloadTasks } from '@api/modules/downloads.js';
import type { DownloadTaskView } from '@shared/contract/downloads.js';
import { DOWNLOAD_LIMITS, type DownloadStatus } from '@shared/domain/downloads.js';
import { formatDateTime } from '../common/format.js';
import { PagedTable } from '../common/PagedTable.js';
import { actionsColumn, useDeleteAction } from '../common/RowActions.js';
import { useListState } from '../common/screen-state.js';

const STATUS_COLOURS: Record<DownloadStatus, string> = {
  queued: 'default',
  running: 'processing',
  done: 'success',
  failed: 'error',
};

function fileSize(bytes: number | null): string {
  if (bytes === null) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export function DownloadTask() {
  const { t } = useTranslation('system');
  const { t: tErrors } = useTranslation('errors');
  const [state, setState] = useListState('system/DownloadTask', { pageNo: 1, pageSize: 20, filter: {} });
  const page = { pageNo: state.pageNo, pageSize: state.pageSize };
  const tasks = useDownloadTasks(page);
  const remove = useDeleteDownloadTask();
  const deleteAction = useDeleteAction();

  const columns: ColumnsType<DownloadTaskView> = [
    {
      title: t('download.file_name'),
      key: 'file',
      width: 230,
      render: (_value, task) => (
        <Space direction="vertical" size={0}>
          <Typography.Text>{t(`download.kind.${task.kind}`)}</Typography.Text>
          {task.fileName && <Typography.Text type="secondary">{task.fileName}</Typography.Text>}
        </Space>
      ),
    },
    {
      title: t('common.status'),
      key: 'status',
      width: 180,
      render: (_value, task) =>
        task.status === 'running' ? (
          <Progress percent={task.progress} size="small" aria-label={t('download.status.running')} />
        ) : (
          <Space direction="vertical" size={0}>
            <Tag color={STATUS_COLOURS[task.status]}>{t(`download.status.${task.status}`)}</Tag>
            {task.errorCode && <Typography.Text type="danger">{tErrors(task.errorCode)}</Typography.Text>}
          </Space>
        ),
    },
    {
      title: t('download.rows'),
      dataIndex: 'rowCount',
      width: 100,
      align: 'right',
      render: (value: number | null) => value ?? '',
    },
    {
      title: t('download.size'),
      key: 'size',
      width: 100,
      align: 'right',
      render: (_v, task) => fileSize(task.fileBytes),
    },
    { title: t('common.created_at'), dataIndex: 'createTime', width: 160, render: formatDateTime },
    { title: t('download.expires'), dataIndex: 'expiresTime', width: 160, render: formatDateTime },
    actionsColumn<DownloadTaskView>(t, { width: 170, fixed: 'right' }, (task) => [
      {
        key: 'download',
        label: t('download.download'),
        show: task.status === 'done',
        onClick: () => void saveDownloadFile(task).catch(() => undefined),
      },
      deleteAction({
        title: t('download.delete_title'),
        content: t('download.delete_confirm', { name: task.fileName ?? t(`download.kind.${task.kind}`) }),
        remove: () => remove.mutateAsync(task.id),
      }),
    ]),
  ];

  return (
    <>
      <Alert
        type="info"
        showIcon
        message={t('download.notice', { days: DOWNLOAD_LIMITS.keepDays })}
        style={{ marginBottom: 16 }}
      />
      <PagedTable<DownloadTaskView>
        rowKey="id"
        size="middle"
        query={tasks}
        page={page}
        onPageChange={(next) => setState(next)}
        columns={columns}
        locale={{ emptyText: <Empty description={t('download.empty')} /> }}
      />
    </>
  );
}
