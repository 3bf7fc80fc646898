/** The administrator's department calls (a tree of departments). Declarations only (http/route-kit.ts). */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  departAddBody,
  departEditBody,
  departNode,
  departSearchQuery,
  departView,
  emptyQuery,
  idQuery,
  treeOption,
} from '@shared/contract/system-admin.js';
import { PERMISSIONS } from '@shared/permissions.js';
import type { AppDeps } from '@server/deps.js';
import { declareRoutes, route } from '@server/http/route-kit.js';
import {
  addDepart,
  deleteDepart,
  departIdTree,
  departTree,
  editDepart,
  searchDeparts,
} from '../departments/departments.service.js';

export async function departmentRoutes(app: FastifyInstance, deps: AppDeps) {
  declareRoutes(app, deps, 'system admin', [
    route({
      method: 'GET',
      url: '/sys/sysDepart/queryTreeList',
      permission: PERMISSIONS.departList,
      input: emptyQuery,
      reply: z.array(departNode),
      run: (tx, actor) => departTree(tx, actor),
    }),
    route({
      method: 'GET',
      url: '/sys/sysDepart/queryIdTree',
      permission: PERMISSIONS.departList,
      input: emptyQuery,
      reply: z.array(treeOption),
      run: (tx, actor) => departIdTree(tx, actor),
    }),
    route({
      method: 'GET',
      url: '/sys/sysDepart/searchBy',
      permission: PERMISSIONS.departList,
      input: departSearchQuery,
      reply: z.array(departView),
      run: searchDeparts,
    }),
    route({
      method: 'POST',
      url: '/sys/sysDepart/add',
      permission: PERMISSIONS.departAdd,
      input: departAddBody,
      reply: departView,
      message: 'added',
      run: addDepart,
    }),
    route({
      method: 'PUT',
      url: '/sys/sysDepart/edit',
      permission: PERMISSIONS.departEdit,
      input: departEditBody,
      reply: departView,
      message: 'updated',
      run: editDepart,
    }),
    route({
      method: 'DELETE',
      url: '/sys/sysDepart/delete',
      permission: PERMISSIONS.departDelete,
      input: idQuery,
      reply: z.null(),
      message: 'deleted',
      run: deleteDepart,
    }),
  ]);
}
