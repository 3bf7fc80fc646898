/**
 * Reservations checked against the ledger: which orders hold a SKU's frozen units beside what the
 * balance has frozen (stockHolders), and the repair that re-derives every open order's
 * reservation from its lines and brings the ledger (movements with source 'order') and the
 * reservation rows to it (repairReservations). Reserving, releasing and issuing are in
 * reservation.service.ts.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { RepairReport, StockHoldersQuery, StockHoldersView } from '@shared/contract/orders.js';
import { holdsStock, RESERVING_STATUSES } from '@shared/domain/order.js';
import { AppError } from '@shared/errors.js';
import { rowsOf, type TenantTx } from '../../db/client.js';
import { iso } from '../../db/query-helpers.js';
import type { Actor } from '../../http/actor.js';
import { skus } from '../catalog/index.js';
import { releaseStock, reserveStock, stockMovements } from '../inventory/index.js';
import { warehouses, warehouseScope } from '../warehouse/index.js';
import { sellerScope } from '../../access/seller-scope.js';
import { hasOpenException, openException, orderScope, type OrderRecord } from './orders.access.js';
import { orderLines, orderReservations, orders } from './orders.tables.js';
import { SOURCE } from './reservation.service.js';

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
