/** The administrator's user and department calls of spec 01 §7. HTTP only. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, pageResult } from '@shared/contract/common.js';
import {
  checkOnlyUserQuery,
  frozenBatchBody,
  setPasswordBody,
  userAddBody,
  userEditBody,
  userListQuery,
  userRoleQuery,
  usersOfDepartQuery,
  userView,
} from '@shared/contract/system-admin.js';
import { PERMISSIONS } from '@shared/permissions.js';
import type { AppDeps } from '@server/deps.js';
import { ok } from '@server/http/reply.js';
import { inActorTenant } from '@server/http/scope.js';
import { idList, needs, nothing, said } from '@server/http/route-kit.js';
import {
  addUser,
  changeUserPassword,
  checkOnlyUser,
  editUser,
  freezeUsers,
  listUsers,
  userRoleIds,
  usersOfDepart,
} from './users.service.js';

export async function userAdminRoutes(app: FastifyInstance, deps: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const tags = ['system admin'];
  const userPage = envelope(pageResult(userView));

  api.get(
    '/sys/user/list',
    {
      config: needs(PERMISSIONS.userList),
      schema: { tags, querystring: userListQuery, response: { 200: userPage } },
    },
    async (request) =>
      ok(await inActorTenant(db, request, (tx, actor) => listUsers(tx, actor, request.query))),
  );

  api.post(
    '/sys/user/add',
    {
      config: needs(PERMISSIONS.userAdd),
      schema: { tags, body: userAddBody, response: { 200: envelope(userView) } },
    },
    async (request) => {
      const user = await inActorTenant(db, request, (tx, actor) => addUser(tx, actor, request.body));
      return ok(user, said(request, 'added'));
    },
  );

  api.put(
    '/sys/user/edit',
    {
      config: needs(PERMISSIONS.userEdit),
      schema: { tags, body: userEditBody, response: { 200: envelope(userView) } },
    },
    async (request) => {
      const user = await inActorTenant(db, request, (tx, actor) => editUser(tx, actor, request.body));
      return ok(user, said(request, 'updated'));
    },
  );

  api.get(
    '/sys/user/queryUserRole',
    {
      config: needs(PERMISSIONS.userList),
      schema: { tags, querystring: userRoleQuery, response: { 200: idList } },
    },
    async (request) =>
      ok(await inActorTenant(db, request, (tx, actor) => userRoleIds(tx, actor, request.query))),
  );

  api.put(
    '/sys/user/frozenBatch',
    {
      config: needs(PERMISSIONS.userFreeze),
      schema: { tags, body: frozenBatchBody, response: { 200: nothing } },
    },
    async (request) => {
      await inActorTenant(db, request, (tx, actor) => freezeUsers(tx, actor, request.body));
      return ok(null, said(request, request.body.status === 2 ? 'frozen' : 'unfrozen'));
    },
  );

  // The add forms of administrators and sellers both check usernames as they are typed; only
  // someone who may add an account may ask whether a username is taken.
  api.get(
    '/sys/user/checkOnlyUser',
    {
      config: { permission: { anyOf: [PERMISSIONS.userAdd, PERMISSIONS.sellerStaffAdd] } },
      schema: { tags, querystring: checkOnlyUserQuery, response: { 200: nothing } },
    },
    async (request) => {
      await inActorTenant(db, request, (tx, actor) => checkOnlyUser(tx, actor, request.query));
      return ok(null, said(request, 'duplicate.available'));
    },
  );

  api.put(
    '/sys/user/changPassword',
    {
      config: needs(PERMISSIONS.userPassword),
      schema: { tags, body: setPasswordBody, response: { 200: nothing } },
    },
    async (request) => {
      await inActorTenant(db, request, (tx, actor) => changeUserPassword(tx, actor, request.body));
      return ok(null, said(request, 'password.changed'));
    },
  );

  api.get(
    '/sys/user/queryUserByDepId',
    {
      config: needs(PERMISSIONS.userList),
      schema: { tags, querystring: usersOfDepartQuery, response: { 200: userPage } },
    },
    async (request) =>
      ok(await inActorTenant(db, request, (tx, actor) => usersOfDepart(tx, actor, request.query))),
  );
}
