/** Users and menus the shell tests sign in with. */
import type { MenuItem, UserInfo } from '@shared/contract/identity.js';
import type { UserRole } from '@shared/domain/roles.js';

export function userWithRole(userRole: UserRole, id = `user-${userRole}`): UserInfo {
  return {
    id,
    username: userRole.replace('_', ''),
    realname: `Test ${userRole}`,
    nickname: userRole,
    avatar: null,
    phone: null,
    email: null,
    userRole,
    orgCode: 'A01',
    sellerId: null,
    status: 1,
    tenantId: 'tenant-1',
    agentCode: 'demo',
  };
}

export const sellerUser = userWithRole('seller');

const meta = (title: string, icon: string | null = null): MenuItem['meta'] => ({
  title,
  icon,
  url: null,
  permissionList: [],
  keepAlive: false,
  internalOrExternal: false,
});

export function menuItem(
  path: string,
  component: string,
  title: string,
  extra: Partial<MenuItem> = {},
): MenuItem {
  return {
    path,
    name: path.replace(/^\//, '').replace(/\//g, '-'),
    component,
    redirect: null,
    hidden: false,
    route: '1',
    alwaysShow: false,
    meta: meta(title, extra.meta?.icon ?? null),
    ...extra,
  };
}

export const MENU: MenuItem[] = [
  menuItem('/dashboard', 'layouts/RouteView', 'Home', {
    redirect: '/dashboard/analysis',
    meta: meta('Home', 'home'),
    children: [
      menuItem('/dashboard/analysis', 'test/Home', 'Dashboard', { meta: meta('Dashboard', 'dashboard') }),
    ],
  }),
  menuItem('/system', 'layouts/RouteView', 'System', {
    redirect: '/system/user',
    meta: meta('System', 'setting'),
    children: [
      menuItem('/system/user', 'test/Users', 'Users', { meta: meta('Users', 'user') }),
      menuItem('/system/role', 'test/Roles', 'Roles', { meta: meta('Roles', 'safety') }),
      menuItem('/system/secret', 'test/Secret', 'Secret page', { hidden: true }),
      menuItem('/system/unrouted', 'test/Unrouted', 'Unrouted', { route: '0' }),
    ],
  }),
  menuItem('/isps', 'layouts/RouteView', 'Personal centre', {
    redirect: '/isps/userAnnouncement',
    meta: meta('Personal centre', 'user'),
    children: [menuItem('/isps/userAnnouncement', 'test/Unknown', 'My announcements')],
  }),
];
