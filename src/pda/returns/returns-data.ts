/**
 * Returns against local data. The expected returns of the warehouse (shipped orders that may come
 * back, with their lines and the units already returned, and the returns received but not finished)
 * are fetched from `GET /api/pda/returns` when the device is online and kept in the device's
 * `expectedReturns` table, a row per warehouse (data/task-lists.ts), so a parcel is checked offline
 * with what was last fetched. The returns this device took in and has not finished are kept beside
 * them, a row each in `localReturns`, written by each op's local effect in the op's own Dexie
 * transaction (outbox.enqueue): 'return.receive' adds the parcel, 'return.item' adds the item and
 * counts its units as returned on the order's line (so the device refuses a unit more than was
 * shipped, as the server would), 'return.finish' removes the parcel.
 */
import { getParsed } from '@api/client.js';
import { expectedReturns, type ExpectedReturnOrder, type ExpectedReturns } from '@shared/contract/returns.js';
import { pdaSku } from '@shared/contract/pda.js';
import type { ItemCondition, ItemOutcome } from '@shared/domain/returns.js';
import { findByCode, type OutboxOp, type PdaDatabase } from '../data/db.js';
import {
  expectedReturnsOf,
  expectedReturnsRow,
  localReturnRow,
  localReturnsOf,
  type LocalReturn,
} from '../data/task-lists.js';
import type { SkuData } from '../reference/skus.js';
import { enqueue } from '../sync/outbox.js';

export type { LocalReturn };

/** The tables the returns ops' local effects write. */
const effectTables = (db: PdaDatabase) => [db.localReturns, db.expectedReturns];

/** The warehouse's expected returns from the server (online only). */
export const fetchExpectedReturns = (warehouseId: string): Promise<ExpectedReturns> =>
  getParsed('/pda/returns', expectedReturns, { warehouseId });

export async function saveExpectedReturns(db: PdaDatabase, fetched: ExpectedReturns): Promise<void> {
  await db.expectedReturns.put(expectedReturnsRow(fetched));
}

export async function loadExpectedReturns(db: PdaDatabase, warehouseId: string): Promise<ExpectedReturns> {
  return expectedReturnsOf(await db.expectedReturns.get(warehouseId), warehouseId);
}

export async function loadLocalReturns(db: PdaDatabase): Promise<LocalReturn[]> {
  return localReturnsOf(await db.localReturns.orderBy('receivedSeq').toArray());
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
      effectTables: effectTables(db),
      effect: async (op) => {
        const entry: LocalReturn = {
          returnId,
          warehouseId: input.warehouseId,
          returnTrackingNo: input.returnTrackingNo,
          orderId: input.order?.orderId ?? null,
          items: [],
        };
        await db.localReturns.add(localReturnRow(entry, op.seq));
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
      effectTables: effectTables(db),
      effect: async () => {
        const entry = await db.localReturns.get(input.returnId);
        if (entry) {
          const item = {
            skuId: input.skuId,
            quantity: input.quantity,
            condition: input.condition,
            outcome: input.outcome,
            locationCode: input.location?.code ?? '',
          };
          await db.localReturns.put({ ...entry, items: [...entry.items, item] });
        }
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
      effectTables: effectTables(db),
      effect: async () => {
        await db.localReturns.delete(input.returnId);
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
