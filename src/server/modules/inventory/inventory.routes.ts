/**
 * Stock calls: the stock list, stock per location, records, and changes by hand.
 * Declarations only (http/route-kit.ts); the changes by hand are manual-change.service.ts.
 */
import type { FastifyInstance } from 'fastify';
import { pageResult } from '@shared/contract/common.js';
import {
  adjustBody,
  freezeBody,
  locationStockQuery,
  locationStockRow,
  moveBody,
  stockChangeView,
  stockListQuery,
  stockRecord,
  stockRecordsQuery,
  stockRow,
} from '@shared/contract/inventory.js';
import { PERMISSIONS } from '@shared/permissions.js';
import type { AppDeps } from '../../deps.js';
import { declareRoutes, route } from '../../http/route-kit.js';
import {
  adjustByHand,
  adjustmentServesWaiting,
  freezeByHand,
  moveByHand,
  unfreezeByHand,
  type ArrivalAllocator,
} from './manual-change.service.js';
import { listLocationStock, listStock, listStockRecords } from './stock.queries.js';

export async function inventoryRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  allocateArriving: ArrivalAllocator,
) {
  declareRoutes(app, deps, 'inventory', [
    route({
      method: 'GET',
      url: '/inventory/stock/list',
      permission: PERMISSIONS.stockList,
      input: stockListQuery,
      reply: pageResult(stockRow),
      run: listStock,
    }),
    route({
      method: 'GET',
      url: '/inventory/stock/locations',
      permission: PERMISSIONS.stockLocationList,
      input: locationStockQuery,
      reply: pageResult(locationStockRow),
      run: listLocationStock,
    }),
    route({
      method: 'GET',
      url: '/inventory/stock/records',
      permission: PERMISSIONS.stockRecords,
      input: stockRecordsQuery,
      reply: pageResult(stockRecord),
      run: listStockRecords,
    }),
    route({
      method: 'POST',
      url: '/inventory/stock/adjust',
      permission: PERMISSIONS.stockAdjust,
      input: adjustBody,
      reply: stockChangeView,
      message: 'saved',
      transaction: (input) => (adjustmentServesWaiting(input) ? 'write' : 'statement'),
      run: (tx, actor, input) => adjustByHand(tx, actor, input, allocateArriving),
    }),
    route({
      method: 'POST',
      url: '/inventory/stock/freeze',
      permission: PERMISSIONS.stockFreeze,
      input: freezeBody,
      reply: stockChangeView,
      message: 'saved',
      transaction: 'statement',
      run: freezeByHand,
    }),
    route({
      method: 'POST',
      url: '/inventory/stock/unfreeze',
      permission: PERMISSIONS.stockFreeze,
      input: freezeBody,
      reply: stockChangeView,
      message: 'saved',
      run: (tx, actor, input) => unfreezeByHand(tx, actor, input, allocateArriving),
    }),
    route({
      method: 'POST',
      url: '/inventory/stock/move',
      permission: PERMISSIONS.stockMove,
      input: moveBody,
      reply: stockChangeView,
      message: 'saved',
      transaction: 'statement',
      run: moveByHand,
    }),
  ]);
}
