/** The user dropdown: system settings drawer, change password, switch department (several departments), log out. */
import {
  ApartmentOutlined,
  KeyOutlined,
  LogoutOutlined,
  SettingOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Avatar, Button, Dropdown, Grid, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCurrentUserDeparts, useLogout } from '@api/modules/session.js';
import type { UserInfo } from '@shared/contract/identity.js';
import { useShellDialogs } from '../dialogs/ShellDialogs.js';

export function UserMenu({ user }: { user: UserInfo }) {
  const { t } = useTranslation('shell');
  const dialogs = useShellDialogs();
  const logout = useLogout();
  const departs = useCurrentUserDeparts();
  const screens = Grid.useBreakpoint();
  const hasSeveralDeparts = (departs.data?.list.length ?? 0) > 1;

  const items: MenuProps['items'] = [
    { key: 'settings', icon: <SettingOutlined />, label: t('user.settings') },
    { key: 'password', icon: <KeyOutlined />, label: t('user.password') },
    ...(hasSeveralDeparts ? [{ key: 'depart', icon: <ApartmentOutlined />, label: t('user.depart') }] : []),
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: t('user.logout') },
  ];

  const handleClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'settings' || key === 'password' || key === 'depart') dialogs.open(key);
    if (key === 'logout') logout.mutate();
  };

  const name = user.realname || user.nickname || user.username;
  return (
    <Dropdown trigger={['click']} menu={{ items, onClick: handleClick }}>
      {/* The name shown is part of the accessible name (WCAG 2.5.3). */}
      <Button
        type="text"
        aria-label={screens.md ? `${name}, ${t('user.menu')}` : t('user.menu')}
        style={{ height: 40 }}
      >
        <Avatar size="small" src={user.avatar || undefined} icon={<UserOutlined />} />
        {screens.md && <span style={{ marginInlineStart: 6 }}>{name}</span>}
      </Button>
    </Dropdown>
  );
}
