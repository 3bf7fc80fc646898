/**
 * What the server's answers do to the PDA database, each in one Dexie transaction so a crash
 * leaves either the old state or the new one. Push results move ops out of the outbox (applied
 * or duplicate → `done`; rejected → `attention`) or back to pending (not processed, or not
 * answered at all). Pull pages write reference rows and the cursor together, tombstones
 * deleting rows, and a reset replacing the tables.
 */
import type { OpResult, PullChange, PullReply } from '@shared/contract/pda.js';
import {
  BOX_CODES,
  lookupCodes,
  META_KEYS,
  REFERENCE_ENTITIES,
  REFERENCE_TABLES,
  writeMeta,
  type AttentionItem,
  type DoneOp,
  type OutboxOp,
  type PdaDatabase,
} from '../data/db.js';

export interface PushApplied {
  /** Ops that left the outbox (done or rejected). */
  settled: number;
  rejected: number;
  /** The lowest seq the server wants next, when it stopped at a gap. */
  gapExpectedSeq: number | null;
}

function withoutStatus(op: OutboxOp): Omit<OutboxOp, 'status'> {
  const { status: _status, ...rest } = op;
  return rest;
}

/**
 * Applies per-op results to a batch that was in flight. An op without a result is sent again.
 * The batch is read and written with a few bulk calls (a backlog of thousands of ops settles a
 * push of 200 at a time, and four IndexedDB requests per op made the device the bottleneck).
 */
export async function applyPushResults(
  db: PdaDatabase,
  batch: OutboxOp[],
  results: OpResult[],
  now: number,
): Promise<PushApplied> {
  const byOpId = new Map(results.map((result) => [result.opId, result]));
  const outcome: PushApplied = { settled: 0, rejected: 0, gapExpectedSeq: null };
  await db.transaction('rw', [db.outbox, db.done, db.attention, db.photos], async () => {
    const currents = await db.outbox.bulkGet(batch.map((op) => op.seq));
    const again: number[] = [];
    const settled: OutboxOp[] = [];
    const done: DoneOp[] = [];
    const attention: AttentionItem[] = [];
    for (const [index, op] of batch.entries()) {
      const current = currents[index];
      // Another run already settled it (a second tab before the lock, a replayed reply).
      if (!current || current.opId !== op.opId) continue;
      const result = byOpId.get(op.opId);
      if (!result || result.status === 'not_processed') {
        if (result) {
          const expected = result.params.expectedSeq;
          outcome.gapExpectedSeq = Math.min(outcome.gapExpectedSeq ?? expected, expected);
        }
        again.push(op.seq);
        continue;
      }
      settled.push(current);
      // A replay answers the stored outcome: a rejection stays a rejection, even when the
      // first reply (the one that said so) was lost.
      const rejection =
        result.status === 'rejected' ? result : result.status === 'duplicate' ? result.original : null;
      if (rejection?.status === 'rejected')
        attention.push({
          ...withoutStatus(current),
          code: rejection.code,
          params: rejection.params,
          rejectedAt: now,
        });
      else
        done.push({
          ...withoutStatus(current),
          result: result.status === 'duplicate' ? 'duplicate' : 'applied',
          doneAt: now,
        });
    }
    if (again.length > 0) await db.outbox.where('seq').anyOf(again).modify({ status: 'pending' });
    if (settled.length === 0) return;
    await db.outbox.bulkDelete(settled.map((op) => op.seq));
    // The server has the ops' photos (or refused the ops): the device needs them no more.
    await db.photos
      .where('opId')
      .anyOf(settled.map((op) => op.opId))
      .delete();
    if (done.length > 0) await db.done.bulkPut(done);
    if (attention.length > 0) await db.attention.bulkPut(attention);
    outcome.settled = settled.length;
    outcome.rejected = attention.length;
  });
  return outcome;
}

async function applyChange(db: PdaDatabase, change: PullChange): Promise<void> {
  const entity = REFERENCE_ENTITIES[change.entity];
  const table = db.referenceTable(entity.table);
  if (change.entity === 'inbound_order') await db.boxes.where('parentKey').equals(change.key).delete();
  if (change.op === 'delete') {
    await table.delete(change.key);
    return;
  }
  // The contract's schemas parsed this data; their types are JSON, so it is a row's data as it is.
  const { data } = change;
  await table.put({ key: change.key, lookup: lookupCodes(data, entity.codes), data });
  if (change.entity === 'inbound_order') {
    for (const box of change.data.boxes) {
      await db.boxes.put({
        key: box.id,
        lookup: lookupCodes(box, BOX_CODES),
        data: box,
        parentKey: change.key,
      });
    }
  }
}

/**
 * Applies one pull page and its cursor atomically; a reset first empties the tables. While ops
 * wait in the outbox the page is not applied (false): the server's rows do not hold those ops'
 * effects yet, and replacing the device's rows would hide scans the worker just made.
 */
export async function applyPullPage(db: PdaDatabase, page: PullReply, now: number): Promise<boolean> {
  const tables = [db.meta, db.outbox, ...REFERENCE_TABLES.map((name) => db.referenceTable(name))];
  return db.transaction('rw', tables, async () => {
    if ((await db.outbox.count()) > 0) return false;
    if (page.reset) {
      for (const name of REFERENCE_TABLES) await db.referenceTable(name).clear();
    }
    for (const change of page.changes) await applyChange(db, change);
    await writeMeta(db, META_KEYS.pullCursor, page.cursor);
    await writeMeta(db, META_KEYS.lastPullAt, now);
    return true;
  });
}
