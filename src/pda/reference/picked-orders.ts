/**
 * The pick waves the device fetched, as it sees them, and the orders its own takes picked in full.
 * The waves are kept in the device's `pickWaves` table, a row per warehouse (saved by
 * pick/pick-data.ts); they are read back with this device's pick ops after the seq the server had
 * applied laid over them (those still queued and those applied since), so a take counts the moment
 * it is queued and never twice after a fetch. Read by picking (pick/pick-data.ts: the waves shown,
 * a take laid over before it is stored) and by the pack list (pack/outbound-data.ts: orders picked
 * here before the server has applied the takes).
 */
import { z } from 'zod';
import type { PdaWave } from '@shared/contract/picking.js';
import type { DoneOp, OutboxOp, PdaDatabase } from '../data/db.js';
import { pickWavesOf } from '../data/task-lists.js';

const PICK_OPS = ['pick.take', 'pick.short'] as const;
const takePayload = z.object({
  waveId: z.string(),
  orderId: z.string(),
  lineId: z.string(),
  locationId: z.string(),
  quantity: z.number().int(),
});
const shortPayload = z.object({
  waveId: z.string(),
  orderId: z.string(),
  lineId: z.string(),
  quantity: z.number().int(),
});

/** One op's effect on a wave (a copy is changed). */
export function layOver(wave: PdaWave, op: Pick<OutboxOp, 'type' | 'payload'>): void {
  const parsed =
    op.type === 'pick.take' ? takePayload.safeParse(op.payload) : shortPayload.safeParse(op.payload);
  if (!parsed.success || parsed.data.waveId !== wave.id) return;
  const line = wave.orders
    .find((order) => order.id === parsed.data.orderId)
    ?.lines.find((item) => item.id === parsed.data.lineId);
  if (!line) return;
  if (op.type === 'pick.take' && 'locationId' in parsed.data) {
    const { locationId, quantity } = parsed.data;
    line.picked += quantity;
    const place = wave.stock.find((item) => item.locationId === locationId && item.skuId === line.skuId);
    if (place) place.quantity = Math.max(0, place.quantity - quantity);
  } else line.short += parsed.data.quantity;
}

/** An order's state on the device: picked when every line is, short when done with units missing. */
export function settle(wave: PdaWave): PdaWave {
  for (const order of wave.orders) {
    if (order.state !== 'open') continue;
    const done = order.lines.every((line) => line.picked + line.short >= line.quantity);
    if (done) order.state = order.lines.some((line) => line.short > 0) ? 'short' : 'picked';
  }
  return wave;
}

/** The waves as fetched, as the device sees them (its own later ops laid over), and those ops. */
export async function readPickWaves(
  db: PdaDatabase,
  warehouseId: string,
): Promise<{ cached: PdaWave[]; shown: PdaWave[]; done: DoneOp[] }> {
  const row = await db.pickWaves.get(warehouseId);
  if (!row) return { cached: [], shown: [], done: [] };
  const { waves, lastProcessedSeq } = pickWavesOf(row);
  const after = lastProcessedSeq ?? 0;
  const [queued, done] = await Promise.all([
    db.outbox.where('seq').above(after).toArray(),
    db.done.where('seq').above(after).toArray(),
  ]);
  const pickOps = [...done, ...queued]
    .filter((op) => (PICK_OPS as readonly string[]).includes(op.type))
    .sort((a, b) => a.seq - b.seq);
  const shown = waves.map((cached) => {
    const wave = structuredClone(cached);
    for (const op of pickOps) layOver(wave, op);
    return settle(wave);
  });
  return { cached: waves, shown, done };
}

/** An order this device's own takes completed, with its wave. */
export interface OwnPickedOrder {
  wave: PdaWave;
  order: PdaWave['orders'][number];
}

/**
 * The orders this device's own takes picked in full since the waves were fetched (open in the
 * fetched waves, picked once its ops are laid over), so the pack list can take them
 * (pack/outbound-data.ts) before the server has applied the takes; with the device's ops the
 * server applied since then (`done`).
 */
export async function loadOwnPickedOrders(
  db: PdaDatabase,
  warehouseId: string,
): Promise<{ picked: OwnPickedOrder[]; done: DoneOp[] }> {
  const { cached, shown, done } = await readPickWaves(db, warehouseId);
  const wasOpen = new Set(
    cached.flatMap((wave) => wave.orders.filter((order) => order.state === 'open').map((order) => order.id)),
  );
  const picked = shown.flatMap((wave) =>
    wave.orders
      .filter((order) => order.state === 'picked' && wasOpen.has(order.id))
      .map((order) => ({ wave, order })),
  );
  return { picked, done };
}
