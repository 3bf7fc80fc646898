/** Stock calls: the stock list, stock per location, records, and changes by hand. HTTP only. */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, pageResult } from '@shared/contract/common.js';
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
  type StockChangeView,
} from '@shared/contract/inventory.js';
import { PERMISSIONS } from '@shared/permissions.js';
import { needs, said } from '../../http/route-kit.js';
import type { AppDeps } from '../../deps.js';
import type { Actor } from '../../http/actor.js';
import { ok } from '../../http/reply.js';
import { inActorTenant, inActorTenantStatement } from '../../http/scope.js';
import type { TenantTx } from '../../db/client.js';
import { stockBalances } from './inventory.tables.js';
import { listLocationStock, listStock, listStockRecords } from './stock.queries.js';
import { adjustStock, freezeStock, moveStock, unfreezeStock } from './stock.service.js';

const manual = { type: 'manual', id: null };

/**
 * Gives units that just became available to the orders waiting for them (the orders module's
 * allocateArrivingStock, passed in by app.ts: orders depends on inventory, not the reverse).
 */
export type ArrivalAllocator = (
  tx: TenantTx,
  actor: Actor,
  input: { warehouseId: string; skuIds: readonly string[] },
) => Promise<readonly string[]>;

/**
 * A change that made units available, then the orders waiting for them served: the reply's
 * balance is read again when they took some, so the screen shows what is left available.
 */
async function servingWaiting(
  tx: TenantTx,
  actor: Actor,
  allocateArriving: ArrivalAllocator,
  made: StockChangeView,
): Promise<StockChangeView> {
  const { warehouseId, skuId } = made.balance;
  const reserved = await allocateArriving(tx, actor, { warehouseId, skuIds: [skuId] });
  if (reserved.length === 0) return made;
  const [now] = await tx
    .select({
      available: stockBalances.available,
      frozen: stockBalances.frozen,
      total: stockBalances.total,
      inTransit: stockBalances.inTransit,
    })
    .from(stockBalances)
    .where(and(eq(stockBalances.warehouseId, warehouseId), eq(stockBalances.skuId, skuId)));
  return now ? { ...made, balance: { ...made.balance, ...now } } : made;
}

export async function inventoryRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  allocateArriving: ArrivalAllocator,
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const tags = ['inventory'];
  const change = { 200: envelope(stockChangeView) };

  api.get(
    '/inventory/stock/list',
    {
      config: needs(PERMISSIONS.stockList),
      schema: { tags, querystring: stockListQuery, response: { 200: envelope(pageResult(stockRow)) } },
    },
    async (request) =>
      ok(await inActorTenant(db, request, (tx, actor) => listStock(tx, actor, request.query))),
  );

  api.get(
    '/inventory/stock/locations',
    {
      config: needs(PERMISSIONS.stockLocationList),
      schema: {
        tags,
        querystring: locationStockQuery,
        response: { 200: envelope(pageResult(locationStockRow)) },
      },
    },
    async (request) =>
      ok(await inActorTenant(db, request, (tx, actor) => listLocationStock(tx, actor, request.query))),
  );

  api.get(
    '/inventory/stock/records',
    {
      config: needs(PERMISSIONS.stockRecords),
      schema: { tags, querystring: stockRecordsQuery, response: { 200: envelope(pageResult(stockRecord)) } },
    },
    async (request) =>
      ok(await inActorTenant(db, request, (tx, actor) => listStockRecords(tx, actor, request.query))),
  );

  api.post(
    '/inventory/stock/adjust',
    { config: needs(PERMISSIONS.stockAdjust), schema: { tags, body: adjustBody, response: change } },
    async (request) => {
      const adjust = (tx: TenantTx, actor: Actor) =>
        adjustStock(tx, actor, { ...request.body, kind: 'adjust', source: manual });
      // Units added by hand are available at once: orders waiting for the SKU take them first, in
      // the same transaction. Taking units away allocates nothing, so it stays one statement.
      const change =
        request.body.quantity > 0
          ? await inActorTenant(db, request, async (tx, actor) =>
              servingWaiting(tx, actor, allocateArriving, await adjust(tx, actor)),
            )
          : await inActorTenantStatement(db, request, adjust);
      return ok(change, said(request, 'saved'));
    },
  );

  api.post(
    '/inventory/stock/freeze',
    { config: needs(PERMISSIONS.stockFreeze), schema: { tags, body: freezeBody, response: change } },
    async (request) =>
      ok(
        await inActorTenantStatement(db, request, (tx, actor) =>
          freezeStock(tx, actor, { ...request.body, source: manual }),
        ),
        said(request, 'saved'),
      ),
  );

  api.post(
    '/inventory/stock/unfreeze',
    { config: needs(PERMISSIONS.stockFreeze), schema: { tags, body: freezeBody, response: change } },
    async (request) =>
      ok(
        await inActorTenant(db, request, async (tx, actor) =>
          servingWaiting(
            tx,
            actor,
            allocateArriving,
            await unfreezeStock(tx, actor, { ...request.body, source: manual }),
          ),
        ),
        said(request, 'saved'),
      ),
  );

  api.post(
    '/inventory/stock/move',
    { config: needs(PERMISSIONS.stockMove), schema: { tags, body: moveBody, response: change } },
    async (request) =>
      ok(
        await inActorTenantStatement(db, request, (tx, actor) =>
          moveStock(tx, actor, { ...request.body, kind: 'move', source: manual }),
        ),
        said(request, 'saved'),
      ),
  );
}
