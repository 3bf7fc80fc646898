/**
 * The PDA's own database, in the browser's IndexedDB through Dexie. It holds:
 * - `outbox`: every write the worker made, as commands waiting for the server, in `seq` order.
 *   It is the single source of truth for writes: nothing leaves it except on the server's
 *   answer (to `done` or `attention`), so a reload, logout or app update never loses a scan.
 * - `done`: ops the server applied (or had already applied), kept as "my scans today".
 * - `attention`: ops the server refused for a business reason, with its code and params,
 *   until the worker deals with them.
 * - reference tables pulled from the server by cursor (locations, SKUs with all barcodes,
 *   open inbound orders and, split out of them, their boxes), each row indexed by every code a
 *   scan may carry (`lookup`).
 * - `photos`: discrepancy photos taken on the device, kept (as blobs) until the op citing them
 *   has been answered; the sync engine uploads them just before that op.
 * - the task lists fetched for offline work, each in its own table, its rows typed once
 *   (data/task-lists.ts, with the one conversion each way between the server's reply and rows):
 *   - `countTasks`: the open check orders (count/count-data.ts), by id, indexed by warehouse, in
 *     the server's order (`position`), a location marked counted by its op's local effect;
 *   - `transferTasks`: the transfers in transit (transfer/transfer-data.ts), by id, indexed by
 *     the warehouse they go to, in the server's order;
 *   - `pickWaves`: a warehouse's open waves with the device's last op the server had applied
 *     then (pick/pick-data.ts, reference/picked-orders.ts), by warehouse;
 *   - `outboundWork`: a warehouse's parcels and bags to pack, bag and hand over, with this
 *     device's outbound ops' effects (pack/outbound-data.ts), by warehouse;
 *   - `expectedReturns`: a warehouse's expected returns, with the units this device counted
 *     returned (returns/returns-data.ts), by warehouse;
 *   - `localReturns`: the returns this device took in and has not finished, with their items,
 *     by return id, in the order taken in (`receivedSeq`).
 * - `meta`: scalars only: the device id and the key the server issued to it, the next seq, the
 *   pull cursor, the last sync and pull times, the sync lease, the worker logged in; and beside
 *   them the kit's saved work of a screen (`work.<screen>`) and the label print queue.
 * Schema changes must keep unsent ops readable: add versions, never drop the outbox. Version 3
 * moved the task lists out of `meta` into their tables (carryTaskListsOver).
 *
 * Most writes go through Dexie; a scan's op with its local effect is written straight through
 * IndexedDB on the same connection (native.ts), which is why live queries keep no cache here.
 */
import Dexie, { type Table } from 'dexie';
import type { PdaOpType } from '@shared/contract/pda.js';
import { normaliseBarcode } from '@shared/domain/barcode.js';
import {
  carryTaskListsOver,
  type CountTaskRow,
  type ExpectedReturnsRow,
  type LocalReturnRow,
  type OutboundWorkRow,
  type PickWavesRow,
  type TransferTaskRow,
} from './task-lists.js';
import type { MetaRow } from './meta-row.js';

export type { MetaRow } from './meta-row.js';

export const PDA_DB_NAME = 'wms-pda';

/** The tables of version 1, as every device since has them (a test opens an older database with them). */
export const STORES_V1 = {
  outbox: '&seq, &opId, status',
  done: '&seq, &opId, doneAt',
  attention: '&seq, &opId',
  meta: '&key',
  locations: '&key, *lookup',
  skus: '&key, *lookup',
  inboundOrders: '&key, *lookup',
  boxes: '&key, *lookup, parentKey',
} as const;
/** What version 2 adds. */
export const STORES_V2 = { photos: '&key, opId' } as const;

/** A JSON value, as ops and reference rows carry them. */
export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/**
 * `T` itself when every part of it is JSON, as writeMeta takes values: strings, numbers,
 * booleans, null, arrays of them and objects of them. Unlike `Json`, it lets interfaces through
 * (an interface has no index signature, so an `OutboxOp` is no `Json`) and optional properties;
 * a Date, a Map, a function, a bigint, a symbol or undefined where a value is required turn
 * into `never` where they stand, so such a value does not type-check. (What is `Json` already
 * is taken as it is, which also keeps the recursive `Json` from being unfolded without end.)
 */
export type JsonSafe<T> = T extends Json
  ? T
  : T extends (...args: never[]) => unknown
    ? never
    : T extends readonly unknown[]
      ? { [Index in keyof T]: JsonSafe<T[Index]> }
      : T extends object
        ? { [Key in keyof T]: JsonSafe<T[Key]> }
        : never;

export interface OutboxOp {
  /** Per-device, gapless, allocated with the op's local effect (see outbox.ts). */
  seq: number;
  /** The idempotency key the server dedupes on. */
  opId: string;
  type: PdaOpType;
  payload: JsonObject;
  /** The login session the op was made in; the server refuses ops of a revoked one. */
  sessionId?: string;
  /** Who scanned it (the worker logged in on the device then), so it is sent under their name. */
  userId?: string;
  userName?: string;
  /** Device clock, ISO: audit only; the server orders by seq. */
  createdAt: string;
  /** `inflight` while a push holds it; left over from a crash, it is pushed again. */
  status: 'pending' | 'inflight';
  attempts: number;
}

export interface DoneOp extends Omit<OutboxOp, 'status'> {
  result: 'applied' | 'duplicate';
  doneAt: number;
}

export interface AttentionItem extends Omit<OutboxOp, 'status'> {
  code: string;
  params: JsonObject;
  rejectedAt: number;
}

export interface PhotoRow {
  /** The file key the op cites: `inbound/<seller>/<uuid>.<ext>`, made on the device. */
  key: string;
  /** The op that cites it, set when the op is queued. */
  opId: string;
  inboundOrderId: string;
  blob: Blob;
  /** Set once the server stored it, so a retried batch does not send it again. */
  uploadedAt: number | null;
}


export interface ReferenceRow {
  key: string;
  /** Every code a scan of this thing may carry, normalised as barcode.ts stores them. */
  lookup: string[];
  data: JsonObject;
  /** A box's inbound order, so the order's tombstone removes its boxes too. */
  parentKey?: string;
}

export const REFERENCE_TABLES = ['locations', 'skus', 'inboundOrders', 'boxes'] as const;
export type ReferenceTable = (typeof REFERENCE_TABLES)[number];

export class PdaDatabase extends Dexie {
  declare readonly outbox: Table<OutboxOp, number>;
  declare readonly done: Table<DoneOp, number>;
  declare readonly attention: Table<AttentionItem, number>;
  declare readonly meta: Table<MetaRow, string>;
  declare readonly photos: Table<PhotoRow, string>;
  declare readonly locations: Table<ReferenceRow, string>;
  declare readonly skus: Table<ReferenceRow, string>;
  declare readonly inboundOrders: Table<ReferenceRow, string>;
  declare readonly boxes: Table<ReferenceRow, string>;
  declare readonly countTasks: Table<CountTaskRow, string>;
  declare readonly transferTasks: Table<TransferTaskRow, string>;
  declare readonly pickWaves: Table<PickWavesRow, string>;
  declare readonly outboundWork: Table<OutboundWorkRow, string>;
  declare readonly expectedReturns: Table<ExpectedReturnsRow, string>;
  declare readonly localReturns: Table<LocalReturnRow, string>;

  constructor(name: string = PDA_DB_NAME) {
    // No cache of live queries' results: some writes go around Dexie (native.ts), and a cached
    // answer would not see them.
    super(name, { cache: 'disabled' });
    this.version(1).stores(STORES_V1);
    // Version 2 adds discrepancy photos; every table of version 1 stays as it was.
    this.version(2).stores(STORES_V2);
    // Version 3 gives each task list its own table; the lists kept in `meta` until then move
    // into them and their keys go (carryTaskListsOver). Every table of version 2 stays.
    this.version(3)
      .stores({
        countTasks: '&id, warehouseId',
        transferTasks: '&id, toWarehouseId',
        pickWaves: '&warehouseId',
        outboundWork: '&warehouseId',
        expectedReturns: '&warehouseId',
        localReturns: '&returnId, receivedSeq',
      })
      .upgrade(carryTaskListsOver);
  }

  referenceTable(table: ReferenceTable): Table<ReferenceRow, string> {
    return this[table];
  }
}

function strings(value: Json | undefined): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string');
  return [];
}

/** Which table an entity of the pull goes to, and which of its fields a scan may carry. */
export const REFERENCE_ENTITIES = {
  location: { table: 'locations', codes: ['code'] },
  sku: { table: 'skus', codes: ['sellerSku', 'sysCode', 'barcodes'] },
  inbound_order: { table: 'inboundOrders', codes: ['inboundNo'] },
} as const satisfies Record<string, { table: ReferenceTable; codes: readonly string[] }>;
export type ReferenceEntity = keyof typeof REFERENCE_ENTITIES;

/** The box fields a box label may carry. */
export const BOX_CODES = ['boxNo'] as const;

/** Normalised lookup codes from some fields, so a GTIN read as UPC-A or EAN-13 finds its SKU. */
export function lookupCodes(data: JsonObject, fields: readonly string[]): string[] {
  const codes = fields.flatMap((field) => strings(data[field]));
  const normalised = codes.map((code) => normaliseBarcode(code)).filter((code) => code !== null);
  return [...new Set(normalised)];
}

/** Finds reference rows by a scanned code, through the multi-entry `lookup` index. */
export async function findByCode(db: PdaDatabase, table: ReferenceTable, code: string): Promise<ReferenceRow[]> {
  const normalised = normaliseBarcode(code);
  if (normalised === null) return [];
  return db.referenceTable(table).where('lookup').equals(normalised).toArray();
}

export const META_KEYS = {
  deviceId: 'deviceId',
  /** The key the server issued at registration; every push presents it. Kept across logins. */
  deviceKey: 'deviceKey',
  nextSeq: 'nextSeq',
  pullCursor: 'pullCursor',
  lastSyncAt: 'lastSyncAt',
  lastPullAt: 'lastPullAt',
  syncLease: 'syncLease',
  /** The worker logged in on the device: `{ id, name }`, written at login. */
  worker: 'worker',
} as const;

/** The value stored under `key`, unknown (see MetaRow): the caller checks what it is. */
export async function readMeta(db: PdaDatabase, key: string): Promise<unknown> {
  return (await db.meta.get(key))?.value;
}

/** Stores `value` under `key`; the value must be JSON through and through (JsonSafe). */
export async function writeMeta<T>(db: PdaDatabase, key: string, value: T & JsonSafe<T>): Promise<void> {
  await db.meta.put({ key, value });
}

/**
 * The seq the server should expect first from a device registering now: the one after the
 * last op it answered (ops leave the outbox only on an answer, into `done` or `attention`).
 */
export async function firstUnansweredSeq(db: PdaDatabase): Promise<number> {
  const [done, attention] = await Promise.all([db.done.orderBy('seq').last(), db.attention.orderBy('seq').last()]);
  return Math.max(done?.seq ?? 0, attention?.seq ?? 0) + 1;
}

/** The device's id, made once on first use and kept with the outbox it numbers. */
export async function deviceId(db: PdaDatabase): Promise<string> {
  return db.transaction('rw', db.meta, async () => {
    const existing = await readMeta(db, META_KEYS.deviceId);
    if (typeof existing === 'string') return existing;
    const made = crypto.randomUUID();
    await writeMeta(db, META_KEYS.deviceId, made);
    return made;
  });
}
