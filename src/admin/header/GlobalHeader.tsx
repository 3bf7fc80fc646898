/**
 * The header of the signed-in shell: the collapse trigger and greeting
 * on the left; on the right the announcement bell, pending questions, the role's entries
 * (PDA, or Help), Common Tools on desktop, language and user menu.
 */
import { MenuFoldOutlined, MenuUnfoldOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { Button, Grid, Space, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UserInfo } from '@shared/contract/identity.js';
import { useShellDialogs } from '../dialogs/ShellDialogs.js';
import { AnnouncementBell } from './AnnouncementBell.js';
import { CommonTools } from './CommonTools.js';
import { greetingAt } from './greeting.js';
import { headerEntriesFor } from './header-entries.js';
import { HeaderLanguage } from './HeaderLanguage.js';
import { PdaEntry } from './PdaEntry.js';
import { QuestionNotice } from './QuestionNotice.js';
import { UserMenu } from './UserMenu.js';

interface GlobalHeaderProps {
  user: UserInfo;
  collapsed: boolean;
  onToggleCollapsed: () => void;
}

export function GlobalHeader({ user, collapsed, onToggleCollapsed }: GlobalHeaderProps) {
  const { t } = useTranslation('shell');
  const { token } = theme.useToken();
  const screens = Grid.useBreakpoint();
  const dialogs = useShellDialogs();
  const isDesktop = Boolean(screens.lg);
  const entries = headerEntriesFor(user.userRole, isDesktop);
  const name = user.realname || user.nickname || user.username;

  return (
    <div
      style={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        height: 64,
        paddingInline: 8,
        background: token.colorBgContainer,
        boxShadow: '0 1px 4px rgba(0, 21, 41, 0.08)',
      }}
    >
      <div style={{ display: 'flex', alignItems: 'center', gap: 4, minWidth: 0, flex: '1 1 auto' }}>
        <Button
          type="text"
          aria-label={collapsed ? t('header.expand') : t('header.collapse')}
          icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          onClick={onToggleCollapsed}
          style={{ fontSize: 16, width: 48, height: 48 }}
        />
        {screens.md && (
          <Typography.Text type="secondary" ellipsis style={{ minWidth: 0 }}>
            {t('header.greeting', { greeting: t(`greeting.${greetingAt(new Date().getHours())}`), name })}
          </Typography.Text>
        )}
      </div>
      <Space size={0} wrap={false} style={{ flex: 'none' }}>
        <AnnouncementBell />
        <QuestionNotice role={user.userRole} />
        {entries.pda && <PdaEntry showLabel={Boolean(screens.md)} />}
        {entries.help && (
          <Button
            type="text"
            icon={<QuestionCircleOutlined />}
            aria-label={t('header.help')}
            onClick={() => dialogs.open('videos')}
          >
            {screens.md ? t('header.help') : null}
          </Button>
        )}
        <CommonTools tools={entries.tools} />
        <HeaderLanguage />
        <UserMenu user={user} />
      </Space>
    </div>
  );
}
