/**
 * Pack, bag and hand over against local data. The warehouse's outbound work (picked parcels to pack
 * with their lines and every code of each SKU, packed and bagged parcels, cancelled orders whose
 * units wait to go back, and the bags not handed over) is fetched from `GET /api/pda/outbound` when
 * online and kept in the device's `outboundWork` table, a row per warehouse (data/task-lists.ts),
 * so every scan is checked offline with what was last fetched. Each action queues one op
 * (pack.pack, pack.put_back, bag.open, bag.add, bag.remove, bag.close, handover.deliver) and
 * applies its local effect to that copy in the same Dexie transaction (outbox.enqueue). Work
 * fetched while ops still wait in the outbox gets those ops' effects again (`withQueued`), so a
 * refresh never shows a packed parcel as still to pack. Parcels this device picked itself (its
 * takes still on their way to the server, or applied since the list was fetched) join the list from
 * its pick waves (ownPickedParcels), so what is picked offline is packed offline.
 */
import { getParsed } from '@api/client.js';
import {
  pdaOutboundWork,
  type PdaBag,
  type PdaOutboundWork,
  type PdaParcel,
} from '@shared/contract/packing.js';
import type { PdaOpType } from '@shared/contract/pda.js';
import { bagRefusal, type BagRefusal } from '@shared/domain/bags.js';
import { normaliseBarcode } from '@shared/domain/barcode.js';
import { parcelTypeOf, type ParcelType } from '@shared/domain/order.js';
import type { JsonObject, OutboxOp, PdaDatabase } from '../data/db.js';
import { outboundWorkOf, outboundWorkRow } from '../data/task-lists.js';
import { loadOwnPickedOrders, type OwnPickedOrder } from '../reference/picked-orders.js';
import { enqueue } from '../sync/outbox.js';

export type { PdaBag, PdaParcel };
export type Work = PdaOutboundWork;

const EMPTY: Work = { parcels: [], bags: [] };

/** The op types whose effects live in the outbound work. */
export const OUTBOUND_OPS = [
  'pack.pack',
  'pack.put_back',
  'bag.open',
  'bag.add',
  'bag.remove',
  'bag.close',
  'handover.deliver',
] as const satisfies readonly PdaOpType[];
type OutboundOp = (typeof OUTBOUND_OPS)[number];
const isOutboundOp = (type: string): type is OutboundOp => (OUTBOUND_OPS as readonly string[]).includes(type);

/** The server's outbound work of a warehouse (online only). */
export const fetchOutboundWork = (warehouseId: string): Promise<Work> =>
  getParsed('/pda/outbound', pdaOutboundWork, { warehouseId });

/** The work as last stored: what was fetched, with the effects of this device's outbound ops. */
async function loadStoredWork(db: PdaDatabase, warehouseId: string): Promise<Work> {
  return outboundWorkOf(await db.outboundWork.get(warehouseId));
}

/** A wave order the device picked, as a parcel to pack: its lines by SKU, with every code of each. */
function parcelOfPickedOrder({ wave, order }: OwnPickedOrder): PdaParcel {
  const lines = new Map<string, PdaParcel['lines'][number]>();
  for (const line of order.lines) {
    const known = lines.get(line.skuId);
    if (known) {
      known.quantity += line.quantity;
      continue;
    }
    const sku = wave.skus.find((entry) => entry.id === line.skuId);
    lines.set(line.skuId, {
      skuId: line.skuId,
      sellerSku: sku?.sellerSku ?? '',
      name: sku?.name ?? '',
      quantity: line.quantity,
      codes: [
        ...new Set([sku?.sellerSku ?? '', sku?.sysCode ?? '', ...(sku?.barcodes ?? [])].filter(Boolean)),
      ],
    });
  }
  return {
    orderId: order.id,
    orderNo: order.orderNo,
    trackingNo: order.trackingNo ?? '',
    warehouseId: wave.warehouseId,
    channelId: order.channelId ?? null,
    channelName: order.channelName ?? '',
    state: 'to_pack',
    bagId: null,
    weightGrams: null,
    lines: [...lines.values()],
    picks: [],
  };
}

/**
 * The parcels this device picked itself and the server has not listed yet: orders its own takes
 * completed (reference/picked-orders.ts), as parcels to pack. The server lists a parcel to pack
 * once it has applied the takes; until the device fetches that list again, its pack list has them
 * from here, so a parcel picked offline is packed offline. One an outbound op the server applied
 * names (packed, bagged, handed over from this device) is the server's list's, never added again.
 */
async function ownPickedParcels(db: PdaDatabase, warehouseId: string): Promise<PdaParcel[]> {
  const { picked, done } = await loadOwnPickedOrders(db, warehouseId);
  if (picked.length === 0) return [];
  const movedOn = new Set(done.filter((op) => isOutboundOp(op.type)).map((op) => text(op.payload.orderId)));
  return picked
    .filter(({ wave, order }) => wave.warehouseId === warehouseId && !movedOn.has(order.id))
    .map(parcelOfPickedOrder);
}

/** The work with the parcels this device picked itself that it does not hold yet. */
function withOwnPicks(work: Work, picked: readonly PdaParcel[]): Work {
  const known = new Set(work.parcels.map((parcel) => parcel.orderId));
  const added = picked.filter((parcel) => !known.has(parcel.orderId));
  return added.length === 0 ? work : { ...work, parcels: [...work.parcels, ...added] };
}

/** The device's outbound work: as stored, with the parcels it picked itself (ownPickedParcels). */
export async function loadWork(db: PdaDatabase, warehouseId: string): Promise<Work> {
  const [stored, picked] = await Promise.all([
    loadStoredWork(db, warehouseId),
    ownPickedParcels(db, warehouseId),
  ]);
  return withOwnPicks(stored, picked);
}

async function saveWork(db: PdaDatabase, warehouseId: string, work: Work): Promise<void> {
  await db.outboundWork.put(outboundWorkRow(warehouseId, work));
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const count = (value: unknown): number | null => (typeof value === 'number' ? value : null);

/** One op's effect on the work: the same change the server makes when it applies the op. */
export function applyOutboundOp(work: Work, type: OutboundOp, payload: JsonObject): Work {
  const orderId = text(payload.orderId);
  const bagId = text(payload.bagId);
  const setParcel = (id: string, change: (parcel: PdaParcel) => PdaParcel | null) => ({
    ...work,
    parcels: work.parcels.flatMap((parcel) => {
      if (parcel.orderId !== id) return [parcel];
      const changed = change(parcel);
      return changed ? [changed] : [];
    }),
  });
  switch (type) {
    case 'pack.pack':
      return setParcel(orderId, (parcel) => ({
        ...parcel,
        state: 'packed',
        weightGrams: count(payload.weightGrams) ?? parcel.weightGrams,
      }));
    case 'pack.put_back':
      return setParcel(orderId, () => null);
    case 'bag.open':
      return {
        ...work,
        bags: [
          {
            id: bagId,
            bagNo: text(payload.bagNo),
            warehouseId: text(payload.warehouseId),
            channelId: null,
            status: 'open',
            weightGrams: null,
            orderIds: [],
          },
          ...work.bags.filter((bag) => bag.id !== bagId),
        ],
      };
    case 'bag.add': {
      const parcel = work.parcels.find((entry) => entry.orderId === orderId);
      const next = setParcel(orderId, (entry) => ({ ...entry, state: 'bagged', bagId }));
      return {
        ...next,
        bags: work.bags.map((bag) =>
          bag.id !== bagId
            ? bag
            : {
                ...bag,
                channelId: bag.orderIds.length === 0 ? (parcel?.channelId ?? null) : bag.channelId,
                orderIds: [...bag.orderIds, orderId],
              },
        ),
      };
    }
    case 'bag.remove': {
      const next = setParcel(orderId, (entry) => ({ ...entry, state: 'packed', bagId: null }));
      return {
        ...next,
        bags: work.bags.map((bag) => {
          if (bag.id !== bagId) return bag;
          const orderIds = bag.orderIds.filter((id) => id !== orderId);
          return { ...bag, orderIds, channelId: orderIds.length === 0 ? null : bag.channelId };
        }),
      };
    }
    case 'bag.close':
      return {
        ...work,
        bags: work.bags.map((bag) =>
          bag.id === bagId ? { ...bag, status: 'closed', weightGrams: count(payload.weightGrams) } : bag,
        ),
      };
    case 'handover.deliver': {
      const bagIds = new Set(strings(payload.bagIds));
      const gone = new Set([
        ...strings(payload.orderIds),
        ...work.bags.filter((bag) => bagIds.has(bag.id)).flatMap((bag) => bag.orderIds),
      ]);
      return {
        parcels: work.parcels.filter((parcel) => !gone.has(parcel.orderId)),
        bags: work.bags.filter((bag) => !bagIds.has(bag.id)),
      };
    }
  }
}

/** The work with the effects of the outbound ops still waiting in the outbox, in seq order. */
export function withQueued(work: Work, queued: readonly Pick<OutboxOp, 'type' | 'payload'>[]): Work {
  return queued.reduce(
    (current, op) => (isOutboundOp(op.type) ? applyOutboundOp(current, op.type, op.payload) : current),
    work,
  );
}

/** Keeps work fetched from the server, with the effects of what this device has not sent yet. */
export async function saveFetchedWork(db: PdaDatabase, warehouseId: string, fetched: Work): Promise<Work> {
  const picked = await ownPickedParcels(db, warehouseId);
  return db.transaction('rw', [db.outboundWork, db.outbox], async () => {
    const queued = await db.outbox.orderBy('seq').toArray();
    const work = withQueued(withOwnPicks(fetched, picked), queued);
    await saveWork(db, warehouseId, work);
    return work;
  });
}

/** Queues an outbound op and applies its effect to the device's work, atomically. */
export async function queueOutboundOp(
  db: PdaDatabase,
  warehouseId: string,
  type: OutboundOp,
  payload: JsonObject,
  sessionId?: string,
): Promise<Work> {
  let after: Work = EMPTY;
  // Read before the op's transaction, which holds the outbox, meta and the outbound work only.
  const picked = await ownPickedParcels(db, warehouseId);
  await enqueue(
    db,
    { type, payload, ...(sessionId ? { sessionId } : {}) },
    {
      effectTables: [db.outboundWork],
      effect: async () => {
        after = applyOutboundOp(withOwnPicks(await loadStoredWork(db, warehouseId), picked), type, payload);
        await saveWork(db, warehouseId, after);
      },
    },
  );
  return after;
}

const same = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();

/** The parcel a scan names: its tracking number or its order number. */
export function findParcel(work: Work, code: string): PdaParcel | null {
  return (
    work.parcels.find((parcel) => parcel.trackingNo !== '' && same(parcel.trackingNo, code)) ??
    work.parcels.find((parcel) => same(parcel.orderNo, code)) ??
    null
  );
}

export function findBag(work: Work, code: string): PdaBag | null {
  return work.bags.find((bag) => same(bag.bagNo, code)) ?? null;
}

/** The parcel type, as the pack screen shows it. */
export const parcelType = (parcel: PdaParcel): ParcelType => parcelTypeOf(parcel.lines);

/** Units scanned into a parcel, by SKU id. */
export type Scanned = Record<string, number>;

export type ItemScan =
  | { kind: 'ok'; skuId: string; sellerSku: string; scanned: number; quantity: number }
  | { kind: 'wrong_item' }
  | { kind: 'extra_unit'; sellerSku: string; quantity: number };

/** Whether `code` is one of a parcel line's codes (seller SKU, system code, a barcode in any GS1 form). */
function codeOfLine(line: PdaParcel['lines'][number], code: string): boolean {
  const normalised = normaliseBarcode(code);
  return line.codes.some(
    (candidate) =>
      same(candidate, code) || (normalised !== null && normaliseBarcode(candidate) === normalised),
  );
}

/**
 * Whether a code that names no parcel is an item of one (a product scanned where a parcel's
 * number was asked for): the screen then says so instead of 'not a picked parcel'.
 */
export function isItemCode(work: Work, code: string): boolean {
  return work.parcels.some((parcel) => parcel.lines.some((line) => codeOfLine(line, code)));
}

/** A unit scanned into the parcel: one of its lines with room left, or why not. */
export function checkItem(parcel: PdaParcel, scanned: Scanned, code: string): ItemScan {
  const line = parcel.lines.find((entry) => codeOfLine(entry, code));
  if (!line) return { kind: 'wrong_item' };
  const already = scanned[line.skuId] ?? 0;
  if (already >= line.quantity)
    return { kind: 'extra_unit', sellerSku: line.sellerSku, quantity: line.quantity };
  return {
    kind: 'ok',
    skuId: line.skuId,
    sellerSku: line.sellerSku,
    scanned: already + 1,
    quantity: line.quantity,
  };
}

/**
 * The units a parcel had scanned, from what was saved of it: only its own lines, whole numbers,
 * never more than a line holds (the saved copy is the device's own, but a reload must not trust
 * it further than that).
 */
export function scannedOf(parcel: PdaParcel, saved: unknown): Scanned {
  const scanned: Scanned = {};
  if (typeof saved !== 'object' || saved === null) return scanned;
  for (const line of parcel.lines) {
    const units: unknown = (saved as Record<string, unknown>)[line.skuId];
    if (typeof units === 'number' && Number.isInteger(units) && units > 0)
      scanned[line.skuId] = Math.min(units, line.quantity);
  }
  return scanned;
}

export const isComplete = (parcel: PdaParcel, scanned: Scanned) =>
  parcel.lines.every((line) => (scanned[line.skuId] ?? 0) === line.quantity);

/** The heaviest parcel and bag the handheld takes, in grams (the server's limits). */
export const PARCEL_MAX_GRAMS = 100_000;
export const BAG_MAX_GRAMS = 1_000_000;

/**
 * A weight typed by hand in whole grams: its grams, null when nothing is typed, 'invalid' for
 * anything else ("-5", "0", "5kg", beyond `max`) — refused with a message, never read as
 * something else (a minus sign dropped would turn "-5" into 5).
 */
export function typedGrams(text: string, max: number): number | null | 'invalid' {
  const typed = text.trim();
  if (typed === '') return null;
  if (!/^\d{1,7}$/.test(typed)) return 'invalid';
  const grams = Number(typed);
  return grams >= 1 && grams <= max ? grams : 'invalid';
}

/**
 * A scale's reading typed like a keyboard: '640', '640g', '0.64', '0.640 kg'. A decimal or 'kg'
 * is kilograms, a whole number grams. Null when it is not a weight.
 */
export function readWeight(code: string): number | null {
  const match = /^\s*(\d{1,6}(?:[.,]\d{1,3})?)\s*(kg|g)?\s*$/i.exec(code);
  if (!match?.[1]) return null;
  const value = Number(match[1].replace(',', '.'));
  const isKilograms = match[2]?.toLowerCase() === 'kg' || (match[2] === undefined && /[.,]/.test(match[1]));
  const grams = Math.round(isKilograms ? value * 1000 : value);
  return grams >= 1 && grams <= 1_000_000 ? grams : null;
}

/** Why a parcel cannot go into the bag (the server's rule, on local data), or null. */
export function bagCheck(bag: PdaBag, parcel: PdaParcel): BagRefusal | null {
  return bagRefusal(
    { ...bag, hasParcels: bag.orderIds.length > 0 },
    {
      warehouseId: parcel.warehouseId,
      channelId: parcel.channelId,
      status: parcel.state === 'to_pack' ? 'picked' : parcel.state,
      bagId: parcel.bagId,
      isCancelled: parcel.state === 'cancelled',
    },
  );
}
