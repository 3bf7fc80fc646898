/**
 * The open tabs of this session: every visited page adds its tab (keyed by full path), the
 * tab rules of tabs.ts decide closing, and refreshing re-mounts the current page. Tabs live in
 * memory only: a reload starts again from the current page and the home tab.
 */
import { App } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { pageAt, type PageRoute } from './menu-routes.js';
import { closeLeft, closeOthers, closeRight, closeTab, HOME_PATH, openTab, type PageTab } from './tabs.js';

export type TabAction = 'refresh' | 'closeLeft' | 'closeRight' | 'closeOthers';

export interface PageTabs {
  tabs: PageTab[];
  active: string;
  /** Changes when the current page must re-render from scratch. */
  refreshKey: number;
  select: (fullPath: string) => void;
  close: (fullPath: string) => void;
  act: (action: TabAction, fullPath: string) => void;
}

function tabOf(page: PageRoute, fullPath: string, pathname: string): PageTab {
  return { fullPath, path: pathname, title: page.title, icon: page.icon };
}

export function usePageTabs(pages: PageRoute[], multipage: boolean): PageTabs {
  const { t } = useTranslation('shell');
  const { message } = App.useApp();
  const location = useLocation();
  const navigate = useNavigate();
  const [tabs, setTabs] = useState<PageTab[]>([]);
  const [refreshKey, setRefreshKey] = useState(0);
  const active = `${location.pathname}${location.search}`;

  const home = useMemo(() => {
    const page = pageAt(pages, HOME_PATH);
    return page ? tabOf(page, HOME_PATH, HOME_PATH) : undefined;
  }, [pages]);

  useEffect(() => {
    const page = pageAt(pages, location.pathname);
    if (!page) return;
    setTabs((open) => openTab(open, tabOf(page, active, location.pathname), multipage, home));
  }, [pages, active, location.pathname, multipage, home]);

  const select = useCallback((fullPath: string) => navigate(fullPath), [navigate]);

  const close = useCallback(
    (fullPath: string) => {
      const result = closeTab(tabs, fullPath, active);
      if (!result.ok) {
        void message.warning(t(result.reason));
        return;
      }
      setTabs(result.tabs);
      if (result.active !== active) navigate(result.active);
    },
    [tabs, active, message, t, navigate],
  );

  const act = useCallback(
    (action: TabAction, fullPath: string) => {
      if (action === 'refresh') {
        if (fullPath !== active) navigate(fullPath);
        setRefreshKey((key) => key + 1);
        return;
      }
      const next =
        action === 'closeLeft'
          ? closeLeft(tabs, fullPath, active)
          : action === 'closeRight'
            ? closeRight(tabs, fullPath, active)
            : closeOthers(tabs, fullPath);
      setTabs(next.tabs);
      if (next.active !== active) navigate(next.active);
    },
    [tabs, active, navigate],
  );

  return { tabs, active, refreshKey, select, close, act };
}
