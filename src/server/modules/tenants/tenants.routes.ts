/**
 * A site's branding for its login page. Registered by hand, not declared: the call is public (before
 * sign-in) and reads the request's domain.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '@shared/contract/common.js';
import { branding, propertyBody } from '@shared/contract/tenants.js';
import type { AppDeps } from '../../deps.js';
import { ok } from '../../http/reply.js';
import { requestDomain } from '../../http/request-context.js';
import { brandingFor } from './tenants.service.js';

export async function tenantRoutes(app: FastifyInstance, deps: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    '/agent/agentMg/property',
    {
      config: { permission: 'public' },
      schema: { tags: ['tenants'], body: propertyBody, response: { 200: envelope(branding) } },
    },
    async (request) => ok(await brandingFor(deps.db, request.body ?? {}, requestDomain(request))),
  );
}
