/**
 * Returns against local data. The expected returns of the warehouse (shipped orders that may
 * come back, with their lines and the units already returned, and the returns received but not
 * finished) are fetched from `GET /api/pda/returns` when the device is online and kept in the
 * device's `meta` table under `expectedReturns:<warehouse>`, so a parcel is checked offline with
 * what was last fetched. The returns this device took in and has not finished are kept beside
 * them (`localReturns`), written by each op's local effect in the op's own Dexie transaction
 * (outbox.enqueue): 'return.receive' adds the parcel, 'return.item' adds the item and counts its
 * units as returned on the order's line (so the device refuses a unit more than was shipped, as
 * the server would), 'return.finish' removes the parcel.
 */
import { z } from 'zod';
import { getParsed } from '@api/client.js';
import { expectedReturns, type ExpectedReturnOrder, type ExpectedReturns } from '@shared/contract/returns.js';
import { pdaSku } from '@shared/contract/pda.js';
import type { ItemCondition, ItemOutcome } from '@shared/domain/returns.js';
import { findByCode, readMeta, writeMeta, type OutboxOp, type PdaDatabase } from '../data/db.js';
import type { SkuData } from '../reference/skus.js';
import { enqueue } from '../sync/outbox.js';

const expectedKey = (warehouseId: string) => `expectedReturns:${warehouseId}`;
export const LOCAL_RETURNS_KEY = 'localReturns';

const localReturn = z.object({
  returnId: z.string(),
  warehouseId: z.string(),
  returnTrackingNo: z.string(),
  orderId: z.string().nullable(),
  items: z.array(
    z.object({
      skuId: z.string().nullable(),
      quantity: z.number().int(),
      condition: z.string(),
      outcome: z.string(),
      locationCode: z.string(),
    }),
  ),
});
export type LocalReturn = z.infer<typeof localReturn>;
const localReturns = z.array(localReturn);

/** The warehouse's expected returns from the server (online only). */
export const fetchExpectedReturns = (warehouseId: string): Promise<ExpectedReturns> =>
  getParsed('/pda/returns', expectedReturns, { warehouseId });

export async function saveExpectedReturns(db: PdaDatabase, fetched: ExpectedReturns): Promise<void> {
  await writeMeta(db, expectedKey(fetched.warehouseId), fetched);
}

export async function loadExpectedReturns(db: PdaDatabase, warehouseId: string): Promise<ExpectedReturns> {
  const parsed = expectedReturns.safeParse(await readMeta(db, expectedKey(warehouseId)));
  return parsed.success ? parsed.data : { warehouseId, orders: [], returns: [] };
}

export async function loadLocalReturns(db: PdaDatabase): Promise<LocalReturn[]> {
  const parsed = localReturns.safeParse(await readMeta(db, LOCAL_RETURNS_KEY));
  return parsed.success ? parsed.data : [];
}

async function saveLocalReturns(db: PdaDatabase, rows: LocalReturn[]): Promise<void> {
  await writeMeta(db, LOCAL_RETURNS_KEY, rows);
}

const same = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();

/** An expected order by its tracking number, order number or system order id. */
export function findOrder(expected: ExpectedReturns, code: string): ExpectedReturnOrder | null {
  return (
    expected.orders.find(
      (order) =>
        (order.trackingNo !== '' && same(order.trackingNo, code)) ||
        same(order.orderNo, code) ||
        same(order.systemNo, code),
    ) ?? null
  );
}

export type ParcelScan =
  /** Received before and not finished: inspection goes on (its order, if matched). */
  | {
      kind: 'open';
      returnId: string;
      returnTrackingNo: string;
      order: ExpectedReturnOrder | null;
      isMatched: boolean;
    }
  /** A parcel coming back on the order's own waybill (refused by the buyer). */
  | { kind: 'order'; order: ExpectedReturnOrder }
  /** Nothing known by this number: the worker reads the original number off the slip, or records it unmatched. */
  | { kind: 'unknown' };

/** What a scanned return tracking number is, from the device's data. */
export async function findParcel(db: PdaDatabase, warehouseId: string, code: string): Promise<ParcelScan> {
  const expected = await loadExpectedReturns(db, warehouseId);
  const local = (await loadLocalReturns(db)).find(
    (entry) => entry.warehouseId === warehouseId && same(entry.returnTrackingNo, code),
  );
  const server = expected.returns.find((entry) => same(entry.returnTrackingNo, code));
  const open = local ?? server;
  if (open) {
    // The server's word on a match (the admin may have matched it since) wins over the device's.
    const orderId = server?.orderId ?? local?.orderId ?? null;
    const order = expected.orders.find((entry) => entry.orderId === orderId) ?? null;
    return {
      kind: 'open',
      returnId: open.returnId,
      returnTrackingNo: open.returnTrackingNo,
      order,
      isMatched: orderId !== null,
    };
  }
  const order = expected.orders.find((entry) => entry.trackingNo !== '' && same(entry.trackingNo, code));
  return order ? { kind: 'order', order } : { kind: 'unknown' };
}

/**
 * The SKUs a scanned code names, from the pulled reference data (several sellers may use one
 * code): the caller picks the one of the order.
 */
export async function findSkus(db: PdaDatabase, code: string): Promise<SkuData[]> {
  const rows = await findByCode(db, 'skus', code);
  return rows.flatMap((row) => {
    const parsed = pdaSku.safeParse(row.data);
    return parsed.success ? [parsed.data] : [];
  });
}

/** The order as the device now knows it (its returned units included). */
export async function reloadOrder(
  db: PdaDatabase,
  warehouseId: string,
  orderId: string,
): Promise<ExpectedReturnOrder | null> {
  return (
    (await loadExpectedReturns(db, warehouseId)).orders.find((order) => order.orderId === orderId) ?? null
  );
}

/** Queues 'return.receive' and keeps the parcel on the device as open, atomically. */
export function receiveParcel(
  db: PdaDatabase,
  input: {
    warehouseId: string;
    returnTrackingNo: string;
    originalTrackingNo: string;
    order: ExpectedReturnOrder | null;
    postageCents: number;
    weightGrams: number;
  },
): Promise<OutboxOp> {
  const returnId = crypto.randomUUID();
  return enqueue(
    db,
    {
      type: 'return.receive',
      payload: {
        returnId,
        warehouseId: input.warehouseId,
        returnTrackingNo: input.returnTrackingNo,
        originalTrackingNo: input.originalTrackingNo,
        orderId: input.order?.orderId ?? null,
        postageCents: input.postageCents,
        weightGrams: input.weightGrams,
      },
    },
    {
      effect: async () => {
        const rows = await loadLocalReturns(db);
        rows.push({
          returnId,
          warehouseId: input.warehouseId,
          returnTrackingNo: input.returnTrackingNo,
          orderId: input.order?.orderId ?? null,
          items: [],
        });
        await saveLocalReturns(db, rows);
      },
    },
  );
}

/** Queues 'return.item' and counts the units as returned on the order's line, atomically. */
export function inspectItem(
  db: PdaDatabase,
  input: {
    warehouseId: string;
    returnId: string;
    orderId: string;
    skuId: string | null;
    quantity: number;
    condition: ItemCondition;
    outcome: ItemOutcome;
    location: { id: string; code: string } | null;
  },
): Promise<OutboxOp> {
  return enqueue(
    db,
    {
      type: 'return.item',
      payload: {
        itemId: crypto.randomUUID(),
        returnId: input.returnId,
        skuId: input.skuId,
        quantity: input.quantity,
        condition: input.condition,
        outcome: input.outcome,
        locationId: input.location?.id ?? null,
      },
    },
    {
      effect: async () => {
        const rows = await loadLocalReturns(db);
        const entry = rows.find((row) => row.returnId === input.returnId);
        entry?.items.push({
          skuId: input.skuId,
          quantity: input.quantity,
          condition: input.condition,
          outcome: input.outcome,
          locationCode: input.location?.code ?? '',
        });
        await saveLocalReturns(db, rows);
        if (input.condition === 'wrong_item' || input.skuId === null) return;
        const expected = await loadExpectedReturns(db, input.warehouseId);
        const updated = {
          ...expected,
          orders: expected.orders.map((order) =>
            order.orderId !== input.orderId
              ? order
              : {
                  ...order,
                  lines: order.lines.map((line) =>
                    line.skuId === input.skuId ? { ...line, returned: line.returned + input.quantity } : line,
                  ),
                },
          ),
        };
        await saveExpectedReturns(db, updated);
      },
    },
  );
}

/** Queues 'return.finish' and closes the parcel on the device, atomically. */
export function finishParcel(
  db: PdaDatabase,
  input: { warehouseId: string; returnId: string; outcome: 'processed' | 'failed' },
): Promise<OutboxOp> {
  return enqueue(
    db,
    { type: 'return.finish', payload: { returnId: input.returnId, outcome: input.outcome } },
    {
      effect: async () => {
        await saveLocalReturns(
          db,
          (await loadLocalReturns(db)).filter((row) => row.returnId !== input.returnId),
        );
        const expected = await loadExpectedReturns(db, input.warehouseId);
        await saveExpectedReturns(db, {
          ...expected,
          returns: expected.returns.filter((entry) => entry.returnId !== input.returnId),
        });
      },
    },
  );
}

/** Units of the parcel's items dealt with so far on this device. */
export async function itemsOf(db: PdaDatabase, returnId: string): Promise<LocalReturn['items']> {
  return (await loadLocalReturns(db)).find((row) => row.returnId === returnId)?.items ?? [];
}
