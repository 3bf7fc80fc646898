/**
 * Order use cases: entering an order by hand, and what every other entry stands on (the system
 * order ids, the SKU and seller checks, the order lines, moveOrder). Every status change goes
 * through writeLocalStatus (the transition table); an order entering pending shipment reserves
 * its lines, one leaving it releases exactly what it held. The marketplace sync's upsert is in
 * marketplace-orders.service.ts, the hand actions in order-actions.service.ts.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { createOrderInput, type CreateOrderInput, type SavedOrderView } from '@shared/contract/orders.js';
import { holdsStock, linesTotal, parcelTypeOf, type LocalStatus } from '@shared/domain/order.js';
import { AppError, type ErrorCode } from '@shared/errors.js';
import { rowsOf, withTenant, type Db, type TenantTx } from '../../db/client.js';
import { guardUnique } from '../../db/query-helpers.js';
import type { Actor } from '../../http/actor.js';
import { parseInput } from '../../http/parse-input.js';
import { isSellerBound } from '../../access/seller-scope.js';
import { skus } from '../catalog/index.js';
import { users } from '../identity/index.js';
import { isWarehouseBound, visibleWarehouse } from '../warehouse/index.js';
import { recordHistory, resolveExceptions, writeLocalStatus, type OrderRecord } from './orders.access.js';
import { orderLines, orders } from './orders.tables.js';
import { releaseOrder, reserveOrder } from './reservation.service.js';

type LineContent = ReturnType<typeof createOrderInput.parse>['lines'];

/** The next system order id of the tenant for the day (UTC); a row-locked counter, never max()+1. */
export async function nextSystemNo(tx: TenantTx): Promise<string> {
  const [row] = rowsOf<{ day: string; last_value: number }>(
    await tx.execute(sql`
      insert into order_counters (day, last_value) values ((now() at time zone 'UTC')::date, 1)
      on conflict (tenant_id, day) do update set last_value = order_counters.last_value + 1
      returning to_char(day, 'YYYYMMDD') as day, last_value`),
  );
  if (!row) throw new Error('order counter returned no row');
  return `SO${row.day}${String(row.last_value).padStart(6, '0')}`;
}

/**
 * System order ids taken ahead in a transaction of their own, for a caller that writes many
 * orders in a longer one (the marketplace sync's pages): the counter's row is held for a moment
 * instead of for the whole page, so several shops' pages are written side by side. An id taken
 * by a page that then fails is skipped, never given twice.
 */
export function takeSystemNos(db: Db, tenantId: string, count: number): Promise<string[]> {
  return withTenant(db, tenantId, async (tx) => {
    // Its commit need not wait for the disk: the orders that use the ids commit after it, and
    // their flush carries this record with it; ids of a page lost in a crash are only skipped.
    await tx.execute(sql`set local synchronous_commit = off`);
    return nextSystemNos(tx, count);
  });
}

/** The next `count` system order ids of the tenant for the day, one counter update for all. */
export async function nextSystemNos(tx: TenantTx, count: number): Promise<string[]> {
  if (count === 0) return [];
  const [row] = rowsOf<{ day: string; last_value: number }>(
    await tx.execute(sql`
      insert into order_counters (day, last_value) values ((now() at time zone 'UTC')::date, ${count}::int)
      on conflict (tenant_id, day) do update set last_value = order_counters.last_value + ${count}::int
      returning to_char(day, 'YYYYMMDD') as day, last_value`),
  );
  if (!row) throw new Error('order counter returned no row');
  const first = Number(row.last_value) - count + 1;
  return Array.from({ length: count }, (_, index) => `SO${row.day}${String(first + index).padStart(6, '0')}`);
}

/** Refuses a line whose SKU is unknown or another seller's: 'order.sku_not_found' naming it. */
export async function checkSkus(tx: TenantTx, sellerId: string, lines: readonly { skuId: string }[]) {
  const ids = [...new Set(lines.map((line) => line.skuId))];
  if (ids.length === 0) return;
  const found = await tx
    .select({ id: skus.id })
    .from(skus)
    .where(and(inArray(skus.id, ids), eq(skus.sellerId, sellerId)));
  const known = new Set(found.map((row) => row.id));
  const missing = ids.find((id) => !known.has(id));
  if (missing) throw new AppError('order.sku_not_found', { sku: missing });
}

/**
 * The seller something is entered for (an order, an import, a shop): a seller's own; the chosen
 * one for agents and admins, who must choose (`missing` when they did not); never for warehouse
 * roles.
 */
export async function sellerOf(
  tx: TenantTx,
  actor: Actor,
  chosen: string | undefined,
  missing: ErrorCode = 'order.seller_required',
): Promise<string> {
  if (isSellerBound(actor)) {
    if (!actor.sellerId) throw new AppError('common.forbidden');
    return actor.sellerId;
  }
  if (isWarehouseBound(actor)) throw new AppError('common.forbidden');
  if (!chosen) throw new AppError(missing);
  const [seller] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, chosen), eq(users.userRole, 'seller')));
  if (!seller) throw new AppError('order.seller_not_found');
  return seller.id;
}

export async function insertLines(
  tx: TenantTx,
  orderId: string,
  sellerId: string,
  lines: readonly LineContent[number][],
): Promise<void> {
  // A marketplace order may have no line paired to a SKU yet: its lines wait as unmatched ones.
  if (lines.length === 0) return;
  await tx.insert(orderLines).values(
    lines.map((line, position) => ({
      orderId,
      sellerId,
      skuId: line.skuId,
      itemId: line.itemId,
      variationId: line.variationId,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      position,
    })),
  );
}

/**
 * An order entered by hand: to review, on the platform it was sold on ('manual' when none), unique
 * by the seller, that platform and the order number.
 */
export async function createOrder(
  tx: TenantTx,
  actor: Actor,
  raw: CreateOrderInput,
): Promise<SavedOrderView> {
  const input = parseInput(createOrderInput, raw);
  if (input.orderNo === '') throw new AppError('order.no_required');
  const sellerId = await sellerOf(tx, actor, input.sellerId || undefined);
  await visibleWarehouse(tx, actor, input.warehouseId);
  await checkSkus(tx, sellerId, input.lines);
  const [taken] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.sellerId, sellerId),
        eq(orders.platform, input.platform),
        eq(orders.shopId, ''),
        eq(orders.orderNo, input.orderNo),
      ),
    );
  if (taken) throw new AppError('order.no_duplicate', { orderNo: input.orderNo });
  const systemNo = await nextSystemNo(tx);
  const { lines, sellerId: _chosen, shipBy, paidAt, ...header } = input;
  const [order] = await guardUnique(
    () =>
      tx
        .insert(orders)
        .values({
          ...header,
          systemNo,
          sellerId,
          shopId: '',
          localStatus: 'to_review',
          shipBy: shipBy ? new Date(shipBy) : null,
          paidAt: paidAt ? new Date(paidAt) : null,
          parcelType: parcelTypeOf(lines),
          totalAmount: linesTotal(lines),
          createdBy: actor.userId,
        })
        .returning(),
    { orders_shop_order_key: 'order.no_duplicate' },
  );
  if (!order) throw new Error('order insert returned no row');
  await insertLines(tx, order.id, sellerId, lines);
  await recordHistory(tx, actor, order.id, 'local', null, 'to_review');
  return { id: order.id, orderNo: order.orderNo, systemNo: order.systemNo };
}

/**
 * Moves the order to a status and keeps its reservation in step (RESERVING_STATUSES): entering a
 * status that holds stock from one that holds none reserves; leaving them releases.
 */
export async function moveOrder(
  tx: TenantTx,
  actor: Actor,
  order: OrderRecord,
  to: LocalStatus,
  note = '',
): Promise<OrderRecord> {
  const updated = await writeLocalStatus(tx, actor, order, to, note);
  if (updated === order) return order;
  if (holdsStock(order.localStatus) && !holdsStock(to)) await releaseOrder(tx, actor, order, to);
  if (holdsStock(to) && !holdsStock(order.localStatus)) await reserveOrder(tx, actor, updated);
  if (to === 'cancelled') await resolveExceptions(tx, actor, order.id, 'cancelled');
  return updated;
}
