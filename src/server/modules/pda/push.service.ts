/**
 * Push: applies a device's ops exactly once, in seq order. A device registers first and gets a
 * key (registerDevice); a push must present it, so another user or device cannot push in its
 * name, while workers signing in one after another on a shared handheld keep pushing with it.
 * A batch runs in one transaction that first locks the device's row (checking the key), so one
 * device's batches never interleave: two requests carrying the same ops wait for each other, and the
 * second finds the first's pda_processed_ops rows. Each op's effect and its processed-op row are
 * written together, and the device's last_seq with them at commit: after a lost response the
 * ops are answered 'duplicate' with the stored results. A business refusal rolls back to the
 * op's savepoint and is stored as that op's terminal 'rejected' result, and the device's seq
 * still advances, so one bad op never blocks the queue. An op is checked on its own, including
 * every string of its payload (U+0000 or half a surrogate pair, which PostgreSQL cannot store,
 * is that op's 'common.validation', push-check.ts), so nothing in one op fails the batch. A seq
 * beyond last_seq + 1 stops the batch: it and every later op come back 'not_processed' with
 * 'pda.sequence_gap' and the expected seq, to be sent again. Anything else that fails (a bug,
 * the database gone) rolls the whole batch back and fails the call; the device sends it again.
 * Two devices' batches that lock the same orders in opposite orders can deadlock: PostgreSQL
 * aborts one, and the batch is run again from the start (nothing of it was committed). Which
 * service applies each op type is pda-ops.service.ts.
 *
 * One transaction per batch rather than per op: a commit per op made pushing ~20 round trips
 * and a WAL flush per scan (see `npm run bench`); a batch of 100 now commits once.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  pushRequest,
  registerDeviceRequest,
  type RegisterDeviceReply,
  type RegisterDeviceRequest,
  type OpResult,
  type PdaOp,
  type PushReply,
  type StoredOpResult,
} from '@shared/contract/pda.js';
import { AppError } from '@shared/errors.js';
import { withTenant, type Db, type TenantTx } from '../../db/client.js';
import type { Actor } from '../../http/actor.js';
import { parseInput } from '../../http/parse-input.js';
import { sessions } from '../identity/index.js';
import { pushTracking, type LogisticsRuntime } from '../logistics/index.js';
import { deviceKeyHash, deviceWithKey } from './device-key.js';
import { pdaDevices, pdaProcessedOps } from './pda.tables.js';
import { applyOp, RUN_APPLIERS } from './pda-ops.service.js';
import { checkOp, type CheckedOp } from './push-check.js';

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

/**
 * Locks the device's row and checks the key it presents against the one issued at
 * registration: a device pushes only with its own key, whoever is signed in on it.
 */
async function lockDevice(tx: TenantTx, deviceId: string, key: string | undefined): Promise<number> {
  return (await deviceWithKey(tx, deviceId, key, { lock: true })).lastSeq;
}

type ProcessedRow = typeof pdaProcessedOps.$inferInsert;

type Outcome = { result: OpResult; lastSeq: number; applied: boolean; stop: boolean; row?: ProcessedRow };

/** The stored results of the batch's ops the server has seen before, by op id: one query. */
async function seenResults(tx: TenantTx, ops: CheckedOp[]): Promise<Map<string, StoredOpResult>> {
  if (ops.length === 0) return new Map();
  const seen = await tx
    .select({ opId: pdaProcessedOps.opId, result: pdaProcessedOps.result })
    .from(pdaProcessedOps)
    .where(
      inArray(
        pdaProcessedOps.opId,
        ops.map((op) => op.opId),
      ),
    );
  return new Map(seen.map((row) => [row.opId, row.result]));
}

/**
 * One op in the batch's transaction, after the device's row was locked. Its processed-op row
 * is answered, to be written in the same transaction (processBatch writes them together).
 */
async function processOp(
  tx: TenantTx,
  actor: Actor,
  deviceId: string,
  lastSeq: number,
  checked: CheckedOp,
  seen: StoredOpResult | undefined,
): Promise<Outcome> {
  const base = { opId: checked.opId, seq: checked.seq };
  // An op applied under the device's earlier registration fills its seq here as well.
  if (seen)
    return {
      result: { ...base, status: 'duplicate', original: seen },
      lastSeq: checked.seq === lastSeq + 1 ? checked.seq : lastSeq,
      applied: false,
      stop: false,
    };
  if (checked.seq <= lastSeq)
    return {
      result: { ...base, status: 'rejected', code: 'pda.sequence_reused', params: { lastSeq } },
      lastSeq,
      applied: false,
      stop: false,
    };
  if (checked.seq > lastSeq + 1)
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
  const { op } = checked;
  if (op === null) stored = { status: 'rejected', ...checked.refusal, at };
  else
    try {
      const effect = await tx.transaction((savepoint) => applyOp(savepoint, actor, deviceId, op));
      stored = { status: 'applied', effect, at };
    } catch (error) {
      if (!isRefusal(error)) throw error;
      stored = { status: 'rejected', code: error.code, params: error.params, at };
    }
  return storedOutcome(actor, deviceId, checked, stored);
}

/** A business refusal (stored as the op's result), as opposed to a failure of the call. */
const isRefusal = (error: unknown): error is AppError => error instanceof AppError && error.status < 500;

/** The outcome of an op the server examined now: its result and the processed-op row to write. */
function storedOutcome(actor: Actor, deviceId: string, checked: CheckedOp, stored: StoredOpResult): Outcome {
  const base = { opId: checked.opId, seq: checked.seq };
  const { op } = checked;
  const row: ProcessedRow = {
    opId: checked.opId,
    deviceId,
    seq: checked.seq,
    type: op?.type ?? 'invalid',
    payload: op?.payload ?? {},
    userId: actor.userId,
    result: stored,
    createdAtDevice: op ? new Date(op.createdAt) : null,
  };
  const result: OpResult =
    stored.status === 'applied'
      ? { ...base, status: 'applied', effect: stored.effect }
      : { ...base, status: 'rejected', code: stored.code, params: stored.params };
  return { result, lastSeq: checked.seq, applied: stored.status === 'applied', stop: false, row };
}

/**
 * The consecutive ops from `start` of a type that has a run applier, new and next in seq: a run
 * its module may apply together. Empty when the op at `start` is of any other type.
 */
function opRun(
  ops: CheckedOp[],
  start: number,
  lastSeq: number,
  seen: Map<string, StoredOpResult>,
): (CheckedOp & { op: PdaOp })[] {
  const type = ops[start]?.op?.type;
  if (!type || !RUN_APPLIERS[type]) return [];
  const run: (CheckedOp & { op: PdaOp })[] = [];
  for (const checked of ops.slice(start)) {
    if (checked.op?.type !== type || seen.has(checked.opId)) break;
    if (checked.seq !== lastSeq + 1 + run.length) break;
    run.push(checked as CheckedOp & { op: PdaOp });
  }
  return run;
}

/**
 * Applies the leading ops of a run that its applier proves clean, in a savepoint, and answers
 * their outcomes; the rest go one at a time. A run the ledger refuses as a whole (a check it
 * makes that the run's own checks do not) leaves nothing and goes one at a time (`refused`).
 * A single op is not worth a run.
 */
async function applyRun(
  tx: TenantTx,
  actor: Actor,
  deviceId: string,
  run: (CheckedOp & { op: PdaOp })[],
): Promise<{ outcomes: Outcome[]; refused: boolean }> {
  const applier = run[0] && RUN_APPLIERS[run[0].op.type];
  if (run.length < 2 || !applier) return { outcomes: [], refused: false };
  let effects: object[];
  try {
    effects = await tx.transaction((savepoint) =>
      applier(
        savepoint,
        actor,
        run.map((checked) => checked.op.payload),
      ),
    );
  } catch (error) {
    if (!isRefusal(error)) throw error;
    return { outcomes: [], refused: true };
  }
  const at = new Date().toISOString();
  const outcomes = effects.map((effect, index) =>
    storedOutcome(actor, deviceId, run[index] as CheckedOp, { status: 'applied', effect: { ...effect }, at }),
  );
  return { outcomes, refused: false };
}

/**
 * The batch in one transaction: lock the device (checking its key), find which ops were seen
 * before (one query), then each op in seq order, runs of one type together (RUN_APPLIERS). The processed-op rows go in with one insert
 * before commit (and before an undo, which reads the rows of the ops it takes back), so each
 * op's effect and its row still commit together or not at all.
 */
async function processBatch(
  db: Db,
  actor: Actor,
  device: { deviceId: string; deviceKey: string | undefined },
  ops: CheckedOp[],
): Promise<PushReply> {
  const { deviceId } = device;
  return withTenant(
    db,
    actor.tenantId,
    async (tx) => {
      await assertSessionsLive(
        tx,
        ops.flatMap((checked) => (checked.op ? [checked.op] : [])),
      );
      // The lock holds the device's row until commit: this device's batches run one at a time.
      let lastSeq = await lockDevice(tx, deviceId, device.deviceKey);
      const seen = await seenResults(tx, ops);
      const rows: ProcessedRow[] = [];
      const writeRows = async () => {
        if (rows.length > 0) await tx.insert(pdaProcessedOps).values(rows.splice(0));
      };
      const results: OpResult[] = [];
      let pullHint = false;
      // Ops up to this index go one at a time (a run was tried over them, or one would not pay).
      let singleUntil = -1;
      let index = 0;
      while (index < ops.length) {
        if (index > singleUntil) {
          const run = opRun(ops, index, lastSeq, seen);
          const { outcomes, refused } = await applyRun(tx, actor, deviceId, run);
          for (const outcome of outcomes) {
            results.push(outcome.result);
            if (outcome.row) rows.push(outcome.row);
            lastSeq = outcome.lastSeq;
            pullHint = true;
          }
          index += outcomes.length;
          // The op the run stopped before goes alone; after it another run may start.
          singleUntil = refused ? index + run.length - 1 : index;
          if (index >= ops.length) break;
        }
        const op = ops[index] as CheckedOp;
        if (op.op?.type === 'inbound.undo') await writeRows();
        const outcome = await processOp(tx, actor, deviceId, lastSeq, op, seen.get(op.opId));
        results.push(outcome.result);
        if (outcome.row) rows.push(outcome.row);
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
        index += 1;
      }
      await writeRows();
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

/**
 * Applies a batch of a device's ops, each exactly once, and answers each op's result. Only
 * what identifies the ops (ids and seqs, no repeats) and the device's key are checked for the
 * whole call; each op's own content is checked on its own.
 */
export async function pushOps(db: Db, actor: Actor, raw: unknown): Promise<PushReply> {
  const request = parseInput(pushRequest, raw);
  const ops = request.ops.map(checkOp).sort((a, b) => a.seq - b.seq);
  if (
    new Set(ops.map((op) => op.opId)).size !== ops.length ||
    new Set(ops.map((op) => op.seq)).size !== ops.length
  )
    throw new AppError('pda.batch_invalid');
  const device = { deviceId: request.deviceId, deviceKey: request.deviceKey };
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await processBatch(db, actor, device, ops);
    } catch (error) {
      if (attempt >= DEADLOCK_ATTEMPTS || !isDeadlock(error)) throw error;
    }
  }
}

/**
 * Registers a device under the id it made and answers the key it must present on every push.
 * Only the hash is kept. The device's seqs go on from `nextSeq`. An id already registered is
 * registered again only by its user (who registered it or pushed from it last), signed in: a
 * device that lost its key (its storage cleared, the app reinstalled) gets a new one, the old key
 * stops working, and its seqs never go back (an op already applied keeps its seq). Anyone
 * else's attempt is refused, so nobody takes over another user's device id or its seqs.
 */
export async function registerDevice(
  tx: TenantTx,
  actor: Actor,
  input: RegisterDeviceRequest,
): Promise<RegisterDeviceReply> {
  const { deviceId, nextSeq } = parseInput(registerDeviceRequest, input);
  const key = randomBytes(32).toString('base64url');
  const made = await tx
    .insert(pdaDevices)
    .values({ deviceId, userId: actor.userId, lastSeq: nextSeq - 1, keyHash: deviceKeyHash(key) })
    .onConflictDoUpdate({
      target: [pdaDevices.tenantId, pdaDevices.deviceId],
      set: {
        keyHash: sql`excluded.key_hash`,
        lastSeq: sql`greatest(${pdaDevices.lastSeq}, excluded.last_seq)`,
        lastSeen: sql`now()`,
      },
      setWhere: eq(pdaDevices.userId, actor.userId),
    })
    .returning({ deviceId: pdaDevices.deviceId });
  if (made.length === 0) throw new AppError('pda.device_taken');
  return { deviceKey: key };
}

/**
 * The orders a push handed over (applied 'handover.deliver' ops): their tracking numbers are told
 * to the marketplaces after the batch committed, as markDelivered does; a failed push is kept on
 * the waybill, where the outbound list offers to send it again.
 */
function handedOver(reply: PushReply): string[] {
  return reply.results.flatMap((result) => {
    const ids = result.status === 'applied' ? result.effect.deliveredOrderIds : undefined;
    return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
  });
}

/**
 * A device's push as its route takes it: the ops applied (pushOps), then, after they committed,
 * the tracking numbers of the orders it handed over told to their marketplaces.
 */
export async function pushFromDevice(
  db: Db,
  logistics: LogisticsRuntime,
  actor: Actor,
  raw: unknown,
): Promise<PushReply> {
  const reply = await pushOps(db, actor, raw);
  for (const orderId of handedOver(reply)) await pushTracking(db, logistics, actor.tenantId, orderId);
  return reply;
}
