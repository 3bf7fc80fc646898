/** Destroying returned or damaged stock by age: the candidates, and the destruction. HTTP only. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, pageResult } from '@shared/contract/common.js';
import { destroyCandidate, destroyInput, destroyListQuery, destroyResult } from '@shared/contract/destroy.js';
import { PERMISSIONS } from '@shared/permissions.js';
import type { AppDeps } from '../../deps.js';
import { ok } from '../../http/reply.js';
import { needs, said } from '../../http/route-kit.js';
import { inActorTenant } from '../../http/scope.js';
import { destroyByAge, listDestroyCandidates } from './destroy.service.js';

export async function destroyRoutes(app: FastifyInstance, deps: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const tags = ['inventory'];

  api.get(
    '/stock/destroy/list',
    {
      config: needs(PERMISSIONS.stockDestroy),
      schema: {
        tags,
        querystring: destroyListQuery,
        response: { 200: envelope(pageResult(destroyCandidate)) },
      },
    },
    async (request) =>
      ok(await inActorTenant(db, request, (tx, actor) => listDestroyCandidates(tx, actor, request.query))),
  );

  api.post(
    '/stock/destroy',
    {
      config: needs(PERMISSIONS.stockDestroy),
      schema: { tags, body: destroyInput, response: { 200: envelope(destroyResult) } },
    },
    async (request) =>
      ok(
        await inActorTenant(db, request, (tx, actor) => destroyByAge(tx, actor, request.body)),
        said(request, 'updated'),
      ),
  );
}
