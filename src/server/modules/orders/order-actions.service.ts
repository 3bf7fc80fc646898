/**
 * The hand actions on orders: cancel, review pass and reject, out of stock, tags, notes. Every
 * status change goes through writeLocalStatus (the transition table) or moveOrder, which keeps
 * the reservation in step. A batch action is all or nothing: one order it may not change refuses
 * the batch and changes none (review pass answers each order refused or passed).
 */
import { eq, sql } from 'drizzle-orm';
import {
  cancelOrdersInput,
  orderIdsInput,
  orderNotesInput,
  orderTagsInput,
  rejectReviewInput,
  type CancelOrdersInput,
  type OrderActionResult,
  type OrderIdsInput,
  type OrderNotesInput,
  type OrderTagsInput,
  type RejectReviewInput,
  type SavedOrderView,
} from '@shared/contract/orders.js';
import { canAct, type OrderAction, type OrderTag } from '@shared/domain/order.js';
import { AppError } from '@shared/errors.js';
import type { TenantTx } from '../../db/client.js';
import type { Actor } from '../../http/actor.js';
import { parseInput } from '../../http/parse-input.js';
import { isSellerBound } from '../../access/seller-scope.js';
import { isWarehouseBound } from '../warehouse/index.js';
import {
  lockOrders,
  openException,
  recordHistory,
  resolveExceptionsOf,
  withOpenException,
  writeLocalStatuses,
  type OrderRecord,
} from './orders.access.js';
import { moveOrder } from './orders.service.js';
import { orders } from './orders.tables.js';
import { releaseOrder, reserveOrders } from './reservation.service.js';

function resultOf(order: OrderRecord, code: string | null = null): OrderActionResult {
  return { id: order.id, orderNo: order.orderNo, localStatus: order.localStatus, ok: true, code };
}

function assertCan(action: OrderAction, rows: readonly OrderRecord[], label: string): void {
  const refused = rows.find((row) => !canAct(action, row.localStatus));
  if (refused) throw new AppError('order.action_not_allowed', { orderNo: refused.orderNo, action: label });
}

/** Cancels the selected orders, releasing exactly what each held; a combined order takes its merged orders with it. */
export async function cancelOrders(
  tx: TenantTx,
  actor: Actor,
  raw: CancelOrdersInput,
): Promise<OrderActionResult[]> {
  const input = parseInput(cancelOrdersInput, raw);
  const rows = await lockOrders(tx, actor, input.ids);
  assertCan('cancel', rows, 'cancel');
  const results: OrderActionResult[] = [];
  for (const row of rows) {
    const moved = await moveOrder(tx, actor, row, 'cancelled', input.reason);
    const merged = await tx.select().from(orders).where(eq(orders.mergedIntoId, row.id)).for('update');
    for (const child of merged) await moveOrder(tx, actor, child, 'cancelled', input.reason);
    results.push(resultOf(moved));
  }
  return results;
}

/**
 * Approves orders to review: they become pending shipment and reserve their lines (out of stock
 * when short), the whole selection at once: one status update and history insert for all, then
 * reserveOrders, which takes them in id order as if one after the other. An order that cannot
 * pass (no longer to review, or waiting for SKU matching) is answered refused with its reason
 * and the rest pass: one order the live sync cancelled meanwhile does not hold up a page of
 * them. When none can pass, the first refusal is the error.
 */
export async function passReview(
  tx: TenantTx,
  actor: Actor,
  raw: OrderIdsInput,
): Promise<OrderActionResult[]> {
  const input = parseInput(orderIdsInput, raw);
  const selected = await lockOrders(tx, actor, input.ids);
  // An order waiting for SKU matching lacks lines: it would reserve only part of what was sold.
  const unmatched = await withOpenException(
    tx,
    selected.map((row) => row.id),
    'unmatched_sku',
  );
  const refusals = new Map<string, AppError>();
  for (const row of selected) {
    if (!canAct('reviewPass', row.localStatus))
      refusals.set(row.id, new AppError('order.not_to_review', { orderNo: row.orderNo }));
    else if (unmatched.has(row.id))
      refusals.set(row.id, new AppError('order.sku_unmatched', { orderNo: row.orderNo }));
  }
  const rows = selected.filter((row) => !refusals.has(row.id));
  const [first] = refusals.values();
  if (rows.length === 0 && first) throw first;
  const ids = rows.map((row) => row.id);
  await resolveExceptionsOf(tx, actor, ids, 'review_passed', ['review_rejected']);
  const moved = await writeLocalStatuses(tx, actor, rows, 'pending_shipment');
  // From to review nothing is held: every order moved reserves.
  await reserveOrders(tx, actor, moved);
  const short = await withOpenException(tx, ids, 'out_of_stock');
  const passed = new Map(moved.map((order) => [order.id, order]));
  return selected.map((row) => {
    const order = passed.get(row.id);
    if (order) return resultOf(order, short.has(order.id) ? 'order.out_of_stock' : null);
    return { ...resultOf(row, refusals.get(row.id)?.code ?? null), ok: false };
  });
}

/** Rejects orders to review: they stay to review with a review-rejected exception carrying the reason. */
export async function rejectReview(
  tx: TenantTx,
  actor: Actor,
  raw: RejectReviewInput,
): Promise<OrderActionResult[]> {
  const input = parseInput(rejectReviewInput, raw);
  const rows = await lockOrders(tx, actor, input.ids);
  assertCan('reviewReject', rows, 'reviewReject');
  for (const row of rows) {
    await openException(tx, actor, row.id, 'review_rejected', input.reason);
    await recordHistory(tx, actor, row.id, 'local', row.localStatus, row.localStatus, input.reason);
  }
  return rows.map((row) => resultOf(row));
}

/**
 * Marks orders out of stock by hand: what they held is released and an out-of-stock exception
 * opened; arriving stock is allocated to them like to any order short of stock.
 */
export async function markOutOfStock(
  tx: TenantTx,
  actor: Actor,
  raw: OrderIdsInput,
): Promise<OrderActionResult[]> {
  const input = parseInput(orderIdsInput, raw);
  const rows = await lockOrders(tx, actor, input.ids);
  assertCan('markOutOfStock', rows, 'markOutOfStock');
  for (const row of rows) {
    await releaseOrder(tx, actor, row, 'out_of_stock');
    await openException(tx, actor, row.id, 'out_of_stock', 'marked');
  }
  return rows.map((row) => resultOf(row));
}

/** Adds, removes or sets the hand tags; 'problem' and 'out_of_stock' follow the open exceptions and are kept as they are. */
export async function setOrderTags(
  tx: TenantTx,
  actor: Actor,
  raw: OrderTagsInput,
): Promise<OrderActionResult[]> {
  const input = parseInput(orderTagsInput, raw);
  const rows = await lockOrders(tx, actor, input.ids);
  const derived: readonly OrderTag[] = ['problem', 'out_of_stock'];
  const chosen = input.tags.filter((tag) => !derived.includes(tag));
  for (const row of rows) {
    const kept = row.tags.filter((tag) => derived.includes(tag));
    const hand = row.tags.filter((tag) => !derived.includes(tag));
    const next =
      input.mode === 'add'
        ? [...hand, ...chosen]
        : input.mode === 'remove'
          ? hand.filter((tag) => !chosen.includes(tag))
          : chosen;
    const tags = [...new Set([...next, ...kept])].sort();
    await tx
      .update(orders)
      .set({ tags, updatedAt: sql`now()` })
      .where(eq(orders.id, row.id));
  }
  return rows.map((row) => resultOf(row));
}

/** Notes by who keeps them: the seller's note by the seller side (and agents), the warehouse's notes by the warehouse side (and agents). */
export async function editOrderNotes(
  tx: TenantTx,
  actor: Actor,
  raw: OrderNotesInput,
): Promise<SavedOrderView> {
  const input = parseInput(orderNotesInput, raw);
  const [order] = await lockOrders(tx, actor, [input.id]);
  if (!order) throw new AppError('order.not_found');
  const sellerSide = isSellerBound(actor);
  const warehouseSide = isWarehouseBound(actor);
  const warehouseNotes =
    input.warehouseNote !== undefined || input.transferNote !== undefined || input.expressNote !== undefined;
  if ((sellerSide && warehouseNotes) || (warehouseSide && input.sellerNote !== undefined))
    throw new AppError('order.note_not_allowed');
  const { id: _id, ...notes } = input;
  await tx
    .update(orders)
    .set({ ...notes, updatedAt: sql`now()` })
    .where(eq(orders.id, order.id));
  return { id: order.id, orderNo: order.orderNo, systemNo: order.systemNo };
}
