/**
 * The administrator's role and permission calls (users, departments, logs and the seller's
 * calls have route files of their own). HTTP only: the contract's schema, the permission, one
 * service call in the actor's tenant, the reply.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, pageResult } from '@shared/contract/common.js';
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
import { ok } from '@server/http/reply.js';
import { inActorTenant } from '@server/http/scope.js';
import { idList, needs, nothing, said } from '@server/http/route-kit.js';
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
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const tags = ['system admin'];

  api.get(
    '/sys/role/queryall',
    {
      config: needs(PERMISSIONS.roleList),
      schema: { tags, querystring: emptyQuery, response: { 200: envelope(z.array(roleView)) } },
    },
    async (request) => ok(await inActorTenant(db, request, allTenantRoles)),
  );

  api.get(
    '/sys/role/list',
    {
      config: needs(PERMISSIONS.roleList),
      schema: { tags, querystring: roleListQuery, response: { 200: envelope(pageResult(roleView)) } },
    },
    async (request) =>
      ok(await inActorTenant(db, request, (tx, actor) => listTenantRoles(tx, actor, request.query))),
  );

  api.post(
    '/sys/role/add',
    {
      config: needs(PERMISSIONS.roleAdd),
      schema: { tags, body: roleAddBody, response: { 200: envelope(roleView) } },
    },
    async (request) => {
      const role = await inActorTenant(db, request, (tx, actor) => addTenantRole(tx, actor, request.body));
      return ok(role, said(request, 'added'));
    },
  );

  api.put(
    '/sys/role/edit',
    {
      config: needs(PERMISSIONS.roleEdit),
      schema: { tags, body: roleEditBody, response: { 200: envelope(roleView) } },
    },
    async (request) => {
      const role = await inActorTenant(db, request, (tx, actor) => editTenantRole(tx, actor, request.body));
      return ok(role, said(request, 'updated'));
    },
  );

  // The catalogue has no separate delete code: deleting a role is editing the role list.
  api.delete(
    '/sys/role/delete',
    {
      config: needs(PERMISSIONS.roleEdit),
      schema: { tags, querystring: idQuery, response: { 200: nothing } },
    },
    async (request) => {
      await inActorTenant(db, request, (tx, actor) => deleteTenantRole(tx, actor, request.query));
      return ok(null, said(request, 'deleted'));
    },
  );

  api.get(
    '/sys/permission/queryRolePermission',
    {
      config: needs(PERMISSIONS.rolePermission),
      schema: { tags, querystring: roleIdQuery, response: { 200: idList } },
    },
    async (request) =>
      ok(await inActorTenant(db, request, (tx, actor) => rolePermissionIds(tx, actor, request.query))),
  );

  api.post(
    '/sys/permission/saveRolePermission',
    {
      config: needs(PERMISSIONS.rolePermission),
      schema: { tags, body: saveRolePermissionBody, response: { 200: nothing } },
    },
    async (request) => {
      await inActorTenant(db, request, (tx, actor) => saveRolePermissions(tx, actor, request.body));
      return ok(null, said(request, 'saved'));
    },
  );

  api.get(
    '/sys/permission/list',
    {
      config: needs(PERMISSIONS.permissionList),
      schema: { tags, querystring: langQuery, response: { 200: envelope(z.array(permissionNode)) } },
    },
    async (request) =>
      ok(await inActorTenant(db, request, (tx, actor) => permissionList(tx, actor, labelsOf(request)))),
  );

  // The role grant screen shows this tree, so granting roles is enough to read it.
  api.get(
    '/sys/permission/queryTreeList',
    {
      config: needs(PERMISSIONS.rolePermission),
      schema: { tags, querystring: langQuery, response: { 200: envelope(permissionTreeResult) } },
    },
    async (request) =>
      ok(await inActorTenant(db, request, (tx, actor) => permissionTree(tx, actor, labelsOf(request)))),
  );

  api.post(
    '/sys/permission/add',
    {
      config: needs(PERMISSIONS.permissionAdd),
      schema: { tags, body: permissionAddBody, response: { 200: envelope(permissionView) } },
    },
    async (request) => {
      const row = await inActorTenant(db, request, (tx, actor) =>
        addPermission(tx, actor, request.body, labelsOf(request)),
      );
      return ok(row, said(request, 'added'));
    },
  );

  api.put(
    '/sys/permission/edit',
    {
      config: needs(PERMISSIONS.permissionEdit),
      schema: { tags, body: permissionEditBody, response: { 200: envelope(permissionView) } },
    },
    async (request) => {
      const row = await inActorTenant(db, request, (tx, actor) =>
        editPermission(tx, actor, request.body, labelsOf(request)),
      );
      return ok(row, said(request, 'updated'));
    },
  );

  api.get(
    '/sys/permission/getSystemMenuList',
    {
      config: needs(PERMISSIONS.permissionList),
      schema: { tags, querystring: langQuery, response: { 200: envelope(z.array(permissionView)) } },
    },
    async (request) =>
      ok(await inActorTenant(db, request, (tx, actor) => systemMenus(tx, actor, labelsOf(request)))),
  );

  api.get(
    '/sys/permission/getSystemSubmenu',
    {
      config: needs(PERMISSIONS.permissionList),
      schema: { tags, querystring: submenuQuery, response: { 200: envelope(z.array(permissionView)) } },
    },
    async (request) =>
      ok(
        await inActorTenant(db, request, (tx, actor) =>
          systemSubmenu(tx, actor, request.query, labelsOf(request)),
        ),
      ),
  );
}
