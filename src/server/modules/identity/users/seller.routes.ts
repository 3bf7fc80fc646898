/** A seller's calls for their own roles and staff (spec 01 §7 seller roles, /agent/user/*). HTTP only. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, pageResult } from '@shared/contract/common.js';
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
import { ok } from '@server/http/reply.js';
import { inActorTenant } from '@server/http/scope.js';
import { currentUserInfo } from '../sign-in/account.service.js';
import { idList, needs, nothing, said } from '@server/http/route-kit.js';
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
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const tags = ['seller admin'];

  api.post(
    '/sys/seller/role/add',
    {
      config: needs(PERMISSIONS.sellerRoleAdd),
      schema: { tags, body: roleAddBody, response: { 200: envelope(roleView) } },
    },
    async (request) => {
      const role = await inActorTenant(db, request, (tx, actor) => addSellerRole(tx, actor, request.body));
      return ok(role, said(request, 'added'));
    },
  );

  api.put(
    '/sys/seller/role/edit',
    {
      config: needs(PERMISSIONS.sellerRoleEdit),
      schema: { tags, body: roleEditBody, response: { 200: envelope(roleView) } },
    },
    async (request) => {
      const role = await inActorTenant(db, request, (tx, actor) => editSellerRole(tx, actor, request.body));
      return ok(role, said(request, 'updated'));
    },
  );

  api.get(
    '/sys/seller/role/checkRoleCode',
    {
      config: needs(PERMISSIONS.sellerRoleList),
      schema: { tags, querystring: checkRoleCodeQuery, response: { 200: nothing } },
    },
    async (request) => {
      await inActorTenant(db, request, (tx, actor) => checkSellerRoleCode(tx, actor, request.query));
      return ok(null, said(request, 'duplicate.available'));
    },
  );

  api.get(
    '/sys/seller/role/queryall',
    {
      config: needs(PERMISSIONS.sellerRoleList),
      schema: { tags, querystring: emptyQuery, response: { 200: envelope(z.array(roleView)) } },
    },
    async (request) => ok(await inActorTenant(db, request, sellerRoles)),
  );

  api.get(
    '/sys/seller/role/queryTreeList',
    {
      config: needs(PERMISSIONS.sellerRolePermission),
      schema: { tags, querystring: langQuery, response: { 200: envelope(permissionTreeResult) } },
    },
    async (request) =>
      ok(await inActorTenant(db, request, (tx, actor) => sellerPermissionTree(tx, actor, labelsOf(request)))),
  );

  api.get(
    '/sys/seller/useRole/querySellUserRole',
    {
      config: needs(PERMISSIONS.sellerStaffList),
      schema: { tags, querystring: staffRoleQuery, response: { 200: idList } },
    },
    async (request) =>
      ok(await inActorTenant(db, request, (tx, actor) => staffRoleIds(tx, actor, request.query))),
  );

  api.get(
    '/sys/seller/permission/queryRolePermission',
    {
      config: needs(PERMISSIONS.sellerRolePermission),
      schema: { tags, querystring: roleIdQuery, response: { 200: idList } },
    },
    async (request) =>
      ok(await inActorTenant(db, request, (tx, actor) => sellerRolePermissionIds(tx, actor, request.query))),
  );

  api.post(
    '/sys/seller/permission/saveRolePermission',
    {
      config: needs(PERMISSIONS.sellerRolePermission),
      schema: { tags, body: saveRolePermissionBody, response: { 200: nothing } },
    },
    async (request) => {
      await inActorTenant(db, request, (tx, actor) => saveSellerRolePermissions(tx, actor, request.body));
      return ok(null, said(request, 'saved'));
    },
  );

  api.get(
    '/agent/user/getUserInfo',
    {
      config: { permission: 'authenticated' },
      schema: { tags, querystring: emptyQuery, response: { 200: envelope(userInfo) } },
    },
    async (request) => ok(await inActorTenant(db, request, currentUserInfo)),
  );

  api.get(
    '/agent/user/store/list',
    {
      config: needs(PERMISSIONS.sellerStaffList),
      schema: { tags, querystring: staffListQuery, response: { 200: envelope(pageResult(userView)) } },
    },
    async (request) =>
      ok(await inActorTenant(db, request, (tx, actor) => listStaff(tx, actor, request.query))),
  );

  api.post(
    '/agent/user/store/add',
    {
      config: needs(PERMISSIONS.sellerStaffAdd),
      schema: { tags, body: staffAddBody, response: { 200: envelope(userView) } },
    },
    async (request) => {
      const user = await inActorTenant(db, request, (tx, actor) => addStaff(tx, actor, request.body));
      return ok(user, said(request, 'added'));
    },
  );

  api.put(
    '/agent/user/store/edit',
    {
      config: needs(PERMISSIONS.sellerStaffEdit),
      schema: { tags, body: staffEditBody, response: { 200: envelope(userView) } },
    },
    async (request) => {
      const user = await inActorTenant(db, request, (tx, actor) => editStaff(tx, actor, request.body));
      return ok(user, said(request, 'updated'));
    },
  );

  api.put(
    '/agent/user/updatePassword',
    {
      config: needs(PERMISSIONS.sellerStaffEdit),
      schema: { tags, body: setPasswordBody, response: { 200: nothing } },
    },
    async (request) => {
      await inActorTenant(db, request, (tx, actor) => setStaffPassword(tx, actor, request.body));
      return ok(null, said(request, 'password.changed'));
    },
  );
}
