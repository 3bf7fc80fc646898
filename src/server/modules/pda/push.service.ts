/**
 * Push (research note §3.10): applies a device's ops exactly once, in seq order. A batch runs in
 * one transaction that first locks the device's row (registering the device), so one device's
 * batches never interleave: two requests carrying the same ops wait for each other, and the
 * second finds the first's pda_processed_ops rows. Each op's effect and its processed-op row are
 * written together, and the device's last_seq with them at commit: after a lost response the
 * ops are answered 'duplicate' with the stored results. A business refusal rolls back to the
 * op's savepoint and is stored as that op's terminal 'rejected' result, and the device's seq
 * still advances, so one bad op never blocks the queue. A seq beyond last_seq + 1 stops the
 * batch: it and every later op come back 'not_processed' with 'pda.sequence_gap' and the
 * expected seq, to be sent again. Anything else that fails (a bug, the database gone) rolls
 * the whole batch back and fails the call; the device sends it again. Two devices' batches
 * that lock the same orders in opposite orders can deadlock: PostgreSQL aborts one, and the
 * batch is run again from the start (nothing of it was committed).
 *
 * One transaction per batch rather than per op: a commit per op made pushing ~20 round trips
 * and a WAL flush per scan (see `npm run bench`); a batch of 100 now commits once.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  PDA_OP_PAYLOADS,
  pushRequest,
  UNDOABLE_OP_TYPES,
  type UndoOpInput,
  type OpResult,
  type PdaOp,
  type PushReply,
  type PushRequest,
  type StoredOpResult,
} from '../../../shared/contract/pda.js';
import { AppError } from '../../../shared/errors.js';
import { withTenant, type Db, type TenantTx } from '../../db/client.js';
import type { Actor } from '../../http/actor.js';
import { parseInput } from '../../http/parse-input.js';
import { sessions } from '../identity/index.js';
import {
  finishBox,
  receiveInbound,
  reportDiscrepancy,
  shelveInbound,
  undoReceipt,
  undoShelving,
} from '../inbound/index.js';
import { pdaDevices, pdaProcessedOps } from './pda.tables.js';

type Payload<T extends keyof typeof PDA_OP_PAYLOADS> = z.output<(typeof PDA_OP_PAYLOADS)[T]>;

/**
 * Takes back an earlier op of this device: its receipt or shelving is reversed through the
 * ledger and the original is marked, so it is undone once. An original the server refused
 * changed nothing, so there is nothing to take back.
 */
async function undoOp(
  tx: TenantTx,
  actor: Actor,
  deviceId: string,
  op: PdaOp,
  input: UndoOpInput,
): Promise<Record<string, unknown>> {
  const [original] = await tx
    .select()
    .from(pdaProcessedOps)
    .where(and(eq(pdaProcessedOps.opId, input.opId), eq(pdaProcessedOps.deviceId, deviceId)))
    .for('update');
  if (!original) throw new AppError('pda.undo_unknown');
  if (original.undoneByOpId) throw new AppError('pda.undo_already');
  if (!(UNDOABLE_OP_TYPES as readonly string[]).includes(original.type))
    throw new AppError('pda.undo_unsupported');
  if (original.result.status === 'rejected') return { undoneOpId: original.opId, quantity: 0 };
  const payload = original.payload;
  const effect =
    original.type === 'inbound.receive'
      ? await undoReceipt(tx, actor, parseInput(PDA_OP_PAYLOADS['inbound.receive'], payload))
      : await undoShelving(tx, actor, parseInput(PDA_OP_PAYLOADS['inbound.shelve'], payload));
  await tx
    .update(pdaProcessedOps)
    .set({ undoneByOpId: op.opId })
    .where(eq(pdaProcessedOps.opId, original.opId));
  return { ...effect, undoneOpId: original.opId };
}

/** Runs one op's command with the same service the admin uses. */
async function applyOp(
  tx: TenantTx,
  actor: Actor,
  deviceId: string,
  op: PdaOp,
): Promise<Record<string, unknown>> {
  switch (op.type) {
    case 'inbound.receive': {
      const input: Payload<'inbound.receive'> = parseInput(PDA_OP_PAYLOADS[op.type], op.payload);
      return receiveInbound(tx, actor, input);
    }
    case 'inbound.discrepancy': {
      const input: Payload<'inbound.discrepancy'> = parseInput(PDA_OP_PAYLOADS[op.type], op.payload);
      return reportDiscrepancy(tx, actor, input);
    }
    case 'inbound.shelve': {
      const input: Payload<'inbound.shelve'> = parseInput(PDA_OP_PAYLOADS[op.type], op.payload);
      return shelveInbound(tx, actor, input);
    }
    case 'inbound.finish_box': {
      const input: Payload<'inbound.finish_box'> = parseInput(PDA_OP_PAYLOADS[op.type], op.payload);
      return finishBox(tx, actor, input);
    }
    case 'inbound.undo':
      return undoOp(tx, actor, deviceId, op, parseInput(PDA_OP_PAYLOADS[op.type], op.payload));
  }
}

/** Every op's session must be one of this tenant's and not revoked; else the whole call is 401. */
async function assertSessionsLive(tx: TenantTx, ops: PdaOp[]): Promise<void> {
  const ids = [...new Set(ops.flatMap((op) => (op.sessionId ? [op.sessionId] : [])))];
  if (ids.length === 0) return;
  const live = await tx
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(inArray(sessions.id, ids), sql`${sessions.revokedAt} is null`));
  if (live.length !== ids.length) throw new AppError('pda.session_revoked');
}

type Outcome = { result: OpResult; lastSeq: number; applied: boolean; stop: boolean };

/** One op in the batch's transaction, after the device's row was locked. */
async function processOp(
  tx: TenantTx,
  actor: Actor,
  deviceId: string,
  lastSeq: number,
  op: PdaOp,
): Promise<Outcome> {
  const base = { opId: op.opId, seq: op.seq };
  const [seen] = await tx
    .select({ result: pdaProcessedOps.result })
    .from(pdaProcessedOps)
    .where(eq(pdaProcessedOps.opId, op.opId));
  if (seen)
    return {
      result: { ...base, status: 'duplicate', original: seen.result },
      lastSeq,
      applied: false,
      stop: false,
    };
  if (op.seq <= lastSeq)
    return {
      result: { ...base, status: 'rejected', code: 'pda.sequence_reused', params: { lastSeq } },
      lastSeq,
      applied: false,
      stop: false,
    };
  if (op.seq > lastSeq + 1)
    return {
      result: {
        ...base,
        status: 'not_processed',
        code: 'pda.sequence_gap',
        params: { expectedSeq: lastSeq + 1 },
      },
      lastSeq,
      applied: false,
      stop: true,
    };

  const at = new Date().toISOString();
  let stored: StoredOpResult;
  try {
    const effect = await tx.transaction((savepoint) => applyOp(savepoint, actor, deviceId, op));
    stored = { status: 'applied', effect, at };
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    stored = { status: 'rejected', code: error.code, params: error.params, at };
  }
  await tx.insert(pdaProcessedOps).values({
    opId: op.opId,
    deviceId,
    seq: op.seq,
    type: op.type,
    payload: op.payload,
    userId: actor.userId,
    result: stored,
    createdAtDevice: new Date(op.createdAt),
  });
  const result: OpResult =
    stored.status === 'applied'
      ? { ...base, status: 'applied', effect: stored.effect }
      : { ...base, status: 'rejected', code: stored.code, params: stored.params };
  return { result, lastSeq: op.seq, applied: stored.status === 'applied', stop: false };
}

/** The batch in one transaction: lock (or register) the device, then each op in seq order. */
async function processBatch(db: Db, actor: Actor, deviceId: string, ops: PdaOp[]): Promise<PushReply> {
  return withTenant(
    db,
    actor.tenantId,
    async (tx) => {
      await assertSessionsLive(tx, ops);
      // The upsert locks the device's row until commit: this device's batches run one at a time.
      const [device] = await tx
        .insert(pdaDevices)
        .values({ deviceId, userId: actor.userId })
        .onConflictDoUpdate({
          target: [pdaDevices.tenantId, pdaDevices.deviceId],
          set: { userId: actor.userId, lastSeen: sql`now()` },
        })
        .returning({ lastSeq: pdaDevices.lastSeq });
      let lastSeq = device?.lastSeq ?? 0;
      const results: OpResult[] = [];
      let pullHint = false;
      for (const [index, op] of ops.entries()) {
        const outcome = await processOp(tx, actor, deviceId, lastSeq, op);
        results.push(outcome.result);
        lastSeq = Math.max(lastSeq, outcome.lastSeq);
        pullHint ||= outcome.applied;
        if (outcome.stop) {
          for (const later of ops.slice(index + 1))
            results.push({
              opId: later.opId,
              seq: later.seq,
              status: 'not_processed',
              code: 'pda.sequence_gap',
              params: { expectedSeq: lastSeq + 1 },
            });
          break;
        }
      }
      await tx
        .update(pdaDevices)
        .set({ lastSeq, lastSeen: sql`now()`, userId: actor.userId })
        .where(eq(pdaDevices.deviceId, deviceId));
      return { serverTime: new Date().toISOString(), lastProcessedSeq: lastSeq, results, pullHint };
    },
    actor.userId,
  );
}

const DEADLOCK_ATTEMPTS = 3;

function isDeadlock(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause)
    if ((cause as { code?: unknown }).code === '40P01') return true;
  return false;
}

/** Applies a batch of a device's ops, each exactly once, and answers each op's result. */
export async function pushOps(db: Db, actor: Actor, raw: PushRequest): Promise<PushReply> {
  const request = parseInput(pushRequest, raw);
  const ops = [...request.ops].sort((a, b) => a.seq - b.seq);
  if (
    new Set(ops.map((op) => op.opId)).size !== ops.length ||
    new Set(ops.map((op) => op.seq)).size !== ops.length
  )
    throw new AppError('pda.batch_invalid');
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await processBatch(db, actor, request.deviceId, ops);
    } catch (error) {
      if (attempt >= DEADLOCK_ATTEMPTS || !isDeadlock(error)) throw error;
    }
  }
}
