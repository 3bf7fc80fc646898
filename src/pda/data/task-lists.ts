/**
 * The task lists the PDA fetches for offline work, as rows of their own Dexie tables (db.ts), and
 * the one conversion each way at the boundary: `…Rows`/`…Row` turns the server's reply (its
 * contract types) into rows, `…Of` turns rows back into what the feature uses. The tables' types
 * say what a row is, so nothing here is parsed again on a read.
 *
 * Before version 3 of the database these lists were JSON values in `meta`; carryTaskListsOver is
 * the upgrade that moves each into its table (read with the schema its old reader used, so the
 * device keeps exactly what it showed) and deletes the old keys, so a device upgraded mid-shift
 * loses nothing: an unsynced local return keeps its items.
 */
import type { Transaction } from 'dexie';
import { z } from 'zod';
import { countTask, type CountTask } from '@shared/contract/counts.js';
import { pdaOutboundWork, type PdaBag, type PdaOutboundWork, type PdaParcel } from '@shared/contract/packing.js';
import { pdaWavesReply, type PdaWave, type PdaWavesReply } from '@shared/contract/picking.js';
import { expectedReturns, type ExpectedReturns } from '@shared/contract/returns.js';
import { transferTask, type TransferTask } from '@shared/contract/transfers.js';
import type { MetaRow } from './meta-row.js';

/** A check order of `countTasks`, in the order the server listed it (`position`). */
export interface CountTaskRow {
  id: string;
  warehouseId: string;
  position: number;
  task: CountTask;
}

/** A transfer in transit of `transferTasks`, in the order the server listed it. */
export interface TransferTaskRow {
  id: string;
  toWarehouseId: string;
  position: number;
  task: TransferTask;
}

/** A warehouse's open waves of `pickWaves`, with the device's last op the server had applied then. */
export interface PickWavesRow {
  warehouseId: string;
  waves: PdaWave[];
  lastProcessedSeq: number | null;
}

/** A warehouse's outbound work of `outboundWork`: parcels and bags, with this device's ops' effects. */
export interface OutboundWorkRow {
  warehouseId: string;
  parcels: PdaParcel[];
  bags: PdaBag[];
}

/** A warehouse's expected returns of `expectedReturns`, with the units this device counted returned. */
export interface ExpectedReturnsRow {
  warehouseId: string;
  orders: ExpectedReturns['orders'];
  returns: ExpectedReturns['returns'];
}

/** An item of a return this device took in, as inspected. */
export interface LocalReturnItem {
  skuId: string | null;
  quantity: number;
  condition: string;
  outcome: string;
  locationCode: string;
}

/** A return this device took in and has not finished, as the returns screen uses it. */
export interface LocalReturn {
  returnId: string;
  warehouseId: string;
  returnTrackingNo: string;
  orderId: string | null;
  items: LocalReturnItem[];
}

/**
 * A row of `localReturns`: the return, and the seq of its 'return.receive' op, which keeps them
 * in the order they were taken in (a return carried over from `meta` has its place in the old
 * list instead, below every seq since: each of them had an op of its own).
 */
export interface LocalReturnRow extends LocalReturn {
  receivedSeq: number;
}

export const countTaskRows = (tasks: readonly CountTask[]): CountTaskRow[] =>
  tasks.map((task, position) => ({ id: task.id, warehouseId: task.warehouseId, position, task }));

export const countTasksOf = (rows: readonly CountTaskRow[]): CountTask[] => rows.map((row) => row.task);

export const transferTaskRows = (tasks: readonly TransferTask[]): TransferTaskRow[] =>
  tasks.map((task, position) => ({ id: task.id, toWarehouseId: task.toWarehouseId, position, task }));

export const transferTasksOf = (rows: readonly TransferTaskRow[]): TransferTask[] => rows.map((row) => row.task);

export const pickWavesRow = (warehouseId: string, reply: PdaWavesReply): PickWavesRow => ({
  warehouseId,
  waves: reply.waves,
  lastProcessedSeq: reply.lastProcessedSeq,
});

export const pickWavesOf = (row: PickWavesRow): PdaWavesReply => ({
  waves: row.waves,
  lastProcessedSeq: row.lastProcessedSeq,
});

export const outboundWorkRow = (warehouseId: string, work: PdaOutboundWork): OutboundWorkRow => ({
  warehouseId,
  parcels: work.parcels,
  bags: work.bags,
});

/** The stored work of a warehouse; none stored is no work. */
export const outboundWorkOf = (row: OutboundWorkRow | undefined): PdaOutboundWork =>
  row ? { parcels: row.parcels, bags: row.bags } : { parcels: [], bags: [] };

export const expectedReturnsRow = (reply: ExpectedReturns): ExpectedReturnsRow => ({
  warehouseId: reply.warehouseId,
  orders: reply.orders,
  returns: reply.returns,
});

/** The stored expected returns of a warehouse; none stored is nothing expected. */
export const expectedReturnsOf = (row: ExpectedReturnsRow | undefined, warehouseId: string): ExpectedReturns =>
  row
    ? { warehouseId: row.warehouseId, orders: row.orders, returns: row.returns }
    : { warehouseId, orders: [], returns: [] };

export const localReturnRow = (entry: LocalReturn, receivedSeq: number): LocalReturnRow => ({
  ...entry,
  receivedSeq,
});

export const localReturnsOf = (rows: readonly LocalReturnRow[]): LocalReturn[] =>
  rows.map((row) => ({
    returnId: row.returnId,
    warehouseId: row.warehouseId,
    returnTrackingNo: row.returnTrackingNo,
    orderId: row.orderId,
    items: row.items,
  }));

/** The `meta` keys the lists were kept under before version 3 (read only by the upgrade). */
export const LEGACY_META_KEYS = {
  countTasks: 'countTasks',
  transferTasks: 'transferTasks',
  localReturns: 'localReturns',
  /** Followed by the warehouse id. */
  pickWaves: 'pickWaves.',
  outboundWork: 'outbound:',
  expectedReturns: 'expectedReturns:',
} as const;

/** What the returns screen stored under `localReturns` (its reader's schema then). */
const legacyLocalReturns: z.ZodType<LocalReturn[]> = z.array(
  z.object({
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
  }),
);

/** The warehouse id after a per-warehouse key's prefix, or null for another key. */
function warehouseOf(key: string, prefix: string): string | null {
  return key.startsWith(prefix) && key.length > prefix.length ? key.slice(prefix.length) : null;
}

/**
 * The upgrade to version 3: every task list kept in `meta` goes into its table and its key is
 * deleted. A value its old reader would not have read (it showed nothing then) is deleted too.
 */
export async function carryTaskListsOver(transaction: Transaction): Promise<void> {
  const meta = transaction.table<MetaRow, string>('meta');
  const moved: string[] = [];
  const countRows: CountTaskRow[] = [];
  const transferRows: TransferTaskRow[] = [];
  const localRows: LocalReturnRow[] = [];
  const waveRows: PickWavesRow[] = [];
  const workRows: OutboundWorkRow[] = [];
  const expectedRows: ExpectedReturnsRow[] = [];
  for (const { key, value } of await meta.toArray()) {
    const waves = warehouseOf(key, LEGACY_META_KEYS.pickWaves);
    const work = warehouseOf(key, LEGACY_META_KEYS.outboundWork);
    const expected = warehouseOf(key, LEGACY_META_KEYS.expectedReturns);
    if (key === LEGACY_META_KEYS.countTasks) {
      const parsed = z.array(countTask).safeParse(value);
      if (parsed.success) countRows.push(...countTaskRows(parsed.data));
    } else if (key === LEGACY_META_KEYS.transferTasks) {
      const parsed = z.array(transferTask).safeParse(value);
      if (parsed.success) transferRows.push(...transferTaskRows(parsed.data));
    } else if (key === LEGACY_META_KEYS.localReturns) {
      const parsed = legacyLocalReturns.safeParse(value);
      if (parsed.success) localRows.push(...parsed.data.map((entry, index) => localReturnRow(entry, index + 1)));
    } else if (waves !== null) {
      const parsed = pdaWavesReply.safeParse(value);
      if (parsed.success) waveRows.push(pickWavesRow(waves, parsed.data));
    } else if (work !== null) {
      const parsed = pdaOutboundWork.safeParse(value);
      if (parsed.success) workRows.push(outboundWorkRow(work, parsed.data));
    } else if (expected !== null) {
      // Read by the key's warehouse, as the old reader did.
      const parsed = expectedReturns.safeParse(value);
      if (parsed.success) expectedRows.push(expectedReturnsRow({ ...parsed.data, warehouseId: expected }));
    } else continue;
    moved.push(key);
  }
  await Promise.all([
    transaction.table<CountTaskRow, string>('countTasks').bulkPut(countRows),
    transaction.table<TransferTaskRow, string>('transferTasks').bulkPut(transferRows),
    transaction.table<LocalReturnRow, string>('localReturns').bulkPut(localRows),
    transaction.table<PickWavesRow, string>('pickWaves').bulkPut(waveRows),
    transaction.table<OutboundWorkRow, string>('outboundWork').bulkPut(workRows),
    transaction.table<ExpectedReturnsRow, string>('expectedReturns').bulkPut(expectedRows),
  ]);
  await meta.bulkDelete(moved);
}
