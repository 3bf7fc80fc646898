/**
 * Where a wave and its orders' lines stand, read and locked for the pick ops (pick.service.ts),
 * the run of pick scans (pick-run.ts) and the admin's "picked" (outbound.service.ts): each line's
 * need, picks and shortage; the wave's row locked (every op of a wave takes it first, then the
 * order's); the wave's status recounted from its members, and its start marked.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { WaveStatus } from '@shared/domain/picking.js';
import { AppError } from '@shared/errors.js';
import type { TenantTx } from '../../../db/client.js';
import type { Actor } from '../../../http/actor.js';
import { skus } from '../../catalog/index.js';
import { orderLines, orderReservations, orders } from '../../orders/index.js';
import { warehouseScope } from '../../warehouse/index.js';
import { orderPicks } from '../logistics.tables.js';
import { waveOrders, waveShortages, waves } from './picking.tables.js';

/**
 * What each line of the orders needs, got (picks, in any wave) and was reported missing in this
 * wave: an order picked again after a short pick (repickOrders) goes into a new wave for the
 * units still missing, its earlier shortages kept as the earlier wave's record.
 */
export async function linesProgress(tx: TenantTx, waveId: string, orderIds: readonly string[]) {
  return tx
    .select({
      id: orderLines.id,
      orderId: orderLines.orderId,
      skuId: orderLines.skuId,
      quantity: orderLines.quantity,
      sellerSku: skus.sellerSku,
      picked: sql<number>`coalesce((select sum(p.quantity) from ${orderPicks} p where p.line_id = ${orderLines.id}), 0)::int`,
      short: sql<number>`coalesce((select sum(s.quantity) from ${waveShortages} s where s.line_id = ${orderLines.id} and s.wave_id = ${waveId}), 0)::int`,
      reserved: sql<number>`coalesce((select sum(r.quantity) from ${orderReservations} r where r.line_id = ${orderLines.id} and r.state = 'active'), 0)::int`,
    })
    .from(orderLines)
    .innerJoin(skus, eq(skus.id, orderLines.skuId))
    .where(inArray(orderLines.orderId, [...orderIds]))
    .orderBy(orderLines.orderId, orderLines.position);
}

/** The wave's row, locked: every op of a wave takes it first (see pick.service.ts). */
export async function lockWave(tx: TenantTx, actor: Actor, waveId: string) {
  const [wave] = await tx
    .select()
    .from(waves)
    .where(and(eq(waves.id, waveId), warehouseScope(actor, waves.warehouseId)))
    .for('update');
  if (!wave) throw new AppError('wave.not_found');
  return wave;
}

/**
 * Locks the open wave an order is in, if any, before the order is locked: the admin's "picked"
 * takes the locks in the handheld's order (wave, then order), so the two never deadlock.
 */
export async function lockWaveOfOrder(tx: TenantTx, orderId: string): Promise<void> {
  await tx.execute(sql`
    select w.id from ${waves} w
    join ${waveOrders} o on o.wave_id = w.id and o.order_id = ${orderId} and o.state = 'open'
    for update of w`);
}

/** Orders cancelled meanwhile leave the wave; a wave with nothing left to pick is done. */
export async function refreshWave(tx: TenantTx, waveId: string): Promise<WaveStatus> {
  await tx.execute(sql`
    update ${waveOrders} w set state = 'cancelled'
    from ${orders} o
    where w.wave_id = ${waveId} and w.state = 'open' and o.id = w.order_id
      and o.local_status <> 'pending_shipment'`);
  const counts = await tx
    .select({ state: waveOrders.state, n: sql<number>`count(*)::int` })
    .from(waveOrders)
    .where(eq(waveOrders.waveId, waveId))
    .groupBy(waveOrders.state);
  const count = (state: string) => counts.find((row) => row.state === state)?.n ?? 0;
  const [wave] = await tx.select().from(waves).where(eq(waves.id, waveId));
  if (!wave) throw new Error('wave vanished');
  const started = wave.startedAt !== null || wave.pickerId !== null;
  const status: WaveStatus =
    count('open') > 0 ? (started ? 'picking' : 'open') : count('short') > 0 ? 'short' : 'picked';
  if (status !== wave.status)
    await tx
      .update(waves)
      .set({
        status,
        ...(status === 'picked' || status === 'short' ? { finishedAt: sql`now()` } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(waves.id, waveId));
  return status;
}

export type LineProgress = Awaited<ReturnType<typeof linesProgress>>[number];

/** The wave marked started, by its first picker, on its first pick or short. */
export async function startWave(tx: TenantTx, actor: Actor, wave: typeof waves.$inferSelect) {
  if (wave.startedAt !== null && wave.pickerId !== null) return;
  await tx
    .update(waves)
    .set({
      startedAt: wave.startedAt ?? sql`now()`,
      pickerId: wave.pickerId ?? actor.userId,
      updatedAt: sql`now()`,
    })
    .where(eq(waves.id, wave.id));
}
