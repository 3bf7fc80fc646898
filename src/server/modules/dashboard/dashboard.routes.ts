/** The dashboard's summary and figures. Declarations only (http/route-kit.ts). */
import type { FastifyInstance } from 'fastify';
import {
  dashboardFigures,
  dashboardFiguresQuery,
  dashboardQuery,
  dashboardSummary,
} from '@shared/contract/dashboard.js';
import type { AppDeps } from '../../deps.js';
import { declareRoutes, route } from '../../http/route-kit.js';
import { dashboardFigures as figuresFor, dashboardSummary as summaryFor } from './dashboard.service.js';

export async function dashboardRoutes(app: FastifyInstance, deps: AppDeps) {
  declareRoutes(app, deps, 'dashboard', [
    route({
      method: 'GET',
      url: '/dashboard/summary',
      permission: 'authenticated',
      input: dashboardQuery,
      reply: dashboardSummary,
      run: summaryFor,
    }),
    route({
      method: 'GET',
      url: '/dashboard/figures',
      permission: 'authenticated',
      input: dashboardFiguresQuery,
      reply: dashboardFigures,
      run: figuresFor,
    }),
  ]);
}
