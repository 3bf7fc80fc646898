/**
 * Receiving transfers against local data. The transfers in transit to the warehouses the worker
 * works in (their SKUs with every barcode, the units sent and those received or written off) are
 * fetched from `GET /api/pda/transfers` when the device is online and kept in the device's
 * `transferTasks` table (a row per transfer, data/task-lists.ts), so receiving works offline with
 * what was last fetched. What this device has received but not yet pushed is read from its outbox,
 * so a unit is never received twice on the device whatever the fetched copy says. Putting the
 * scanned units on a location queues one 'transfer.receive' op per SKU, all in one Dexie
 * transaction; ending receiving queues one 'transfer.finish' op (what never arrived is recorded
 * short on the server, with its reason) and deletes the transfer's row in the same transaction.
 */
import { z } from 'zod';
import { getParsed } from '@api/client.js';
import { pdaSku } from '@shared/contract/pda.js';
import { transferTask, type TransferTask } from '@shared/contract/transfers.js';
import { normaliseBarcode } from '@shared/domain/barcode.js';
import type { TransferShortReason } from '@shared/domain/transfers.js';
import { findByCode, type PdaDatabase } from '../data/db.js';
import { transferTaskRows, transferTasksOf } from '../data/task-lists.js';
import { enqueue } from '../sync/outbox.js';

const tasks = z.array(transferTask);

export type TransferLine = TransferTask['lines'][number];

/** The transfers in transit to the worker's warehouses, from the server (online only). */
export const fetchTransferTasks = (): Promise<TransferTask[]> => getParsed('/pda/transfers', tasks);

/** Keeps the fetched transfers on the device for offline receiving. */
export async function saveTransferTasks(db: PdaDatabase, fetched: TransferTask[]): Promise<void> {
  await db.transaction('rw', db.transferTasks, async () => {
    await db.transferTasks.clear();
    await db.transferTasks.bulkPut(transferTaskRows(fetched));
  });
}

/**
 * The transfers on the device that come to this warehouse, less those whose end of receiving is
 * queued here (the server still shows them in transit until the op is pushed).
 */
export async function loadTransferTasks(db: PdaDatabase, warehouseId: string): Promise<TransferTask[]> {
  const stored = transferTasksOf(
    await db.transferTasks.where('toWarehouseId').equals(warehouseId).sortBy('position'),
  );
  const finishing = new Set(
    (await db.outbox.toArray())
      .filter((op) => op.type === 'transfer.finish')
      .map((op) => op.payload.transferId),
  );
  return stored.filter((task) => !finishing.has(task.id));
}

/** Units of each SKU of the transfer this device received and has not pushed yet, by SKU id. */
export async function queuedReceipts(db: PdaDatabase, transferId: string): Promise<Record<string, number>> {
  const queued: Record<string, number> = {};
  const ops = await db.outbox.toArray();
  for (const op of ops) {
    const { payload } = op;
    if (op.type !== 'transfer.receive' || payload.transferId !== transferId) continue;
    if (typeof payload.skuId !== 'string' || typeof payload.quantity !== 'number') continue;
    queued[payload.skuId] = (queued[payload.skuId] ?? 0) + payload.quantity;
  }
  return queued;
}

/** Units of a line still to arrive: sent, less received (on the server and queued here). */
export function leftOf(line: TransferLine, queued: Record<string, number>): number {
  return Math.max(0, line.quantity - line.receivedQuantity - (queued[line.skuId] ?? 0));
}

/** A transfer number scanned (or typed): one of the device's transfers to this warehouse. */
export function findTransfer(list: TransferTask[], code: string): TransferTask | null {
  const wanted = code.trim().toUpperCase();
  return list.find((task) => task.batchNo.toUpperCase() === wanted) ?? null;
}

export type TransferSkuTarget =
  { kind: 'line'; line: TransferLine } | { kind: 'not_in_transfer'; sellerSku: string } | { kind: 'unknown' };

/**
 * A SKU scan: a line of the transfer (by any barcode or the seller SKU), a SKU of the catalogue
 * the transfer does not carry, or an unknown code.
 */
export async function findTransferSku(
  db: PdaDatabase,
  task: TransferTask,
  code: string,
): Promise<TransferSkuTarget> {
  const normalised = normaliseBarcode(code);
  const trimmed = code.trim().toUpperCase();
  const line = task.lines.find(
    (item) =>
      item.sellerSku.toUpperCase() === trimmed ||
      item.barcodes.some((barcode) => barcode === code.trim() || normaliseBarcode(barcode) === normalised),
  );
  if (line) return { kind: 'line', line };
  const rows = await findByCode(db, 'skus', code);
  for (const row of rows) {
    const sku = pdaSku.safeParse(row.data);
    if (!sku.success) continue;
    const inTask = task.lines.find((item) => item.skuId === sku.data.id);
    if (inTask) return { kind: 'line', line: inTask };
    return { kind: 'not_in_transfer', sellerSku: sku.data.sellerSku };
  }
  return { kind: 'unknown' };
}

/** Units scanned but not put on a location yet, by SKU id. */
export type Scanned = Record<string, number>;

/**
 * Puts the scanned units on a location of the inbound warehouse: one 'transfer.receive' op per
 * SKU, queued together (all or none).
 */
export async function receiveOnto(
  db: PdaDatabase,
  input: { task: TransferTask; locationId: string; scanned: Scanned; now?: Date },
): Promise<number> {
  const entries = Object.entries(input.scanned).filter(([, quantity]) => quantity > 0);
  await db.transaction('rw', [db.outbox, db.meta], async () => {
    for (const [skuId, quantity] of entries)
      await enqueue(
        db,
        {
          type: 'transfer.receive',
          payload: { transferId: input.task.id, skuId, locationId: input.locationId, quantity },
        },
        input.now ? { now: () => input.now ?? new Date() } : {},
      );
  });
  return entries.reduce((sum, [, quantity]) => sum + quantity, 0);
}

/**
 * Ends receiving the transfer: one 'transfer.finish' op with the reason for what never arrived
 * (none when every unit arrived: there is no difference to explain), and the transfer taken off
 * the device's copy in the same transaction.
 */
export async function finishTransfer(
  db: PdaDatabase,
  input: { task: TransferTask; reason: TransferShortReason | null; note?: string },
): Promise<void> {
  await enqueue(
    db,
    {
      type: 'transfer.finish',
      payload: {
        transferId: input.task.id,
        ...(input.reason === null ? {} : { reason: input.reason }),
        note: input.note ?? '',
      },
    },
    {
      effectTables: [db.transferTasks],
      effect: async () => {
        await db.transferTasks.delete(input.task.id);
      },
    },
  );
}
