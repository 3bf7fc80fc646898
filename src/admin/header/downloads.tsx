/**
 * Plugin archives are downloaded by direct links (PLUGIN_DOWNLOADS). The server makes both, the
 * print plugin and the virtual printer, from the helper program it ships. An archive the server
 * does not have (a trimmed installation) is never saved: the user is told what to do instead.
 */
import { App } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { PLUGIN_DOWNLOADS, type PluginId } from '@shared/domain/print-helper.js';

export { PLUGIN_DOWNLOADS, type PluginId };

/** True when the server answers the archive itself: not an error reply, not the admin's page. */
export async function isArchiveServed(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { method: 'HEAD', cache: 'no-store' });
    const type = response.headers.get('content-type') ?? '';
    return response.ok && !/text\/html|application\/json/.test(type);
  } catch {
    return false;
  }
}

function saveFile(url: string) {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  link.rel = 'noopener';
  link.click();
}

/** Downloads a plugin when the server has its archive; otherwise explains, in the user's language, how to do without. */
export function usePluginDownload() {
  const { t } = useTranslation('shell');
  const { modal } = App.useApp();
  return useCallback(
    async (plugin: PluginId) => {
      const url = PLUGIN_DOWNLOADS[plugin];
      if (await isArchiveServed(url)) {
        saveFile(url);
        return;
      }
      modal.info({
        title: t('plugin_download.unavailable_title', { name: t(`tools.${plugin}`) }),
        content: t('plugin_download.unavailable_print'),
        okText: t('common.ok'),
      });
    },
    [modal, t],
  );
}
