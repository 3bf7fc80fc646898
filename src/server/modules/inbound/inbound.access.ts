/**
 * Who sees which inbound order: a seller and their staff only their seller's, warehouse roles
 * only those of their warehouses, agents and administrators all. Work on an order (receiving,
 * shelving) locks its row first, so one order's lines and status change one call at a time;
 * the ledger's balance rows are locked after it, always in that order.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { canTransition, inboundStatus, type InboundStatus } from '@shared/domain/inbound.js';
import { AppError } from '@shared/errors.js';
import type { TenantTx } from '../../db/client.js';
import type { Actor } from '../../http/actor.js';
import { isSellerBound, sellerScope } from '../../access/seller-scope.js';
import { warehouseScope } from '../warehouse/index.js';
import { inboundBoxes, inboundBoxLines, inboundDiscrepancies, inboundOrders } from './inbound.tables.js';

export type InboundOrderRow = typeof inboundOrders.$inferSelect;
export type InboundLineRow = typeof inboundBoxLines.$inferSelect;
export type InboundBoxRow = typeof inboundBoxes.$inferSelect;

/**
 * The conditions keeping inbound orders to what the actor may see; a raw query that names the
 * table by an alias passes that alias (`alias(inboundOrders, 'i')`).
 */
export function inboundScope(
  actor: Actor,
  table: { sellerId: AnyPgColumn; warehouseId: AnyPgColumn } = inboundOrders,
) {
  return and(sellerScope(actor, table.sellerId), warehouseScope(actor, table.warehouseId));
}

/** The order if the actor sees it, locked for the rest of the transaction; else 404. */
export async function lockOrderForWork(tx: TenantTx, actor: Actor, id: string): Promise<InboundOrderRow> {
  if (isSellerBound(actor)) throw new AppError('common.forbidden');
  const [order] = await tx
    .select()
    .from(inboundOrders)
    .where(and(eq(inboundOrders.id, id), inboundScope(actor)))
    .for('update');
  if (!order) throw new AppError('inbound.not_found');
  return order;
}

/** Receiving and reporting end when the order is stored, closed as not received, or cancelled. */
export function assertOpen(order: InboundOrderRow): void {
  if (order.status === 'stored' || order.status === 'not_received' || order.status === 'cancelled')
    throw new AppError('inbound.order_closed', { inboundNo: order.inboundNo });
}

export async function boxOf(tx: TenantTx, order: InboundOrderRow, boxId: string): Promise<InboundBoxRow> {
  const [box] = await tx
    .select()
    .from(inboundBoxes)
    .where(and(eq(inboundBoxes.orderId, order.id), eq(inboundBoxes.id, boxId)));
  if (!box) throw new AppError('inbound.box_not_found');
  return box;
}

/**
 * Recomputes the order's status from its lines, boxes and discrepancies (the one place it is
 * written) and refuses a change the transition table does not allow.
 */
export async function refreshStatus(tx: TenantTx, order: InboundOrderRow): Promise<InboundStatus> {
  const lines = await tx.select().from(inboundBoxLines).where(eq(inboundBoxLines.orderId, order.id));
  const boxes = await tx
    .select({ finishedAt: inboundBoxes.finishedAt })
    .from(inboundBoxes)
    .where(eq(inboundBoxes.orderId, order.id));
  const [discrepancies] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(inboundDiscrepancies)
    .where(eq(inboundDiscrepancies.orderId, order.id));
  const next = inboundStatus({
    lines,
    boxesFinished: boxes.map((box) => box.finishedAt !== null),
    discrepancyCount: discrepancies?.n ?? 0,
  });
  if (!canTransition(order.status, next))
    throw new AppError('inbound.transition_not_allowed', { from: order.status, to: next });
  await tx
    .update(inboundOrders)
    .set({ status: next, updatedAt: sql`now()` })
    .where(eq(inboundOrders.id, order.id));
  return next;
}
