/**
 * Writing to the outbox: each op gets a client-made opId and the next
 * per-device seq in the same Dexie transaction as its local effect, so either both are stored
 * or neither is, and seqs have no gaps (the server stops a batch at a gap). Ops are immutable
 * once queued; a correction is a new op. Nothing here deletes a queued op: only the server's
 * answer moves it (sync/apply.ts), and undo is a compensating op. Each op names the worker
 * logged in when it was made (meta `worker`), so a shared device never sends one worker's scans
 * under another's name (shell/session.ts refuses that login).
 */
import type { Table } from 'dexie';
import type { PdaOpType } from '@shared/contract/pda.js';
import {
  META_KEYS,
  readMeta,
  writeMeta,
  type JsonObject,
  type MetaRow,
  type OutboxOp,
  type PdaDatabase,
} from '../data/db.js';
import { requested, storedRow, writeNatively, type StoreName } from '../data/native.js';

export interface NewOp {
  type: PdaOpType;
  payload: JsonObject;
  sessionId?: string;
}

export interface EnqueueOptions {
  /** The op's local effect, run inside the same transaction (e.g. a received count). */
  effect?: (op: OutboxOp) => Promise<void>;
  /** The tables the effect writes, so they join the transaction. */
  effectTables?: Table[];
  now?: () => Date;
}

async function allocateSeq(db: PdaDatabase): Promise<number> {
  const next = await readMeta(db, META_KEYS.nextSeq);
  const seq = typeof next === 'number' ? next : 1;
  await writeMeta(db, META_KEYS.nextSeq, seq + 1);
  return seq;
}

/** The op as queued: its seq, its worker (meta `worker`), a fresh opId. */
function queuedOp(op: NewOp, seq: number, worker: unknown, now: Date): OutboxOp {
  const by =
    worker &&
    typeof worker === 'object' &&
    !Array.isArray(worker) &&
    'id' in worker &&
    typeof worker.id === 'string'
      ? {
          userId: worker.id,
          userName: 'name' in worker && typeof worker.name === 'string' ? worker.name : '',
        }
      : {};
  return {
    seq,
    ...by,
    opId: crypto.randomUUID(),
    type: op.type,
    payload: op.payload,
    ...(op.sessionId ? { sessionId: op.sessionId } : {}),
    createdAt: now.toISOString(),
    status: 'pending',
    attempts: 0,
  };
}

/**
 * Queues an op with its local effect, atomically. If the effect throws, nothing is queued and
 * the seq is not used.
 */
export async function enqueue(db: PdaDatabase, op: NewOp, options: EnqueueOptions = {}): Promise<OutboxOp> {
  const tables = [db.outbox, db.meta, ...(options.effectTables ?? [])];
  return db.transaction('rw', tables, async () => {
    const worker = await readMeta(db, META_KEYS.worker);
    const queued = queuedOp(op, await allocateSeq(db), worker, options.now?.() ?? new Date());
    await db.outbox.add(queued);
    if (options.effect) await options.effect(queued);
    return queued;
  });
}

export interface NativeEnqueueOptions {
  /** The stores the effect writes, so they join the transaction. */
  stores: readonly StoreName[];
  /** The op's local effect, as plain requests in the same transaction (data/native.ts). */
  effect: (transaction: IDBTransaction, op: OutboxOp) => Promise<void>;
  now?: () => Date;
}

/**
 * Queues `op` in a native transaction holding `outbox` and `meta`: the worker and the next seq
 * read together, the seq moved on, the op added. Ops queued one after another in one
 * transaction take consecutive seqs (its requests run in order).
 */
async function queueIn(transaction: IDBTransaction, op: NewOp, now: Date): Promise<OutboxOp> {
  const meta = transaction.objectStore('meta');
  const [worker, next] = await Promise.all([
    storedRow<MetaRow>(meta, META_KEYS.worker),
    storedRow<MetaRow>(meta, META_KEYS.nextSeq),
  ]);
  const seq = typeof next?.value === 'number' ? next.value : 1;
  const queued = queuedOp(op, seq, worker?.value, now);
  await Promise.all([
    requested(meta.put({ key: META_KEYS.nextSeq, value: seq + 1 } satisfies MetaRow)),
    requested(transaction.objectStore('outbox').add(queued)),
  ]);
  return queued;
}

/**
 * `enqueue` for a scan's path, with the same guarantees, through plain IndexedDB requests in
 * one transaction instead of a Dexie transaction (data/native.ts says why): the op queued, then
 * its effect run; all of it or none.
 */
export function enqueueNatively(
  db: PdaDatabase,
  op: NewOp,
  options: NativeEnqueueOptions,
): Promise<OutboxOp> {
  return writeNatively(db, ['outbox', 'meta', ...options.stores], async (transaction) => {
    const queued = await queueIn(transaction, op, options.now?.() ?? new Date());
    await options.effect(transaction, queued);
    return queued;
  });
}

/**
 * Several ops whose local effect is the ops themselves (a pick's takes, one per order line),
 * queued in order in one native transaction: all of them or none.
 */
export function enqueueAllNatively(
  db: PdaDatabase,
  ops: readonly NewOp[],
  now = new Date(),
): Promise<OutboxOp[]> {
  return writeNatively(db, ['outbox', 'meta'], async (transaction) => {
    const queued: OutboxOp[] = [];
    for (const op of ops) queued.push(await queueIn(transaction, op, now));
    return queued;
  });
}

/** The worker whose scans wait in the queue, other than `userId`, and how many: null if none. */
export async function queuedByOthers(
  db: PdaDatabase,
  userId: string,
): Promise<{ name: string; count: number } | null> {
  const others = await db.outbox.filter((op) => op.userId !== undefined && op.userId !== userId).toArray();
  const [first] = others;
  return first ? { name: first.userName ?? '', count: others.length } : null;
}

/** How many ops wait for the server: logout and app updates wait while this is not zero. */
export function queuedCount(db: PdaDatabase): Promise<number> {
  return db.outbox.count();
}

/** The queue in the order it is pushed. */
export function queuedOps(db: PdaDatabase, limit?: number): Promise<OutboxOp[]> {
  const ordered = db.outbox.orderBy('seq');
  return limit === undefined ? ordered.toArray() : ordered.limit(limit).toArray();
}
