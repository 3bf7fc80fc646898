/**
 * A manager's review of a stock check order's variances (counts.service.ts plans and counts):
 * each passed line's variance posted through the ledger as a count_correction movement (never
 * the counted quantity), a shortage larger than the available units taking reserved units only
 * by releasing named orders (which then wait as out of stock), and a rejected line's location
 * counted again. All or nothing, in the transaction of the call.
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { reviewCountInput, type ReviewCountInput, type ReviewCountView } from '@shared/contract/counts.js';
import { canDecideLine, reservedShortfall } from '@shared/domain/counts.js';
import { AppError } from '@shared/errors.js';
import type { TenantTx } from '../../db/client.js';
import type { Actor } from '../../http/actor.js';
import { parseInput } from '../../http/parse-input.js';
import { skus } from '../catalog/index.js';
import { adjustStock, stockBalances } from '../inventory/index.js';
import {
  allocateArrivingStock,
  lockOrders,
  orderReservations,
  orders,
  releaseOrder,
  reserveOrder,
} from '../orders/index.js';
import { warehouseLocations } from '../warehouse/index.js';
import { lockCountOrder, type CountOrderRow } from './counts.access.js';
import { countLines, countLocations } from './counts.tables.js';

const SOURCE = 'count';

type LineRow = typeof countLines.$inferSelect;

/** A counted line: one with a counted quantity and its variance. */
type CountedLine = LineRow & { countedQuantity: number; variance: number };

function isCountedLine(line: LineRow): line is CountedLine {
  return line.countedQuantity !== null && line.variance !== null;
}

async function sellerSkuOf(tx: TenantTx, skuId: string): Promise<string> {
  const [sku] = await tx.select({ sellerSku: skus.sellerSku }).from(skus).where(eq(skus.id, skuId));
  return sku?.sellerSku ?? '';
}

/**
 * Releases the reservations of pending orders holding the SKU in the warehouse, newest first,
 * until `units` are free; answers the orders released, to reserve again after the correction.
 */
async function releaseForShortage(
  tx: TenantTx,
  actor: Actor,
  order: CountOrderRow,
  line: LineRow,
  units: number,
): Promise<string[]> {
  const holders = await tx
    .select({ orderId: orderReservations.orderId, quantity: orderReservations.quantity })
    .from(orderReservations)
    .innerJoin(orders, eq(orders.id, orderReservations.orderId))
    .where(
      and(
        eq(orderReservations.warehouseId, order.warehouseId),
        eq(orderReservations.skuId, line.skuId),
        eq(orderReservations.state, 'active'),
        eq(orders.localStatus, 'pending_shipment'),
      ),
    )
    .orderBy(desc(orderReservations.createdAt), desc(orderReservations.orderId));
  const chosen: string[] = [];
  let freed = 0;
  for (const holder of holders) {
    if (freed >= units) break;
    if (!chosen.includes(holder.orderId)) chosen.push(holder.orderId);
    freed += holder.quantity;
  }
  for (const orderId of chosen) {
    const [held] = await lockOrders(tx, actor, [orderId]);
    if (held) await releaseOrder(tx, actor, held, `count ${order.countNo}`);
  }
  return chosen;
}

/** Posts one passed line's variance through the ledger; answers the movement and the orders affected. */
async function correct(
  tx: TenantTx,
  actor: Actor,
  order: CountOrderRow,
  line: CountedLine,
): Promise<{ movementId: number; affected: string[] }> {
  let affected: string[] = [];
  if (line.variance < 0) {
    const [balance] = await tx
      .select({ available: stockBalances.available })
      .from(stockBalances)
      .where(and(eq(stockBalances.warehouseId, order.warehouseId), eq(stockBalances.skuId, line.skuId)));
    const short = reservedShortfall(line.variance, balance?.available ?? 0);
    if (short > 0) affected = await releaseForShortage(tx, actor, order, line, short);
  }
  const change = await adjustStock(tx, actor, {
    warehouseId: order.warehouseId,
    skuId: line.skuId,
    locationId: line.locationId,
    quantity: line.variance,
    kind: 'count_correction',
    source: { type: SOURCE, id: order.id },
    reason: order.countNo,
  });
  // What the shortage took, the orders take again if they can; else they wait as out of stock.
  if (affected.length > 0)
    for (const held of await lockOrders(tx, actor, affected)) await reserveOrder(tx, actor, held);
  // Units the count found are available at once: orders waiting for the SKU take them first.
  if (line.variance > 0)
    await allocateArrivingStock(tx, actor, { warehouseId: order.warehouseId, skuIds: [line.skuId] });
  return { movementId: change.movementId, affected };
}

/**
 * While handhelds may still count, a location's variances are passed only once it is counted in
 * full: one with an SKU not counted, or sent back for a recount, is counted again first (its
 * recount replaces its lines, and a location with a passed line cannot be counted again). Once
 * the order is closed nothing more is counted, so its counted lines may be passed, and an SKU not
 * counted stays uncorrected.
 */
async function assertCountedInFull(tx: TenantTx, order: CountOrderRow, lines: readonly LineRow[]) {
  if (order.status === 'counted') return;
  const [open] = await tx
    .select({ code: warehouseLocations.code })
    .from(countLocations)
    .innerJoin(warehouseLocations, eq(warehouseLocations.id, countLocations.locationId))
    .where(
      and(
        inArray(countLocations.id, [...new Set(lines.map((line) => line.countLocationId))]),
        sql`(${countLocations.status} = 'recount' or exists (select 1 from ${countLines} x where x.count_location_id = ${countLocations.id} and x.state = 'not_counted'))`,
      ),
    )
    .orderBy(asc(warehouseLocations.code))
    .limit(1);
  if (open) throw new AppError('counts.location_not_counted_in_full', { location: open.code });
}

/**
 * A manager passes variances (each posted as a count correction) or rejects them (their
 * locations are counted again). Only lines waiting for review; all or nothing. A not-counted line
 * is never passed as a 0: it can only be rejected, so its location is counted again; the
 * location's other variances wait for that recount (assertCountedInFull).
 */
export async function reviewCount(
  tx: TenantTx,
  actor: Actor,
  raw: ReviewCountInput,
): Promise<ReviewCountView> {
  const input = parseInput(reviewCountInput, raw);
  const order = await lockCountOrder(tx, actor, input.id);
  const lines = await tx
    .select()
    .from(countLines)
    .where(and(eq(countLines.countOrderId, order.id), inArray(countLines.id, input.lineIds)))
    .orderBy(asc(countLines.skuId), asc(countLines.locationId))
    .for('update');
  if (lines.length !== input.lineIds.length) throw new AppError('counts.line_not_pending');
  const uncounted = lines.find((line) => line.state === 'not_counted');
  if (input.decision === 'pass' && uncounted)
    throw new AppError('counts.line_not_counted', { sku: await sellerSkuOf(tx, uncounted.skuId) });
  if (lines.some((line) => !canDecideLine(line.state, input.decision)))
    throw new AppError('counts.line_not_pending');
  if (input.decision === 'reject') {
    await tx
      .update(countLines)
      .set({ state: 'rejected', reviewedBy: actor.userId, reviewedAt: sql`now()` })
      .where(inArray(countLines.id, input.lineIds));
    await tx
      .update(countLocations)
      .set({ status: 'recount', updatedAt: sql`now()` })
      .where(inArray(countLocations.id, [...new Set(lines.map((line) => line.countLocationId))]));
    return { id: order.id, passed: 0, rejected: lines.length, affectedOrders: 0 };
  }
  await assertCountedInFull(tx, order, lines);
  const affectedOrders = new Set<string>();
  for (const line of lines) {
    if (!isCountedLine(line)) throw new AppError('counts.line_not_pending');
    const { movementId, affected } = await correct(tx, actor, order, line);
    for (const id of affected) affectedOrders.add(id);
    await tx
      .update(countLines)
      .set({
        state: 'passed',
        reviewedBy: actor.userId,
        reviewedAt: sql`now()`,
        correctionMovementId: movementId,
        affectedOrders: affected.length,
      })
      .where(eq(countLines.id, line.id));
  }
  return { id: order.id, passed: lines.length, rejected: 0, affectedOrders: affectedOrders.size };
}
