/**
 * A site's branding for its login page: public (before sign-in), for the domain the request came
 * to. Declarations only (http/route-kit.ts).
 */
import type { FastifyInstance } from 'fastify';
import { branding, propertyBody } from '@shared/contract/tenants.js';
import type { AppDeps } from '../../deps.js';
import { requestDomain } from '../../http/request-context.js';
import { declareRoutes, route } from '../../http/route-kit.js';
import { brandingFor } from './tenants.service.js';

export async function tenantRoutes(app: FastifyInstance, deps: AppDeps) {
  declareRoutes(app, deps, 'tenants', [
    route({
      method: 'POST',
      url: '/agent/agentMg/property',
      permission: 'public',
      input: propertyBody,
      reply: branding,
      serve: (input, call) => brandingFor(call.deps.db, input ?? {}, requestDomain(call.request)),
    }),
  ]);
}
