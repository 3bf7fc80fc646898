/**
 * A seller's calls for their own roles and staff (spec 01 §7 seller roles, /agent/user/*), as
 * declarations (http/route-kit.ts).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { pageResult } from '@shared/contract/common.js';
import { userInfo } from '@shared/contract/identity.js';
import {
  checkRoleCodeQuery,
  emptyQuery,
  langQuery,
  permissionTreeResult,
  roleAddBody,
  roleEditBody,
  roleIdQuery,
  roleView,
  saveRolePermissionBody,
  setPasswordBody,
  staffAddBody,
  staffEditBody,
  staffListQuery,
  staffRoleQuery,
  userView,
} from '@shared/contract/system-admin.js';
import { PERMISSIONS } from '@shared/permissions.js';
import type { AppDeps } from '@server/deps.js';
import { declareRoutes, route } from '@server/http/route-kit.js';
import { currentUserInfo } from '../sign-in/account.service.js';
import { labelsOf } from '../roles/permission-labels.js';
import {
  addSellerRole,
  checkSellerRoleCode,
  editSellerRole,
  saveSellerRolePermissions,
  sellerPermissionTree,
  sellerRolePermissionIds,
  sellerRoles,
} from '../roles/seller-roles.service.js';
import { addStaff, editStaff, listStaff, setStaffPassword, staffRoleIds } from './seller-staff.service.js';

export async function sellerAdminRoutes(app: FastifyInstance, deps: AppDeps) {
  declareRoutes(app, deps, 'seller admin', [
    route({
      method: 'POST',
      url: '/sys/seller/role/add',
      permission: PERMISSIONS.sellerRoleAdd,
      input: roleAddBody,
      reply: roleView,
      message: 'added',
      run: addSellerRole,
    }),
    route({
      method: 'PUT',
      url: '/sys/seller/role/edit',
      permission: PERMISSIONS.sellerRoleEdit,
      input: roleEditBody,
      reply: roleView,
      message: 'updated',
      run: editSellerRole,
    }),
    route({
      method: 'GET',
      url: '/sys/seller/role/checkRoleCode',
      permission: PERMISSIONS.sellerRoleList,
      input: checkRoleCodeQuery,
      reply: z.null(),
      message: 'duplicate.available',
      run: checkSellerRoleCode,
    }),
    route({
      method: 'GET',
      url: '/sys/seller/role/queryall',
      permission: PERMISSIONS.sellerRoleList,
      input: emptyQuery,
      reply: z.array(roleView),
      run: sellerRoles,
    }),
    route({
      method: 'GET',
      url: '/sys/seller/role/queryTreeList',
      permission: PERMISSIONS.sellerRolePermission,
      input: langQuery,
      reply: permissionTreeResult,
      run: (tx, actor, _query, call) => sellerPermissionTree(tx, actor, labelsOf(call.request)),
    }),
    route({
      method: 'GET',
      url: '/sys/seller/useRole/querySellUserRole',
      permission: PERMISSIONS.sellerStaffList,
      input: staffRoleQuery,
      reply: z.array(z.string()),
      run: staffRoleIds,
    }),
    route({
      method: 'GET',
      url: '/sys/seller/permission/queryRolePermission',
      permission: PERMISSIONS.sellerRolePermission,
      input: roleIdQuery,
      reply: z.array(z.string()),
      run: sellerRolePermissionIds,
    }),
    route({
      method: 'POST',
      url: '/sys/seller/permission/saveRolePermission',
      permission: PERMISSIONS.sellerRolePermission,
      input: saveRolePermissionBody,
      reply: z.null(),
      message: 'saved',
      run: saveSellerRolePermissions,
    }),
    route({
      method: 'GET',
      url: '/agent/user/getUserInfo',
      permission: 'authenticated',
      input: emptyQuery,
      reply: userInfo,
      run: currentUserInfo,
    }),
    route({
      method: 'GET',
      url: '/agent/user/store/list',
      permission: PERMISSIONS.sellerStaffList,
      input: staffListQuery,
      reply: pageResult(userView),
      run: listStaff,
    }),
    route({
      method: 'POST',
      url: '/agent/user/store/add',
      permission: PERMISSIONS.sellerStaffAdd,
      input: staffAddBody,
      reply: userView,
      message: 'added',
      run: addStaff,
    }),
    route({
      method: 'PUT',
      url: '/agent/user/store/edit',
      permission: PERMISSIONS.sellerStaffEdit,
      input: staffEditBody,
      reply: userView,
      message: 'updated',
      run: editStaff,
    }),
    route({
      method: 'PUT',
      url: '/agent/user/updatePassword',
      permission: PERMISSIONS.sellerStaffEdit,
      input: setPasswordBody,
      reply: z.null(),
      message: 'password.changed',
      run: setStaffPassword,
    }),
  ]);
}
