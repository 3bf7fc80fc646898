/**
 * Button and API permission codes. Every route names one of these (or 'public' /
 * 'authenticated'); the menu catalogue grants them to roles.
 */
export const PERMISSIONS = {
  userList: 'system:user:list',
  userAdd: 'system:user:add',
  userEdit: 'system:user:edit',
  userFreeze: 'system:user:frozen',
  userPassword: 'system:user:password',
  roleList: 'system:role:list',
  roleAdd: 'system:role:add',
  roleEdit: 'system:role:edit',
  rolePermission: 'system:role:permission',
  permissionList: 'system:permission:list',
  permissionAdd: 'system:permission:add',
  permissionEdit: 'system:permission:edit',
  departList: 'system:depart:list',
  departAdd: 'system:depart:add',
  departEdit: 'system:depart:edit',
  departDelete: 'system:depart:delete',
  dictList: 'system:dict:list',
  dictAdd: 'system:dict:add',
  dictEdit: 'system:dict:edit',
  logList: 'system:log:list',
  sellerRoleList: 'seller:role:list',
  sellerRoleAdd: 'seller:role:add',
  sellerRoleEdit: 'seller:role:edit',
  sellerRolePermission: 'seller:role:permission',
  sellerStaffList: 'seller:staff:list',
  sellerStaffAdd: 'seller:staff:add',
  sellerStaffEdit: 'seller:staff:edit',
} as const;
export type PermissionCode = (typeof PERMISSIONS)[keyof typeof PERMISSIONS];
