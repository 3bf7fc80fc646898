/**
 * Picking a wave against local data. The warehouse's open waves (orders, lines, SKUs with their
 * barcodes, and the shelves holding them) are fetched from `GET /api/pda/waves` when the device is
 * online and kept in the device's `pickWaves` table, with the device's last op the server had
 * applied when it answered; so every scan is checked offline. An op's local effect is the op
 * itself: the waves shown are the cached ones with this device's pick ops after that seq laid over
 * them (reference/picked-orders.ts, which the pack list reads too) — those still queued (outbox)
 * and those applied since (done) — so a pick is counted the moment it is queued, in the same
 * transaction, never twice after a fetch, and an op the server refused (moved to Needs attention)
 * counts no more. The pick screen shows a take before it is stored (withOps: the same laying over,
 * in memory), as the receiving screen does.
 *
 * Walking order: the next location is the first shelf, by code, holding a SKU still needed.
 */
import { getParsed, request } from '@api/client.js';
import { DEVICE_KEY_HEADER } from '@shared/contract/pda.js';
import {
  pdaWavesReply,
  type PdaWave,
  type PdaWavesReply,
  type PickShortInput,
  type PickTakeInput,
} from '@shared/contract/picking.js';
import { normaliseBarcode } from '@shared/domain/barcode.js';
import type { ShortPickReason } from '@shared/domain/picking.js';
import { deviceId, META_KEYS, readMeta, type OutboxOp, type PdaDatabase } from '../data/db.js';
import { pickWavesRow } from '../data/task-lists.js';
import { layOver, readPickWaves, settle } from '../reference/picked-orders.js';
import { enqueue, enqueueAllNatively, type NewOp } from '../sync/outbox.js';

/**
 * The warehouse's open waves from the server (online only), with this device's last applied seq.
 * The seq is asked for with the device's key, as a pull is; a device with no key yet has pushed
 * nothing, so it asks for none (the server's answer is then no seq: nothing of it applied).
 */
export async function fetchPickWaves(db: PdaDatabase, warehouseId: string): Promise<PdaWavesReply> {
  const key = await readMeta(db, META_KEYS.deviceKey);
  if (typeof key !== 'string') return getParsed('/pda/waves', pdaWavesReply, { warehouseId });
  return request('/pda/waves', {
    query: { warehouseId, deviceId: await deviceId(db) },
    headers: { [DEVICE_KEY_HEADER]: key },
    schema: pdaWavesReply,
  });
}

/** Keeps the fetched waves on the device for offline picking. */
export async function savePickWaves(
  db: PdaDatabase,
  warehouseId: string,
  reply: PdaWavesReply,
): Promise<void> {
  await db.pickWaves.put(pickWavesRow(warehouseId, reply));
}

/** The open waves of the warehouse as the device sees them: the cache with its own later ops laid over. */
export async function loadPickWaves(db: PdaDatabase, warehouseId: string): Promise<PdaWave[]> {
  return (await readPickWaves(db, warehouseId)).shown;
}

/** Units of a SKU still to pick in the wave (orders still open). */
export function neededOf(wave: PdaWave, skuId: string): number {
  return wave.orders
    .filter((order) => order.state === 'open')
    .flatMap((order) => order.lines)
    .filter((line) => line.skuId === skuId)
    .reduce((sum, line) => sum + Math.max(0, line.quantity - line.picked - line.short), 0);
}

export function unitsLeft(wave: PdaWave): number {
  return [...new Set(wave.orders.flatMap((order) => order.lines.map((line) => line.skuId)))].reduce(
    (sum, skuId) => sum + neededOf(wave, skuId),
    0,
  );
}

export interface Stop {
  locationId: string;
  code: string;
  skuId: string;
  /** Units to take here: what is needed, at most what the shelf holds. */
  quantity: number;
}

/** Every shelf still worth walking to, in walking order (location code), one stop per SKU there. */
export function route(wave: PdaWave): Stop[] {
  const left = new Map<string, number>();
  for (const sku of wave.skus) left.set(sku.id, neededOf(wave, sku.id));
  const stops: Stop[] = [];
  const sorted = [...wave.stock].sort(
    (a, b) => a.code.localeCompare(b.code) || a.skuId.localeCompare(b.skuId),
  );
  for (const place of sorted) {
    const need = left.get(place.skuId) ?? 0;
    const take = Math.min(need, place.quantity);
    if (take <= 0) continue;
    stops.push({ locationId: place.locationId, code: place.code, skuId: place.skuId, quantity: take });
    left.set(place.skuId, need - take);
  }
  return stops;
}

/** SKUs still needed that no shelf holds (as far as the device knows): to report short. */
export function unreachable(wave: PdaWave): string[] {
  const reachable = new Set(route(wave).map((stop) => stop.skuId));
  return wave.skus.map((sku) => sku.id).filter((id) => neededOf(wave, id) > 0 && !reachable.has(id));
}

export type LocationScan =
  | { kind: 'stop'; locationId: string; code: string }
  | { kind: 'nothing_here'; code: string }
  | { kind: 'unknown' };

const same = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();

/** A scanned location: a shelf of the route, one of the wave's shelves with nothing left to take, or neither. */
export function findPickLocation(wave: PdaWave, code: string): LocationScan {
  const stop = route(wave).find((item) => same(item.code, code));
  if (stop) return { kind: 'stop', locationId: stop.locationId, code: stop.code };
  const known = wave.stock.find((item) => same(item.code, code));
  return known ? { kind: 'nothing_here', code: known.code } : { kind: 'unknown' };
}

/** The wave's SKU a scanned code names (a barcode, or the seller SKU typed), or null. */
export function findPickSku(wave: PdaWave, code: string): PdaWave['skus'][number] | null {
  const normalised = normaliseBarcode(code);
  return (
    wave.skus.find(
      (sku) =>
        same(sku.sellerSku, code) ||
        (normalised !== null && sku.barcodes.some((barcode) => normaliseBarcode(barcode) === normalised)),
    ) ?? null
  );
}

/** Units of the SKU the shelf still holds, as the device knows it. */
export function onShelf(wave: PdaWave, locationId: string, skuId: string): number {
  return wave.stock.find((item) => item.locationId === locationId && item.skuId === skuId)?.quantity ?? 0;
}

/**
 * Where `quantity` units of the SKU go: the open orders' lines needing it, in wave order, each
 * taking what it still needs. Empty when more is asked than needed.
 */
export function allocate(
  wave: PdaWave,
  skuId: string,
  quantity: number,
): { orderId: string; orderNo: string; lineId: string; quantity: number }[] {
  const parts: { orderId: string; orderNo: string; lineId: string; quantity: number }[] = [];
  let left = quantity;
  for (const order of wave.orders) {
    if (order.state !== 'open') continue;
    for (const line of order.lines) {
      if (line.skuId !== skuId || left === 0) continue;
      const need = line.quantity - line.picked - line.short;
      if (need <= 0) continue;
      const take = Math.min(need, left);
      parts.push({ orderId: order.id, orderNo: order.orderNo, lineId: line.id, quantity: take });
      left -= take;
    }
  }
  return left === 0 ? parts : [];
}

/** Queues 'pick.claim': the worker takes the wave. */
export function claimWave(db: PdaDatabase, waveId: string): Promise<OutboxOp> {
  return enqueue(db, { type: 'pick.claim', payload: { waveId } });
}

/**
 * The 'pick.take' ops for units of a SKU taken off a shelf: one per order line they go to
 * (allocate), none when more is asked than the wave needs.
 */
export function takeOps(
  wave: PdaWave,
  input: { locationId: string; skuId: string; quantity: number },
): NewOp[] {
  return allocate(wave, input.skuId, input.quantity).map((part) => {
    const payload: PickTakeInput = {
      waveId: wave.id,
      orderId: part.orderId,
      lineId: part.lineId,
      locationId: input.locationId,
      quantity: part.quantity,
    };
    return { type: 'pick.take', payload: { ...payload } };
  });
}

/** The wave as the device shows it once these ops are queued (a copy): what loadPickWaves will read. */
export function withOps(wave: PdaWave, ops: readonly Pick<OutboxOp, 'type' | 'payload'>[]): PdaWave {
  const copy = structuredClone(wave);
  for (const op of ops) layOver(copy, op);
  return settle(copy);
}

/**
 * Queues the takes (takeOps) in one transaction, written natively as a scan's write is
 * (outbox.enqueueAllNatively): each op is its own local effect, which loadPickWaves lays over
 * the cache.
 */
export function takeUnits(
  db: PdaDatabase,
  wave: PdaWave,
  input: { locationId: string; skuId: string; quantity: number },
): Promise<OutboxOp[]> {
  return enqueueAllNatively(db, takeOps(wave, input));
}

/** Queues 'pick.short' for every unit of the SKU still needed, line by line, with the reason. */
export async function reportShort(
  db: PdaDatabase,
  wave: PdaWave,
  input: { skuId: string; locationId: string | null; reason: ShortPickReason },
): Promise<OutboxOp[]> {
  const parts = allocate(wave, input.skuId, neededOf(wave, input.skuId));
  return db.transaction('rw', [db.outbox, db.meta], async () => {
    const queued: OutboxOp[] = [];
    for (const part of parts) {
      const payload: PickShortInput = {
        waveId: wave.id,
        orderId: part.orderId,
        lineId: part.lineId,
        locationId: input.locationId,
        quantity: part.quantity,
        reason: input.reason,
      };
      queued.push(await enqueue(db, { type: 'pick.short', payload: { ...payload } }));
    }
    return queued;
  });
}
