/**
 * Pack and bag on the PDA, each op applied exactly once through the PDA push
 * (pda/push.service.ts), with the admin's outbound rules (outbound.service.ts: packOne) rather
 * than rules of its own; the hand-over that follows is handover.service.ts:
 *
 * - Pack: the units scanned into a picked parcel must be exactly its lines (a wrong SKU or an
 *   extra unit refused: 'pack.items_mismatch'); then packOne (the weight kept on the waybill).
 *   An order cancelled after it was picked cannot be packed ('pack.cancelled'); its units are
 *   put back instead: a ledger 'move' from each pick's location to the location scanned, and its
 *   picks deleted, so nothing stays held for it.
 * - Bag: a bag (its number scanned or made on the device, under an id the device made) takes
 *   packed parcels of its warehouse and of one channel, each parcel in one bag at most; a parcel
 *   in a bag is 'bagged'. A closed bag has its weight and takes nothing more.
 *
 * Locks: a bag's row before its orders' rows, orders in id order (lockOrders), so two devices
 * bagging the same parcels wait for each other instead of both succeeding.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  bagParcelInput,
  closeBagInput,
  openBagInput,
  packParcelInput,
  putBackInput,
} from '@shared/contract/packing.js';
import { bagRefusal, type BagRefusal } from '@shared/domain/bags.js';
import { AppError, type ErrorCode } from '@shared/errors.js';
import type { TenantTx } from '../../db/client.js';
import type { Actor } from '../../http/actor.js';
import { parseInput } from '../../http/parse-input.js';
import { isSellerBound } from '../../access/seller-scope.js';
import { skus } from '../catalog/index.js';
import { moveStock } from '../inventory/index.js';
import { lockOrders, moveWarehouseStatus, orderLines, type OrderRecord } from '../orders/index.js';
import { warehouseLocations, warehouses, warehouseScope } from '../warehouse/index.js';
import { bagParcels, bags } from './bags.tables.js';
import { orderPicks } from './logistics.tables.js';
import { packOne } from './outbound.service.js';
import { bagScope, isCancelled, type BagRow } from './packing.js';
import { waybillOf } from './waybills.service.js';

/** The bag locked for the op, as the actor may see it. */
export async function lockBag(tx: TenantTx, actor: Actor, bagId: string): Promise<BagRow> {
  const [bag] = await tx
    .select()
    .from(bags)
    .where(and(eq(bags.id, bagId), bagScope(actor)))
    .for('update');
  if (!bag) throw new AppError('bag.not_found');
  return bag;
}

async function lockOrder(tx: TenantTx, actor: Actor, orderId: string): Promise<OrderRecord> {
  const [order] = await lockOrders(tx, actor, [orderId]);
  if (!order) throw new AppError('order.not_found');
  return order;
}

// --- pack -----------------------------------------------------------------------------

/** pack.pack: the scanned units must be the order's lines exactly; then the order is packed. */
export async function packParcel(
  tx: TenantTx,
  actor: Actor,
  raw: unknown,
): Promise<{ orderId: string; orderNo: string; warehouseStatus: 'packed' }> {
  const input = parseInput(packParcelInput, raw);
  const order = await lockOrder(tx, actor, input.orderId);
  if (isCancelled(order)) throw new AppError('pack.cancelled', { orderNo: order.orderNo });
  const lines = await tx
    .select({
      skuId: orderLines.skuId,
      sku: skus.sellerSku,
      quantity: sql<number>`sum(${orderLines.quantity})::int`,
    })
    .from(orderLines)
    .innerJoin(skus, eq(skus.id, orderLines.skuId))
    .where(eq(orderLines.orderId, order.id))
    .groupBy(orderLines.skuId, skus.sellerSku);
  const scanned = new Map<string, number>();
  for (const item of input.items) scanned.set(item.skuId, (scanned.get(item.skuId) ?? 0) + item.quantity);
  for (const [skuId, quantity] of scanned) {
    const line = lines.find((entry) => entry.skuId === skuId);
    if (!line || quantity > line.quantity)
      throw new AppError('pack.items_mismatch', {
        orderNo: order.orderNo,
        sku: line?.sku ?? skuId.slice(0, 8),
      });
  }
  const short = lines.find((line) => (scanned.get(line.skuId) ?? 0) !== line.quantity);
  if (short) throw new AppError('pack.items_mismatch', { orderNo: order.orderNo, sku: short.sku });
  await packOne(tx, actor, order, input.weightGrams);
  return { orderId: order.id, orderNo: order.orderNo, warehouseStatus: 'packed' };
}

/**
 * pack.put_back: an order cancelled after it was picked gives its units back: each pick's units
 * move (ledger 'move') from where they were picked to the location scanned; its picks are
 * deleted, it leaves any bag, and its warehouse status returns to none.
 */
export async function putBackParcel(
  tx: TenantTx,
  actor: Actor,
  raw: unknown,
): Promise<{ orderId: string; orderNo: string; units: number; locationId: string }> {
  const input = parseInput(putBackInput, raw);
  const order = await lockOrder(tx, actor, input.orderId);
  if (order.localStatus !== 'cancelled') throw new AppError('pack.not_cancelled', { orderNo: order.orderNo });
  const [location] = await tx
    .select({ id: warehouseLocations.id })
    .from(warehouseLocations)
    .where(
      and(eq(warehouseLocations.id, input.locationId), eq(warehouseLocations.warehouseId, order.warehouseId)),
    );
  if (!location) throw new AppError('warehouse.location_other_warehouse');
  const picks = await tx
    .select({
      lineId: orderPicks.lineId,
      locationId: orderPicks.locationId,
      quantity: orderPicks.quantity,
      skuId: orderLines.skuId,
    })
    .from(orderPicks)
    .innerJoin(orderLines, eq(orderLines.id, orderPicks.lineId))
    .where(eq(orderPicks.orderId, order.id))
    .orderBy(asc(orderPicks.locationId), asc(orderLines.skuId));
  if (picks.length === 0) throw new AppError('pack.nothing_to_put_back', { orderNo: order.orderNo });
  let units = 0;
  for (const pick of picks) {
    units += pick.quantity;
    if (pick.locationId === input.locationId) continue;
    await moveStock(tx, actor, {
      warehouseId: order.warehouseId,
      skuId: pick.skuId,
      fromLocationId: pick.locationId,
      toLocationId: input.locationId,
      quantity: pick.quantity,
      kind: 'move',
      source: { type: 'order_put_back', id: order.id },
      reason: order.orderNo,
    });
  }
  await tx.delete(orderPicks).where(eq(orderPicks.orderId, order.id));
  const [bagged] = await tx.delete(bagParcels).where(eq(bagParcels.orderId, order.id)).returning();
  if (bagged)
    await tx
      .update(bags)
      .set({ packageCount: sql`${bags.packageCount} - 1`, updatedAt: sql`now()` })
      .where(eq(bags.id, bagged.bagId));
  await moveWarehouseStatus(tx, actor, order, 'none');
  return { orderId: order.id, orderNo: order.orderNo, units, locationId: input.locationId };
}

// --- bag ------------------------------------------------------------------------------

/** bag.open: the bag under the device's id; a number another bag has is refused. */
export async function openBag(
  tx: TenantTx,
  actor: Actor,
  raw: unknown,
): Promise<{ bagId: string; bagNo: string }> {
  const input = parseInput(openBagInput, raw);
  const [warehouse] = await tx
    .select({ id: warehouses.id })
    .from(warehouses)
    .where(and(eq(warehouses.id, input.warehouseId), warehouseScope(actor, warehouses.id)));
  if (!warehouse || isSellerBound(actor)) throw new AppError('warehouse.not_found');
  const made = await tx
    .insert(bags)
    .values({ id: input.bagId, bagNo: input.bagNo, warehouseId: input.warehouseId, openedBy: actor.userId })
    .onConflictDoNothing()
    .returning({ id: bags.id });
  if (made.length === 0) throw new AppError('bag.number_taken', { bagNo: input.bagNo });
  return { bagId: input.bagId, bagNo: input.bagNo };
}

const REFUSAL_CODES: Record<BagRefusal, ErrorCode> = {
  bag_closed: 'bag.closed',
  other_warehouse: 'bag.other_warehouse',
  other_channel: 'bag.other_channel',
  not_packed: 'bag.not_packed',
  already_bagged: 'bag.already_bagged',
  cancelled: 'pack.cancelled',
};

/** bag.add: a packed parcel of the bag's warehouse and channel, in no other bag, goes in. */
export async function addToBag(
  tx: TenantTx,
  actor: Actor,
  raw: unknown,
): Promise<{ bagId: string; orderId: string; packageCount: number }> {
  const input = parseInput(bagParcelInput, raw);
  const bag = await lockBag(tx, actor, input.bagId);
  const order = await lockOrder(tx, actor, input.orderId);
  const waybill = await waybillOf(tx, order.id);
  const [inBag] = await tx.select().from(bagParcels).where(eq(bagParcels.orderId, order.id));
  const refusal = bagRefusal(
    { ...bag, hasParcels: bag.packageCount > 0 },
    {
      warehouseId: order.warehouseId,
      channelId: waybill?.channelId ?? null,
      status: order.warehouseStatus,
      bagId: inBag?.bagId ?? null,
      isCancelled: isCancelled(order),
    },
  );
  if (refusal) throw new AppError(REFUSAL_CODES[refusal], { orderNo: order.orderNo, bagNo: bag.bagNo });
  await tx.insert(bagParcels).values({ bagId: bag.id, orderId: order.id, addedBy: actor.userId });
  await tx
    .update(bags)
    .set({
      packageCount: sql`${bags.packageCount} + 1`,
      ...(bag.packageCount === 0 ? { channelId: waybill?.channelId ?? null } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(bags.id, bag.id));
  await moveWarehouseStatus(tx, actor, order, 'bagged');
  return { bagId: bag.id, orderId: order.id, packageCount: bag.packageCount + 1 };
}

/** bag.remove: a parcel out of an open bag; it is packed again. */
export async function removeFromBag(
  tx: TenantTx,
  actor: Actor,
  raw: unknown,
): Promise<{ bagId: string; orderId: string; packageCount: number }> {
  const input = parseInput(bagParcelInput, raw);
  const bag = await lockBag(tx, actor, input.bagId);
  const order = await lockOrder(tx, actor, input.orderId);
  if (bag.status !== 'open') throw new AppError('bag.closed', { bagNo: bag.bagNo });
  const removed = await tx
    .delete(bagParcels)
    .where(and(eq(bagParcels.orderId, order.id), eq(bagParcels.bagId, bag.id)))
    .returning();
  if (removed.length === 0)
    throw new AppError('bag.not_in_bag', { orderNo: order.orderNo, bagNo: bag.bagNo });
  const left = bag.packageCount - 1;
  await tx
    .update(bags)
    .set({ packageCount: left, ...(left === 0 ? { channelId: null } : {}), updatedAt: sql`now()` })
    .where(eq(bags.id, bag.id));
  if (order.warehouseStatus === 'bagged') await moveWarehouseStatus(tx, actor, order, 'packed');
  return { bagId: bag.id, orderId: order.id, packageCount: left };
}

/** bag.close: an open bag with parcels is weighed and closed. */
export async function closeBag(
  tx: TenantTx,
  actor: Actor,
  raw: unknown,
): Promise<{ bagId: string; packageCount: number; weightGrams: number }> {
  const input = parseInput(closeBagInput, raw);
  const bag = await lockBag(tx, actor, input.bagId);
  if (bag.status !== 'open') throw new AppError('bag.closed', { bagNo: bag.bagNo });
  if (bag.packageCount === 0) throw new AppError('bag.empty', { bagNo: bag.bagNo });
  await tx
    .update(bags)
    .set({
      status: 'closed',
      weightGrams: input.weightGrams,
      closedBy: actor.userId,
      closedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(eq(bags.id, bag.id));
  return { bagId: bag.id, packageCount: bag.packageCount, weightGrams: input.weightGrams };
}
