/** Prints a PDF and tells the user when that is not possible (page still loading, printing impossible). */
import { App, Typography } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { usePluginDownload } from '../header/downloads.js';
import { printPdf } from './print-helper.js';

export function usePrintHelper() {
  const { t } = useTranslation('shell');
  const { modal } = App.useApp();
  const downloadPlugin = usePluginDownload();

  return useCallback(
    async (source: string | Blob) => {
      const outcome = await printPdf(source);
      if (outcome === 'not_loaded') {
        modal.warning({ title: t('print.title'), content: t('print.not_loaded'), okText: t('common.ok') });
      } else if (outcome === 'unavailable') {
        const openUrl = typeof source === 'string' ? source : URL.createObjectURL(source);
        modal.info({
          title: t('print.unavailable_title'),
          okText: t('common.ok'),
          content: (
            <>
              <p>{t('print.unavailable')}</p>
              <p>
                <a href={openUrl} target="_blank" rel="noopener noreferrer">
                  {t('print.open_pdf')}
                </a>
              </p>
              <p>
                <Typography.Link onClick={() => void downloadPlugin('printPlugin')}>
                  {t('print.download_plugin')}
                </Typography.Link>
              </p>
            </>
          ),
        });
      }
      return outcome;
    },
    [modal, t, downloadPlugin],
  );
}
