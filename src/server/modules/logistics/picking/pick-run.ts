/**
 * A run of picking scans (a PDA batch's consecutive 'pick.take' ops of one wave) applied with a
 * few statements instead of a dozen per scan: the wave locked once, then its orders the run
 * names (in id order, as one op at a time locks them: wave first, then order), the wave's
 * members, the orders' lines with their progress, the shelves and the units on them read once;
 * every scan checked in memory one after another as pickTake would check it; then one ledger
 * batch (one 'move' per scan, in order), one upsert of the picks, the orders' warehouse statuses
 * and their history, the wave members settled, and the wave refreshed once.
 *
 * Only what is proven clean goes this way, as in the receiving run (inbound-receive-run.ts): the
 * run stops before the first scan it cannot prove would be applied (another wave, an order not
 * in the wave or no longer to pick, a line not in the order or not reserved, too many units, a
 * shelf of another warehouse or the staging location, fewer units on the shelf than taken). The
 * caller applies that scan by pickTake, which refuses it with its usual code, and goes on. An
 * applied scan ends as it would have one at a time: the same movement, picks, statuses and
 * history, and its effect answers the order's and the wave's state right after it, computed in
 * memory (one at a time they were read back).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { pickTakeInput, type PickTakeInput } from '@shared/contract/picking.js';
import type { StockMovementInput } from '@shared/contract/inventory.js';
import type { WaveOrderState, WaveStatus } from '@shared/domain/picking.js';
import type { TenantTx } from '../../../db/client.js';
import type { Actor } from '../../../http/actor.js';
import { locationStock, recordMovements } from '../../inventory/index.js';
import {
  lockOrders,
  moveWarehouseStatuses,
  orders,
  type OrderRecord,
  type WarehouseStep,
} from '../../orders/index.js';
import { stagingLocation, warehouseLocations } from '../../warehouse/index.js';
import { orderPicks } from '../logistics.tables.js';
import { waveOrders } from './picking.tables.js';
import {
  linesProgress,
  lockWave,
  refreshWave,
  startWave,
  type LineProgress,
} from './pick-progress.queries.js';

export interface PickTakeView {
  orderId: string;
  lineId: string;
  picked: number;
  orderState: string;
  waveStatus: WaveStatus;
}

interface Member {
  state: WaveOrderState;
  /** The order still waits to ship: a member whose order does not leaves the wave on refresh. */
  pending: boolean;
}

/** The wave's status from its members as the run leaves them (refreshWave's rule, in memory). */
function waveStatusOf(members: Map<string, Member>, started: boolean): WaveStatus {
  const states = [...members.values()].map((member) =>
    member.state === 'open' && !member.pending ? 'cancelled' : member.state,
  );
  if (states.includes('open')) return started ? 'picking' : 'open';
  return states.includes('short') ? 'short' : 'picked';
}

/**
 * Applies the leading scans of `raws` it can prove clean, together, and answers their effects in
 * order; the scans from index `views.length` on are the caller's, one at a time. Runs in the
 * caller's transaction (a savepoint of it, so a refusal by the ledger leaves nothing).
 */
export async function pickTakeRun(
  tx: TenantTx,
  actor: Actor,
  raws: readonly unknown[],
): Promise<PickTakeView[]> {
  const inputs: PickTakeInput[] = [];
  for (const raw of raws) {
    const parsed = pickTakeInput.safeParse(raw);
    if (!parsed.success || (inputs[0] && parsed.data.waveId !== inputs[0].waveId)) break;
    inputs.push(parsed.data);
  }
  const first = inputs[0];
  if (!first) return [];
  const wave = await lockWave(tx, actor, first.waveId);
  if (wave.status === 'picked' || wave.status === 'short') return [];

  const memberRows = await tx
    .select({ orderId: waveOrders.orderId, state: waveOrders.state, localStatus: orders.localStatus })
    .from(waveOrders)
    .innerJoin(orders, eq(orders.id, waveOrders.orderId))
    .where(eq(waveOrders.waveId, wave.id));
  const members = new Map<string, Member>(
    memberRows.map((row) => [
      row.orderId,
      { state: row.state, pending: row.localStatus === 'pending_shipment' },
    ]),
  );
  const named = [...new Set(inputs.map((input) => input.orderId))].filter((id) => members.has(id));
  if (named.length === 0) return [];
  const lockedOrders = new Map<string, OrderRecord>(
    (await lockOrders(tx, actor, named)).map((order) => [order.id, { ...order }]),
  );
  const linesOf = new Map<string, LineProgress[]>();
  for (const line of await linesProgress(tx, wave.id, named)) {
    const lines = linesOf.get(line.orderId) ?? [];
    lines.push({ ...line });
    linesOf.set(line.orderId, lines);
  }
  const places = await tx
    .select({ id: warehouseLocations.id, type: warehouseLocations.locationType })
    .from(warehouseLocations)
    .where(
      and(
        eq(warehouseLocations.warehouseId, wave.warehouseId),
        sql`(${inArray(warehouseLocations.id, [...new Set(inputs.map((input) => input.locationId))])} or ${warehouseLocations.locationType} = 'outbound')`,
      ),
    )
    .orderBy(warehouseLocations.code);
  const shelves = new Set(places.filter((place) => place.type !== 'outbound').map((place) => place.id));
  const staging =
    places.find((place) => place.type === 'outbound')?.id ?? (await stagingLocation(tx, wave.warehouseId));
  // The units on each shelf the run takes from, by shelf and SKU: the ledger's own check, early.
  const onShelf = new Map<string, number>();
  const shelfKey = (locationId: string, skuId: string) => `${locationId}:${skuId}`;
  if (shelves.size > 0)
    for (const row of await tx
      .select({
        locationId: locationStock.locationId,
        skuId: locationStock.skuId,
        quantity: locationStock.quantity,
      })
      .from(locationStock)
      .where(inArray(locationStock.locationId, [...shelves])))
      onShelf.set(shelfKey(row.locationId, row.skuId), row.quantity);

  const views: PickTakeView[] = [];
  const movements: StockMovementInput[] = [];
  const picked = new Map<string, { orderId: string; lineId: string; quantity: number }>();
  const history: WarehouseStep[] = [];
  const settled = new Map<string, WaveOrderState>();
  let started = wave.startedAt !== null || wave.pickerId !== null;
  let waveStatus: WaveStatus = wave.status;
  for (const input of inputs) {
    const member = members.get(input.orderId);
    const order = lockedOrders.get(input.orderId);
    if (waveStatus === 'picked' || waveStatus === 'short' || !member || !order) break;
    if (order.localStatus !== 'pending_shipment') break;
    if (member.state !== 'open' || !['none', 'picking'].includes(order.warehouseStatus)) break;
    if (order.warehouseId !== wave.warehouseId) break;
    const lines = linesOf.get(order.id) ?? [];
    const line = lines.find((item) => item.id === input.lineId);
    if (!line || line.reserved < line.quantity) break;
    if (input.quantity > line.quantity - line.picked - line.short) break;
    const key = shelfKey(input.locationId, line.skuId);
    const units = onShelf.get(key) ?? 0;
    if (!shelves.has(input.locationId) || units < input.quantity) break;

    onShelf.set(key, units - input.quantity);
    line.picked += input.quantity;
    movements.push({
      kind: 'move',
      warehouseId: order.warehouseId,
      skuId: line.skuId,
      fromLocationId: input.locationId,
      toLocationId: staging,
      quantity: input.quantity,
      source: { type: 'order', id: order.id },
      reason: `${order.systemNo} pick`.slice(0, 255),
    });
    const pick = picked.get(line.id) ?? { orderId: order.id, lineId: line.id, quantity: 0 };
    pick.quantity += input.quantity;
    picked.set(line.id, pick);
    if (order.warehouseStatus === 'none') {
      history.push({ orderId: order.id, orderNo: order.orderNo, from: 'none', to: 'picking' });
      order.warehouseStatus = 'picking';
    }
    started = true;
    let orderState: WaveOrderState = 'open';
    if (lines.every((item) => item.picked + item.short >= item.quantity)) {
      orderState = lines.some((item) => item.short > 0) ? 'short' : 'picked';
      if (orderState === 'picked') {
        history.push({ orderId: order.id, orderNo: order.orderNo, from: 'picking', to: 'picked' });
        order.warehouseStatus = 'picked';
      }
      member.state = orderState;
      settled.set(order.id, orderState);
    }
    waveStatus = waveStatusOf(members, started);
    views.push({ orderId: order.id, lineId: line.id, picked: line.picked, orderState, waveStatus });
  }
  if (views.length === 0) return [];

  await recordMovements(tx, actor, movements);
  const staged = [...picked.values()];
  await tx
    .insert(orderPicks)
    .values(
      staged.map((pick) => ({
        orderId: pick.orderId,
        lineId: pick.lineId,
        locationId: staging,
        quantity: pick.quantity,
        pickedBy: actor.userId,
      })),
    )
    .onConflictDoUpdate({
      target: [orderPicks.tenantId, orderPicks.orderId, orderPicks.lineId, orderPicks.locationId],
      set: { quantity: sql`${orderPicks.quantity} + excluded.quantity`, pickedBy: actor.userId },
    });
  await moveWarehouseStatuses(tx, actor, history);
  await startWave(tx, actor, wave);
  if (settled.size > 0)
    await tx.execute(sql`
      update ${waveOrders} as w set state = v.state
      from (values ${sql.join(
        [...settled].map(([orderId, state]) => sql`(${orderId}::uuid, ${state})`),
        sql`, `,
      )}) as v(order_id, state)
      where w.wave_id = ${wave.id} and w.order_id = v.order_id and w.state = 'open'`);
  // As one at a time: the wave is recounted on its first pick and whenever an order was done.
  if (settled.size > 0 || wave.status !== 'picking') await refreshWave(tx, wave.id);
  return views;
}
