/**
 * Stock check orders: a manager plans, assigns and closes them; handhelds count one location at
 * a time (the PDA op 'count.location'); a manager passes or rejects each variance
 * (count-review.service.ts). A count is blind: the book quantity never leaves the server. It is
 * the quantity that lay on the location at the moment the worker finished it, found from what
 * lies there now less what the ledger moved on or off it since, so stock that moved while the
 * count travelled from an offline handheld is neither overwritten nor counted twice. A pass
 * posts the variance (never the counted quantity) as a count_correction movement; a shortage
 * larger than the available units takes reserved units only by releasing named orders, which
 * then wait as out of stock (problem orders).
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  assignCountInput,
  closeCountInput,
  countLocationInput,
  createCountInput,
  type AssignCountInput,
  type CloseCountInput,
  type CountLocationInput,
  type CountLocationView,
  type CreateCountInput,
} from '@shared/contract/counts.js';
import { WAREHOUSE_ROLES } from '@shared/domain/roles.js';
import { AppError } from '@shared/errors.js';
import { PERMISSIONS } from '@shared/permissions.js';
import { rowsOf, type TenantTx } from '../../db/client.js';
import { hasPermission, type Actor } from '../../http/actor.js';
import { parseInput } from '../../http/parse-input.js';
import { users } from '../identity/index.js';
import { skus } from '../catalog/index.js';
import { locationStock } from '../inventory/index.js';
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
