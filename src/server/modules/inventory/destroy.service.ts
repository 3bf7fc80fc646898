/**
 * Destroying stock by age (spec 02 §9): returned or damaged stock — units on a location of type
 * 'returns' or 'damaged' — whose receipt lots are older than the age chosen (7, 15, 30, 90 or 180
 * days). Lots belong to a warehouse and SKU, not to a location, so the units of a SKU on such a
 * location that may go are the fewest of: the units on it, the warehouse's available units, and
 * the units of its lots received before the cut. A destruction is checked again line by line
 * under the balance lock the ledger takes, and written through the ledger ('destroy': available
 * down, off the location, oldest lots first); a line beyond what may go refuses the whole call.
 */
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Page } from '@shared/contract/common.js';
import {
  destroyInput,
  destroyListQuery,
  type DestroyCandidate,
  type DestroyInput,
  type DestroyListQuery,
  type DestroyResult,
} from '@shared/contract/destroy.js';
import { AppError } from '@shared/errors.js';
import type { TenantTx } from '../../db/client.js';
import { iso, offsetOf } from '../../db/query-helpers.js';
import type { Actor } from '../../http/actor.js';
import { parseInput } from '../../http/parse-input.js';
import { page } from '../../http/reply.js';
import { sellerScope } from '../../access/seller-scope.js';
import { products, skus } from '../catalog/index.js';
import { visibleWarehouse, warehouseLocations } from '../warehouse/index.js';
import { locationStock, stockBalances, stockLots } from './inventory.tables.js';
import { destroyStock } from './stock.service.js';

const DISPOSABLE = sql`(${warehouseLocations.locationType} in ('returns', 'damaged'))`;

/** The units of the warehouse's lots received before the cut, per SKU (a lateral join). */
const agedLots = (days: number) => sql`lateral (
  select coalesce(sum(l.quantity_remaining), 0)::int as quantity, min(l.received_at) as oldest
  from ${stockLots} l
  where l.warehouse_id = ${locationStock.warehouseId} and l.sku_id = ${locationStock.skuId}
    and l.quantity_remaining > 0 and l.received_at <= now() - make_interval(days => ${days}::int)
) aged`;

function candidates(tx: TenantTx, actor: Actor, warehouseId: string, days: number, only?: SQL) {
  return tx
    .select({
      locationId: locationStock.locationId,
      locationCode: warehouseLocations.code,
      locationType: warehouseLocations.locationType,
      skuId: locationStock.skuId,
      sellerSku: skus.sellerSku,
      name: products.name,
      quantity: locationStock.quantity,
      agedQuantity: sql<number>`least(${locationStock.quantity}, ${stockBalances.available}, aged.quantity)::int`,
      oldestReceivedAt: sql<Date | string>`aged.oldest`,
    })
    .from(locationStock)
    .innerJoin(warehouseLocations, eq(warehouseLocations.id, locationStock.locationId))
    .innerJoin(skus, eq(skus.id, locationStock.skuId))
    .innerJoin(products, eq(products.id, skus.productId))
    .innerJoin(
      stockBalances,
      and(
        eq(stockBalances.warehouseId, locationStock.warehouseId),
        eq(stockBalances.skuId, locationStock.skuId),
      ),
    )
    .innerJoin(agedLots(days), sql`true`)
    .where(
      and(
        eq(locationStock.warehouseId, warehouseId),
        sql`${locationStock.quantity} > 0`,
        DISPOSABLE,
        sql`aged.quantity > 0`,
        sql`${stockBalances.available} > 0`,
        sellerScope(actor, skus.sellerId),
        only,
      ),
    );
}

/** The returned or damaged stock of a warehouse older than the age chosen, by location and SKU. */
export async function listDestroyCandidates(
  tx: TenantTx,
  actor: Actor,
  raw: DestroyListQuery,
): Promise<Page<DestroyCandidate>> {
  const query = parseInput(destroyListQuery, raw);
  await visibleWarehouse(tx, actor, query.warehouseId);
  const rows = await candidates(tx, actor, query.warehouseId, query.days)
    .orderBy(asc(warehouseLocations.code), asc(skus.sellerSku))
    .limit(query.pageSize)
    .offset(offsetOf(query));
  const [counted] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(candidates(tx, actor, query.warehouseId, query.days).as('candidates'));
  return page(
    rows.map((row) => ({ ...row, oldestReceivedAt: iso(new Date(row.oldestReceivedAt)) ?? '' })),
    counted?.n ?? 0,
    query.pageNo,
    query.pageSize,
  );
}

/**
 * Destroys the chosen units of returned or damaged stock older than the age chosen, each line
 * through the ledger; refuses (nothing changed) a location that holds neither, or more units
 * than are old enough.
 */
export async function destroyByAge(tx: TenantTx, actor: Actor, raw: DestroyInput): Promise<DestroyResult> {
  const input = parseInput(destroyInput, raw);
  await visibleWarehouse(tx, actor, input.warehouseId);
  const wanted = new Map<string, { locationId: string; skuId: string; quantity: number }>();
  for (const line of input.lines) {
    const key = `${line.locationId}:${line.skuId}`;
    const seen = wanted.get(key);
    wanted.set(key, { ...line, quantity: (seen?.quantity ?? 0) + line.quantity });
  }
  let quantity = 0;
  for (const line of [...wanted.values()].sort((a, b) => a.skuId.localeCompare(b.skuId))) {
    // The balance row first, as the ledger locks it, so what may go cannot change under us.
    await tx.execute(
      sql`select 1 from ${stockBalances} where warehouse_id = ${input.warehouseId} and sku_id = ${line.skuId} for update`,
    );
    const [location] = await tx
      .select({ code: warehouseLocations.code, isDisposable: sql<boolean>`${DISPOSABLE}` })
      .from(warehouseLocations)
      .where(
        and(
          eq(warehouseLocations.id, line.locationId),
          eq(warehouseLocations.warehouseId, input.warehouseId),
        ),
      );
    if (!location) throw new AppError('warehouse.location_not_found');
    if (!location.isDisposable) throw new AppError('destroy.not_disposable', { location: location.code });
    const [found] = await candidates(
      tx,
      actor,
      input.warehouseId,
      input.days,
      and(eq(locationStock.locationId, line.locationId), eq(locationStock.skuId, line.skuId)),
    );
    const aged = found?.agedQuantity ?? 0;
    if (line.quantity > aged)
      throw new AppError('destroy.not_old_enough', {
        sku: found?.sellerSku ?? '',
        location: location.code,
        aged,
        days: input.days,
      });
    await destroyStock(tx, actor, {
      warehouseId: input.warehouseId,
      skuId: line.skuId,
      locationId: line.locationId,
      quantity: line.quantity,
      source: { type: 'destroy_by_age', id: null },
      reason: input.reason || `> ${input.days} d`,
    });
    quantity += line.quantity;
  }
  return { lines: wanted.size, quantity };
}
