/** Sign-in statistics for the dashboard. Declarations only (http/route-kit.ts). */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { emptyQuery, loginInfo as loginInfoResult, visitDay } from '@shared/contract/system-admin.js';
import { PERMISSIONS } from '@shared/permissions.js';
import type { AppDeps } from '@server/deps.js';
import { declareRoutes, route } from '@server/http/route-kit.js';
import { loginInfo, visitInfo } from '../logs/logs.service.js';

export async function logRoutes(app: FastifyInstance, deps: AppDeps) {
  declareRoutes(app, deps, 'system admin', [
    route({
      method: 'GET',
      url: '/sys/loginfo',
      permission: PERMISSIONS.logList,
      input: emptyQuery,
      reply: loginInfoResult,
      run: (tx, actor) => loginInfo(tx, actor),
    }),
    route({
      method: 'GET',
      url: '/sys/visitInfo',
      permission: PERMISSIONS.logList,
      input: emptyQuery,
      reply: z.array(visitDay),
      run: (tx, actor) => visitInfo(tx, actor),
    }),
  ]);
}
