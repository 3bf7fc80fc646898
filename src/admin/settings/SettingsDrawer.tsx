/**
 * The system settings drawer: menu theme dark or light, the 8 preset
 * primary colours, colour-weak mode and the multi-tab switch. Choices apply at once and are
 * kept in this browser; if one cannot be applied the drawer says 'Failed to update theme'.
 */
import { CheckOutlined } from '@ant-design/icons';
import { App, Divider, Drawer, List, Switch, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  PRESET_COLORS,
  settingsStore,
  useSettings,
  type NavTheme,
  type ShellSettings,
} from './settings-store.js';

const NAV_THEMES: { key: NavTheme; sider: string; header: string }[] = [
  { key: 'dark', sider: '#001529', header: '#ffffff' },
  { key: 'light', sider: '#ffffff', header: '#ffffff' },
];

function ThemePreview({ sider, header, isActive }: { sider: string; header: string; isActive: boolean }) {
  return (
    <span
      style={{
        position: 'relative',
        display: 'inline-block',
        width: 48,
        height: 40,
        borderRadius: 4,
        overflow: 'hidden',
        background: '#f0f2f5',
        boxShadow: '0 1px 2.5px rgba(0, 0, 0, 0.18)',
      }}
    >
      <span style={{ position: 'absolute', left: 0, top: 0, bottom: 0, width: 14, background: sider }} />
      <span style={{ position: 'absolute', left: 14, right: 0, top: 0, height: 10, background: header }} />
      {isActive && <CheckOutlined style={{ position: 'absolute', right: 8, bottom: 8, color: '#1890FF' }} />}
    </span>
  );
}

export function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('shell');
  const { message } = App.useApp();
  const settings = useSettings();

  const apply = (change: Partial<ShellSettings>) => {
    try {
      settingsStore.update(change);
    } catch {
      void message.error(t('settings.theme_failed'));
    }
  };

  return (
    <Drawer title={t('settings.title')} open={open} onClose={onClose} width={300}>
      <Typography.Title level={5}>{t('settings.menu_theme')}</Typography.Title>
      <div style={{ display: 'flex', gap: 16 }}>
        {NAV_THEMES.map((theme) => (
          <Tooltip key={theme.key} title={t(`settings.nav_${theme.key}`)}>
            <button
              type="button"
              aria-label={t(`settings.nav_${theme.key}`)}
              aria-pressed={settings.navTheme === theme.key}
              onClick={() => apply({ navTheme: theme.key })}
              style={{ border: 0, padding: 0, background: 'none', cursor: 'pointer' }}
            >
              <ThemePreview
                sider={theme.sider}
                header={theme.header}
                isActive={settings.navTheme === theme.key}
              />
            </button>
          </Tooltip>
        ))}
      </div>

      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {t('settings.theme_color')}
      </Typography.Title>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
        {PRESET_COLORS.map((preset) => {
          const isActive = settings.primaryColor.toUpperCase() === preset.color;
          return (
            <Tooltip key={preset.key} title={t(`settings.colors.${preset.key}`)}>
              <button
                type="button"
                aria-label={t(`settings.colors.${preset.key}`)}
                aria-pressed={isActive}
                onClick={() => apply({ primaryColor: preset.color })}
                style={{
                  width: 22,
                  height: 22,
                  border: 0,
                  borderRadius: 3,
                  background: preset.color,
                  color: '#fff',
                  cursor: 'pointer',
                  padding: 0,
                }}
              >
                {isActive && <CheckOutlined />}
              </button>
            </Tooltip>
          );
        })}
      </div>

      <Divider />
      <List
        split={false}
        dataSource={[
          { key: 'colorWeak' as const, label: t('settings.color_weak') },
          { key: 'multipage' as const, label: t('settings.multipage') },
        ]}
        renderItem={(item) => (
          <List.Item
            actions={[
              <Switch
                key="switch"
                size="small"
                aria-label={item.label}
                checked={settings[item.key]}
                onChange={(checked) => apply({ [item.key]: checked })}
              />,
            ]}
          >
            {item.label}
          </List.Item>
        )}
      />
    </Drawer>
  );
}
