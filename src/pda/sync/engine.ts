/**
 * The PDA's sync engine: runs in the page, pushes the outbox in seq order in
 * batches, applies the per-op results, then pulls reference data by cursor. One tab at a time
 * (SyncLock). Network failures and 5xx back off exponentially with jitter; 401, 403 and 426
 * pause sync until the app resumes it, keeping the queue. Triggers: start, enqueue (the outbox
 * count rising, seen across tabs through Dexie's liveQuery), the 'online' event, an interval
 * and the "Sync now" button. The status it publishes is what the PDA header shows.
 *
 * Kept whole past 400 lines: push, pull, back-off and the published status share one state
 * machine, and the exactly-once rules are easier to check in one place.
 */
import { liveQuery, type Subscription } from 'dexie';
import type { PdaOp } from '@shared/contract/pda.js';
import {
  deviceId,
  firstUnansweredSeq,
  META_KEYS,
  readMeta,
  writeMeta,
  type AttentionItem,
  type OutboxOp,
  type PdaDatabase,
} from '../data/db.js';
import { applyPullPage, applyPushResults } from './apply.js';
import { defaultLock, type SyncLock } from './lock.js';
import { SyncHttpError, type SyncFailureKind, type SyncTransport } from './transport.js';

export interface SyncProblem {
  kind: Exclude<SyncFailureKind, 'transient' | 'too_large'> | 'sequence_gap';
  code: string;
  params: Record<string, string | number>;
}

export interface SyncStatus {
  isOnline: boolean;
  isSyncing: boolean;
  queuedCount: number;
  attention: AttentionItem[];
  lastSyncAt: number | null;
  /** When the next automatic attempt runs after a failure. */
  nextRetryAt: number | null;
  /** Why sync is stopped or keeps failing, for the header and the 'needs attention' screen. */
  problem: SyncProblem | null;
}

export type SyncOutcome = 'synced' | 'busy' | 'failed' | 'paused';

interface EventSource {
  addEventListener(type: string, listener: () => void): void;
  removeEventListener(type: string, listener: () => void): void;
}

export interface SyncEngineOptions {
  db: PdaDatabase;
  transport: SyncTransport;
  lock?: SyncLock;
  /** Ops per push: 100 as the note suggests; the contract allows 200. */
  batchSize?: number;
  intervalMs?: number;
  /** Enqueues in quick succession (a burst of scans) make one push. */
  debounceMs?: number;
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  /** Pull pages per run, so a huge backlog cannot hold the lock for ever. */
  maxPullPages?: number;
  /** `window` in the app, for 'online' and 'offline'. */
  events?: EventSource;
  isOnline?: () => boolean;
  now?: () => number;
  random?: () => number;
}

class SequenceGapError extends Error {
  constructor(readonly expectedSeq: number) {
    super(`sequence gap: the server expects seq ${expectedSeq}`);
  }
}

function toWire(op: OutboxOp): PdaOp {
  return {
    opId: op.opId,
    seq: op.seq,
    type: op.type,
    payload: op.payload,
    createdAt: op.createdAt,
    ...(op.sessionId ? { sessionId: op.sessionId } : {}),
  };
}

export class SyncEngine {
  private readonly db: PdaDatabase;
  private readonly transport: SyncTransport;
  private readonly lock: SyncLock;
  private readonly options: Required<Omit<SyncEngineOptions, 'db' | 'transport' | 'lock' | 'events'>>;
  private readonly events: EventSource | undefined;
  private readonly listeners = new Set<(status: SyncStatus) => void>();
  private status: SyncStatus;
  private batchSize: number;
  private running: Promise<SyncOutcome> | null = null;
  private failures = 0;
  private isPaused = false;
  private timers: { retry?: ReturnType<typeof setTimeout>; debounce?: ReturnType<typeof setTimeout> } = {};
  private interval: ReturnType<typeof setInterval> | undefined;
  private subscription: Subscription | undefined;

  constructor(options: SyncEngineOptions) {
    this.db = options.db;
    this.transport = options.transport;
    this.lock = options.lock ?? defaultLock(options.db);
    this.events = options.events;
    this.options = {
      batchSize: options.batchSize ?? 100,
      intervalMs: options.intervalMs ?? 20_000,
      debounceMs: options.debounceMs ?? 300,
      backoffBaseMs: options.backoffBaseMs ?? 1_000,
      backoffMaxMs: options.backoffMaxMs ?? 60_000,
      maxPullPages: options.maxPullPages ?? 50,
      isOnline: options.isOnline ?? (() => (typeof navigator === 'undefined' ? true : navigator.onLine)),
      now: options.now ?? Date.now,
      random: options.random ?? Math.random,
    };
    this.batchSize = this.options.batchSize;
    this.status = {
      isOnline: this.options.isOnline(),
      isSyncing: false,
      queuedCount: 0,
      attention: [],
      lastSyncAt: null,
      nextRetryAt: null,
      problem: null,
    };
  }

  getStatus(): SyncStatus {
    return this.status;
  }

  /** Calls `listener` on every status change; answers the unsubscribe. */
  subscribe(listener: (status: SyncStatus) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Starts the triggers; the app calls it once after login. */
  start(): void {
    this.events?.addEventListener('online', this.handleOnline);
    this.events?.addEventListener('offline', this.handleOffline);
    this.interval = setInterval(() => {
      if (this.isPaused || (this.status.nextRetryAt ?? 0) > this.options.now()) return;
      void this.syncNow();
    }, this.options.intervalMs);
    this.subscription = liveQuery(async () => ({
      queuedCount: await this.db.outbox.count(),
      attention: await this.db.attention.orderBy('seq').toArray(),
      lastSyncAt: await readMeta(this.db, META_KEYS.lastSyncAt),
    })).subscribe({
      next: (seen) => {
        const hasGrown = seen.queuedCount > this.status.queuedCount;
        this.update({
          queuedCount: seen.queuedCount,
          attention: seen.attention,
          lastSyncAt: typeof seen.lastSyncAt === 'number' ? seen.lastSyncAt : null,
        });
        if (hasGrown && !this.isPaused && this.status.nextRetryAt === null) this.debounce();
      },
      error: (error: unknown) => console.error('PDA status query failed', error),
    });
    void this.syncNow();
  }

  /** Stops the triggers (logout, tests). The queue stays. */
  async stop(): Promise<void> {
    this.events?.removeEventListener('online', this.handleOnline);
    this.events?.removeEventListener('offline', this.handleOffline);
    clearInterval(this.interval);
    clearTimeout(this.timers.retry);
    clearTimeout(this.timers.debounce);
    this.subscription?.unsubscribe();
    await this.running;
  }

  /** After a new login or an update: sync again after 401, 403 or 426 paused it. */
  resume(): Promise<SyncOutcome> {
    this.isPaused = false;
    this.failures = 0;
    this.update({ problem: null, nextRetryAt: null });
    return this.syncNow();
  }

  /** One sync run now; a run already going in this tab is joined, not doubled. */
  syncNow(): Promise<SyncOutcome> {
    if (this.running) return this.running;
    clearTimeout(this.timers.retry);
    this.running = this.run().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private readonly handleOnline = (): void => {
    // The network is back: whatever failed before may work now, so skip the back-off.
    this.failures = 0;
    this.update({ isOnline: true, nextRetryAt: null });
    if (!this.isPaused) void this.syncNow();
  };

  private readonly handleOffline = (): void => {
    this.update({ isOnline: false });
  };

  private debounce(): void {
    clearTimeout(this.timers.debounce);
    this.timers.debounce = setTimeout(() => void this.syncNow(), this.options.debounceMs);
  }

  private update(change: Partial<SyncStatus>): void {
    this.status = { ...this.status, ...change };
    for (const listener of this.listeners) listener(this.status);
  }

  private async refreshCounts(): Promise<void> {
    const [queuedCount, attention, lastSyncAt] = await Promise.all([
      this.db.outbox.count(),
      this.db.attention.orderBy('seq').toArray(),
      readMeta(this.db, META_KEYS.lastSyncAt),
    ]);
    this.update({ queuedCount, attention, lastSyncAt: typeof lastSyncAt === 'number' ? lastSyncAt : null });
  }

  private async run(): Promise<SyncOutcome> {
    if (this.isPaused) return 'paused';
    this.update({ isSyncing: true });
    try {
      const outcome = await this.lock.run((keepAlive) => this.cycle(keepAlive));
      if (!outcome.acquired) return 'busy';
      const now = this.options.now();
      await writeMeta(this.db, META_KEYS.lastSyncAt, now);
      this.failures = 0;
      // A reply that arrived just before the device went offline does not make it online again:
      // the browser's word stands until its next 'online' event.
      this.update({ isOnline: this.options.isOnline(), nextRetryAt: null, problem: null });
      return 'synced';
    } catch (error) {
      this.handleFailure(error);
      return this.isPaused ? 'paused' : 'failed';
    } finally {
      await this.refreshCounts();
      this.update({ isSyncing: false });
    }
  }

  private async cycle(keepAlive: () => Promise<void>): Promise<void> {
    // Under the lock no other run is pushing, so an inflight op was left by a crash or a closed
    // tab: it goes again, and the server answers 'duplicate' if it had already applied it.
    await this.db.outbox.where('status').equals('inflight').modify({ status: 'pending' });
    let device = await this.credential();
    let hasRegisteredAgain = false;
    for (;;) {
      const batch = await this.db.outbox.orderBy('seq').limit(this.batchSize).toArray();
      const first = batch[0];
      const last = batch[batch.length - 1];
      if (!first || !last) break;
      await keepAlive();
      await this.db.outbox
        .where('seq')
        .between(first.seq, last.seq, true, true)
        .modify((op) => {
          op.status = 'inflight';
          op.attempts += 1;
        });
      let reply;
      try {
        await this.uploadPhotos(batch);
        reply = await this.transport.push({ ...device, ops: batch.map(toWire) });
      } catch (error) {
        await this.db.outbox.where('status').equals('inflight').modify({ status: 'pending' });
        if (error instanceof SyncHttpError && error.code === 'pda.device_unknown' && !hasRegisteredAgain) {
          // The server no longer knows this device's key (its data was restored, say): register
          // anew; ops it had applied are still found by their ids and answered 'duplicate'.
          hasRegisteredAgain = true;
          await this.db.meta.delete(META_KEYS.deviceKey);
          device = await this.credential();
          continue;
        }
        if (error instanceof SyncHttpError && error.kind === 'too_large' && this.batchSize > 1) {
          this.batchSize = Math.ceil(this.batchSize / 2);
          continue;
        }
        throw error;
      }
      this.update({ isOnline: this.options.isOnline() });
      const applied = await applyPushResults(this.db, batch, reply.results, this.options.now());
      await this.refreshCounts();
      if (applied.settled === 0) {
        // Nothing moved: the server wants a seq this device no longer holds. Looping would
        // only repeat the same answer, so stop, keep every op, and say so.
        if (applied.gapExpectedSeq !== null) throw new SequenceGapError(applied.gapExpectedSeq);
        throw new SyncHttpError('bad_request', 200, 'pda.reply_without_results');
      }
    }
    await this.pull(keepAlive);
  }

  /**
   * The device's id and key, registering the device when it has no key yet. A refused id (the
   * server already has it: an earlier registration whose reply was lost, or a device from
   * before keys) is replaced by a new one; seqs go on after the last op the server answered.
   */
  private async credential(): Promise<{ deviceId: string; deviceKey: string }> {
    const id = await deviceId(this.db);
    const key = await readMeta(this.db, META_KEYS.deviceKey);
    if (typeof key === 'string') return { deviceId: id, deviceKey: key };
    let candidate = id;
    for (let attempt = 1; ; attempt += 1) {
      try {
        const nextSeq = await firstUnansweredSeq(this.db);
        const made = await this.transport.register({ deviceId: candidate, nextSeq });
        await this.db.transaction('rw', this.db.meta, async () => {
          await writeMeta(this.db, META_KEYS.deviceId, candidate);
          await writeMeta(this.db, META_KEYS.deviceKey, made.deviceKey);
        });
        return { deviceId: candidate, deviceKey: made.deviceKey };
      } catch (error) {
        if (!(error instanceof SyncHttpError) || error.code !== 'pda.device_taken' || attempt >= 3)
          throw error;
        candidate = crypto.randomUUID();
      }
    }
  }

  /**
   * Uploads the photos the batch's ops cite, before the ops: the server keeps them under the
   * keys the device made, so a retry uploads the same key again harmlessly. A photo the server
   * refuses for good (not an image) is left out rather than blocking the queue for ever.
   */
  private async uploadPhotos(batch: OutboxOp[]): Promise<void> {
    const opIds = batch.filter((op) => op.type === 'inbound.discrepancy').map((op) => op.opId);
    if (opIds.length === 0) return;
    const photos = await this.db.photos.where('opId').anyOf(opIds).toArray();
    for (const photo of photos) {
      if (photo.uploadedAt !== null) continue;
      try {
        await this.transport.uploadPhoto(photo);
      } catch (error) {
        if (!(error instanceof SyncHttpError) || error.kind !== 'bad_request') throw error;
        console.warn('PDA photo refused by the server', photo.key, error.code);
      }
      await this.db.photos.update(photo.key, { uploadedAt: this.options.now() });
    }
  }

  private async pull(keepAlive: () => Promise<void>): Promise<void> {
    for (let page = 0; page < this.options.maxPullPages; page += 1) {
      await keepAlive();
      const cursor = await readMeta(this.db, META_KEYS.pullCursor);
      const reply = await this.transport.pull(typeof cursor === 'string' ? cursor : null);
      // A scan queued since the push would lose its local effect under the server's rows: the
      // page waits for the next run, which pushes that scan first.
      if (!(await applyPullPage(this.db, reply, this.options.now()))) return;
      if (!reply.hasMore) return;
    }
  }

  private backoff(retryAfterMs: number | null): void {
    this.failures += 1;
    const { backoffBaseMs, backoffMaxMs, random } = this.options;
    const exponential = Math.min(backoffMaxMs, backoffBaseMs * 2 ** (this.failures - 1));
    const delay = Math.max(exponential * (0.5 + random()), retryAfterMs ?? 0);
    clearTimeout(this.timers.retry);
    this.timers.retry = setTimeout(() => void this.syncNow(), delay);
    this.update({ nextRetryAt: this.options.now() + delay });
  }

  private handleFailure(error: unknown): void {
    if (error instanceof SequenceGapError) {
      this.update({
        problem: {
          kind: 'sequence_gap',
          code: 'pda.sequence_gap',
          params: { expectedSeq: error.expectedSeq },
        },
      });
      this.backoff(null);
      return;
    }
    if (!(error instanceof SyncHttpError)) {
      // A local failure (IndexedDB closed, lease lost): try again later, like a network one.
      console.warn('PDA sync run failed', error);
      this.backoff(null);
      return;
    }
    switch (error.kind) {
      case 'transient':
      case 'too_large':
        if (error.status === 0) this.update({ isOnline: false });
        this.backoff(error.retryAfterMs);
        return;
      case 'bad_request':
        this.update({ problem: { kind: error.kind, code: error.code, params: { status: error.status } } });
        this.backoff(null);
        return;
      case 'unauthorized':
      case 'forbidden':
      case 'update_required':
        this.isPaused = true;
        clearTimeout(this.timers.retry);
        this.update({
          problem: { kind: error.kind, code: error.code, params: { status: error.status } },
          nextRetryAt: null,
        });
        return;
    }
  }
}
