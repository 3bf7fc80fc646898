/**
 * The device's key: the engine registers the device once, keeps the key the server issued in
 * Dexie across logins and presents it on every push; an id the server already knows is
 * replaced by a new one, and a key the server no longer knows is replaced by registering again,
 * with every queued op still applied exactly once.
 */
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deviceId, META_KEYS, PdaDatabase, readMeta, writeMeta } from '@pda/data/db.js';
import type { SyncEngine } from '@pda/sync/engine.js';
import { FakePdaServer } from './support/fake-server.js';
import { engineOver, freshName, queueReceives } from './support/harness.js';

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

function engine(): SyncEngine {
  const made = engineOver(db);
  engines.push(made);
  return made;
}

describe('the device key', () => {
  it('registers once, keeps the key and presents it on every push', async () => {
    const ops = await queueReceives(db, 2);
    const sync = engine();
    expect(await sync.syncNow()).toBe('synced');
    const id = await deviceId(db);
    const key = await readMeta(db, META_KEYS.deviceKey);
    expect(server.deviceKeys.get(id)).toBe(key);

    // Another worker signs in on the same handheld: the device, and its key, stay.
    await writeMeta(db, META_KEYS.worker, { id: 'other-worker', name: 'Other' });
    await queueReceives(db, 1);
    expect(await sync.syncNow()).toBe('synced');
    expect(server.deviceKeys.size).toBe(1);
    expect(await readMeta(db, META_KEYS.deviceKey)).toBe(key);
    expect(ops.map((op) => server.effects.get(op.opId))).toEqual([1, 1]);
    expect(await db.outbox.count()).toBe(0);
  });

  it('takes a new id when the server already has this one, and goes on from the answered seqs', async () => {
    const taken = await deviceId(db);
    server.deviceKeys.set(taken, 'someone-elses-key-xxxxxxxxxxxxxxxxxxxxxx');
    const ops = await queueReceives(db, 2);
    expect(await engine().syncNow()).toBe('synced');
    const id = await deviceId(db);
    expect(id).not.toBe(taken);
    expect(server.lastSeq.get(id)).toBe(2);
    expect(ops.map((op) => server.effects.get(op.opId))).toEqual([1, 1]);
  });

  it('registers again when the server no longer knows the key, applying every op once', async () => {
    const first = await queueReceives(db, 2);
    const sync = engine();
    expect(await sync.syncNow()).toBe('synced');
    const before = await deviceId(db);
    // The server's data is restored from before this device registered.
    server.deviceKeys.clear();
    server.lastSeq.clear();
    server.deviceKeys.set(before, 'restored-other-key-xxxxxxxxxxxxxxxxxxxxx');
    await queueReceives(db, 1);
    expect(await sync.syncNow()).toBe('synced');
    const after = await deviceId(db);
    expect(after).not.toBe(before);
    expect(server.lastSeq.get(after)).toBe(3);
    expect(await db.outbox.count()).toBe(0);
    expect(first.map((op) => server.effects.get(op.opId))).toEqual([1, 1]);
    expect((await db.done.orderBy('seq').toArray()).map((op) => op.result)).toEqual([
      'applied',
      'applied',
      'applied',
    ]);
  });
});
