import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '@shared/contract/common.js';
import {
  dashboardFigures,
  dashboardFiguresQuery,
  dashboardQuery,
  dashboardSummary,
} from '@shared/contract/dashboard.js';
import type { AppDeps } from '../../deps.js';
import { ok } from '../../http/reply.js';
import { inActorTenant } from '../../http/scope.js';
import { dashboardFigures as figuresFor, dashboardSummary as summaryFor } from './dashboard.service.js';

export async function dashboardRoutes(app: FastifyInstance, deps: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/dashboard/summary',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['dashboard'],
        querystring: dashboardQuery,
        response: { 200: envelope(dashboardSummary) },
      },
    },
    async (request) =>
      ok(await inActorTenant(deps.db, request, (tx, actor) => summaryFor(tx, actor, request.query))),
  );
  api.get(
    '/dashboard/figures',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['dashboard'],
        querystring: dashboardFiguresQuery,
        response: { 200: envelope(dashboardFigures) },
      },
    },
    async (request) =>
      ok(await inActorTenant(deps.db, request, (tx, actor) => figuresFor(tx, actor, request.query))),
  );
}
