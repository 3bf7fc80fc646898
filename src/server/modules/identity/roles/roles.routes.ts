/**
 * The administrator's role and permission calls (users, departments, logs and the seller's
 * calls have route files of their own), as declarations (http/route-kit.ts); the permission
 * calls name their titles in the caller's language (labelsOf).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { pageResult } from '@shared/contract/common.js';
import {
  emptyQuery,
  idQuery,
  permissionAddBody,
  permissionEditBody,
  permissionNode,
  langQuery,
  permissionTreeResult,
  permissionView,
  roleAddBody,
  roleEditBody,
  roleIdQuery,
  roleListQuery,
  roleView,
  saveRolePermissionBody,
  submenuQuery,
} from '@shared/contract/system-admin.js';
import { PERMISSIONS } from '@shared/permissions.js';
import type { AppDeps } from '@server/deps.js';
import { declareRoutes, route } from '@server/http/route-kit.js';
import { labelsOf } from './permission-labels.js';
import {
  addPermission,
  editPermission,
  permissionList,
  permissionTree,
  rolePermissionIds,
  saveRolePermissions,
  systemMenus,
  systemSubmenu,
} from './permissions.service.js';
import {
  addTenantRole,
  allTenantRoles,
  deleteTenantRole,
  editTenantRole,
  listTenantRoles,
} from './roles.service.js';

export async function roleRoutes(app: FastifyInstance, deps: AppDeps) {
  declareRoutes(app, deps, 'system admin', [
    route({
      method: 'GET',
      url: '/sys/role/queryall',
      permission: PERMISSIONS.roleList,
      input: emptyQuery,
      reply: z.array(roleView),
      run: allTenantRoles,
    }),
    route({
      method: 'GET',
      url: '/sys/role/list',
      permission: PERMISSIONS.roleList,
      input: roleListQuery,
      reply: pageResult(roleView),
      run: listTenantRoles,
    }),
    route({
      method: 'POST',
      url: '/sys/role/add',
      permission: PERMISSIONS.roleAdd,
      input: roleAddBody,
      reply: roleView,
      message: 'added',
      run: addTenantRole,
    }),
    route({
      method: 'PUT',
      url: '/sys/role/edit',
      permission: PERMISSIONS.roleEdit,
      input: roleEditBody,
      reply: roleView,
      message: 'updated',
      run: editTenantRole,
    }),
    // The catalogue has no separate delete code: deleting a role is editing the role list.
    route({
      method: 'DELETE',
      url: '/sys/role/delete',
      permission: PERMISSIONS.roleEdit,
      input: idQuery,
      reply: z.null(),
      message: 'deleted',
      run: deleteTenantRole,
    }),
    route({
      method: 'GET',
      url: '/sys/permission/queryRolePermission',
      permission: PERMISSIONS.rolePermission,
      input: roleIdQuery,
      reply: z.array(z.string()),
      run: rolePermissionIds,
    }),
    route({
      method: 'POST',
      url: '/sys/permission/saveRolePermission',
      permission: PERMISSIONS.rolePermission,
      input: saveRolePermissionBody,
      reply: z.null(),
      message: 'saved',
      run: saveRolePermissions,
    }),
    route({
      method: 'GET',
      url: '/sys/permission/list',
      permission: PERMISSIONS.permissionList,
      input: langQuery,
      reply: z.array(permissionNode),
      run: (tx, actor, _query, call) => permissionList(tx, actor, labelsOf(call.request)),
    }),
    // The role grant screen shows this tree, so granting roles is enough to read it.
    route({
      method: 'GET',
      url: '/sys/permission/queryTreeList',
      permission: PERMISSIONS.rolePermission,
      input: langQuery,
      reply: permissionTreeResult,
      run: (tx, actor, _query, call) => permissionTree(tx, actor, labelsOf(call.request)),
    }),
    route({
      method: 'POST',
      url: '/sys/permission/add',
      permission: PERMISSIONS.permissionAdd,
      input: permissionAddBody,
      reply: permissionView,
      message: 'added',
      run: (tx, actor, body, call) => addPermission(tx, actor, body, labelsOf(call.request)),
    }),
    route({
      method: 'PUT',
      url: '/sys/permission/edit',
      permission: PERMISSIONS.permissionEdit,
      input: permissionEditBody,
      reply: permissionView,
      message: 'updated',
      run: (tx, actor, body, call) => editPermission(tx, actor, body, labelsOf(call.request)),
    }),
    route({
      method: 'GET',
      url: '/sys/permission/getSystemMenuList',
      permission: PERMISSIONS.permissionList,
      input: langQuery,
      reply: z.array(permissionView),
      run: (tx, actor, _query, call) => systemMenus(tx, actor, labelsOf(call.request)),
    }),
    route({
      method: 'GET',
      url: '/sys/permission/getSystemSubmenu',
      permission: PERMISSIONS.permissionList,
      input: submenuQuery,
      reply: z.array(permissionView),
      run: (tx, actor, query, call) => systemSubmenu(tx, actor, query, labelsOf(call.request)),
    }),
  ]);
}
