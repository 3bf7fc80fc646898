/**
 * The signed-in layout: side menu (200 wide, 80
 * collapsed, collapse remembered), fixed header, the multi-tab bar with the 'Initialize boot'
 * button, the breadcrumb and the current page. Content gets bottom padding while a page shows
 * a custom paginator.
 */
import { Grid, Layout, theme } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import type { MenuItem, UserInfo } from '@shared/contract/identity.js';
import { GlobalHeader } from '../header/GlobalHeader.js';
import { settingsStore, useSettings } from '../settings/settings-store.js';
import { InitBoot } from './InitBoot.js';
import type { PageRoute } from './menu-routes.js';
import { PageErrorBoundary } from './PageErrorBoundary.js';
import { ShellBreadcrumb } from './ShellBreadcrumb.js';
import { ShellSider } from './ShellSider.js';
import { TabBar } from './TabBar.js';
import { usePageTabs } from './use-page-tabs.js';
import { usePaginatorPadding } from './use-paginator-padding.js';

const HEADER_HEIGHT = 64;

export function ShellLayout({ user, menu, pages }: { user: UserInfo; menu: MenuItem[]; pages: PageRoute[] }) {
  const settings = useSettings();
  const { pathname } = useLocation();
  const { token } = theme.useToken();
  const content = useRef<HTMLDivElement>(null);
  const paddingBottom = usePaginatorPadding(content);
  const pageTabs = usePageTabs(pages, settings.multipage);
  // On phones the menu is an overlay that opens from the header, and the stored choice is left alone.
  const isMobile = Grid.useBreakpoint().md === false;
  const [isMobileOpen, setIsMobileOpen] = useState(false);
  useEffect(() => setIsMobileOpen(false), [pathname]);
  const collapsed = isMobile ? !isMobileOpen : settings.collapsed;
  const toggleCollapsed = () =>
    isMobile ? setIsMobileOpen((open) => !open) : settingsStore.update({ collapsed: !settings.collapsed });

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <ShellSider
        menu={menu}
        collapsed={collapsed}
        isMobile={isMobile}
        navTheme={settings.navTheme}
        onClose={() => setIsMobileOpen(false)}
      />
      <Layout>
        <Layout.Header
          style={{
            position: 'sticky',
            top: 0,
            zIndex: 10,
            padding: 0,
            height: HEADER_HEIGHT,
            lineHeight: 'normal',
          }}
        >
          <GlobalHeader user={user} collapsed={collapsed} onToggleCollapsed={toggleCollapsed} />
        </Layout.Header>
        <TabBar pageTabs={pageTabs} extra={<InitBoot user={user} />} />
        <Layout.Content
          style={{
            margin: isMobile ? 8 : 16,
            minHeight: `calc(100vh - ${HEADER_HEIGHT}px - 72px)`,
            paddingBottom,
          }}
        >
          <ShellBreadcrumb pages={pages} />
          <div
            ref={content}
            key={pageTabs.refreshKey}
            style={{ background: token.colorBgContainer, borderRadius: token.borderRadiusLG, padding: 16 }}
          >
            <PageErrorBoundary key={pathname}>
              <Outlet />
            </PageErrorBoundary>
          </div>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
