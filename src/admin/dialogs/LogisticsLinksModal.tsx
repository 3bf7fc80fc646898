/** The common logistics query links modal: one tab per region, each a table of name, link and copy. */
import { CopyOutlined } from '@ant-design/icons';
import { App, Button, Modal, Table, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { copyText } from './copy-text.js';
import { LOGISTICS_LINKS, LOGISTICS_REGIONS, type LogisticsLink } from './logistics-links.js';

export function LogisticsLinksModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('shell');
  const { message } = App.useApp();

  const handleCopy = async (url: string) => {
    const isCopied = await copyText(url);
    if (isCopied) void message.success(t('common.copied'));
    else void message.warning(t('common.copy_failed'));
  };

  return (
    <Modal
      title={t('logistics.title')}
      open={open}
      onCancel={onClose}
      footer={null}
      width={820}
      destroyOnHidden
    >
      <Tabs
        items={LOGISTICS_REGIONS.map((region) => ({
          key: region,
          label: t(`logistics.regions.${region}`),
          children: (
            <Table<LogisticsLink>
              size="small"
              rowKey="url"
              pagination={false}
              dataSource={[...LOGISTICS_LINKS[region]]}
              columns={[
                { title: t('logistics.name'), dataIndex: 'name', width: 200 },
                {
                  title: t('logistics.kind'),
                  dataIndex: 'kind',
                  width: 140,
                  render: (kind: LogisticsLink['kind']) => t(`logistics.kinds.${kind}`),
                },
                {
                  title: t('logistics.link'),
                  dataIndex: 'url',
                  render: (url: string) => (
                    <a href={url} target="_blank" rel="noopener noreferrer">
                      {url}
                    </a>
                  ),
                },
                {
                  title: t('logistics.action'),
                  key: 'copy',
                  width: 100,
                  render: (_: unknown, link) => (
                    <Button
                      type="link"
                      size="small"
                      icon={<CopyOutlined />}
                      onClick={() => void handleCopy(link.url)}
                    >
                      {t('common.copy')}
                    </Button>
                  ),
                },
              ]}
            />
          ),
        }))}
      />
    </Modal>
  );
}
