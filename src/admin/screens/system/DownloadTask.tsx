/**
 * The download list (/shopee/DownloadTask): files the server prepares for exported
 * lists. The server has no download-task endpoint yet, so no task can exist: the list shows its
 * real, empty state and says why, instead of invented rows.
 */
import { Alert, Empty, Table } from 'antd';
import { useTranslation } from 'react-i18next';

interface DownloadTaskRow {
  id: string;
  fileName: string;
  status: string;
  createTime: string;
}

export function DownloadTask() {
  const { t } = useTranslation('system');
  return (
    <>
      <Alert type="info" showIcon message={t('download.notice')} style={{ marginBottom: 16 }} />
      <Table<DownloadTaskRow>
        rowKey="id"
        size="middle"
        dataSource={[]}
        pagination={false}
        locale={{ emptyText: <Empty description={t('download.empty')} /> }}
        columns={[
          { title: t('download.file_name'), dataIndex: 'fileName' },
          { title: t('common.status'), dataIndex: 'status', width: 160 },
          { title: t('common.created_at'), dataIndex: 'createTime', width: 180 },
          { title: t('common.actions'), key: 'actions', width: 140 },
        ]}
      />
    </>
  );
}
