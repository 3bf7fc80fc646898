/** The administrator's department calls (a tree of departments). HTTP only. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@shared/contract/common.js';
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
import { ok } from '@server/http/reply.js';
import { inActorTenant } from '@server/http/scope.js';
import { needs, nothing, said } from '@server/http/route-kit.js';
import {
  addDepart,
  deleteDepart,
  departIdTree,
  departTree,
  editDepart,
  searchDeparts,
} from '../departments/departments.service.js';

export async function departmentRoutes(app: FastifyInstance, deps: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const tags = ['system admin'];

  api.get(
    '/sys/sysDepart/queryTreeList',
    {
      config: needs(PERMISSIONS.departList),
      schema: { tags, querystring: emptyQuery, response: { 200: envelope(z.array(departNode)) } },
    },
    async (request) => ok(await inActorTenant(db, request, departTree)),
  );

  api.get(
    '/sys/sysDepart/queryIdTree',
    {
      config: needs(PERMISSIONS.departList),
      schema: { tags, querystring: emptyQuery, response: { 200: envelope(z.array(treeOption)) } },
    },
    async (request) => ok(await inActorTenant(db, request, departIdTree)),
  );

  api.get(
    '/sys/sysDepart/searchBy',
    {
      config: needs(PERMISSIONS.departList),
      schema: { tags, querystring: departSearchQuery, response: { 200: envelope(z.array(departView)) } },
    },
    async (request) =>
      ok(await inActorTenant(db, request, (tx, actor) => searchDeparts(tx, actor, request.query))),
  );

  api.post(
    '/sys/sysDepart/add',
    {
      config: needs(PERMISSIONS.departAdd),
      schema: { tags, body: departAddBody, response: { 200: envelope(departView) } },
    },
    async (request) => {
      const depart = await inActorTenant(db, request, (tx, actor) => addDepart(tx, actor, request.body));
      return ok(depart, said(request, 'added'));
    },
  );

  api.put(
    '/sys/sysDepart/edit',
    {
      config: needs(PERMISSIONS.departEdit),
      schema: { tags, body: departEditBody, response: { 200: envelope(departView) } },
    },
    async (request) => {
      const depart = await inActorTenant(db, request, (tx, actor) => editDepart(tx, actor, request.body));
      return ok(depart, said(request, 'updated'));
    },
  );

  api.delete(
    '/sys/sysDepart/delete',
    {
      config: needs(PERMISSIONS.departDelete),
      schema: { tags, querystring: idQuery, response: { 200: nothing } },
    },
    async (request) => {
      await inActorTenant(db, request, (tx, actor) => deleteDepart(tx, actor, request.query));
      return ok(null, said(request, 'deleted'));
    },
  );
}
