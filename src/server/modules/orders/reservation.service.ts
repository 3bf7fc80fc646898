/**
 * Reservations: the frozen units an order holds in its warehouse, one row per order line and
 * warehouse, each written in the same transaction as the ledger movement (source 'order', the
 * order's id) that froze them and ended by the movement that released or issued them. An order
 * reserves all its lines or none: the balances of its lines (of a whole batch of orders) are
 * locked first in (warehouse, SKU) order, so concurrent reservations wait in one fixed order and
 * never deadlock; what each order can take is decided under those locks before anything is
 * written, and an order short of any line takes nothing and gets an out-of-stock exception naming
 * every SKU short.
 */
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type {
  RepairReport,
  ShortageView,
  StockHoldersQuery,
  StockHoldersView,
} from '@shared/contract/orders.js';
import { holdsStock, RESERVING_STATUSES } from '@shared/domain/order.js';
import { AppError } from '@shared/errors.js';
import { rowsOf, type TenantTx } from '../../db/client.js';
import { iso, pgErrorOf } from '../../db/query-helpers.js';
import type { Actor } from '../../http/actor.js';
import { skus } from '../catalog/index.js';
import {
  balanceKeyOf,
  issueStock,
  lockForReservation,
  releaseStock,
  reserveLocked,
  reserveStock,
  stockMovements,
  type HoldEntry,
} from '../inventory/index.js';
import { warehouses, warehouseScope } from '../warehouse/index.js';
import { sellerScope } from '../../access/seller-scope.js';
import {
  hasOpenException,
  openException,
  openExceptions,
  orderScope,
  resolveExceptionsOf,
  type OrderRecord,
} from './orders.access.js';
import { orderLines, orderReservations, orders } from './orders.tables.js';

const SOURCE = 'order';
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

/** Which orders hold the SKU's frozen units, and per warehouse what orders hold beside the balance's frozen. */
export async function stockHolders(
  tx: TenantTx,
  actor: Actor,
  query: StockHoldersQuery,
): Promise<StockHoldersView> {
  const [sku] = await tx
    .select({ id: skus.id })
    .from(skus)
    .where(and(eq(skus.id, query.skuId), sellerScope(actor, skus.sellerId)));
  if (!sku) throw new AppError('catalog.sku_not_found');
  const holders = await tx
    .select({
      orderId: orders.id,
      orderNo: orders.orderNo,
      systemNo: orders.systemNo,
      warehouseId: orderReservations.warehouseId,
      warehouseCode: warehouses.code,
      localStatus: orders.localStatus,
      quantity: sql<number>`sum(${orderReservations.quantity})::int`,
      reservedAt: sql<Date>`min(${orderReservations.createdAt})`,
    })
    .from(orderReservations)
    .innerJoin(orders, eq(orders.id, orderReservations.orderId))
    .innerJoin(warehouses, eq(warehouses.id, orderReservations.warehouseId))
    .where(
      and(
        eq(orderReservations.skuId, query.skuId),
        eq(orderReservations.state, 'active'),
        query.warehouseId ? eq(orderReservations.warehouseId, query.warehouseId) : undefined,
        orderScope(actor),
      ),
    )
    .groupBy(
      orders.id,
      orders.orderNo,
      orders.systemNo,
      orders.localStatus,
      orderReservations.warehouseId,
      warehouses.code,
    )
    .orderBy(sql`min(${orderReservations.createdAt})`, asc(orders.id));
  const frozen = rowsOf<{ warehouse_id: string; code: string; frozen: number }>(
    await tx.execute(sql`
      select m.warehouse_id, w.code, sum(m.frozen_delta)::int as frozen
      from ${stockMovements} m join ${warehouses} w on w.id = m.warehouse_id
      where m.sku_id = ${query.skuId} ${query.warehouseId ? sql`and m.warehouse_id = ${query.warehouseId}` : sql``}
        and ${warehouseScope(actor, alias(warehouses, 'w').id) ?? sql`true`}
      group by m.warehouse_id, w.code order by w.code`),
  );
  const held = new Map<string, number>();
  for (const holder of holders)
    held.set(holder.warehouseId, (held.get(holder.warehouseId) ?? 0) + holder.quantity);
  return {
    holders: holders.map((holder) => ({ ...holder, reservedAt: iso(new Date(holder.reservedAt)) })),
    warehouses: frozen.map((row) => ({
      warehouseId: row.warehouse_id,
      warehouseCode: row.code,
      reserved: held.get(row.warehouse_id) ?? 0,
      frozen: Number(row.frozen),
    })),
  };
}

interface Drift {
  order_id: string;
  order_no: string;
  warehouse_id: string;
  sku_id: string;
  seller_sku: string;
  expected: number;
  ledger: number;
  rows: number;
}

/**
 * Re-derives reservations from open orders and fixes every difference, reporting each: an open
 * order (pending shipment or in cancellation, not merged, not out of stock) should hold each
 * line's quantity; every other order nothing. The ledger's frozen units per order and SKU (the
 * sum of its movements with source 'order') are brought to that by a reserve or a release
 * movement, and the order's reservation rows rewritten to match. An order that can no longer be
 * reserved in full is released and marked out of stock.
 */
export async function repairReservations(
  tx: TenantTx,
  actor: Actor,
  input: { warehouseId?: string | undefined },
): Promise<RepairReport> {
  const inWarehouse = input.warehouseId ? sql`and o.warehouse_id = ${input.warehouseId}` : sql``;
  // The queries call the orders table o: the scope must name it so.
  const scope = orderScope(actor, alias(orders, 'o'));
  const visible = scope ? sql`and ${scope}` : sql``;
  const reserving = sql.join(
    RESERVING_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  );
  const [counted] = rowsOf<{ n: number }>(
    await tx.execute(sql`select count(*)::int as n from ${orders} o
      where o.local_status in (${reserving}) and o.merged_into_id is null ${inWarehouse} ${visible}`),
  );
  const drifts = rowsOf<Drift>(
    await tx.execute(sql`
      with expected as (
        select o.id as order_id, o.warehouse_id, l.sku_id, sum(l.quantity)::int as quantity
        from ${orders} o join ${orderLines} l on l.order_id = o.id
        where o.local_status in (${reserving}) and o.merged_into_id is null ${inWarehouse} ${visible}
          and not exists (select 1 from order_exceptions e where e.order_id = o.id
            and e.reason = 'out_of_stock' and e.resolved_at is null)
        group by o.id, o.warehouse_id, l.sku_id
      ), ledger as (
        select o.id as order_id, m.warehouse_id, m.sku_id, sum(m.frozen_delta)::int as quantity
        from ${stockMovements} m join ${orders} o on o.id::text = m.source_id
        where m.source_type = 'order' ${inWarehouse} ${visible}
        group by o.id, m.warehouse_id, m.sku_id
      ), held as (
        select r.order_id, r.warehouse_id, r.sku_id, sum(r.quantity)::int as quantity
        from ${orderReservations} r join ${orders} o on o.id = r.order_id
        where r.state = 'active' ${inWarehouse} ${visible}
        group by r.order_id, r.warehouse_id, r.sku_id
      ), keys as (
        select order_id, warehouse_id, sku_id from expected
        union select order_id, warehouse_id, sku_id from ledger
        union select order_id, warehouse_id, sku_id from held
      )
      select k.order_id, o.order_no, k.warehouse_id, k.sku_id, s.seller_sku,
        coalesce(e.quantity, 0) as expected, coalesce(g.quantity, 0) as ledger, coalesce(h.quantity, 0) as rows
      from keys k
      join ${orders} o on o.id = k.order_id
      join ${skus} s on s.id = k.sku_id
      left join expected e on e.order_id = k.order_id and e.warehouse_id = k.warehouse_id and e.sku_id = k.sku_id
      left join ledger g on g.order_id = k.order_id and g.warehouse_id = k.warehouse_id and g.sku_id = k.sku_id
      left join held h on h.order_id = k.order_id and h.warehouse_id = k.warehouse_id and h.sku_id = k.sku_id
      where coalesce(e.quantity, 0) <> coalesce(g.quantity, 0) or coalesce(e.quantity, 0) <> coalesce(h.quantity, 0)
      order by k.order_id, k.sku_id`),
  );
  const differences: RepairReport['differences'] = [];
  const byOrder = new Map<string, Drift[]>();
  for (const drift of drifts) byOrder.set(drift.order_id, [...(byOrder.get(drift.order_id) ?? []), drift]);
  for (const [orderId, orderDrifts] of [...byOrder].sort(([a], [b]) => a.localeCompare(b))) {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) continue;
    let outOfStock = false;
    // Bring the ledger to what the order should hold: releases first, so reserves find the units.
    const sorted = [...orderDrifts].sort((a, b) => a.expected - a.ledger - (b.expected - b.ledger));
    const movements = new Map<string, number>();
    for (const drift of sorted) {
      const delta = drift.expected - drift.ledger;
      const key = `${drift.warehouse_id}:${drift.sku_id}`;
      if (delta < 0) {
        const change = await releaseStock(tx, actor, {
          warehouseId: drift.warehouse_id,
          skuId: drift.sku_id,
          quantity: -delta,
          source: { type: SOURCE, id: orderId },
          reason: `${order.systemNo} repair`,
        });
        movements.set(key, change.movementId);
      } else if (delta > 0) {
        try {
          const change = await reserveStock(tx, actor, {
            warehouseId: drift.warehouse_id,
            skuId: drift.sku_id,
            quantity: delta,
            source: { type: SOURCE, id: orderId },
            reason: `${order.systemNo} repair`,
          });
          movements.set(key, change.movementId);
        } catch (error) {
          if (!(error instanceof AppError) || error.code !== 'inventory.insufficient_stock') throw error;
          outOfStock = true;
        }
      }
    }
    if (outOfStock) await releaseAllHeld(tx, actor, order);
    await rewriteRows(tx, orderId, movements);
    for (const drift of orderDrifts)
      differences.push({
        orderId,
        orderNo: drift.order_no,
        skuId: drift.sku_id,
        sellerSku: drift.seller_sku,
        warehouseId: drift.warehouse_id,
        expected: drift.expected,
        ledger: drift.ledger,
        fix: outOfStock
          ? 'out_of_stock'
          : drift.expected > drift.ledger
            ? 'reserved'
            : drift.expected < drift.ledger
              ? 'released'
              : 'rows_rewritten',
      });
  }
  return { ordersChecked: counted?.n ?? 0, differences };
}

/**
 * The order cannot be held in full: everything the ledger shows it holding is released and the
 * order marked out of stock, to be allocated when stock arrives.
 */
async function releaseAllHeld(tx: TenantTx, actor: Actor, order: OrderRecord): Promise<void> {
  const held = rowsOf<{ warehouse_id: string; sku_id: string; quantity: number }>(
    await tx.execute(sql`
      select warehouse_id, sku_id, sum(frozen_delta)::int as quantity from ${stockMovements}
      where source_type = ${SOURCE} and source_id = ${order.id}
      group by warehouse_id, sku_id having sum(frozen_delta) > 0 order by sku_id`),
  );
  for (const row of held)
    await releaseStock(tx, actor, {
      warehouseId: row.warehouse_id,
      skuId: row.sku_id,
      quantity: Number(row.quantity),
      source: { type: SOURCE, id: order.id },
      reason: `${order.systemNo} repair`,
    });
  await openException(tx, actor, order.id, 'out_of_stock', 'repair');
}

/**
 * After the ledger was brought to what the order should hold, its reservation rows are made to
 * say the same: active rows end, and an order that should hold stock gets a row per line again.
 */
async function rewriteRows(tx: TenantTx, orderId: string, movements: Map<string, number>): Promise<void> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return;
  await tx
    .update(orderReservations)
    .set({ state: 'released', endedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(orderReservations.orderId, orderId), eq(orderReservations.state, 'active')));
  const shouldHold =
    holdsStock(order.localStatus) &&
    order.mergedIntoId === null &&
    !(await hasOpenException(tx, orderId, 'out_of_stock'));
  if (!shouldHold) return;
  const lines = await tx
    .select()
    .from(orderLines)
    .where(inArray(orderLines.orderId, [orderId]));
  if (lines.length === 0) return;
  await tx.insert(orderReservations).values(
    lines.map((line) => ({
      orderId,
      lineId: line.id,
      warehouseId: order.warehouseId,
      skuId: line.skuId,
      quantity: line.quantity,
      reserveMovementId: movements.get(`${order.warehouseId}:${line.skuId}`) ?? null,
    })),
  );
}
