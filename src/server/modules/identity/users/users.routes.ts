/**
 * The administrator's user calls of spec 01 §7, as declarations (http/route-kit.ts); frozenBatch's
 * success message is chosen from its input (frozen or unfrozen).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { pageResult } from '@shared/contract/common.js';
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
import { USER_STATUS } from '@shared/domain/roles.js';
import { PERMISSIONS } from '@shared/permissions.js';
import type { AppDeps } from '@server/deps.js';
import { declareRoutes, route } from '@server/http/route-kit.js';
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

const tag = 'system admin';

// Registered in the spec's order, which the OpenAPI document keeps.
export async function userAdminRoutes(app: FastifyInstance, deps: AppDeps) {
  declareRoutes(app, deps, tag, [
    route({
      method: 'GET',
      url: '/sys/user/list',
      permission: PERMISSIONS.userList,
      input: userListQuery,
      reply: pageResult(userView),
      run: listUsers,
    }),
    route({
      method: 'POST',
      url: '/sys/user/add',
      permission: PERMISSIONS.userAdd,
      input: userAddBody,
      reply: userView,
      message: 'added',
      run: addUser,
    }),
    route({
      method: 'PUT',
      url: '/sys/user/edit',
      permission: PERMISSIONS.userEdit,
      input: userEditBody,
      reply: userView,
      message: 'updated',
      run: editUser,
    }),
    route({
      method: 'GET',
      url: '/sys/user/queryUserRole',
      permission: PERMISSIONS.userList,
      input: userRoleQuery,
      reply: z.array(z.string()),
      run: userRoleIds,
    }),
    route({
      method: 'PUT',
      url: '/sys/user/frozenBatch',
      permission: PERMISSIONS.userFreeze,
      input: frozenBatchBody,
      reply: z.null(),
      message: (input) => (input.status === USER_STATUS.frozen ? 'frozen' : 'unfrozen'),
      run: freezeUsers,
    }),
    // The add forms of administrators and sellers both check usernames as they are typed; only
    // someone who may add an account may ask whether a username is taken.
    route({
      method: 'GET',
      url: '/sys/user/checkOnlyUser',
      permission: { anyOf: [PERMISSIONS.userAdd, PERMISSIONS.sellerStaffAdd] },
      input: checkOnlyUserQuery,
      reply: z.null(),
      message: 'duplicate.available',
      run: checkOnlyUser,
    }),
    route({
      method: 'PUT',
      url: '/sys/user/changPassword',
      permission: PERMISSIONS.userPassword,
      input: setPasswordBody,
      reply: z.null(),
      message: 'password.changed',
      run: changeUserPassword,
    }),
    route({
      method: 'GET',
      url: '/sys/user/queryUserByDepId',
      permission: PERMISSIONS.userList,
      input: usersOfDepartQuery,
      reply: pageResult(userView),
      run: usersOfDepart,
    }),
  ]);
}
