/**
 * The side menu column: 200 px open, 80 px collapsed, with the agent's icon
 * and title on top. On phones it is an overlay over the page, closed by a tap outside.
 */
import { Layout } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSignedInBranding } from '@api/modules/session.js';
import type { MenuItem } from '@shared/contract/identity.js';
import type { NavTheme } from '../settings/settings-store.js';
import { SideMenu } from './SideMenu.js';

export const SIDER_WIDTH = 200;
export const SIDER_COLLAPSED_WIDTH = 80;
const LOGO_HEIGHT = 64;

function SiderLogo({ collapsed, dark }: { collapsed: boolean; dark: boolean }) {
  const { t } = useTranslation('shell');
  const branding = useSignedInBranding().data;
  const title = branding?.title || t('app_title');
  return (
    <div
      style={{
        height: LOGO_HEIGHT,
        display: 'flex',
        alignItems: 'center',
        justifyContent: collapsed ? 'center' : 'flex-start',
        gap: 10,
        paddingInline: collapsed ? 0 : 20,
        overflow: 'hidden',
      }}
    >
      <img
        src={branding?.iconUrl || '/favicon.svg'}
        alt=""
        style={{ height: 32, width: 32, objectFit: 'contain' }}
      />
      {!collapsed && (
        <span
          title={title}
          style={{
            color: dark ? '#fff' : 'inherit',
            fontWeight: 600,
            fontSize: 16,
            whiteSpace: 'nowrap',
            overflow: 'hidden',
            textOverflow: 'ellipsis',
          }}
        >
          {title}
        </span>
      )}
    </div>
  );
}

interface ShellSiderProps {
  menu: MenuItem[];
  collapsed: boolean;
  isMobile: boolean;
  navTheme: NavTheme;
  onClose: () => void;
}

export function ShellSider({ menu, collapsed, isMobile, navTheme, onClose }: ShellSiderProps) {
  return (
    <>
      {isMobile && !collapsed && (
        <div
          aria-hidden="true"
          onClick={onClose}
          style={{ position: 'fixed', inset: 0, background: 'rgba(0, 0, 0, 0.45)', zIndex: 99 }}
        />
      )}
      <Layout.Sider
        width={SIDER_WIDTH}
        collapsedWidth={isMobile ? 0 : SIDER_COLLAPSED_WIDTH}
        collapsible
        collapsed={collapsed}
        trigger={null}
        theme={navTheme}
        style={{
          position: isMobile ? 'fixed' : 'sticky',
          insetInlineStart: 0,
          top: 0,
          height: '100vh',
          overflow: 'auto',
          zIndex: isMobile ? 100 : 11,
        }}
      >
        <SiderLogo collapsed={collapsed} dark={navTheme === 'dark'} />
        <SideMenu menu={menu} collapsed={collapsed} theme={navTheme} />
      </Layout.Sider>
    </>
  );
}
