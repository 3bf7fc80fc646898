/** The PDA entry (non-seller roles): the PDA login address (site origin + /pda) with a copy button. */
import { CopyOutlined, MobileOutlined } from '@ant-design/icons';
import { App, Button, Popover, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { copyText } from '../dialogs/copy-text.js';

export function pdaAddress(origin: string = window.location.origin): string {
  return `${origin}/pda`;
}

export function PdaEntry({ showLabel = true }: { showLabel?: boolean }) {
  const { t } = useTranslation('shell');
  const { message } = App.useApp();
  const address = pdaAddress();

  const handleCopy = async () => {
    if (await copyText(address)) void message.success(t('common.copied'));
    else void message.warning(t('common.copy_failed'));
  };

  const content = (
    <Space direction="vertical" style={{ maxWidth: 300 }}>
      <Typography.Text strong>{t('pda.address')}</Typography.Text>
      <Space>
        <Typography.Text code data-testid="pda-address">
          {address}
        </Typography.Text>
        <Button size="small" icon={<CopyOutlined />} onClick={() => void handleCopy()}>
          {t('pda.copy')}
        </Button>
      </Space>
      <Typography.Text type="secondary">{t('pda.note')}</Typography.Text>
    </Space>
  );

  return (
    <Popover trigger="click" placement="bottomRight" title={t('pda.title')} content={content}>
      <Button type="text" icon={<MobileOutlined />} aria-label={t('pda.title')}>
        {showLabel ? t('pda.title') : null}
      </Button>
    </Popover>
  );
}
