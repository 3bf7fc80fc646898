/**
 * Who sees which order, and the one place an order's status changes. A seller and their staff
 * see only their seller's orders, warehouse roles only those of their warehouses, agents and
 * administrators all; another's order answers 404. Work on orders locks their rows first, in id
 * order, so two batch actions over the same orders never wait on each other in a cycle; the
 * ledger's balance rows are locked after them.
 */
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  canTransition,
  isShippedOnwards,
  type ExceptionReason,
  type LocalStatus,
} from '@shared/domain/order.js';
import type { ShortageView } from '@shared/contract/orders.js';
import { AppError } from '@shared/errors.js';
import type { TenantTx } from '../../db/client.js';
import type { Actor } from '../../http/actor.js';
import { sellerScope } from '../../access/seller-scope.js';
import { warehouseScope } from '../warehouse/index.js';
import { orderExceptions, orders, orderStatusHistory } from './orders.tables.js';

export type OrderRecord = typeof orders.$inferSelect;

/**
 * Statuses of the domain's own lists as SQL literals, not parameters: a partial index whose
 * predicate names them (orders_ship_by_idx) is chosen only when the planner sees the values.
 */
export const statusList = (statuses: readonly LocalStatus[]) =>
  sql.join(
    statuses.map((status) => sql.raw(`'${status}'`)),
    sql`, `,
  );

/** The order columns a scope reads: the orders table, or an alias of it (`alias(orders, 'o')`). */
export interface OrderScopeColumns {
  sellerId: AnyPgColumn;
  warehouseId: AnyPgColumn;
}

/**
 * The conditions keeping orders to what the actor may see. A raw query that names the orders
 * table by an alias passes that alias (`alias(orders, 'o')`), so the condition names what the
 * query's FROM names: PostgreSQL refuses "orders"."seller_id" once the table is called o.
 */
export function orderScope(actor: Actor, table: OrderScopeColumns = orders) {
  return and(sellerScope(actor, table.sellerId), warehouseScope(actor, table.warehouseId));
}

/**
 * The selected orders the actor sees, locked in id order; none selected answers
 * 'order.not_selected', one out of sight 'order.not_found'. Orders merged into a combined order
 * are worked on through it.
 */
export async function lockOrders(tx: TenantTx, actor: Actor, ids: readonly string[]): Promise<OrderRecord[]> {
  const unique = [...new Set(ids)].sort();
  if (unique.length === 0) throw new AppError('order.not_selected');
  const rows = await tx
    .select()
    .from(orders)
    .where(and(inArray(orders.id, unique), orderScope(actor)))
    .orderBy(asc(orders.id))
    .for('update');
  if (rows.length !== unique.length) throw new AppError('order.not_found');
  const merged = rows.find((row) => row.mergedIntoId !== null);
  if (merged) throw new AppError('order.merged', { orderNo: merged.orderNo });
  return rows;
}

/** The one assert of the local lifecycle: refuses what the transition table does not allow. */
export function assertTransition(order: OrderRecord, to: LocalStatus): void {
  if (!canTransition(order.localStatus, to))
    throw new AppError('order.transition_not_allowed', {
      orderNo: order.orderNo,
      from: order.localStatus,
      to,
    });
}

/** Writes a local status change the table allows, with its history row and its times. */
export async function writeLocalStatus(
  tx: TenantTx,
  actor: Actor,
  order: OrderRecord,
  to: LocalStatus,
  note = '',
): Promise<OrderRecord> {
  assertTransition(order, to);
  if (order.localStatus === to) return order;
  const [updated] = await tx
    .update(orders)
    .set({
      localStatus: to,
      updatedAt: sql`now()`,
      ...(to === 'cancelled' ? { cancelledAt: sql`now()` } : {}),
      ...(isShippedOnwards(to) ? { shippedAt: sql`coalesce(${orders.shippedAt}, now())` } : {}),
    })
    .where(eq(orders.id, order.id))
    .returning();
  await recordHistory(tx, actor, order.id, 'local', order.localStatus, to, note);
  if (!updated) throw new Error('order vanished under its lock');
  return updated;
}

/**
 * The same change for many orders at once (a batch action): every order must be allowed the
 * move; orders already there are left as they are. One update and one history row each.
 * Answers the orders as written, in the order given.
 */
export async function writeLocalStatuses(
  tx: TenantTx,
  actor: Actor,
  rows: readonly OrderRecord[],
  to: LocalStatus,
  note = '',
): Promise<OrderRecord[]> {
  for (const order of rows) assertTransition(order, to);
  const moving = rows.filter((order) => order.localStatus !== to);
  if (moving.length === 0) return [...rows];
  const updated = await tx
    .update(orders)
    .set({
      localStatus: to,
      updatedAt: sql`now()`,
      ...(to === 'cancelled' ? { cancelledAt: sql`now()` } : {}),
      ...(isShippedOnwards(to) ? { shippedAt: sql`coalesce(${orders.shippedAt}, now())` } : {}),
    })
    .where(
      inArray(
        orders.id,
        moving.map((order) => order.id),
      ),
    )
    .returning();
  if (updated.length !== moving.length) throw new Error('orders vanished under their locks');
  await tx.insert(orderStatusHistory).values(
    moving.map((order) => ({
      orderId: order.id,
      field: 'local' as const,
      fromStatus: order.localStatus,
      toStatus: to,
      note: note.slice(0, 255),
      actorId: actor.userId,
    })),
  );
  const byId = new Map(updated.map((order) => [order.id, order]));
  return rows.map((order) => byId.get(order.id) ?? order);
}

export async function recordHistory(
  tx: TenantTx,
  actor: Actor | null,
  orderId: string,
  field: 'local' | 'warehouse' | 'platform',
  from: string | null,
  to: string,
  note = '',
): Promise<void> {
  await tx.insert(orderStatusHistory).values({
    orderId,
    field,
    fromStatus: from,
    toStatus: to,
    note: note.slice(0, 255),
    actorId: actor?.userId ?? null,
  });
}

/** Many status changes' history rows in one insert, in the order given (a batch of picks, say). */
export async function recordHistories(
  tx: TenantTx,
  actor: Actor | null,
  changes: readonly {
    orderId: string;
    field: 'local' | 'warehouse' | 'platform';
    from: string | null;
    to: string;
  }[],
): Promise<void> {
  if (changes.length === 0) return;
  await tx.insert(orderStatusHistory).values(
    changes.map((change) => ({
      orderId: change.orderId,
      field: change.field,
      fromStatus: change.from,
      toStatus: change.to,
      note: '',
      actorId: actor?.userId ?? null,
    })),
  );
}

/**
 * Keeps the orders' open-exception counts and their 'problem' and 'out_of_stock' tags in step
 * with their open exception rows.
 */
async function refreshProblems(tx: TenantTx, orderIds: readonly string[]): Promise<void> {
  if (orderIds.length === 0) return;
  // One table updated by its keys, the exceptions read per order: a join here was planned as a
  // nested loop over the tenant's every order when the statistics were stale (after a bulk sync),
  // taking seconds for one order.
  const open = sql`from ${orderExceptions} e where e.order_id = o.id and e.resolved_at is null`;
  await tx.execute(sql`
    update ${orders} o set open_exceptions = (select count(*)::int ${open}),
      tags = array(select distinct t from unnest(
        array_remove(array_remove(o.tags, 'problem'), 'out_of_stock')
        || case when exists (select 1 ${open}) then array['problem'] else array[]::text[] end
        || case when exists (select 1 ${open} and e.reason = 'out_of_stock') then array['out_of_stock'] else array[]::text[] end) as t order by t),
      updated_at = now()
    where o.id = any(${sql.param([...orderIds])}::uuid[])`);
}

/** Opens an exception (or refreshes the open one of the same reason). */
export async function openException(
  tx: TenantTx,
  actor: Actor | null,
  orderId: string,
  reason: ExceptionReason,
  note: string,
  shortages: ShortageView[] = [],
): Promise<void> {
  await tx.execute(sql`
    insert into ${orderExceptions} (order_id, reason, note, shortages, raised_by)
    values (${orderId}, ${reason}, ${note.slice(0, 255)}, ${JSON.stringify(shortages)}::jsonb, ${actor?.userId ?? null})
    on conflict (tenant_id, order_id, reason) where resolved_at is null
    do update set note = excluded.note, shortages = excluded.shortages`);
  await refreshProblems(tx, [orderId]);
}

/** Opens exceptions of one reason on many orders at once (or refreshes the open ones), each with its note and shortages. */
export async function openExceptions(
  tx: TenantTx,
  actor: Actor | null,
  reason: ExceptionReason,
  entries: readonly { orderId: string; note: string; shortages: ShortageView[] }[],
): Promise<void> {
  if (entries.length === 0) return;
  await tx.execute(sql`
    insert into ${orderExceptions} (order_id, reason, note, shortages, raised_by)
    select e.order_id, ${reason}::varchar, e.note, e.shortages, ${actor?.userId ?? null}::uuid
    from unnest(${sql.param(entries.map((entry) => entry.orderId))}::uuid[], ${sql.param(entries.map((entry) => entry.note.slice(0, 255)))}::varchar[],
      ${sql.param(entries.map((entry) => JSON.stringify(entry.shortages)))}::jsonb[]) with ordinality as e(order_id, note, shortages, position)
    order by e.position
    on conflict (tenant_id, order_id, reason) where resolved_at is null
    do update set note = excluded.note, shortages = excluded.shortages`);
  await refreshProblems(
    tx,
    entries.map((entry) => entry.orderId),
  );
}

/** Resolves the order's open exceptions of these reasons (all when none named). */
export async function resolveExceptions(
  tx: TenantTx,
  actor: Actor | null,
  orderId: string,
  resolution: string,
  reasons?: readonly ExceptionReason[],
): Promise<void> {
  await tx
    .update(orderExceptions)
    .set({ resolvedAt: sql`now()`, resolvedBy: actor?.userId ?? null, resolution })
    .where(
      and(
        eq(orderExceptions.orderId, orderId),
        isNull(orderExceptions.resolvedAt),
        reasons ? inArray(orderExceptions.reason, [...reasons]) : undefined,
      ),
    );
  await refreshProblems(tx, [orderId]);
}

/**
 * Resolves the open exceptions of these reasons on many orders at once; only the orders that had
 * one are refreshed. Answers those orders.
 */
export async function resolveExceptionsOf(
  tx: TenantTx,
  actor: Actor | null,
  orderIds: readonly string[],
  resolution: string,
  reasons: readonly ExceptionReason[],
): Promise<string[]> {
  if (orderIds.length === 0) return [];
  const resolved = await tx
    .update(orderExceptions)
    .set({ resolvedAt: sql`now()`, resolvedBy: actor?.userId ?? null, resolution })
    .where(
      and(
        inArray(orderExceptions.orderId, [...orderIds]),
        isNull(orderExceptions.resolvedAt),
        inArray(orderExceptions.reason, [...reasons]),
      ),
    )
    .returning({ orderId: orderExceptions.orderId });
  const touched = [...new Set(resolved.map((row) => row.orderId))];
  await refreshProblems(tx, touched);
  return touched;
}

/** The orders among these with an open exception of this reason. */
export async function withOpenException(
  tx: TenantTx,
  orderIds: readonly string[],
  reason: ExceptionReason,
): Promise<Set<string>> {
  if (orderIds.length === 0) return new Set();
  const rows = await tx
    .selectDistinct({ orderId: orderExceptions.orderId })
    .from(orderExceptions)
    .where(
      and(
        inArray(orderExceptions.orderId, [...orderIds]),
        eq(orderExceptions.reason, reason),
        isNull(orderExceptions.resolvedAt),
      ),
    );
  return new Set(rows.map((row) => row.orderId));
}

/** Whether the order has an open exception of this reason. */
export async function hasOpenException(
  tx: TenantTx,
  orderId: string,
  reason: ExceptionReason,
): Promise<boolean> {
  const [row] = await tx
    .select({ id: orderExceptions.id })
    .from(orderExceptions)
    .where(
      and(
        eq(orderExceptions.orderId, orderId),
        eq(orderExceptions.reason, reason),
        isNull(orderExceptions.resolvedAt),
      ),
    );
  return row !== undefined;
}
