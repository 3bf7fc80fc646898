import { describe, expect, it } from 'vitest';
import { visibleMenu } from '@admin/layout/menu-routes.js';
import type { MenuItem } from '@shared/contract/identity.js';

const item = (path: string, component: string, extra: Partial<MenuItem> = {}): MenuItem => ({
  path,
  name: path,
  component,
  redirect: null,
  hidden: false,
  route: '1',
  alwaysShow: false,
  meta: {
    title: path,
    icon: null,
    url: null,
    permissionList: [],
    keepAlive: false,
    internalOrExternal: false,
  },
  ...extra,
});

describe('the visible menu', () => {
  const registered = new Set(['stock/List']);
  const hasScreen = (component: string) => registered.has(component);

  it('leaves out pages whose screen this build does not have, and the groups they empty', () => {
    const menu = [
      item('/stock', 'layouts/RouteView', {
        children: [item('/stock/list', 'stock/List'), item('/stock/new', 'stock/Future')],
      }),
      item('/inbound', 'layouts/RouteView', { children: [item('/inbound/list', 'inbound/List')] }),
    ];
    const visible = visibleMenu(menu, hasScreen);
    expect(visible.map((entry) => entry.path)).toEqual(['/stock']);
    expect(visible[0]?.children?.map((entry) => entry.path)).toEqual(['/stock/list']);
  });

  it('keeps hidden and route-flag-0 items out, external links in', () => {
    const menu = [
      item('/a', 'stock/List', { hidden: true }),
      item('/b', 'stock/List', { route: '0' }),
      item('https://help.example.com', '', {
        route: '0',
        meta: {
          title: 'Help',
          icon: null,
          url: 'https://help.example.com',
          permissionList: [],
          keepAlive: false,
          internalOrExternal: true,
        },
      }),
    ];
    expect(visibleMenu(menu, hasScreen).map((entry) => entry.path)).toEqual(['https://help.example.com']);
  });
});
