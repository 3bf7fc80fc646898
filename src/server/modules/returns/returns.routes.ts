/**
 * Return calls: the admin's list, detail and matching by hand; the PDA's expected returns.
 * Declarations only (http/route-kit.ts).
 */
import type { FastifyInstance } from 'fastify';
import { idQuery, pageResult } from '@shared/contract/common.js';
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
import { declareRoutes, route } from '../../http/route-kit.js';
import { expectedReturnsFor, getReturn, listReturns } from './returns.queries.js';
import { matchReturn } from './returns.service.js';

export async function returnsRoutes(app: FastifyInstance, deps: AppDeps) {
  declareRoutes(app, deps, 'returns', [
    route({
      method: 'GET',
      url: '/return/list',
      permission: PERMISSIONS.returnList,
      input: returnListQuery,
      reply: pageResult(returnRow),
      run: listReturns,
    }),
    route({
      method: 'GET',
      url: '/return/detail',
      permission: PERMISSIONS.returnList,
      input: idQuery,
      reply: returnDetail,
      run: (tx, actor, query) => getReturn(tx, actor, query.id),
    }),
    route({
      method: 'POST',
      url: '/return/match',
      permission: PERMISSIONS.returnMatch,
      input: matchReturnInput,
      reply: returnChange,
      message: 'updated',
      run: matchReturn,
    }),
    route({
      method: 'GET',
      url: '/pda/returns',
      permission: PERMISSIONS.pdaSync,
      input: expectedReturnsQuery,
      reply: expectedReturns,
      run: (tx, actor, query) => expectedReturnsFor(tx, actor, query.warehouseId),
    }),
  ]);
}
