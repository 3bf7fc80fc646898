/** Return calls: the admin's list, detail and matching by hand; the PDA's expected returns. HTTP only. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, idQuery, pageResult } from '@shared/contract/common.js';
import {
  expectedReturns,
  expectedReturnsQuery,
  matchReturnInput,
  returnChange,
  returnDetail,
  returnListQuery,
  returnRow,
} from '@shared/contract/returns.js';
import { PERMISSIONS } from '@shared/permissions.js';
import type { AppDeps } from '../../deps.js';
import { ok } from '../../http/reply.js';
import { needs, said } from '../../http/route-kit.js';
import { inActorTenant } from '../../http/scope.js';
import { expectedReturnsFor, getReturn, listReturns } from './returns.queries.js';
import { matchReturn } from './returns.service.js';

export async function returnsRoutes(app: FastifyInstance, deps: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const tags = ['returns'];

  api.get(
    '/return/list',
    {
      config: needs(PERMISSIONS.returnList),
      schema: { tags, querystring: returnListQuery, response: { 200: envelope(pageResult(returnRow)) } },
    },
    async (request) =>
      ok(await inActorTenant(db, request, (tx, actor) => listReturns(tx, actor, request.query))),
  );

  api.get(
    '/return/detail',
    {
      config: needs(PERMISSIONS.returnList),
      schema: { tags, querystring: idQuery, response: { 200: envelope(returnDetail) } },
    },
    async (request) =>
      ok(await inActorTenant(db, request, (tx, actor) => getReturn(tx, actor, request.query.id))),
  );

  api.post(
    '/return/match',
    {
      config: needs(PERMISSIONS.returnMatch),
      schema: { tags, body: matchReturnInput, response: { 200: envelope(returnChange) } },
    },
    async (request) =>
      ok(
        await inActorTenant(db, request, (tx, actor) => matchReturn(tx, actor, request.body)),
        said(request, 'updated'),
      ),
  );

  api.get(
    '/pda/returns',
    {
      config: needs(PERMISSIONS.pdaSync),
      schema: { tags, querystring: expectedReturnsQuery, response: { 200: envelope(expectedReturns) } },
    },
    async (request) =>
      ok(
        await inActorTenant(db, request, (tx, actor) =>
          expectedReturnsFor(tx, actor, request.query.warehouseId),
        ),
      ),
  );
}
