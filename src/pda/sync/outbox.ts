/**
 * Writing to the outbox: each op gets a client-made opId and the next
 * per-device seq in the same Dexie transaction as its local effect, so either both are stored
 * or neither is, and seqs have no gaps (the server stops a batch at a gap). Ops are immutable
 * once queued; a correction is a new op. Nothing here deletes a queued op: only the server's
 * answer moves it (sync/apply.ts), and undo is a compensating op. Each op names the worker
 * logged in when it was made (meta `worker`), so a shared device never sends one worker's scans
 * under another's name (app/session.ts refuses that login).
 */
import type { Table } from 'dexie';
import type { PdaOpType } from '@shared/contract/pda.js';
import {
  META_KEYS,
  readMeta,
  writeMeta,
  type JsonObject,
  type OutboxOp,
  type PdaDatabase,
} from '../data/db.js';

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

/**
 * Queues an op with its local effect, atomically. If the effect throws, nothing is queued and
 * the seq is not used.
 */
export async function enqueue(db: PdaDatabase, op: NewOp, options: EnqueueOptions = {}): Promise<OutboxOp> {
  const tables = [db.outbox, db.meta, ...(options.effectTables ?? [])];
  return db.transaction('rw', tables, async () => {
    const worker = await readMeta(db, META_KEYS.worker);
    const by =
      worker && typeof worker === 'object' && !Array.isArray(worker) && typeof worker.id === 'string'
        ? { userId: worker.id, userName: typeof worker.name === 'string' ? worker.name : '' }
        : {};
    const queued: OutboxOp = {
      seq: await allocateSeq(db),
      ...by,
      opId: crypto.randomUUID(),
      type: op.type,
      payload: op.payload,
      ...(op.sessionId ? { sessionId: op.sessionId } : {}),
      createdAt: (options.now?.() ?? new Date()).toISOString(),
      status: 'pending',
      attempts: 0,
    };
    await db.outbox.add(queued);
    if (options.effect) await options.effect(queued);
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
