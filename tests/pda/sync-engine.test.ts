import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { deviceId, PdaDatabase } from '@pda/data/db.js';
import type { SyncEngine } from '@pda/sync/engine.js';
import { leaseLock, webLock } from '@pda/sync/lock.js';
import { reportDifference } from '@pda/receive/difference-data.js';
import { applyPullPage } from '@pda/sync/apply.js';
import { enqueue } from '@pda/sync/outbox.js';
import { httpTransport, type SyncTransport } from '@pda/sync/transport.js';
import { BASE_URL, FakePdaServer } from './support/fake-server.js';
import { engineOver, fakeLockManager, freshName, queueReceives } from './support/harness.js';

const network = setupServer();
let server: FakePdaServer;
let db: PdaDatabase;
const engines: SyncEngine[] = [];

beforeAll(() => network.listen({ onUnhandledRequest: 'error' }));
afterAll(() => network.close());
beforeEach(() => {
  server = new FakePdaServer();
  network.resetHandlers(...server.handlers());
  db = new PdaDatabase(freshName());
});
afterEach(async () => {
  for (const engine of engines.splice(0)) await engine.stop();
  await db.delete();
});

function engine(options: Parameters<typeof engineOver>[1] = {}, over: PdaDatabase = db): SyncEngine {
  const made = engineOver(over, options);
  engines.push(made);
  return made;
}

function appliedOnce(opIds: string[]): void {
  expect(opIds.map((opId) => server.effects.get(opId))).toEqual(opIds.map(() => 1));
}

describe('POST /api/pda/sync/push from the sync engine', () => {
  it('pushes the queue in seq order, in batches, and empties it', async () => {
    const ops = await queueReceives(db, 5);
    const sync = engine({ batchSize: 2, now: () => 1_000 });
    expect(await sync.syncNow()).toBe('synced');
    expect(server.pushes).toEqual([[1, 2], [3, 4], [5]]);
    appliedOnce(ops.map((op) => op.opId));
    expect(await db.outbox.count()).toBe(0);
    expect((await db.done.orderBy('seq').toArray()).map((op) => [op.seq, op.result])).toEqual(
      ops.map((op) => [op.seq, 'applied']),
    );
    expect(sync.getStatus()).toMatchObject({
      queuedCount: 0,
      lastSyncAt: 1_000,
      isOnline: true,
      problem: null,
    });
  });

  it('applies an op once when the reply was lost after the server committed it', async () => {
    const ops = await queueReceives(db, 3);
    server.script = ['lose-reply'];
    const sync = engine();
    expect(await sync.syncNow()).toBe('failed');
    expect(sync.getStatus()).toMatchObject({ queuedCount: 3, isOnline: false });
    expect((await db.outbox.toArray()).every((op) => op.status === 'pending')).toBe(true);

    expect(await sync.syncNow()).toBe('synced');
    appliedOnce(ops.map((op) => op.opId));
    expect((await db.done.toArray()).map((op) => op.result)).toEqual(['duplicate', 'duplicate', 'duplicate']);
  });

  it('keeps a rejection a rejection when its reply was lost and the replay says duplicate', async () => {
    const ops = await queueReceives(db, 2, { 1: 'inbound.over_shelving' });
    server.script = ['lose-reply'];
    const sync = engine();
    expect(await sync.syncNow()).toBe('failed');
    expect(await sync.syncNow()).toBe('synced');
    expect(sync.getStatus().attention).toEqual([
      expect.objectContaining({ seq: 1, code: 'inbound.over_shelving', params: { seq: 1 } }),
    ]);
    expect((await db.done.toArray()).map((op) => [op.seq, op.result])).toEqual([[2, 'duplicate']]);
    appliedOnce([ops[1]?.opId ?? '']);
  });

  it('backs off after a 503 in the middle and finishes the rest later, each op once', async () => {
    const ops = await queueReceives(db, 6);
    server.script = ['ok', 503];
    const sync = engine({ batchSize: 2, now: () => 10_000 });
    expect(await sync.syncNow()).toBe('failed');
    expect(server.pushes).toEqual([[1, 2]]);
    // First failure: 1 s, times the jitter factor 0.5 + 0.5.
    expect(sync.getStatus()).toMatchObject({ queuedCount: 4, nextRetryAt: 11_000, isOnline: true });

    expect(await sync.syncNow()).toBe('synced');
    expect(server.pushes).toEqual([
      [1, 2],
      [3, 4],
      [5, 6],
    ]);
    appliedOnce(ops.map((op) => op.opId));
    expect(sync.getStatus().nextRetryAt).toBeNull();
  });

  it('doubles the back-off on each failure, up to the cap', async () => {
    await queueReceives(db, 1);
    server.script = [503, 503, 503, 503];
    const sync = engine({ now: () => 0, backoffMaxMs: 5_000 });
    const waits: (number | null)[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      await sync.syncNow();
      waits.push(sync.getStatus().nextRetryAt);
    }
    expect(waits).toEqual([1_000, 2_000, 4_000, 5_000]);
  });

  it('puts a rejected op under needs attention and still applies the ops after it', async () => {
    const ops = await queueReceives(db, 4, { 2: 'inbound.sku_not_in_order' });
    const sync = engine();
    expect(await sync.syncNow()).toBe('synced');
    const [first, second, third, fourth] = ops.map((op) => op.opId);
    expect([first, third, fourth].map((opId) => opId && server.effects.get(opId))).toEqual([1, 1, 1]);
    expect(sync.getStatus().attention).toEqual([
      expect.objectContaining({ seq: 2, opId: second, code: 'inbound.sku_not_in_order', params: { seq: 2 } }),
    ]);
    expect(sync.getStatus().queuedCount).toBe(0);
  });

  it('keeps every op when the server stops at a sequence gap, and says so', async () => {
    const ops = await queueReceives(db, 3);
    // The device no longer holds seq 1 (its database was restored from an older copy, say)
    // while the server never saw it: the server wants seq 1 and the device can only send 2.
    await db.outbox.delete(1);
    const sync = engine({ now: () => 0 });
    expect(await sync.syncNow()).toBe('failed');
    expect(sync.getStatus()).toMatchObject({
      queuedCount: 2,
      attention: [],
      problem: { kind: 'sequence_gap', code: 'pda.sequence_gap', params: { expectedSeq: 1 } },
      nextRetryAt: 1_000,
    });
    expect((await db.outbox.toArray()).map((op) => [op.seq, op.status])).toEqual([
      [2, 'pending'],
      [3, 'pending'],
    ]);

    // Support resets the device's cursor on the server: the same ops then go through.
    server.lastSeq.set(await deviceId(db), 1);
    expect(await sync.syncNow()).toBe('synced');
    appliedOnce(ops.slice(1).map((op) => op.opId));
    expect(sync.getStatus().problem).toBeNull();
  });

  it('pauses on 401 and keeps the queue until the app resumes it after a login', async () => {
    await queueReceives(db, 2);
    network.use(
      http.post(`${BASE_URL}/pda/sync/push`, ({ request }) =>
        request.headers.get('X-Access-Token') === 'expired'
          ? Response.json({ success: false, code: 'auth.token_expired' }, { status: 401 })
          : undefined,
      ),
    );
    let token = 'expired';
    const sync = engine({ transport: httpTransport({ baseUrl: BASE_URL, token: () => token }) });
    expect(await sync.syncNow()).toBe('paused');
    expect(sync.getStatus()).toMatchObject({
      queuedCount: 2,
      problem: { kind: 'unauthorized', code: 'auth.token_expired' },
      nextRetryAt: null,
    });
    expect(await sync.syncNow()).toBe('paused');
    token = 'renewed';
    expect(await sync.resume()).toBe('synced');
    expect(sync.getStatus()).toMatchObject({ queuedCount: 0, problem: null });
  });

  it('halves the batch when the server answers 413', async () => {
    const ops = await queueReceives(db, 4);
    network.use(
      http.post(`${BASE_URL}/pda/sync/push`, async ({ request }) => {
        const body = (await request.clone().json()) as { ops: unknown[] };
        return body.ops.length > 2
          ? Response.json({ success: false, code: 'common.payload_too_large' }, { status: 413 })
          : undefined;
      }),
    );
    expect(await engine({ batchSize: 4 }).syncNow()).toBe('synced');
    expect(server.pushes).toEqual([
      [1, 2],
      [3, 4],
    ]);
    appliedOnce(ops.map((op) => op.opId));
  });
});

describe('a crash with ops in flight', () => {
  it('lets the next start of the app push them again, applied once', async () => {
    const ops = await queueReceives(db, 3);
    let clock = 0;
    const real = httpTransport({ baseUrl: BASE_URL, token: () => 't' });
    // The tab dies after the server committed, before the reply: the push never returns.
    const dying: SyncTransport = {
      register: (request) => real.register(request),
      push: async (request) => {
        await real.push(request);
        return new Promise(() => undefined);
      },
      pull: (cursor) => real.pull(cursor),
      uploadPhoto: (photo) => real.uploadPhoto(photo),
    };
    const crashed = engineOver(db, { transport: dying, lock: leaseLock(db, 30_000, () => clock) });
    void crashed.syncNow();
    await vi.waitFor(async () => {
      expect(server.pushes).toEqual([[1, 2, 3]]);
      expect(await db.outbox.where('status').equals('inflight').count()).toBe(3);
    });

    // The reloaded app opens the same database with a new engine; the dead tab's lease expires.
    const reopened = new PdaDatabase(db.name);
    const restarted = engineOver(reopened, { lock: leaseLock(reopened, 30_000, () => clock) });
    engines.push(restarted);
    expect(await restarted.syncNow()).toBe('busy');
    clock = 31_000;
    expect(await restarted.syncNow()).toBe('synced');
    appliedOnce(ops.map((op) => op.opId));
    expect(await reopened.outbox.count()).toBe(0);
    expect((await reopened.done.toArray()).map((op) => op.result)).toEqual([
      'duplicate',
      'duplicate',
      'duplicate',
    ]);
    reopened.close();
  });
});

describe('two tabs', () => {
  it.each([
    ['Web Locks', () => webLock(fakeLockManager())],
    ['the lease fallback', () => undefined],
  ])('never push at the same time with %s', async (_name, makeLock) => {
    server.pushDelayMs = 15;
    const shared = makeLock();
    const tabA = engine({ batchSize: 3, ...(shared ? { lock: shared } : {}) });
    const otherDb = new PdaDatabase(db.name);
    const tabB = engine(
      { batchSize: 3, ...(shared ? { lock: shared } : { lock: leaseLock(otherDb) }) },
      otherDb,
    );
    const ops = [];
    for (let round = 0; round < 4; round += 1) {
      ops.push(await enqueue(db, { type: 'inbound.receive', payload: { round } }));
      ops.push(await enqueue(otherDb, { type: 'inbound.receive', payload: { round } }));
      const outcomes = await Promise.all([tabA.syncNow(), tabB.syncNow()]);
      expect(outcomes.filter((outcome) => outcome === 'synced').length).toBeGreaterThanOrEqual(1);
    }
    await tabA.syncNow();
    expect(server.maxInFlight).toBe(1);
    appliedOnce(ops.map((op) => op.opId));
    expect(ops.map((op) => op.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    otherDb.close();
  });
});

describe('discrepancy photos', () => {
  const ORDER = '22222222-2222-4222-8222-222222222222';
  const report = (photos: Blob[]) =>
    reportDifference(db, {
      orderId: ORDER,
      sellerId: '66666666-6666-4666-8666-666666666666',
      boxId: '33333333-3333-4333-8333-333333333333',
      kind: 'short',
      skuId: '44444444-4444-4444-8444-444444444444',
      quantity: 1,
      reason: 'Two missing',
      photos,
    });
  const png = () => new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' });

  it('uploads a report’s photos before its op, once, and forgets them when the op is answered', async () => {
    const op = await report([png(), png()]);
    expect(await db.photos.where('opId').equals(op.opId).count()).toBe(2);
    expect(await engine().syncNow()).toBe('synced');
    const keys = op.payload.photos as string[];
    expect(keys.map((key) => server.photos.get(key))).toEqual([1, 1]);
    appliedOnce([op.opId]);
    expect(await db.photos.count()).toBe(0);
  });

  it('keeps the op and its photos through a failed upload and sends both later, photo first', async () => {
    const op = await report([png()]);
    server.photoScript = [503];
    let clock = 0;
    const sync = engine({ now: () => clock });
    expect(await sync.syncNow()).toBe('failed');
    expect(server.pushes).toEqual([]);
    expect(await db.outbox.count()).toBe(1);
    expect(await db.photos.where('opId').equals(op.opId).first()).toMatchObject({ uploadedAt: null });
    clock = 60_000;
    expect(await sync.syncNow()).toBe('synced');
    appliedOnce([op.opId]);
    expect(await db.photos.count()).toBe(0);
  });
});

describe('pull while scans wait', () => {
  it('does not let a page replace the device’s rows until the queue is pushed', async () => {
    await queueReceives(db, 1);
    const page = { cursor: '9', reset: true, hasMore: false, lastProcessedSeq: null, changes: [] };
    expect(await applyPullPage(db, page, 1)).toBe(false);
    expect(await db.meta.get('pullCursor')).toBeUndefined();
    await db.outbox.clear();
    expect(await applyPullPage(db, page, 1)).toBe(true);
    expect((await db.meta.get('pullCursor'))?.value).toBe('9');
  });
});
