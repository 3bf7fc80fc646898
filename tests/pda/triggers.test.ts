import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PdaDatabase } from '@pda/data/db.js';
import type { SyncEngine, SyncStatus } from '@pda/sync/engine.js';
import { enqueue } from '@pda/sync/outbox.js';
import { FakePdaServer } from './support/fake-server.js';
import { engineOver, freshName, queueReceives } from './support/harness.js';

const network = setupServer();
let server: FakePdaServer;
let db: PdaDatabase;
let sync: SyncEngine | undefined;

beforeAll(() => network.listen({ onUnhandledRequest: 'error' }));
afterAll(() => network.close());
beforeEach(() => {
  server = new FakePdaServer();
  network.resetHandlers(...server.handlers());
  db = new PdaDatabase(freshName());
});
afterEach(async () => {
  await sync?.stop();
  sync = undefined;
  await db.delete();
});

describe('when the sync engine runs by itself', () => {
  it('pushes soon after a scan is queued, and the status follows', async () => {
    const seen: SyncStatus[] = [];
    sync = engineOver(db, { debounceMs: 10, intervalMs: 60_000 });
    sync.subscribe((status) => seen.push(status));
    sync.start();
    await vi.waitFor(() => expect(sync?.getStatus().lastSyncAt).not.toBeNull());

    const op = await enqueue(db, { type: 'inbound.receive', payload: {} });
    await vi.waitFor(() => expect(server.effects.get(op.opId)).toBe(1));
    await vi.waitFor(() => expect(sync?.getStatus()).toMatchObject({ queuedCount: 0, isSyncing: false }));
    expect(seen.some((status) => status.queuedCount === 1)).toBe(true);
    expect(seen.some((status) => status.isSyncing)).toBe(true);
  });

  it('goes offline on the event and syncs at once when the network is back', async () => {
    const window = new EventTarget();
    await queueReceives(db, 2);
    server.script = [503];
    sync = engineOver(db, { events: window, intervalMs: 60_000, backoffBaseMs: 60_000 });
    sync.start();
    await vi.waitFor(() => expect(sync?.getStatus().nextRetryAt).not.toBeNull());
    window.dispatchEvent(new Event('offline'));
    expect(sync.getStatus()).toMatchObject({ isOnline: false, queuedCount: 2 });

    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(sync?.getStatus()).toMatchObject({ queuedCount: 0, isOnline: true }));
    expect(sync.getStatus().nextRetryAt).toBeNull();
  });

  it('retries on its own after the back-off', async () => {
    await queueReceives(db, 1);
    server.script = [503];
    sync = engineOver(db, { backoffBaseMs: 20, intervalMs: 60_000 });
    expect(await sync.syncNow()).toBe('failed');
    await vi.waitFor(() => expect(sync?.getStatus().queuedCount).toBe(0));
  });

  it('syncs on the interval', async () => {
    sync = engineOver(db, { intervalMs: 30 });
    sync.start();
    await vi.waitFor(() => expect(sync?.getStatus().lastSyncAt).not.toBeNull());
    server.change({
      entity: 'location',
      op: 'upsert',
      key: 'l9',
      data: { id: 'l9', warehouseId: 'w1', code: 'Z-9', locationType: 'storage' },
    });
    await vi.waitFor(async () => expect(await db.locations.count()).toBe(1));
  });
});
