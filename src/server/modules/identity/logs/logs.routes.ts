/** Sign-in statistics for the dashboard. HTTP only. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@shared/contract/common.js';
import { emptyQuery, loginInfo as loginInfoResult, visitDay } from '@shared/contract/system-admin.js';
import { PERMISSIONS } from '@shared/permissions.js';
import type { AppDeps } from '@server/deps.js';
import { ok } from '@server/http/reply.js';
import { inActorTenant } from '@server/http/scope.js';
import { needs } from '@server/http/route-kit.js';
import { loginInfo, visitInfo } from '../logs/logs.service.js';

export async function logRoutes(app: FastifyInstance, deps: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const tags = ['system admin'];

  api.get(
    '/sys/loginfo',
    {
      config: needs(PERMISSIONS.logList),
      schema: { tags, querystring: emptyQuery, response: { 200: envelope(loginInfoResult) } },
    },
    async (request) => ok(await inActorTenant(db, request, loginInfo)),
  );

  api.get(
    '/sys/visitInfo',
    {
      config: needs(PERMISSIONS.logList),
      schema: { tags, querystring: emptyQuery, response: { 200: envelope(z.array(visitDay)) } },
    },
    async (request) => ok(await inActorTenant(db, request, visitInfo)),
  );
}
