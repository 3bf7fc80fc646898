/**
 * Outbound in the admin, for warehouses without handhelds: orders marked picked, packed and
 * delivered (spec 02 §4 warehouse side), each order in a transaction of its own so a batch
 * reports each refusal by order and nothing is half-done. Telling the marketplace the tracking
 * number after a hand-over is tracking-push.service.ts.
 *
 * - Picked: the order waits to ship with its tracking number and every line's units reserved
 *   (a parcel is picked for a label that exists, never before); each line is taken from
 *   the shelves holding its SKU, in walking order (location code), and moved to the warehouse's
 *   staging location through the ledger with the handheld's pick service (picking/takeUnits),
 *   so admin and handheld are one model: order_picks names the staging location, and an order
 *   in a wave still to pick is marked picked in it.
 * - Packed: a picked order with its tracking number; the parcel's weight may be recorded.
 * - Delivered: a packed order whose waybill was printed hands over: its reservation is issued
 *   through the ledger (frozen → out) from the locations it was picked from — once, because the
 *   reservation rows end 'consumed' — and the order becomes shipped. Where a carrier of our own
 *   shipped a marketplace order, its tracking number is then pushed to the marketplace; a push
 *   that failed is kept on the waybill and may be sent again.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { hasTracking } from '@shared/domain/logistics.js';
import type { WarehouseStatus } from '@shared/domain/order.js';
import { AppError } from '@shared/errors.js';
import { withTenant, type Db, type TenantTx } from '../../db/client.js';
import type { Actor } from '../../http/actor.js';
import { skus } from '../catalog/index.js';
import { locationStock } from '../inventory/index.js';
import {
  consumeOrder,
  lockOrders,
  moveOrder,
  moveWarehouseStatus,
  orderLines,
  orderReservations,
  orders,
  type OrderRecord,
} from '../orders/index.js';
import { lockWaveOfOrder, settlePickedOrder, takeUnits } from './picking/index.js';
import { stagingLocation, warehouseLocations } from '../warehouse/index.js';
import { orderPicks, waybills } from './logistics.tables.js';
import type { LogisticsRuntime } from './runtime.js';
import { pushTracking } from './tracking-push.service.js';
import type { BulkOutcome } from './waybill-outcome.js';
import { failureOf } from './waybill-outcome.js';
import { waybillOf } from './waybills.service.js';

/**
 * Warehouse statuses whose picks may still hold units on a shelf: picks recorded before picking
 * moved units to staging named the shelf, and those units were still on it until the hand-over.
 * Picks made now name the staging location, which planLine never plans from.
 */
const HOLDING_PICKS: WarehouseStatus[] = [
  'picking',
  'picked',
  'sorted',
  'to_be_packed',
  'packed',
  'repacked',
  'bagged',
  'to_be_delivered',
];

function wrongStep(order: OrderRecord, step: string): AppError {
  return new AppError('outbound.wrong_step', {
    orderNo: order.orderNo,
    step,
    status: `${order.localStatus}/${order.warehouseStatus}`,
  });
}

/**
 * Where a line's units come from: the SKU's shelves in walking order (never a staging location),
 * less what older picks still hold there (HOLDING_PICKS).
 */
async function planLine(
  tx: TenantTx,
  order: OrderRecord,
  line: { id: string; skuId: string; quantity: number; sku: string },
): Promise<{ lineId: string; locationId: string; quantity: number }[]> {
  const held = sql<number>`coalesce((
      select sum(p.quantity) from ${orderPicks} p
      join ${orderLines} l on l.id = p.line_id
      join ${orders} o on o.id = p.order_id
      where p.location_id = ${locationStock.locationId} and l.sku_id = ${locationStock.skuId}
        and o.local_status = 'pending_shipment'
        and o.warehouse_status in (${sql.join(
          HOLDING_PICKS.map((status) => sql`${status}`),
          sql`, `,
        )})
    ), 0)::int`;
  const places = await tx
    .select({ locationId: locationStock.locationId, quantity: locationStock.quantity, held })
    .from(locationStock)
    .innerJoin(warehouseLocations, eq(warehouseLocations.id, locationStock.locationId))
    .where(
      and(
        eq(locationStock.warehouseId, order.warehouseId),
        eq(locationStock.skuId, line.skuId),
        sql`${locationStock.quantity} > 0`,
        sql`${warehouseLocations.locationType} <> 'outbound'`,
      ),
    )
    .orderBy(asc(warehouseLocations.code));
  const plan: { lineId: string; locationId: string; quantity: number }[] = [];
  let left = line.quantity;
  for (const place of places) {
    const free = place.quantity - place.held;
    if (free <= 0 || left === 0) continue;
    const take = Math.min(free, left);
    plan.push({ lineId: line.id, locationId: place.locationId, quantity: take });
    left -= take;
  }
  if (left > 0) throw new AppError('outbound.no_location_stock', { orderNo: order.orderNo, sku: line.sku });
  return plan;
}

async function pickOne(tx: TenantTx, actor: Actor, order: OrderRecord): Promise<void> {
  if (order.localStatus !== 'pending_shipment' || order.warehouseStatus !== 'none')
    throw wrongStep(order, 'picked');
  const waybill = await waybillOf(tx, order.id);
  if (!waybill || !hasTracking(waybill.arrangeStatus))
    throw new AppError('outbound.no_waybill', { orderNo: order.orderNo });
  const lines = await tx
    .select({
      id: orderLines.id,
      skuId: orderLines.skuId,
      quantity: orderLines.quantity,
      sku: skus.sellerSku,
    })
    .from(orderLines)
    .innerJoin(skus, eq(skus.id, orderLines.skuId))
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.position));
  const reserved = await tx
    .select({
      lineId: orderReservations.lineId,
      quantity: sql<number>`sum(${orderReservations.quantity})::int`,
    })
    .from(orderReservations)
    .where(and(eq(orderReservations.orderId, order.id), eq(orderReservations.state, 'active')))
    .groupBy(orderReservations.lineId);
  const reservedOf = new Map(reserved.map((row) => [row.lineId, row.quantity]));
  if (lines.some((line) => (reservedOf.get(line.id) ?? 0) < line.quantity))
    throw new AppError('outbound.out_of_stock', { orderNo: order.orderNo });
  const plan = [];
  for (const line of lines) plan.push(...(await planLine(tx, order, line)));
  const staging = await stagingLocation(tx, order.warehouseId);
  const skuOf = new Map(lines.map((line) => [line.id, line.skuId]));
  for (const pick of plan)
    await takeUnits(
      tx,
      actor,
      order,
      { id: pick.lineId, skuId: skuOf.get(pick.lineId) ?? '' },
      pick.locationId,
      pick.quantity,
      staging,
    );
  await moveWarehouseStatus(tx, actor, order, 'picked');
  await settlePickedOrder(tx, actor, order);
}

export async function packOne(
  tx: TenantTx,
  actor: Actor,
  order: OrderRecord,
  weightGrams?: number,
): Promise<void> {
  if (
    order.localStatus !== 'pending_shipment' ||
    !['picked', 'sorted', 'to_be_packed'].includes(order.warehouseStatus)
  )
    throw wrongStep(order, 'packed');
  const waybill = await waybillOf(tx, order.id);
  if (!waybill || !hasTracking(waybill.arrangeStatus))
    throw new AppError('outbound.no_waybill', { orderNo: order.orderNo });
  if (weightGrams !== undefined)
    await tx
      .update(waybills)
      .set({ weightGrams, updatedAt: sql`now()` })
      .where(eq(waybills.id, waybill.id));
  await moveWarehouseStatus(tx, actor, order, 'packed');
}

export async function deliverOne(tx: TenantTx, actor: Actor, order: OrderRecord): Promise<void> {
  if (order.localStatus !== 'pending_shipment') throw new AppError('outbound.already_out');
  if (!['packed', 'repacked', 'bagged', 'to_be_delivered'].includes(order.warehouseStatus))
    throw wrongStep(order, 'delivered');
  const waybill = await waybillOf(tx, order.id);
  if (!waybill || !hasTracking(waybill.arrangeStatus))
    throw new AppError('outbound.no_waybill', { orderNo: order.orderNo });
  if (waybill.printCount === 0 && !order.isPrinted)
    throw new AppError('outbound.not_printed', { orderNo: order.orderNo });
  const picks = await tx.select().from(orderPicks).where(eq(orderPicks.orderId, order.id));
  await consumeOrder(
    tx,
    actor,
    order,
    picks.map((pick) => ({ lineId: pick.lineId, locationId: pick.locationId, quantity: pick.quantity })),
  );
  const shipped = await moveOrder(tx, actor, order, 'shipped', 'delivered');
  await moveWarehouseStatus(tx, actor, shipped, 'delivered');
}

async function eachOrder(
  db: Db,
  actor: Actor,
  orderIds: readonly string[],
  work: (tx: TenantTx, order: OrderRecord) => Promise<void>,
  /** Locks taken before the order's (its wave's, for picking: the handheld's lock order). */
  lockFirst?: (tx: TenantTx, orderId: string) => Promise<void>,
): Promise<BulkOutcome & { done: string[] }> {
  const outcome: BulkOutcome & { done: string[] } = { succeeded: 0, failed: [], done: [] };
  const known = await withTenant(db, actor.tenantId, (tx) =>
    tx
      .select({ id: orders.id, orderNo: orders.orderNo })
      .from(orders)
      .where(inArray(orders.id, [...orderIds])),
  );
  const numberOf = new Map(known.map((row) => [row.id, row.orderNo]));
  for (const orderId of [...new Set(orderIds)]) {
    try {
      await withTenant(db, actor.tenantId, async (tx) => {
        await lockFirst?.(tx, orderId);
        const [order] = await lockOrders(tx, actor, [orderId]);
        if (!order) throw new AppError('order.not_found');
        await work(tx, order);
      });
      outcome.succeeded += 1;
      outcome.done.push(orderId);
    } catch (error) {
      const failure = failureOf(error);
      outcome.failed.push({
        orderId,
        orderNo: numberOf.get(orderId) ?? '',
        errorCode: failure.code,
        params: failure.params ?? {},
        detail: failure.detail,
      });
    }
  }
  return outcome;
}

export const markPicked = (db: Db, actor: Actor, orderIds: readonly string[]) =>
  eachOrder(db, actor, orderIds, (tx, order) => pickOne(tx, actor, order), lockWaveOfOrder);

export const markPacked = (db: Db, actor: Actor, orderIds: readonly string[], weightGrams?: number) =>
  eachOrder(db, actor, orderIds, (tx, order) => packOne(tx, actor, order, weightGrams));

/** Hands the orders over, then tells each order's marketplace the tracking number our carrier gave it. */
export async function markDelivered(
  db: Db,
  runtime: LogisticsRuntime,
  actor: Actor,
  orderIds: readonly string[],
): Promise<BulkOutcome> {
  const outcome = await eachOrder(db, actor, orderIds, (tx, order) => deliverOne(tx, actor, order));
  for (const orderId of outcome.done) await pushTracking(db, runtime, actor.tenantId, orderId);
  return { succeeded: outcome.succeeded, failed: outcome.failed };
}
