/**
 * Stock check orders: a manager plans, assigns and closes them; handhelds count one location at
 * a time (the PDA op 'count.location'); a manager passes or rejects each variance. A count is
 * blind: the book quantity never leaves the server. It is the quantity that lay on the location
 * at the moment the worker finished it, found from what lies there now less what the ledger moved
 * on or off it since, so stock that moved while the count travelled from an offline handheld is
 * neither overwritten nor counted twice. A pass posts the variance (never the counted quantity)
 * as a count_correction movement; a shortage larger than the available units takes reserved
 * units only by releasing named orders, which then wait as out of stock (problem orders).
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  assignCountInput,
  closeCountInput,
  countLocationInput,
  createCountInput,
  reviewCountInput,
  type AssignCountInput,
  type CloseCountInput,
  type CountLocationInput,
  type CountLocationView,
  type CreateCountInput,
  type ReviewCountInput,
  type ReviewCountView,
} from '@shared/contract/counts.js';
import { canDecideLine, reservedShortfall } from '@shared/domain/counts.js';
import { WAREHOUSE_ROLES } from '@shared/domain/roles.js';
import { AppError } from '@shared/errors.js';
import { PERMISSIONS } from '@shared/permissions.js';
import { rowsOf, type TenantTx } from '../../db/client.js';
import { hasPermission, type Actor } from '../../http/actor.js';
import { parseInput } from '../../http/parse-input.js';
import { users } from '../identity/index.js';
import { skus } from '../catalog/index.js';
import { adjustStock, locationStock, stockBalances } from '../inventory/index.js';
import {
  allocateArrivingStock,
  lockOrders,
  orderReservations,
  orders,
  releaseOrder,
  reserveOrder,
} from '../orders/index.js';
import {
  visibleWarehouse,
  warehouseLocations,
  warehouseScope,
  warehouseStaff,
  type WarehouseRow,
} from '../warehouse/index.js';
import { booksSince, countedLines } from './counts-book.js';
import { assertCountTransition, assertOpen, lockCountOrder, type CountOrderRow } from './counts.access.js';
import { countCounters, countLines, countLocations, countOrderSkus, countOrders } from './counts.tables.js';

const SOURCE = 'count';

/** The next check-order number of the tenant for the warehouse's local day: PD20261127-0001. */
async function nextCountNo(tx: TenantTx, timeZone: string): Promise<string> {
  const [row] = rowsOf<{ day: string; last_value: number }>(
    await tx.execute(sql`
      insert into ${countCounters} (day, last_value)
      values ((now() at time zone ${timeZone})::date, 1)
      on conflict (tenant_id, day) do update set last_value = ${countCounters}.last_value + 1
      returning to_char(day, 'YYYYMMDD') as day, last_value`),
  );
  if (!row) throw new Error('count counter returned no row');
  return `PD${row.day}-${String(row.last_value).padStart(4, '0')}`;
}

/** A counter must work in the warehouse: a manager of the tenant, or staff assigned to it. */
async function assertAssignable(
  tx: TenantTx,
  warehouse: WarehouseRow,
  assigneeId: string | null,
): Promise<void> {
  if (assigneeId === null) return;
  const [user] = await tx.select({ role: users.userRole }).from(users).where(eq(users.id, assigneeId));
  if (!user || !['admin', 'agent_manager', ...WAREHOUSE_ROLES].includes(user.role))
    throw new AppError('counts.assignee_invalid');
  if (!WAREHOUSE_ROLES.includes(user.role)) return;
  const [staff] = await tx
    .select({ userId: warehouseStaff.userId })
    .from(warehouseStaff)
    .where(and(eq(warehouseStaff.warehouseId, warehouse.id), eq(warehouseStaff.userId, assigneeId)));
  if (!staff) throw new AppError('counts.assignee_invalid');
}

/** The locations a new check order plans to count, by its type. */
async function plannedLocations(
  tx: TenantTx,
  actor: Actor,
  warehouse: WarehouseRow,
  input: ReturnType<typeof createCountInput.parse>,
): Promise<string[]> {
  if (input.type === 'warehouse') {
    const rows = await tx
      .select({ id: warehouseLocations.id })
      .from(warehouseLocations)
      .where(eq(warehouseLocations.warehouseId, warehouse.id))
      .orderBy(asc(warehouseLocations.code));
    return rows.map((row) => row.id);
  }
  if (input.type === 'location') {
    const rows = await tx
      .select({ id: warehouseLocations.id, warehouseId: warehouseLocations.warehouseId })
      .from(warehouseLocations)
      .where(
        and(
          inArray(warehouseLocations.id, input.locationIds),
          warehouseScope(actor, warehouseLocations.warehouseId),
        ),
      );
    if (rows.length !== input.locationIds.length) throw new AppError('warehouse.location_not_found');
    if (rows.some((row) => row.warehouseId !== warehouse.id))
      throw new AppError('warehouse.location_other_warehouse');
    return input.locationIds;
  }
  const found = await tx.select({ id: skus.id }).from(skus).where(inArray(skus.id, input.skuIds));
  if (found.length !== input.skuIds.length) throw new AppError('catalog.sku_not_found');
  const rows = await tx
    .selectDistinct({ id: locationStock.locationId })
    .from(locationStock)
    .where(
      and(
        eq(locationStock.warehouseId, warehouse.id),
        inArray(locationStock.skuId, input.skuIds),
        sql`${locationStock.quantity} > 0`,
      ),
    );
  return rows.map((row) => row.id);
}

/** A manager plans a check order (to count) by warehouse, by location or by product. */
export async function createCount(
  tx: TenantTx,
  actor: Actor,
  raw: CreateCountInput,
): Promise<{ id: string; countNo: string }> {
  const input = parseInput(createCountInput, raw);
  const warehouse = await visibleWarehouse(tx, actor, input.warehouseId);
  await assertAssignable(tx, warehouse, input.assigneeId);
  const locationIds = await plannedLocations(tx, actor, warehouse, input);
  if (locationIds.length === 0) throw new AppError('counts.nothing_to_count');
  const countNo = await nextCountNo(tx, warehouse.timeZone);
  const [order] = await tx
    .insert(countOrders)
    .values({
      countNo,
      warehouseId: warehouse.id,
      type: input.type,
      assigneeId: input.assigneeId,
      note: input.note,
      createdBy: actor.userId,
    })
    .returning({ id: countOrders.id });
  if (!order) throw new Error('the check order was not written');
  if (input.type === 'product')
    await tx.insert(countOrderSkus).values(input.skuIds.map((skuId) => ({ countOrderId: order.id, skuId })));
  await tx
    .insert(countLocations)
    .values(
      locationIds.map((locationId) => ({ countOrderId: order.id, warehouseId: warehouse.id, locationId })),
    );
  return { id: order.id, countNo };
}

/** A manager (re)assigns an open check order to a counter, or to nobody (anyone may count). */
export async function assignCount(
  tx: TenantTx,
  actor: Actor,
  raw: AssignCountInput,
): Promise<{ id: string }> {
  const input = parseInput(assignCountInput, raw);
  const order = await lockCountOrder(tx, actor, input.id);
  assertOpen(order);
  await assertAssignable(tx, await visibleWarehouse(tx, actor, order.warehouseId), input.assigneeId);
  await tx
    .update(countOrders)
    .set({ assigneeId: input.assigneeId, updatedAt: sql`now()` })
    .where(eq(countOrders.id, order.id));
  return { id: order.id };
}

/** A manager closes the check order (counted): handhelds can count nothing more for it. */
export async function closeCount(tx: TenantTx, actor: Actor, raw: CloseCountInput): Promise<{ id: string }> {
  const input = parseInput(closeCountInput, raw);
  const order = await lockCountOrder(tx, actor, input.id);
  assertOpen(order);
  assertCountTransition(order, 'counted');
  await tx
    .update(countOrders)
    .set({ status: 'counted', closedAt: sql`now()`, closedBy: actor.userId, updatedAt: sql`now()` })
    .where(eq(countOrders.id, order.id));
  return { id: order.id };
}

/** The device's moment of counting, kept between the order's creation and now. */
export function clampCountedAt(countedAt: string, order: CountOrderRow): Date {
  const at = new Date(countedAt).getTime();
  return new Date(Math.min(Date.now(), Math.max(at, order.createdAt.getTime())));
}

/**
 * A handheld's count of one location (blind): every SKU counted with its quantity (0: the worker
 * confirmed none); an SKU the ledger has there that the worker did not count gets a not-counted
 * line, never a 0. A location counted again (a recount) replaces its earlier lines unless a
 * variance of it was already passed.
 */
export async function countLocation(
  tx: TenantTx,
  actor: Actor,
  raw: CountLocationInput,
): Promise<CountLocationView> {
  const input = parseInput(countLocationInput, raw);
  const order = await lockCountOrder(tx, actor, input.countOrderId);
  assertOpen(order);
  if (order.assigneeId && order.assigneeId !== actor.userId && !hasPermission(actor, PERMISSIONS.countEdit))
    throw new AppError('counts.not_assigned', { countNo: order.countNo });
  // The location, whether the order plans it, and whether a variance of it was passed: one read.
  // The order's row lock above already orders every count of this order, its locations too.
  const [location] = await tx
    .select({
      id: warehouseLocations.id,
      code: warehouseLocations.code,
      warehouseId: warehouseLocations.warehouseId,
      plannedId: countLocations.id,
      round: countLocations.round,
      isPassed: sql<boolean>`exists (select 1 from ${countLines} x where x.count_location_id = ${countLocations.id} and x.state = 'passed')`,
    })
    .from(warehouseLocations)
    .leftJoin(
      countLocations,
      and(eq(countLocations.countOrderId, order.id), eq(countLocations.locationId, warehouseLocations.id)),
    )
    .where(
      and(eq(warehouseLocations.id, input.locationId), warehouseScope(actor, warehouseLocations.warehouseId)),
    );
  if (!location) throw new AppError('warehouse.location_not_found');
  const params = { location: location.code, countNo: order.countNo };
  if (location.warehouseId !== order.warehouseId)
    throw new AppError('counts.location_other_warehouse', params);
  const { plannedId, round } = location;
  if (plannedId === null || round === null) throw new AppError('counts.location_not_in_count', params);
  if (location.isPassed) throw new AppError('counts.location_passed', params);

  const counted = new Map(input.lines.map((line) => [line.skuId, line.quantity]));
  const countedAt = clampCountedAt(input.countedAt, order);
  const rows = await booksSince(tx, [
    { locationId: location.id, since: countedAt, skuIds: [...counted.keys()] },
  ]);
  const scanned = rows.filter((row) => row.is_counted);
  if (scanned.some((row) => row.seller_id === null)) throw new AppError('catalog.sku_not_found');
  let inScope = (_skuId: string) => true;
  if (order.type === 'product') {
    const chosen = new Set(
      (
        await tx
          .select({ skuId: countOrderSkus.skuId })
          .from(countOrderSkus)
          .where(eq(countOrderSkus.countOrderId, order.id))
      ).map((row) => row.skuId),
    );
    const outside = scanned.find((sku) => !chosen.has(sku.sku_id));
    if (outside)
      throw new AppError('counts.sku_not_in_count', {
        sku: outside.seller_sku ?? '',
        countNo: order.countNo,
      });
    inScope = (skuId) => chosen.has(skuId);
  }

  const position = rows[0]?.position ?? null;
  const lines = countedLines(rows, counted, inScope, {
    countOrderId: order.id,
    countLocationId: plannedId,
    locationId: location.id,
    round: round + 1,
  });
  await tx.delete(countLines).where(eq(countLines.countLocationId, plannedId));
  // The new lines and the location's round in one statement (one round trip).
  const counting = {
    status: 'counted' as const,
    round: round + 1,
    countedAt,
    countedBy: actor.userId,
    ledgerPosition: position === null ? null : Number(position),
    updatedAt: sql`now()`,
  };
  const planned = eq(countLocations.id, plannedId);
  if (lines.length === 0) await tx.update(countLocations).set(counting).where(planned);
  else {
    const inserted = tx
      .$with('inserted')
      .as(tx.insert(countLines).values(lines).returning({ id: countLines.id }));
    await tx.with(inserted).update(countLocations).set(counting).where(planned);
  }
  if (order.status === 'to_count') {
    assertCountTransition(order, 'counting');
    await tx
      .update(countOrders)
      .set({ status: 'counting', startedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(countOrders.id, order.id));
  }
  return { countOrderId: order.id, locationId: location.id, round: round + 1, lines: lines.length };
}

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
