import type { UserRole } from './domain/roles.js';
import { PERMISSIONS, type PermissionCode } from './permissions.js';

/**
 * The product's menu and button catalogue. Each tenant gets a copy in its permissions table
 * (admins may add to it); titles come from locales/<lang>/menu.json by key (letters and _ only,
 * so a key is never split by i18next's separators). `component` is
 * the id of a screen the admin registers, never a file path.
 */
export interface CatalogEntry {
  key: string;
  parentKey?: string;
  /** 0 menu, 1 sub-menu, 2 button. */
  menuType: 0 | 1 | 2;
  path?: string;
  component?: string;
  redirect?: string;
  icon?: string;
  perms?: PermissionCode;
  sortNo: number;
  hidden?: boolean;
  isRoute?: boolean;
  alwaysShow?: boolean;
  keepAlive?: boolean;
  roles: readonly UserRole[];
}

const EVERYONE: readonly UserRole[] = [
  'admin',
  'agent_manager',
  'ware_manager',
  'ware_staff',
  'customer_service',
  'system_service',
  'seller',
  'seller_staff',
  'distributor',
  'supplier',
  'employee',
];
const MANAGERS: readonly UserRole[] = ['admin', 'agent_manager'];
const SELLER: readonly UserRole[] = ['seller'];

function buttons(parentKey: string, roles: readonly UserRole[], codes: PermissionCode[]): CatalogEntry[] {
  return codes.map((perms, index) => ({
    key: `btn_${perms.replace(/:/g, '_')}`,
    parentKey,
    menuType: 2,
    perms,
    sortNo: index + 1,
    roles,
  }));
}

export const MENU_CATALOG: readonly CatalogEntry[] = [
  {
    key: 'dashboard',
    menuType: 0,
    path: '/dashboard',
    component: 'layouts/RouteView',
    redirect: '/dashboard/analysis',
    icon: 'home',
    sortNo: 1,
    roles: EVERYONE,
  },
  {
    key: 'dashboard_analysis',
    parentKey: 'dashboard',
    menuType: 1,
    path: '/dashboard/analysis',
    component: 'dashboard/Analysis',
    icon: 'dashboard',
    sortNo: 1,
    roles: EVERYONE,
  },
  {
    key: 'personal',
    menuType: 0,
    path: '/isps',
    component: 'layouts/RouteView',
    redirect: '/isps/userAnnouncement',
    icon: 'user',
    sortNo: 90,
    roles: EVERYONE,
  },
  {
    key: 'personal_announcements',
    parentKey: 'personal',
    menuType: 1,
    path: '/isps/userAnnouncement',
    component: 'system/UserAnnouncement',
    icon: 'notification',
    sortNo: 1,
    roles: EVERYONE,
  },
  {
    key: 'personal_downloads',
    parentKey: 'personal',
    menuType: 1,
    path: '/shopee/DownloadTask',
    component: 'system/DownloadTask',
    icon: 'download',
    sortNo: 2,
    roles: EVERYONE,
  },
  {
    key: 'seller_staff',
    menuType: 0,
    path: '/seller',
    component: 'layouts/RouteView',
    redirect: '/seller/staff',
    icon: 'team',
    sortNo: 80,
    roles: SELLER,
  },
  {
    key: 'seller_staff_users',
    parentKey: 'seller_staff',
    menuType: 1,
    path: '/seller/staff',
    component: 'seller/StaffList',
    icon: 'user',
    sortNo: 1,
    roles: SELLER,
  },
  ...buttons('seller_staff_users', SELLER, [
    PERMISSIONS.sellerStaffList,
    PERMISSIONS.sellerStaffAdd,
    PERMISSIONS.sellerStaffEdit,
  ]),
  {
    key: 'seller_staff_roles',
    parentKey: 'seller_staff',
    menuType: 1,
    path: '/seller/roles',
    component: 'seller/RoleList',
    icon: 'safety',
    sortNo: 2,
    roles: SELLER,
  },
  ...buttons('seller_staff_roles', SELLER, [
    PERMISSIONS.sellerRoleList,
    PERMISSIONS.sellerRoleAdd,
    PERMISSIONS.sellerRoleEdit,
    PERMISSIONS.sellerRolePermission,
  ]),
  {
    key: 'system',
    menuType: 0,
    path: '/system',
    component: 'layouts/RouteView',
    redirect: '/system/user',
    icon: 'setting',
    sortNo: 100,
    roles: MANAGERS,
  },
  {
    key: 'system_users',
    parentKey: 'system',
    menuType: 1,
    path: '/system/user',
    component: 'system/UserList',
    icon: 'user',
    sortNo: 1,
    roles: MANAGERS,
  },
  ...buttons('system_users', MANAGERS, [
    PERMISSIONS.userList,
    PERMISSIONS.userAdd,
    PERMISSIONS.userEdit,
    PERMISSIONS.userFreeze,
    PERMISSIONS.userPassword,
  ]),
  {
    key: 'system_roles',
    parentKey: 'system',
    menuType: 1,
    path: '/system/role',
    component: 'system/RoleList',
    icon: 'safety',
    sortNo: 2,
    roles: MANAGERS,
  },
  ...buttons('system_roles', MANAGERS, [
    PERMISSIONS.roleList,
    PERMISSIONS.roleAdd,
    PERMISSIONS.roleEdit,
    PERMISSIONS.rolePermission,
  ]),
  {
    key: 'system_departs',
    parentKey: 'system',
    menuType: 1,
    path: '/system/depart',
    component: 'system/DepartList',
    icon: 'apartment',
    sortNo: 3,
    roles: MANAGERS,
  },
  ...buttons('system_departs', MANAGERS, [
    PERMISSIONS.departList,
    PERMISSIONS.departAdd,
    PERMISSIONS.departEdit,
    PERMISSIONS.departDelete,
  ]),
  {
    key: 'system_permissions',
    parentKey: 'system',
    menuType: 1,
    path: '/system/permission',
    component: 'system/PermissionList',
    icon: 'menu',
    sortNo: 4,
    roles: ['admin'],
  },
  ...buttons(
    'system_permissions',
    ['admin'],
    [PERMISSIONS.permissionList, PERMISSIONS.permissionAdd, PERMISSIONS.permissionEdit],
  ),
  {
    key: 'system_dicts',
    parentKey: 'system',
    menuType: 1,
    path: '/system/dict',
    component: 'system/DictList',
    icon: 'book',
    sortNo: 5,
    roles: MANAGERS,
  },
  ...buttons('system_dicts', MANAGERS, [PERMISSIONS.dictList, PERMISSIONS.dictAdd, PERMISSIONS.dictEdit]),
  {
    key: 'system_logs',
    parentKey: 'system',
    menuType: 1,
    path: '/system/log',
    component: 'system/LogList',
    icon: 'file-search',
    sortNo: 6,
    roles: MANAGERS,
  },
  ...buttons('system_logs', MANAGERS, [PERMISSIONS.logList]),
];
