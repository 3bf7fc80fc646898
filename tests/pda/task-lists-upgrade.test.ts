/**
 * The upgrade to version 3 of the PDA database: a device whose task lists were JSON values in
 * `meta` (version 2) opens the new app mid-shift and finds every list in its own table, its
 * unsynced local return and queued op included, and `meta` left with its scalars.
 */
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import type { CountTask } from '@shared/contract/counts.js';
import type { PdaOutboundWork } from '@shared/contract/packing.js';
import type { PdaWavesReply } from '@shared/contract/picking.js';
import type { ExpectedReturns } from '@shared/contract/returns.js';
import type { TransferTask } from '@shared/contract/transfers.js';
import { loadCountTasks } from '@pda/count/count-data.js';
import { PdaDatabase, STORES_V1, STORES_V2, type OutboxOp } from '@pda/data/db.js';
import { loadWork } from '@pda/pack/outbound-data.js';
import { loadPickWaves } from '@pda/pick/pick-data.js';
import { inspectItem, itemsOf, loadExpectedReturns, loadLocalReturns } from '@pda/returns/returns-data.js';
import { loadTransferTasks } from '@pda/transfer/transfer-data.js';

const WAREHOUSE = '11111111-1111-4111-8111-111111111111';
const OTHER_WAREHOUSE = '22222222-2222-4222-8222-222222222222';
const SKU = '33333333-3333-4333-8333-333333333333';
const SHELF = '44444444-4444-4444-8444-444444444444';
const ORDER = '55555555-5555-4555-8555-555555555555';
const RETURN = '66666666-6666-4666-8666-666666666666';

/** The schema of version 2, as the previous app declared it. */
function openPrevious(name: string): Dexie {
  const db = new Dexie(name);
  db.version(1).stores(STORES_V1);
  db.version(2).stores(STORES_V2);
  return db;
}

const countTask: CountTask = {
  id: 'count-1',
  countNo: 'PD20261203-0001',
  warehouseId: WAREHOUSE,
  type: 'location',
  skuIds: [],
  locations: [
    { locationId: SHELF, code: 'A-01-01', status: 'counted', expected: [] },
    {
      locationId: 'shelf-2',
      code: 'A-01-02',
      status: 'pending',
      expected: [{ skuId: SKU, sellerSku: 'MUG-RED', name: 'Red mug' }],
    },
  ],
};
const otherCountTask: CountTask = {
  ...countTask,
  id: 'count-2',
  countNo: 'PD-2',
  warehouseId: OTHER_WAREHOUSE,
};
/** Stored before a location named its expected SKUs: the old reader's schema gave it none. */
const oldCountTask = {
  ...countTask,
  id: 'count-3',
  countNo: 'PD-3',
  locations: [{ locationId: SHELF, code: 'A-01-01', status: 'pending' }],
};

const transferTask: TransferTask = {
  id: 'transfer-1',
  batchNo: 'TR-1',
  fromWarehouseCode: 'BKK',
  toWarehouseId: WAREHOUSE,
  lines: [
    {
      skuId: SKU,
      sellerSku: 'MUG-RED',
      name: 'Red mug',
      barcodes: ['6901234567892'],
      quantity: 5,
      receivedQuantity: 2,
    },
  ],
};

const waves: PdaWavesReply = {
  lastProcessedSeq: 1,
  waves: [
    {
      id: 'wave-1',
      waveNo: 'W-1',
      warehouseId: WAREHOUSE,
      status: 'picking',
      pickerName: 'Somchai',
      orders: [
        {
          id: ORDER,
          orderNo: 'SO-1',
          state: 'open',
          lines: [{ id: 'line-1', skuId: SKU, quantity: 3, picked: 1, short: 0 }],
        },
      ],
      skus: [{ id: SKU, sellerSku: 'MUG-RED', name: 'Red mug', barcodes: ['6901234567892'] }],
      stock: [{ locationId: SHELF, code: 'A-01-01', skuId: SKU, quantity: 4 }],
    },
  ],
};

const work: PdaOutboundWork = {
  parcels: [
    {
      orderId: 'order-2',
      orderNo: 'SO-2',
      trackingNo: 'TH0000000002',
      warehouseId: WAREHOUSE,
      channelId: null,
      channelName: 'Kerry',
      state: 'packed',
      bagId: null,
      weightGrams: 640,
      lines: [{ skuId: SKU, sellerSku: 'MUG-RED', name: 'Red mug', quantity: 1, codes: ['MUG-RED'] }],
      picks: [],
    },
  ],
  bags: [
    {
      id: 'bag-1',
      bagNo: 'BAG1',
      warehouseId: WAREHOUSE,
      channelId: null,
      status: 'open',
      weightGrams: null,
      orderIds: [],
    },
  ],
};

const expected: ExpectedReturns = {
  warehouseId: WAREHOUSE,
  orders: [
    {
      orderId: ORDER,
      orderNo: 'SO-1',
      systemNo: 'SYS-1',
      trackingNo: 'TH0000000001',
      localStatus: 'shipped',
      lines: [{ skuId: SKU, sellerSku: 'MUG-RED', name: 'Red mug', quantity: 3, returned: 1 }],
    },
  ],
  returns: [],
};

/** Taken in on this device and not finished: its ops are still in the outbox. */
const localReturn = {
  returnId: RETURN,
  warehouseId: WAREHOUSE,
  returnTrackingNo: 'RT-1',
  orderId: ORDER,
  items: [{ skuId: SKU, quantity: 1, condition: 'good', outcome: 'reshelved', locationCode: 'A-01-01' }],
};

const queuedItem: OutboxOp = {
  seq: 3,
  opId: 'op-3',
  type: 'return.item',
  payload: {
    itemId: 'item-1',
    returnId: RETURN,
    skuId: SKU,
    quantity: 1,
    condition: 'good',
    outcome: 'reshelved',
    locationId: SHELF,
  },
  createdAt: '2026-12-03T09:00:00.000Z',
  status: 'pending',
  attempts: 0,
};

const opened: Dexie[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.delete();
});

/** A device of the previous version with every task list in `meta`, closed. */
async function previousDevice(): Promise<string> {
  const name = `pda-upgrade-${crypto.randomUUID()}`;
  const previous = openPrevious(name);
  await previous.table('meta').bulkPut([
    { key: 'deviceId', value: 'device-1' },
    { key: 'nextSeq', value: 4 },
    { key: 'pullCursor', value: '12' },
    { key: 'worker', value: { id: 'u-1', name: 'Somchai' } },
    { key: 'work.receive', value: { version: 1, step: 'box' } },
    { key: 'countTasks', value: [countTask, otherCountTask, oldCountTask] },
    { key: 'transferTasks', value: [transferTask] },
    { key: `pickWaves.${WAREHOUSE}`, value: waves },
    { key: `outbound:${WAREHOUSE}`, value: work },
    { key: `expectedReturns:${WAREHOUSE}`, value: expected },
    { key: 'localReturns', value: [localReturn] },
  ]);
  await previous.table('outbox').add(queuedItem);
  previous.close();
  return name;
}

function upgraded(name: string): PdaDatabase {
  const db = new PdaDatabase(name);
  opened.push(db);
  return db;
}

describe('the upgrade that moves the task lists out of meta', () => {
  it('finds every list in its own table, the unsynced local return and its queued op included', async () => {
    const db = upgraded(await previousDevice());
    await db.open();
    expect(db.verno).toBe(3);

    expect(await loadCountTasks(db, WAREHOUSE)).toEqual([
      countTask,
      { ...oldCountTask, locations: [{ ...oldCountTask.locations[0], expected: [] }] },
    ]);
    expect(await loadCountTasks(db, OTHER_WAREHOUSE)).toEqual([otherCountTask]);
    expect(await db.countTasks.count()).toBe(3);
    expect(await loadTransferTasks(db, WAREHOUSE)).toEqual([transferTask]);
    expect(await db.pickWaves.get(WAREHOUSE)).toEqual({ warehouseId: WAREHOUSE, ...waves });
    expect(await loadPickWaves(db, WAREHOUSE)).toEqual(waves.waves);
    expect(await loadWork(db, WAREHOUSE)).toEqual(work);
    expect(await loadExpectedReturns(db, WAREHOUSE)).toEqual(expected);
    expect(await loadLocalReturns(db)).toEqual([localReturn]);
    expect(await db.outbox.toArray()).toEqual([queuedItem]);

    // `meta` keeps its scalars (and the kit's saved work), not the lists.
    expect((await db.meta.toArray()).map((row) => row.key).sort()).toEqual([
      'deviceId',
      'nextSeq',
      'pullCursor',
      'work.receive',
      'worker',
    ]);
  });

  it('goes on from the carried-over return: the next item joins it and is counted returned', async () => {
    const db = upgraded(await previousDevice());
    const op = await inspectItem(db, {
      warehouseId: WAREHOUSE,
      returnId: RETURN,
      orderId: ORDER,
      skuId: SKU,
      quantity: 1,
      condition: 'good',
      outcome: 'reshelved',
      location: { id: SHELF, code: 'A-01-01' },
    });
    expect(op.seq).toBe(4);
    expect(await itemsOf(db, RETURN)).toEqual([
      ...localReturn.items,
      { skuId: SKU, quantity: 1, condition: 'good', outcome: 'reshelved', locationCode: 'A-01-01' },
    ]);
    expect((await loadExpectedReturns(db, WAREHOUSE)).orders[0]?.lines[0]?.returned).toBe(2);
  });

  it('drops a list its old reader could not read, as the device showed nothing of it', async () => {
    const name = `pda-upgrade-${crypto.randomUUID()}`;
    const previous = openPrevious(name);
    await previous.table('meta').bulkPut([
      { key: 'localReturns', value: 'not a list' },
      { key: 'lastSyncAt', value: 1_000 },
    ]);
    previous.close();
    const db = upgraded(name);
    expect(await loadLocalReturns(db)).toEqual([]);
    expect((await db.meta.toArray()).map((row) => row.key)).toEqual(['lastSyncAt']);
  });
});
