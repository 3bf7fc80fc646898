/**
 * Returns and refused receipts (spec 02 §3 'Return or refused-receipt record', §4 'Return
 * processing', §8 'return receipt succeeded', 'Return failed'). A parcel coming back is
 * received on the PDA (op 'return.receive') by its return tracking number, with postage and
 * weight; it is matched to the order it left as — the order the device found, else the order of
 * the warehouse whose tracking number is the parcel's (a refused parcel comes back on its own
 * waybill) or the original tracking number the worker read off the slip. A parcel matching no
 * order is kept all the same, as an unmatched return (returned unprocessed, no order) that the
 * admin matches by hand (matchReturn): nothing the worker took in is lost. Matching moves the
 * order to 'to_return' (order.ts: allowed from every shipped status).
 *
 * Each item is then inspected (op 'return.item'): good, damaged or a wrong item (not what the
 * order shipped). A good item may go back on a location: a 'return' movement through the ledger
 * (available up, a new lot) at the scanned location of the return's warehouse. Anything may be
 * destroyed: recorded with who and when, and nothing enters the ledger — the item never became
 * stock again, and the ledger's 'destroy' means taking existing stock off a location. The units
 * of a SKU returned over all of an order's returns never exceed what the order shipped (its
 * lines), checked under the order's row lock, so two devices cannot both return the last unit.
 * Finishing (op 'return.finish') makes it returned processed (at least one item dealt with, an
 * order matched) or return failed (nothing usable came back: an empty parcel, wrong contents).
 *
 * Every op of the device is applied exactly once by the push (modules/pda/push.service.ts); the
 * return's and item's ids are made on the device, so a parcel scanned twice on two devices is
 * refused as already received rather than recorded twice.
 */
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import {
  finishReturnInput,
  inspectReturnItemInput,
  matchReturnInput,
  receiveReturnInput,
  type FinishReturnInput,
  type InspectReturnItemInput,
  type MatchReturnInput,
  type ReceiveReturnInput,
  type ReturnChange,
} from '@shared/contract/returns.js';
import { outcomeAllowed, RETURNABLE_STATUSES, type ReturnKind } from '@shared/domain/returns.js';
import { AppError } from '@shared/errors.js';
import type { TenantTx } from '../../db/client.js';
import type { Actor } from '../../http/actor.js';
import { parseInput } from '../../http/parse-input.js';
import { sellerScope } from '../../access/seller-scope.js';
import { skus } from '../catalog/index.js';
import { returnStock } from '../inventory/index.js';
import {
  allocateArrivingStock,
  lockOrders,
  moveOrder,
  orderLines,
  orders,
  orderScope,
  type OrderRecord,
} from '../orders/index.js';
import { visibleWarehouse, warehouseLocations, warehouseScope } from '../warehouse/index.js';
import { returnItems, returns } from './returns.tables.js';

export type ReturnRecord = typeof returns.$inferSelect;

/** Who sees a return: its warehouse's people; the seller side only its own (matched) returns. */
export function returnScope(actor: Actor) {
  return and(warehouseScope(actor, returns.warehouseId), sellerScope(actor, returns.sellerId));
}

async function lockReturn(tx: TenantTx, actor: Actor, id: string): Promise<ReturnRecord> {
  const [row] = await tx
    .select()
    .from(returns)
    .where(and(eq(returns.id, id), returnScope(actor)))
    .for('update');
  if (!row) throw new AppError('returns.not_found');
  return row;
}

const isReturnable = (order: OrderRecord) => RETURNABLE_STATUSES.includes(order.localStatus);

/** Orders of the warehouse the actor sees whose tracking number is one of `numbers`. */
async function ordersByTracking(
  tx: TenantTx,
  actor: Actor,
  warehouseId: string,
  numbers: string[],
): Promise<OrderRecord[]> {
  const wanted = [...new Set(numbers.filter((number) => number !== ''))];
  if (wanted.length === 0) return [];
  return tx
    .select()
    .from(orders)
    .where(
      and(
        inArray(orders.trackingNo, wanted),
        eq(orders.warehouseId, warehouseId),
        isNull(orders.mergedIntoId),
        orderScope(actor),
      ),
    )
    .limit(2);
}

/** The order matched, locked and moved to 'to_return'; the kind of parcel it came back as. */
async function takeOrder(
  tx: TenantTx,
  actor: Actor,
  orderId: string,
  returnTrackingNo: string,
): Promise<{ order: OrderRecord; kind: ReturnKind }> {
  const [locked] = await lockOrders(tx, actor, [orderId]);
  if (!locked) throw new AppError('order.not_found');
  if (!isReturnable(locked)) throw new AppError('returns.order_not_shipped', { orderNo: locked.orderNo });
  const order = await moveOrder(tx, actor, locked, 'to_return', `return ${returnTrackingNo}`.slice(0, 255));
  return { order, kind: locked.trackingNo === returnTrackingNo ? 'refused' : 'return' };
}

const changeOf = (row: ReturnRecord, orderNo: string): ReturnChange => ({
  id: row.id,
  status: row.status,
  orderId: row.orderId,
  orderNo,
});

/** op 'return.receive': the parcel recorded, matched to its order when one is found. */
export async function receiveReturn(
  tx: TenantTx,
  actor: Actor,
  raw: ReceiveReturnInput,
): Promise<ReturnChange & { matched: boolean }> {
  const input = parseInput(receiveReturnInput, raw);
  await visibleWarehouse(tx, actor, input.warehouseId);
  const [taken] = await tx
    .select({ id: returns.id })
    .from(returns)
    .where(or(eq(returns.returnTrackingNo, input.returnTrackingNo), eq(returns.id, input.returnId)));
  if (taken) throw new AppError('returns.already_received', { trackingNo: input.returnTrackingNo });

  let orderId: string | null = null;
  if (input.orderId !== null) {
    const [named] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.id, input.orderId), eq(orders.warehouseId, input.warehouseId), orderScope(actor)));
    orderId = named?.id ?? null;
  }
  if (orderId === null) {
    const found = await ordersByTracking(tx, actor, input.warehouseId, [
      input.returnTrackingNo,
      input.originalTrackingNo,
    ]);
    // Two orders under one tracking number: the admin decides which (kept unmatched).
    if (found.length === 1) orderId = found[0]?.id ?? null;
  }
  const matched = orderId === null ? null : await takeOrder(tx, actor, orderId, input.returnTrackingNo);
  const [made] = await tx
    .insert(returns)
    .values({
      id: input.returnId,
      warehouseId: input.warehouseId,
      orderId: matched?.order.id ?? null,
      sellerId: matched?.order.sellerId ?? null,
      kind: matched?.kind ?? 'return',
      returnTrackingNo: input.returnTrackingNo,
      originalTrackingNo: input.originalTrackingNo || (matched?.order.trackingNo ?? ''),
      postageCents: input.postageCents,
      weightGrams: input.weightGrams,
      note: input.note,
      receivedBy: actor.userId,
    })
    .returning();
  if (!made) throw new Error('return insert answered no row');
  return { ...changeOf(made, matched?.order.orderNo ?? ''), matched: matched !== null };
}

/** Units of each SKU the order shipped, and those already returned over all its returns. */
async function shippedAndReturned(
  tx: TenantTx,
  orderId: string,
  skuId: string,
): Promise<{ shipped: number; returned: number }> {
  const [shipped] = await tx
    .select({ quantity: sql<number>`coalesce(sum(${orderLines.quantity}), 0)::int` })
    .from(orderLines)
    .where(and(eq(orderLines.orderId, orderId), eq(orderLines.skuId, skuId)));
  const [returned] = await tx
    .select({ quantity: sql<number>`coalesce(sum(${returnItems.quantity}), 0)::int` })
    .from(returnItems)
    .innerJoin(returns, eq(returns.id, returnItems.returnId))
    .where(
      and(
        eq(returns.orderId, orderId),
        eq(returnItems.skuId, skuId),
        sql`${returnItems.condition} <> 'wrong_item'`,
      ),
    );
  return { shipped: shipped?.quantity ?? 0, returned: returned?.quantity ?? 0 };
}

/** op 'return.item': one inspected SKU of the parcel, re-shelved through the ledger or destroyed. */
export async function inspectReturnItem(
  tx: TenantTx,
  actor: Actor,
  raw: InspectReturnItemInput,
): Promise<Record<string, unknown>> {
  const input = parseInput(inspectReturnItemInput, raw);
  const parcel = await lockReturn(tx, actor, input.returnId);
  if (parcel.status !== 'returned_unprocessed')
    throw new AppError('returns.finished', { trackingNo: parcel.returnTrackingNo });
  if (parcel.orderId === null || parcel.sellerId === null)
    throw new AppError('returns.unmatched', { trackingNo: parcel.returnTrackingNo });
  if (!outcomeAllowed(input.condition, input.outcome))
    throw new AppError('returns.outcome_not_allowed', { condition: input.condition });
  const [again] = await tx
    .select({ id: returnItems.id })
    .from(returnItems)
    .where(eq(returnItems.id, input.itemId));
  if (again) throw new AppError('returns.item_recorded');

  // The order's row first: every return of the order counts its units under this lock.
  await lockOrders(tx, actor, [parcel.orderId]);
  const [sku] =
    input.skuId === null
      ? []
      : await tx
          .select({ id: skus.id, sellerId: skus.sellerId, sellerSku: skus.sellerSku })
          .from(skus)
          .where(and(eq(skus.id, input.skuId), eq(skus.sellerId, parcel.sellerId)));
  if (input.skuId !== null && !sku) throw new AppError('returns.sku_not_in_order', { sku: '' });
  if (sku && input.condition !== 'wrong_item') {
    const { shipped, returned } = await shippedAndReturned(tx, parcel.orderId, sku.id);
    if (shipped === 0) throw new AppError('returns.sku_not_in_order', { sku: sku.sellerSku });
    if (returned + input.quantity > shipped)
      throw new AppError('returns.over_shipped', { sku: sku.sellerSku, shipped, returned });
  }

  let movementId: number | null = null;
  let locationCode = '';
  if (input.outcome === 'reshelved' && input.locationId !== null && sku) {
    const [location] = await tx
      .select({ id: warehouseLocations.id, code: warehouseLocations.code })
      .from(warehouseLocations)
      .where(
        and(
          eq(warehouseLocations.id, input.locationId),
          eq(warehouseLocations.warehouseId, parcel.warehouseId),
        ),
      );
    if (!location) throw new AppError('returns.location_other_warehouse');
    locationCode = location.code;
    const change = await returnStock(tx, actor, {
      warehouseId: parcel.warehouseId,
      skuId: sku.id,
      locationId: location.id,
      quantity: input.quantity,
      source: { type: 'return', id: parcel.id },
      reason: `return ${parcel.returnTrackingNo}`.slice(0, 255),
    });
    movementId = change.movementId;
    // Goods back on a shelf are sellable again: orders waiting for the SKU take them first.
    await allocateArrivingStock(tx, actor, { warehouseId: parcel.warehouseId, skuIds: [sku.id] });
  }
  await tx.insert(returnItems).values({
    id: input.itemId,
    returnId: parcel.id,
    warehouseId: parcel.warehouseId,
    skuId: sku?.id ?? null,
    sellerId: sku ? sku.sellerId : null,
    quantity: input.quantity,
    condition: input.condition,
    outcome: input.outcome,
    locationId: input.outcome === 'reshelved' ? input.locationId : null,
    movementId,
    inspectedBy: actor.userId,
  });
  await tx
    .update(returns)
    .set({ updatedAt: sql`now()` })
    .where(eq(returns.id, parcel.id));
  return {
    returnId: parcel.id,
    itemId: input.itemId,
    outcome: input.outcome,
    quantity: input.quantity,
    locationCode,
    movementId,
  };
}

/** op 'return.finish': processed (items dealt with) or return failed. */
export async function finishReturn(
  tx: TenantTx,
  actor: Actor,
  raw: FinishReturnInput,
): Promise<ReturnChange> {
  const input = parseInput(finishReturnInput, raw);
  const parcel = await lockReturn(tx, actor, input.returnId);
  if (parcel.status !== 'returned_unprocessed')
    throw new AppError('returns.finished', { trackingNo: parcel.returnTrackingNo });
  if (input.outcome === 'processed') {
    if (parcel.orderId === null)
      throw new AppError('returns.unmatched', { trackingNo: parcel.returnTrackingNo });
    const [items] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(returnItems)
      .where(eq(returnItems.returnId, parcel.id));
    if ((items?.count ?? 0) === 0)
      throw new AppError('returns.nothing_inspected', { trackingNo: parcel.returnTrackingNo });
  }
  const [updated] = await tx
    .update(returns)
    .set({
      status: input.outcome === 'processed' ? 'returned_processed' : 'return_failed',
      note: input.note || parcel.note,
      finishedBy: actor.userId,
      finishedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(eq(returns.id, parcel.id))
    .returning();
  if (!updated) throw new Error('return vanished under its lock');
  const orderNo =
    parcel.orderId === null
      ? ''
      : ((await tx.select({ orderNo: orders.orderNo }).from(orders).where(eq(orders.id, parcel.orderId)))[0]
          ?.orderNo ?? '');
  return changeOf(updated, orderNo);
}

/**
 * The admin matches an unmatched return to an order of its warehouse, named by its order
 * number, system order id or tracking number; the order moves to 'to_return'. Its items are
 * then inspected on the PDA like any return's.
 */
export async function matchReturn(tx: TenantTx, actor: Actor, raw: MatchReturnInput): Promise<ReturnChange> {
  const input = parseInput(matchReturnInput, raw);
  const parcel = await lockReturn(tx, actor, input.id);
  if (parcel.orderId !== null || parcel.status !== 'returned_unprocessed')
    throw new AppError('returns.already_matched', { trackingNo: parcel.returnTrackingNo });
  const found = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        or(
          eq(orders.orderNo, input.orderNo),
          eq(orders.systemNo, input.orderNo),
          eq(orders.trackingNo, input.orderNo),
        ),
        eq(orders.warehouseId, parcel.warehouseId),
        isNull(orders.mergedIntoId),
        orderScope(actor),
      ),
    )
    .limit(2);
  if (found.length === 0) throw new AppError('returns.order_not_found', { orderNo: input.orderNo });
  if (found.length > 1) throw new AppError('returns.order_ambiguous', { orderNo: input.orderNo });
  const { order, kind } = await takeOrder(tx, actor, found[0]?.id ?? '', parcel.returnTrackingNo);
  const [updated] = await tx
    .update(returns)
    .set({
      orderId: order.id,
      sellerId: order.sellerId,
      kind,
      originalTrackingNo: parcel.originalTrackingNo || order.trackingNo,
      matchedBy: actor.userId,
      matchedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(eq(returns.id, parcel.id))
    .returning();
  if (!updated) throw new Error('return vanished under its lock');
  return changeOf(updated, order.orderNo);
}
