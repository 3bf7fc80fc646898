import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PullChange } from '@shared/contract/pda.js';
import { findByCode, META_KEYS, PdaDatabase, readMeta } from '@pda/data/db.js';
import { FakePdaServer } from './support/fake-server.js';
import { engineOver, freshName } from './support/harness.js';

const network = setupServer();
let server: FakePdaServer;
let db: PdaDatabase;

beforeAll(() => network.listen({ onUnhandledRequest: 'error' }));
afterAll(() => network.close());
beforeEach(() => {
  server = new FakePdaServer();
  network.resetHandlers(...server.handlers());
  db = new PdaDatabase(freshName());
});
afterEach(() => db.delete());

const WAREHOUSE = 'w1';

function location(key: string, code: string): PullChange {
  return {
    entity: 'location',
    op: 'upsert',
    key,
    data: { id: key, warehouseId: WAREHOUSE, code, locationType: 'storage' },
  };
}

function sku(key: string, barcodes: string[]): PullChange {
  return {
    entity: 'sku',
    op: 'upsert',
    key,
    data: {
      id: key,
      sellerId: 's1',
      sellerSku: `RED-${key}`,
      sysCode: `SYS${key}`,
      name: 'Red',
      variation: '',
      barcodes,
    },
  };
}

function inboundOrder(key: string, boxNos: string[]): PullChange {
  return {
    entity: 'inbound_order',
    op: 'upsert',
    key,
    data: {
      id: key,
      inboundNo: `RK${key}`,
      warehouseId: WAREHOUSE,
      sellerId: 's1',
      status: 'pending',
      receivingLocationId: 'l0',
      boxes: boxNos.map((boxNo) => ({ id: `${key}-${boxNo}`, boxNo, isFinished: false, lines: [] })),
    },
  };
}

const keysFound = async (table: 'locations' | 'skus' | 'inboundOrders' | 'boxes', code: string) =>
  (await findByCode(db, table, code)).map((row) => row.key);

describe('GET /api/pda/sync/pull into the device', () => {
  it('fills the reference tables on the first pull, indexed by every scannable code', async () => {
    server.change(location('l1', 'A-01-02'));
    server.change(sku('1', ['036000291452', 'EXTRA-1']));
    server.change(inboundOrder('100', ['BX000001', 'BX000002']));
    expect(await engineOver(db).syncNow()).toBe('synced');

    expect(await keysFound('locations', 'a-01-02')).toEqual(['l1']);
    expect(await keysFound('skus', '0036000291452')).toEqual(['1']);
    expect(await keysFound('skus', 'RED-1')).toEqual(['1']);
    expect(await keysFound('skus', 'SYS1')).toEqual(['1']);
    expect(await keysFound('inboundOrders', 'RK100')).toEqual(['100']);
    expect(await keysFound('boxes', 'BX000002')).toEqual(['100-BX000002']);
    expect(await readMeta(db, META_KEYS.pullCursor)).toBe('3');
  });

  it('applies later changes and tombstones from the cursor on', async () => {
    server.change(location('l1', 'A-01-02'));
    server.change(location('l2', 'A-01-03'));
    server.change(sku('1', ['036000291452']));
    server.change(inboundOrder('100', ['BX000001']));
    const sync = engineOver(db);
    await sync.syncNow();

    server.change({ entity: 'location', op: 'delete', key: 'l2' });
    server.change(sku('1', ['4006381333931']));
    server.change({ entity: 'inbound_order', op: 'delete', key: '100' });
    expect(await sync.syncNow()).toBe('synced');

    expect(await db.locations.toCollection().primaryKeys()).toEqual(['l1']);
    expect(await keysFound('skus', '036000291452')).toEqual([]);
    expect(await keysFound('skus', '4006381333931')).toEqual(['1']);
    expect(await db.inboundOrders.count()).toBe(0);
    // The order's tombstone takes its boxes with it, or a stale box label would still scan.
    expect(await db.boxes.count()).toBe(0);
  });

  it('reads every page of a long change list in one run', async () => {
    server.pullPageSize = 2;
    for (let index = 1; index <= 5; index += 1) server.change(location(`l${index}`, `A-0${index}`));
    expect(await engineOver(db).syncNow()).toBe('synced');
    expect(await db.locations.count()).toBe(5);
    expect(await readMeta(db, META_KEYS.pullCursor)).toBe('5');
  });

  it('replaces the tables on a reset, dropping what the server no longer sends', async () => {
    await db.locations.put({ key: 'stale', lookup: ['OLD-1'], data: {} });
    server.change(location('l1', 'A-01-02'));
    await engineOver(db).syncNow();
    expect(await db.locations.toCollection().primaryKeys()).toEqual(['l1']);
  });
});
