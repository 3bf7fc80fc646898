/**
 * Destroying returned or damaged stock by age: the candidates, and the destruction.
 * Declarations only (http/route-kit.ts).
 */
import type { FastifyInstance } from 'fastify';
import { pageResult } from '@shared/contract/common.js';
import { destroyCandidate, destroyInput, destroyListQuery, destroyResult } from '@shared/contract/destroy.js';
import { PERMISSIONS } from '@shared/permissions.js';
import type { AppDeps } from '../../deps.js';
import { declareRoutes, route } from '../../http/route-kit.js';
import { destroyByAge, listDestroyCandidates } from './destroy.service.js';

export async function destroyRoutes(app: FastifyInstance, deps: AppDeps) {
  declareRoutes(app, deps, 'inventory', [
    route({
      method: 'GET',
      url: '/stock/destroy/list',
      permission: PERMISSIONS.stockDestroy,
      input: destroyListQuery,
      reply: pageResult(destroyCandidate),
      run: listDestroyCandidates,
    }),
    route({
      method: 'POST',
      url: '/stock/destroy',
      permission: PERMISSIONS.stockDestroy,
      input: destroyInput,
      reply: destroyResult,
      message: 'updated',
      run: destroyByAge,
    }),
  ]);
}
