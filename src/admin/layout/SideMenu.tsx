/**
 * The side menu: the visible menu items with their icons and
 * sub-menus; in inline mode only one group is open at a time. External items open in a new
 * window.
 */
import { screenOf } from '../screens.js';
import { Menu, type MenuProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { MenuItem } from '@shared/contract/identity.js';
import type { NavTheme } from '../settings/settings-store.js';
import { MenuIcon } from './menu-icons.js';
import { nextOpenKeys, openKeysFor, visibleMenu } from './menu-routes.js';

type AntItem = Required<MenuProps>['items'][number];

function toAntItems(items: MenuItem[]): AntItem[] {
  return items.map((item) => {
    const icon = <MenuIcon name={item.meta.icon} />;
    if (item.children && item.children.length > 0) {
      return { key: item.path, icon, label: item.meta.title, children: toAntItems(item.children) };
    }
    return { key: item.path, icon, label: item.meta.title };
  });
}

function findItem(items: MenuItem[], key: string): MenuItem | undefined {
  for (const item of items) {
    if (item.path === key) return item;
    const found = item.children ? findItem(item.children, key) : undefined;
    if (found) return found;
  }
  return undefined;
}

export function SideMenu({
  menu,
  collapsed,
  theme,
}: {
  menu: MenuItem[];
  collapsed: boolean;
  theme: NavTheme;
}) {
  const location = useLocation();
  const navigate = useNavigate();
  const visible = useMemo(() => visibleMenu(menu, (component) => screenOf(component) !== undefined), [menu]);
  const items = useMemo(() => toAntItems(visible), [visible]);
  const [openKeys, setOpenKeys] = useState<string[]>(() => openKeysFor(visible, location.pathname));

  // Following the route, and when the menu opens again after being collapsed, its group opens.
  useEffect(() => {
    if (collapsed) return;
    const above = openKeysFor(visible, location.pathname);
    if (above.length > 0) setOpenKeys(above);
  }, [visible, location.pathname, collapsed]);

  const handleClick: MenuProps['onClick'] = ({ key }) => {
    const item = findItem(visible, key);
    if (item?.meta.internalOrExternal && item.meta.url) {
      window.open(item.meta.url, '_blank', 'noopener,noreferrer');
      return;
    }
    navigate(key);
  };

  return (
    <Menu
      mode="inline"
      theme={theme}
      items={items}
      selectedKeys={[location.pathname]}
      {...(collapsed ? {} : { openKeys })}
      onOpenChange={(keys) => {
        if (!collapsed) setOpenKeys(nextOpenKeys(openKeys, keys, visible));
      }}
      onClick={handleClick}
      style={{ borderInlineEnd: 0 }}
    />
  );
}
