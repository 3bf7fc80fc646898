/**
 * Export as a download task: the list's current filter is sent, the server prepares the file
 * in the background, and a notice says which file is being prepared, that it will be in the
 * download list, and links there (a real link: it opens in a new tab too). It stays 15 s, or
 * until closed or followed, longer than a toast: the user may be reading the list first.
 */
import { DownloadOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useHref, useNavigate } from 'react-router-dom';
import { useRequestExport } from '@api/modules/downloads.js';
import type { ExportRequest } from '@shared/contract/downloads.js';
import { DOWNLOAD_LIST_PATH } from '../../header/CommonTools.js';
import { useFeedback } from './feedback.js';

export function ExportTaskButton({ request, label }: { request: ExportRequest; label?: string }) {
  const { t } = useTranslation('system');
  const { notification } = App.useApp();
  const feedback = useFeedback();
  const exportTask = useRequestExport();
  // The notice is drawn outside the router: the link's address and navigation are taken here.
  const navigate = useNavigate();
  const listHref = useHref(DOWNLOAD_LIST_PATH);

  const handleExport = async () => {
    try {
      const reply = await exportTask.mutateAsync(request);
      const key = `export-${reply.result.id}`;
      notification.success({
        key,
        message: t('download.preparing', { kind: t(`download.kind.${reply.result.kind}`) }),
        description: (
          <>
            <div>{reply.message}</div>
            <a
              href={listHref}
              onClick={(event) => {
                notification.destroy(key);
                // A plain click stays in the admin; a modified one opens the list where asked.
                if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
                event.preventDefault();
                navigate(DOWNLOAD_LIST_PATH);
              }}
            >
              {t('download.open_list')}
            </a>
          </>
        ),
        duration: 15,
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
