/**
 * The Common Tools dropdown (desktop only): help, logistics search,
 * download list, print plugin, virtual printer and printer settings, as the role allows
 * (header-entries.ts).
 */
import { DownOutlined, ToolOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PRINT_HELPER } from '@shared/domain/print-helper.js';
import { useShellDialogs } from '../dialogs/ShellDialogs.js';
import { usePluginDownload } from './downloads.js';
import type { ToolId } from './header-entries.js';

export const DOWNLOAD_LIST_PATH = '/shopee/DownloadTask';

export function CommonTools({ tools }: { tools: ToolId[] }) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const dialogs = useShellDialogs();
  const downloadPlugin = usePluginDownload();
  if (tools.length === 0) return null;

  const run = (tool: ToolId) => {
    switch (tool) {
      case 'help':
        return dialogs.open('videos');
      case 'logistics':
        return dialogs.open('logistics');
      case 'downloads':
        return navigate(DOWNLOAD_LIST_PATH);
      case 'printPlugin':
      case 'virtualPrinter':
        return downloadPlugin(tool);
      case 'printerSettings':
        return dialogs.open('printers');
    }
  };

  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: tools.map((tool) => ({
          key: tool,
          label: t(`tools.${tool}`),
          // The print plugin offered for download is the helper of this version.
          ...(tool === 'printPlugin' ? { extra: `v${PRINT_HELPER.version}` } : {}),
        })),
        onClick: ({ key }) => {
          const tool = tools.find((known) => known === key);
          if (tool) void run(tool);
        },
      }}
    >
      <Button type="text" icon={<ToolOutlined />}>
        {t('tools.title')} <DownOutlined style={{ fontSize: 10 }} />
      </Button>
    </Dropdown>
  );
}
