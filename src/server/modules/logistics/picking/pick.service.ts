/**
 * Picking: units of an order's lines move from
 * their shelves to the warehouse's staging location (type 'outbound', code PICKED, made on the
 * warehouse's first pick) through the ledger (kind 'move', source the order), and order_picks
 * records them under the staging location, so the hand-over (outbound.service deliverOne →
 * consumeOrder) issues them from there. The order's reservation (frozen units) stays until the
 * hand-over: a move changes no balance bucket.
 *
 * The handheld's ops (pick.claim, pick.take, pick.short, applied once each by pda/push.service)
 * and the admin's "picked" (outbound.service markPicked, through takeUnits below) are one model.
 * Each op locks the wave's row first (lockWave; the wave's and lines' state is read in
 * pick-progress.queries.ts), then the order's (lockOrders), so two devices picking one wave run
 * one after the other, and an order cancelled meanwhile (orders.service locks the same row) is
 * seen: a pick of an order no longer waiting to ship is refused, and what was picked
 * before the cancellation stays on staging, booked to the ledger, available again once the
 * cancellation released the reservation.
 *
 * A short pick records the units missing with a coded reason (SHORT_PICK_REASONS, which say what
 * happens to stock: nothing by itself) and makes the order a problem order (short_pick) naming
 * what is missing. An order whose every line is picked becomes 'picked'; a wave whose every order
 * is picked, short or cancelled becomes 'picked' (or 'short' when any order was).
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { ClaimWaveInput, PickShortInput, PickTakeInput, RepickInput } from '@shared/contract/picking.js';
import { claimWaveInput, pickShortInput, pickTakeInput, repickInput } from '@shared/contract/picking.js';
import type { ShortageView } from '@shared/contract/orders.js';
import type { WaveStatus } from '@shared/domain/picking.js';
import { AppError } from '@shared/errors.js';
import type { TenantTx } from '../../../db/client.js';
import type { Actor } from '../../../http/actor.js';
import { parseInput } from '../../../http/parse-input.js';
import { moveStock } from '../../inventory/index.js';
import { orderPicks } from '../logistics.tables.js';
import {
  lockOrders,
  moveWarehouseStatus,
  openException,
  orderExceptions,
  resolveExceptionsOf,
  type OrderRecord,
} from '../../orders/index.js';
import { stagingLocation, warehouseLocations } from '../../warehouse/index.js';
import {
  linesProgress,
  lockWave,
  refreshWave,
  startWave,
  type LineProgress,
} from './pick-progress.queries.js';
import { waveOrders, waveShortages, waves } from './picking.tables.js';

/** Units of a line moved from a shelf to staging through the ledger, and kept in order_picks. */
export async function takeUnits(
  tx: TenantTx,
  actor: Actor,
  order: OrderRecord,
  line: { id: string; skuId: string },
  fromLocationId: string,
  quantity: number,
  staging: string,
): Promise<void> {
  await moveStock(tx, actor, {
    warehouseId: order.warehouseId,
    skuId: line.skuId,
    fromLocationId,
    toLocationId: staging,
    quantity,
    source: { type: 'order', id: order.id },
    reason: `${order.systemNo} pick`.slice(0, 255),
  });
  await tx
    .insert(orderPicks)
    .values({ orderId: order.id, lineId: line.id, locationId: staging, quantity, pickedBy: actor.userId })
    .onConflictDoUpdate({
      target: [orderPicks.tenantId, orderPicks.orderId, orderPicks.lineId, orderPicks.locationId],
      set: { quantity: sql`${orderPicks.quantity} + ${quantity}`, pickedBy: actor.userId },
    });
}

const lineProgress = (tx: TenantTx, waveId: string, orderId: string) => linesProgress(tx, waveId, [orderId]);

/**
 * The order's wave row once every line is picked or reported short: picked, or short. `lines`
 * is the order's progress as the op left it (read before it, with the op's units added).
 */
async function settleOrder(tx: TenantTx, actor: Actor, order: OrderRecord, lines: LineProgress[]) {
  const done = lines.every((line) => line.picked + line.short >= line.quantity);
  if (!done) return 'open' as const;
  const isShort = lines.some((line) => line.short > 0);
  if (!isShort) await moveWarehouseStatus(tx, actor, order, 'picked');
  const state = isShort ? ('short' as const) : ('picked' as const);
  await tx
    .update(waveOrders)
    .set({ state })
    .where(and(eq(waveOrders.orderId, order.id), eq(waveOrders.state, 'open')));
  return state;
}

/**
 * The admin picked an order whole (outbound markPicked): if it is in a wave still to pick, the
 * wave learns it. Only called after the order's units were taken.
 */
export async function settlePickedOrder(tx: TenantTx, actor: Actor, order: OrderRecord): Promise<void> {
  const [member] = await tx
    .select({ waveId: waveOrders.waveId })
    .from(waveOrders)
    .where(and(eq(waveOrders.orderId, order.id), eq(waveOrders.state, 'open')));
  if (!member) return;
  await tx
    .update(waveOrders)
    .set({ state: 'picked' })
    .where(and(eq(waveOrders.orderId, order.id), eq(waveOrders.waveId, member.waveId)));
  await refreshWave(tx, member.waveId);
}

const CANCELLED = ['in_cancellation', 'cancelled'];

/** The wave and the order, locked in that order, with every check a pick or short shares. */
async function openPick(
  tx: TenantTx,
  actor: Actor,
  input: { waveId: string; orderId: string; lineId: string },
) {
  const wave = await lockWave(tx, actor, input.waveId);
  if (wave.status === 'picked' || wave.status === 'short')
    throw new AppError('pick.wave_closed', { waveNo: wave.waveNo });
  const [member] = await tx
    .select()
    .from(waveOrders)
    .where(and(eq(waveOrders.waveId, wave.id), eq(waveOrders.orderId, input.orderId)));
  if (!member) throw new AppError('pick.order_not_in_wave', { waveNo: wave.waveNo });
  const [order] = await lockOrders(tx, actor, [input.orderId]);
  if (!order) throw new AppError('order.not_found');
  if (CANCELLED.includes(order.localStatus))
    throw new AppError('pick.order_cancelled', { orderNo: order.orderNo });
  if (
    order.localStatus !== 'pending_shipment' ||
    member.state !== 'open' ||
    !['none', 'picking'].includes(order.warehouseStatus)
  )
    throw new AppError('pick.order_not_pickable', {
      orderNo: order.orderNo,
      status: `${order.localStatus}/${order.warehouseStatus}`,
    });
  const lines = await lineProgress(tx, wave.id, order.id);
  const line = lines.find((item) => item.id === input.lineId);
  if (!line) throw new AppError('pick.line_not_in_order', { orderNo: order.orderNo });
  if (line.reserved < line.quantity) throw new AppError('outbound.out_of_stock', { orderNo: order.orderNo });
  return { wave, order, line, lines, left: line.quantity - line.picked - line.short };
}

/** pick.claim: the worker takes the wave; it shows as theirs (the last to take it) in the admin. */
export async function claimWave(
  tx: TenantTx,
  actor: Actor,
  raw: ClaimWaveInput,
): Promise<{ waveId: string; status: WaveStatus }> {
  const input = parseInput(claimWaveInput, raw);
  const wave = await lockWave(tx, actor, input.waveId);
  if (wave.status === 'picked' || wave.status === 'short')
    throw new AppError('pick.wave_closed', { waveNo: wave.waveNo });
  await tx
    .update(waves)
    .set({ pickerId: actor.userId, startedAt: wave.startedAt ?? sql`now()`, updatedAt: sql`now()` })
    .where(eq(waves.id, wave.id));
  return { waveId: wave.id, status: await refreshWave(tx, wave.id) };
}

/** pick.take: units of a line from a shelf of the order's warehouse to staging. */
export async function pickTake(
  tx: TenantTx,
  actor: Actor,
  raw: PickTakeInput,
): Promise<{ orderId: string; lineId: string; picked: number; orderState: string; waveStatus: WaveStatus }> {
  const input = parseInput(pickTakeInput, raw);
  const { wave, order, line, lines, left } = await openPick(tx, actor, input);
  if (input.quantity > left)
    throw new AppError('pick.too_many', { sku: line.sellerSku, left, quantity: input.quantity });
  // The shelf, and the warehouse's staging location when it has one, in one read.
  const places = await tx
    .select({
      id: warehouseLocations.id,
      code: warehouseLocations.code,
      type: warehouseLocations.locationType,
    })
    .from(warehouseLocations)
    .where(
      and(
        eq(warehouseLocations.warehouseId, order.warehouseId),
        sql`(${warehouseLocations.id} = ${input.locationId} or ${warehouseLocations.locationType} = 'outbound')`,
      ),
    )
    .orderBy(warehouseLocations.code);
  const location = places.find((place) => place.id === input.locationId);
  if (!location) throw new AppError('pick.location_not_found');
  if (location.type === 'outbound')
    throw new AppError('pick.location_is_staging', { location: location.code });
  const staging =
    places.find((place) => place.type === 'outbound')?.id ?? (await stagingLocation(tx, order.warehouseId));
  await takeUnits(tx, actor, order, line, location.id, input.quantity, staging);
  if (order.warehouseStatus === 'none') await moveWarehouseStatus(tx, actor, order, 'picking');
  const current = { ...order, warehouseStatus: 'picking' as const };
  await startWave(tx, actor, wave);
  const after = lines.map((item) =>
    item.id === line.id ? { ...item, picked: item.picked + input.quantity } : item,
  );
  const orderState = await settleOrder(tx, actor, current, after);
  // The wave changes only when an order is done (or on its first pick): skip the recount otherwise.
  const waveStatus =
    orderState === 'open' && wave.status === 'picking' ? wave.status : await refreshWave(tx, wave.id);
  return { orderId: order.id, lineId: line.id, picked: line.picked + input.quantity, orderState, waveStatus };
}

/** The short_pick exception's note and shortages: every line of the order reported short. */
async function raiseShortPick(tx: TenantTx, actor: Actor, waveId: string, order: OrderRecord): Promise<void> {
  const lines = (await lineProgress(tx, waveId, order.id)).filter((line) => line.short > 0);
  const reasons = await tx
    .select({ lineId: waveShortages.lineId, reason: waveShortages.reason })
    .from(waveShortages)
    .where(
      and(
        eq(waveShortages.waveId, waveId),
        inArray(
          waveShortages.lineId,
          lines.map((line) => line.id),
        ),
      ),
    );
  const note = lines
    .map((line) => {
      const why = [...new Set(reasons.filter((row) => row.lineId === line.id).map((row) => row.reason))];
      return `${line.sellerSku} ×${line.short} (${why.join(', ')})`;
    })
    .join('; ');
  const shortages: ShortageView[] = lines.map((line) => ({
    skuId: line.skuId,
    sellerSku: line.sellerSku,
    needed: line.quantity,
    available: line.picked,
  }));
  await openException(tx, actor, order.id, 'short_pick', note, shortages);
}

/** pick.short: units of a line that cannot be picked, with the reason; the order becomes a problem. */
export async function pickShort(
  tx: TenantTx,
  actor: Actor,
  raw: PickShortInput,
): Promise<{ orderId: string; lineId: string; short: number; orderState: string; waveStatus: WaveStatus }> {
  const input = parseInput(pickShortInput, raw);
  const { wave, order, line, lines, left } = await openPick(tx, actor, input);
  if (input.quantity > left)
    throw new AppError('pick.too_many', { sku: line.sellerSku, left, quantity: input.quantity });
  if (input.locationId !== null) {
    const [location] = await tx
      .select({ id: warehouseLocations.id })
      .from(warehouseLocations)
      .where(
        and(
          eq(warehouseLocations.id, input.locationId),
          eq(warehouseLocations.warehouseId, order.warehouseId),
        ),
      );
    if (!location) throw new AppError('pick.location_not_found');
  }
  await tx.insert(waveShortages).values({
    waveId: wave.id,
    orderId: order.id,
    lineId: line.id,
    skuId: line.skuId,
    locationId: input.locationId,
    quantity: input.quantity,
    reason: input.reason,
    reportedBy: actor.userId,
  });
  if (order.warehouseStatus === 'none') await moveWarehouseStatus(tx, actor, order, 'picking');
  await raiseShortPick(tx, actor, wave.id, order);
  await startWave(tx, actor, wave);
  const after = lines.map((item) =>
    item.id === line.id ? { ...item, short: item.short + input.quantity } : item,
  );
  const orderState = await settleOrder(tx, actor, { ...order, warehouseStatus: 'picking' }, after);
  return {
    orderId: order.id,
    lineId: line.id,
    short: line.short + input.quantity,
    orderState,
    waveStatus: await refreshWave(tx, wave.id),
  };
}

/**
 * Short-picked orders put back to be picked (POST /wave/repick): the manager found the units, or
 * had the shelf counted (a count corrects the books and releases what cannot be covered). The
 * order's short_pick problem is resolved; what was picked stays on staging, and the order goes
 * into a new wave for the units still missing (readyToPick takes an order part-picked that is in
 * no open wave). An order that is not a short-picked order waiting to ship is refused.
 */
export async function repickOrders(tx: TenantTx, actor: Actor, raw: RepickInput): Promise<{ count: number }> {
  const input = parseInput(repickInput, raw);
  const locked = await lockOrders(tx, actor, input.orderIds);
  const open = await tx
    .select({ orderId: orderExceptions.orderId })
    .from(orderExceptions)
    .where(
      and(
        inArray(orderExceptions.orderId, input.orderIds),
        eq(orderExceptions.reason, 'short_pick'),
        isNull(orderExceptions.resolvedAt),
      ),
    );
  const short = new Set(open.map((row) => row.orderId));
  const refused = locked.find((order) => !short.has(order.id) || order.localStatus !== 'pending_shipment');
  if (refused) throw new AppError('wave.not_short', { orderNo: refused.orderNo });
  await resolveExceptionsOf(tx, actor, input.orderIds, 'repick', ['short_pick']);
  return { count: locked.length };
}
