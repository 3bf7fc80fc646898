/**
 * Export as a download task: the list's current filter is sent, the server prepares the file
 * in the background, and the message offers the way to the download list where it appears.
 */
import { DownloadOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useRequestExport } from '@api/modules/downloads.js';
import type { ExportRequest } from '@shared/contract/downloads.js';
import { DOWNLOAD_LIST_PATH } from '../../header/CommonTools.js';
import { useFeedback } from './feedback.js';

export function ExportTaskButton({ request, label }: { request: ExportRequest; label?: string }) {
  const { t } = useTranslation('system');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const feedback = useFeedback();
  const exportTask = useRequestExport();

  const handleExport = async () => {
    try {
      const reply = await exportTask.mutateAsync(request);
      void message.success({
        content: (
          <>
            {reply.message}{' '}
            <Button type="link" size="small" onClick={() => navigate(DOWNLOAD_LIST_PATH)}>
              {t('download.open_list')}
            </Button>
          </>
        ),
        duration: 6,
      });
    } catch (error) {
      feedback.failed(error);
    }
  };

  return (
    <Button icon={<DownloadOutlined />} loading={exportTask.isPending} onClick={() => void handleExport()}>
      {label ?? t('download.export')}
    </Button>
  );
}
