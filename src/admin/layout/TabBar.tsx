/**
 * The multi-tab bar: visited pages as closable tabs, a
 * right-click menu (refresh, close left, close right, close others) and the 'Initialize boot'
 * button on the right, beside the tab list rather than inside it (a tab list holds only tabs).
 */
import { Dropdown, Tabs, theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MenuIcon } from './menu-icons.js';
import type { PageTabs, TabAction } from './use-page-tabs.js';

const ACTIONS: TabAction[] = ['refresh', 'closeLeft', 'closeRight', 'closeOthers'];

export function TabBar({ pageTabs, extra }: { pageTabs: PageTabs; extra?: ReactNode }) {
  const { t } = useTranslation('shell');
  const { token } = theme.useToken();
  const { tabs, active, select, close, act } = pageTabs;

  const tabList = (
    <Tabs
      type="editable-card"
      hideAdd
      size="small"
      activeKey={active}
      onChange={select}
      onEdit={(key, action) => {
        if (action === 'remove' && typeof key === 'string') close(key);
      }}
      tabBarStyle={{ margin: 0, paddingInline: 12, paddingTop: 6, background: token.colorBgContainer }}
      items={tabs.map((tab) => ({
        key: tab.fullPath,
        // Every tab shows its close icon: closing home or the last tab is refused with a message.
        closable: true,
        label: (
          <Dropdown
            trigger={['contextMenu']}
            menu={{
              items: ACTIONS.map((action) => ({ key: action, label: t(`tabs.${action}`) })),
              onClick: ({ key, domEvent }) => {
                domEvent.stopPropagation();
                const action = ACTIONS.find((known) => known === key);
                if (action) act(action, tab.fullPath);
              },
            }}
          >
            <span data-tab-path={tab.fullPath}>
              <MenuIcon name={tab.icon} /> {tab.title}
            </span>
          </Dropdown>
        ),
      }))}
    />
  );
  if (!extra) return tabList;
  return (
    <div style={{ display: 'flex', background: token.colorBgContainer }}>
      <div style={{ flex: '1 1 auto', minWidth: 0 }}>{tabList}</div>
      <div
        style={{
          flex: 'none',
          display: 'flex',
          alignItems: 'center',
          paddingInline: 12,
          borderBottom: `1px solid ${token.colorBorderSecondary}`,
        }}
      >
        {extra}
      </div>
    </div>
  );
}
