/**
 * Reservations: the frozen units an order holds in its warehouse, one row per order line and
 * warehouse, each written in the same transaction as the ledger movement (source 'order', the
 * order's id) that froze them and ended by the movement that released or issued them. An order
 * reserves all its lines or none: the balances of its lines (of a whole batch of orders) are
 * locked first in (warehouse, SKU) order, so concurrent reservations wait in one fixed order and
 * never deadlock; what each order can take is decided under those locks before anything is
 * written, and an order short of any line takes nothing and gets an out-of-stock exception naming
 * every SKU short.
 *
 * Who holds a SKU's frozen units and the repair of reservations from the ledger are in
 * reservation-repair.service.ts.
 */
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { ShortageView } from '@shared/contract/orders.js';
import { AppError } from '@shared/errors.js';
import type { TenantTx } from '../../db/client.js';
import { pgErrorOf } from '../../db/query-helpers.js';
import type { Actor } from '../../http/actor.js';
import { skus } from '../catalog/index.js';
import {
  balanceKeyOf,
  issueStock,
  lockForReservation,
  releaseStock,
  reserveLocked,
  type HoldEntry,
} from '../inventory/index.js';
import { openExceptions, orderScope, resolveExceptionsOf, type OrderRecord } from './orders.access.js';
import { orderLines, orderReservations, orders } from './orders.tables.js';

export const SOURCE = 'order';
const DEADLOCK = '40P01';

/**
 * Freezes every line of the order in its warehouse, or nothing: answers the shortages (empty
 * when reserved). Short stock opens an out-of-stock exception naming each SKU short; a full
 * reservation resolves it. An order already holding units reserves nothing again.
 */
export async function reserveOrder(tx: TenantTx, actor: Actor, order: OrderRecord): Promise<ShortageView[]> {
  return (await reserveOrders(tx, actor, [order])).get(order.id) ?? [];
}

/**
 * reserveOrder for many orders at once (a batch passed review), taking them in the order given:
 * each reserves all its lines or none, as if one after the other. The balances of every line's
 * SKU are locked first, in (warehouse, SKU) order, so batches running at once wait on each other
 * in one order and never deadlock; what each order can take is decided under those locks, and
 * what is taken is written in a few statements for the whole batch (a guarded relative update per
 * balance, a movement and a reservation row per line). Answers the shortages by order id.
 */
export async function reserveOrders(
  tx: TenantTx,
  actor: Actor,
  batch: readonly OrderRecord[],
): Promise<Map<string, ShortageView[]>> {
  const shortagesOf = new Map<string, ShortageView[]>();
  if (batch.length === 0) return shortagesOf;
  const held = await tx
    .selectDistinct({ orderId: orderReservations.orderId })
    .from(orderReservations)
    .where(
      and(
        inArray(
          orderReservations.orderId,
          batch.map((order) => order.id),
        ),
        eq(orderReservations.state, 'active'),
      ),
    );
  const holding = new Set(held.map((row) => row.orderId));
  const todo = batch.filter((order) => !holding.has(order.id));
  for (const order of batch) if (holding.has(order.id)) shortagesOf.set(order.id, []);
  if (todo.length === 0) return shortagesOf;

  const lines = await tx
    .select({
      id: orderLines.id,
      orderId: orderLines.orderId,
      skuId: orderLines.skuId,
      quantity: orderLines.quantity,
      sellerSku: skus.sellerSku,
    })
    .from(orderLines)
    .innerJoin(skus, eq(skus.id, orderLines.skuId))
    .where(
      inArray(
        orderLines.orderId,
        todo.map((order) => order.id),
      ),
    )
    .orderBy(asc(orderLines.skuId), asc(orderLines.id));
  const linesOf = new Map<string, typeof lines>();
  for (const line of lines) linesOf.set(line.orderId, [...(linesOf.get(line.orderId) ?? []), line]);
  const available = await lockForReservation(
    tx,
    actor,
    todo.flatMap((order) =>
      (linesOf.get(order.id) ?? []).map((line) => ({ warehouseId: order.warehouseId, skuId: line.skuId })),
    ),
  );

  const entries: HoldEntry[] = [];
  const reservedLines: {
    orderId: string;
    lineId: string;
    warehouseId: string;
    skuId: string;
    quantity: number;
  }[] = [];
  const short: { orderId: string; note: string; shortages: ShortageView[] }[] = [];
  const reserved: string[] = [];
  for (const order of todo) {
    const own = linesOf.get(order.id) ?? [];
    const taken = new Map<string, number>();
    const shortages: ShortageView[] = [];
    for (const line of own) {
      const key = balanceKeyOf(order.warehouseId, line.skuId);
      const left = (available.get(key) ?? 0) - (taken.get(key) ?? 0);
      if (left >= line.quantity) taken.set(key, (taken.get(key) ?? 0) + line.quantity);
      else
        shortages.push({
          skuId: line.skuId,
          sellerSku: line.sellerSku,
          needed: line.quantity,
          available: left,
        });
    }
    shortagesOf.set(order.id, shortages);
    if (shortages.length > 0) {
      const missing = shortages.map((s) => `${s.sellerSku} ${s.needed - s.available}`).join(', ');
      short.push({ orderId: order.id, note: missing, shortages });
      continue;
    }
    for (const [key, quantity] of taken) available.set(key, (available.get(key) ?? 0) - quantity);
    for (const line of own) {
      entries.push({
        warehouseId: order.warehouseId,
        skuId: line.skuId,
        quantity: line.quantity,
        source: { type: SOURCE, id: order.id },
        reason: order.systemNo,
      });
      reservedLines.push({
        orderId: order.id,
        lineId: line.id,
        warehouseId: order.warehouseId,
        skuId: line.skuId,
        quantity: line.quantity,
      });
    }
    reserved.push(order.id);
  }
  const movementIds = await reserveLocked(tx, actor, entries);
  if (reservedLines.length > 0)
    await tx
      .insert(orderReservations)
      .values(
        reservedLines.map((line, index) => ({ ...line, reserveMovementId: movementIds[index] ?? null })),
      );
  await openExceptions(tx, actor, 'out_of_stock', short);
  await resolveExceptionsOf(tx, actor, reserved, 'reserved', ['out_of_stock']);
  return shortagesOf;
}

/** Gives back every unit the order holds: a release movement per active reservation row. */
export async function releaseOrder(
  tx: TenantTx,
  actor: Actor,
  order: OrderRecord,
  reason: string,
): Promise<number> {
  const active = await tx
    .select()
    .from(orderReservations)
    .where(and(eq(orderReservations.orderId, order.id), eq(orderReservations.state, 'active')))
    .orderBy(asc(orderReservations.skuId), asc(orderReservations.id));
  let released = 0;
  for (const row of active) {
    const change = await releaseStock(tx, actor, {
      warehouseId: row.warehouseId,
      skuId: row.skuId,
      quantity: row.quantity,
      source: { type: SOURCE, id: order.id },
      reason: `${order.systemNo} ${reason}`.slice(0, 255),
    });
    await tx
      .update(orderReservations)
      .set({
        state: 'released',
        endMovementId: change.movementId,
        endedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(eq(orderReservations.id, row.id));
    released += row.quantity;
  }
  return released;
}

/**
 * The reserved units leave the warehouse: each active reservation is issued (frozen down) from
 * the locations its line was picked from — one location for the whole line, or several with
 * the quantity taken from each, which must add up to what the line reserved. Every active
 * reservation needs its picks.
 */
export async function consumeOrder(
  tx: TenantTx,
  actor: Actor,
  order: OrderRecord,
  picks: readonly { lineId: string; locationId: string; quantity?: number }[],
): Promise<number> {
  const from = new Map<string, { locationId: string; quantity?: number }[]>();
  for (const pick of picks) from.set(pick.lineId, [...(from.get(pick.lineId) ?? []), pick]);
  const active = await tx
    .select()
    .from(orderReservations)
    .where(and(eq(orderReservations.orderId, order.id), eq(orderReservations.state, 'active')))
    .orderBy(asc(orderReservations.skuId), asc(orderReservations.id));
  if (active.length === 0) throw new AppError('order.not_reserved', { orderNo: order.orderNo });
  let issued = 0;
  for (const row of active) {
    const places = from.get(row.lineId) ?? [];
    if (places.length === 0) throw new AppError('order.pick_location_required', { orderNo: order.orderNo });
    const portions = places.map((place) => ({
      locationId: place.locationId,
      quantity: place.quantity ?? (places.length === 1 ? row.quantity : 0),
    }));
    if (portions.reduce((sum, portion) => sum + portion.quantity, 0) !== row.quantity)
      throw new AppError('order.pick_location_required', { orderNo: order.orderNo });
    let movementId = 0;
    for (const portion of portions) {
      const change = await issueStock(tx, actor, {
        warehouseId: row.warehouseId,
        skuId: row.skuId,
        locationId: portion.locationId,
        quantity: portion.quantity,
        source: { type: SOURCE, id: order.id },
        reason: order.systemNo,
      });
      movementId = change.movementId;
    }
    await tx
      .update(orderReservations)
      .set({
        state: 'consumed',
        endMovementId: movementId,
        endedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(eq(orderReservations.id, row.id));
    issued += row.quantity;
  }
  return issued;
}

/**
 * Stock arrived in a warehouse: orders there waiting with an out-of-stock exception for one of
 * these SKUs reserve in order of ship-by date, then paid time, then order time (orders without a
 * date last). Answers the orders that are now reserved.
 */
export async function allocateArrivingStock(
  tx: TenantTx,
  actor: Actor,
  input: { warehouseId: string; skuIds: readonly string[] },
): Promise<string[]> {
  if (input.skuIds.length === 0) return [];
  const waiting = await tx
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.warehouseId, input.warehouseId),
        eq(orders.localStatus, 'pending_shipment'),
        isNull(orders.mergedIntoId),
        sql`exists (select 1 from order_exceptions e where e.order_id = ${orders.id}
          and e.reason = 'out_of_stock' and e.resolved_at is null)`,
        sql`exists (select 1 from ${orderLines} l where l.order_id = ${orders.id} and l.sku_id in ${[...input.skuIds]})`,
        orderScope(actor),
      ),
    )
    .orderBy(
      sql`${orders.shipBy} asc nulls last`,
      sql`${orders.paidAt} asc nulls last`,
      asc(orders.orderedAt),
      asc(orders.id),
    )
    .for('update', { skipLocked: true });
  const reserved: string[] = [];
  for (const order of waiting) {
    // The caller already holds the arriving SKU's balance: an order whose other lines are locked
    // the other way round may deadlock. PostgreSQL then fails one side; when it is this one, the
    // savepoint keeps the caller's work and the order keeps waiting for the next arrival or the repair.
    try {
      const shortages = await tx.transaction((savepoint) => reserveOrder(savepoint, actor, order));
      if (shortages.length === 0) reserved.push(order.id);
    } catch (error) {
      if (pgErrorOf(error)?.code !== DEADLOCK) throw error;
    }
  }
  return reserved;
}
