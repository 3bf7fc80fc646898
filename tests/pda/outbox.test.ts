import { liveQuery } from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { deviceId, findByCode, META_KEYS, PdaDatabase, writeMeta, type ReferenceRow } from '@pda/data/db.js';
import { requested } from '@pda/data/native.js';
import { receiveUnits } from '@pda/receive/receive-data.js';
import type { BoxData } from '@pda/reference/inbound-orders.js';
import { enqueue, enqueueAllNatively, enqueueNatively, queuedCount, queuedOps } from '@pda/sync/outbox.js';

const opened: PdaDatabase[] = [];

function database(name = `pda-outbox-${crypto.randomUUID()}`): PdaDatabase {
  const db = new PdaDatabase(name);
  opened.push(db);
  return db;
}

afterEach(async () => {
  for (const db of opened.splice(0)) await db.delete();
});

const receive = { type: 'inbound.receive', payload: { boxId: 'b1' } } as const;

describe('the outbox', () => {
  it('gives each op a fresh opId and the next seq, starting at 1', async () => {
    const db = database();
    const first = await enqueue(db, receive);
    const second = await enqueue(db, receive);
    expect([first.seq, second.seq]).toEqual([1, 2]);
    expect(first.opId).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.opId).not.toBe(second.opId);
    expect(first).toMatchObject({ status: 'pending', attempts: 0, type: 'inbound.receive' });
  });

  it('stores the op and its local effect together', async () => {
    const db = database();
    const row: ReferenceRow = { key: 'box-1', lookup: ['BX1'], data: { receivedQuantity: 1 } };
    await enqueue(db, receive, {
      effect: () => db.boxes.put(row).then(() => undefined),
      effectTables: [db.boxes],
    });
    expect(await queuedCount(db)).toBe(1);
    expect(await db.boxes.get('box-1')).toEqual(row);
  });

  it('queues nothing and spends no seq when the local effect fails', async () => {
    const db = database();
    await expect(
      enqueue(db, receive, {
        effect: async () => {
          await db.boxes.put({ key: 'half-done', lookup: [], data: {} });
          throw new Error('over the expected quantity');
        },
        effectTables: [db.boxes],
      }),
    ).rejects.toThrow('over the expected quantity');
    expect(await queuedCount(db)).toBe(0);
    expect(await db.boxes.count()).toBe(0);
    expect((await enqueue(db, receive)).seq).toBe(1);
  });

  it('numbers ops made at the same moment without gaps or repeats', async () => {
    const db = database();
    const ops = await Promise.all(Array.from({ length: 25 }, () => enqueue(db, receive)));
    expect(ops.map((op) => op.seq).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 25 }, (_, i) => i + 1),
    );
  });

  it('keeps the queue, the seq and the device id across a reload', async () => {
    const name = `pda-reload-${crypto.randomUUID()}`;
    const before = database(name);
    const id = await deviceId(before);
    await enqueue(before, receive);
    await enqueue(before, receive);
    before.close();
    opened.splice(opened.indexOf(before), 1);
    const after = database(name);
    expect(await deviceId(after)).toBe(id);
    expect((await queuedOps(after)).map((op) => op.seq)).toEqual([1, 2]);
    expect((await enqueue(after, receive)).seq).toBe(3);
  });

  it('finds reference rows by any of their codes, GTINs in any length', async () => {
    const db = database();
    await db.skus.put({ key: 'sku-1', lookup: ['00036000291452', 'RED-42'], data: {} });
    expect((await findByCode(db, 'skus', '036000291452')).map((row) => row.key)).toEqual(['sku-1']);
    expect((await findByCode(db, 'skus', 'red-42')).map((row) => row.key)).toEqual(['sku-1']);
    expect(await findByCode(db, 'skus', 'nothing')).toEqual([]);
  });
});

/** A native effect that puts one box row. */
const putBox = (row: ReferenceRow) => ({
  stores: ['boxes'] as const,
  effect: async (transaction: IDBTransaction) => {
    await requested(transaction.objectStore('boxes').put(row));
  },
});

describe("the outbox written natively (a scan's path)", () => {
  it('stores the op, its worker and its local effect together, numbered as enqueue numbers', async () => {
    const db = database();
    await writeMeta(db, META_KEYS.worker, { id: 'u-1', name: 'Somchai' });
    const row: ReferenceRow = { key: 'box-1', lookup: ['BX1'], data: { receivedQuantity: 1 } };
    const first = await enqueue(db, receive);
    const second = await enqueueNatively(db, receive, putBox(row));
    expect(second).toMatchObject({
      seq: 2,
      userId: 'u-1',
      userName: 'Somchai',
      status: 'pending',
      attempts: 0,
    });
    expect(second.opId).not.toBe(first.opId);
    expect((await queuedOps(db)).map((op) => op.opId)).toEqual([first.opId, second.opId]);
    expect(await db.boxes.get('box-1')).toEqual(row);
    // Found by the box's index as a row Dexie wrote would be.
    expect((await findByCode(db, 'boxes', 'BX1')).map((found) => found.key)).toEqual(['box-1']);
  });

  it('queues nothing, keeps no part of the effect and spends no seq when the effect fails', async () => {
    const db = database();
    await expect(
      enqueueNatively(db, receive, {
        stores: ['boxes'],
        effect: async (transaction) => {
          await requested(transaction.objectStore('boxes').put({ key: 'half-done', lookup: [], data: {} }));
          throw new Error('over the expected quantity');
        },
      }),
    ).rejects.toThrow('over the expected quantity');
    expect(await queuedCount(db)).toBe(0);
    expect(await db.boxes.count()).toBe(0);
    expect((await enqueueNatively(db, receive, putBox({ key: 'b', lookup: [], data: {} }))).seq).toBe(1);
  });

  it('numbers ops made at the same moment by either way without gaps or repeats', async () => {
    const db = database();
    const ops = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        index % 2 === 0
          ? enqueue(db, receive)
          : enqueueNatively(db, receive, putBox({ key: `box-${index}`, lookup: [], data: {} })),
      ),
    );
    expect(ops.map((op) => op.seq).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 30 }, (_, i) => i + 1),
    );
    expect((await queuedOps(db)).map((op) => op.seq)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
  });

  it('queues several ops in one transaction with consecutive seqs, or none of them', async () => {
    const db = database();
    const take = (line: string) => ({ type: 'pick.take', payload: { lineId: line } }) as const;
    await enqueue(db, receive);
    const [first, second] = await Promise.all([
      enqueueAllNatively(db, [take('l1'), take('l2'), take('l3')]),
      enqueue(db, receive),
    ]);
    expect(first.map((op) => op.seq)).toEqual([2, 3, 4]);
    expect(second.seq).toBe(5);
    // An op IndexedDB cannot store (a value it cannot clone) takes the ops before it with it.
    const unstorable = { type: 'pick.take', payload: { lineId: 'l5', at: (() => 1) as never } } as const;
    await expect(enqueueAllNatively(db, [take('l4'), unstorable])).rejects.toThrow();
    expect((await queuedOps(db)).map((op) => op.seq)).toEqual([1, 2, 3, 4, 5]);
    expect((await enqueue(db, receive)).seq).toBe(6);
  });

  it("tells Dexie's live queries (the sync engine's queued count) what it stored", async () => {
    const db = database();
    const counts: number[] = [];
    const subscription = liveQuery(() => db.outbox.count()).subscribe((count) => counts.push(count));
    try {
      await expect.poll(() => counts).toEqual([0]);
      await enqueueNatively(db, receive, putBox({ key: 'box-1', lookup: [], data: {} }));
      await expect.poll(() => counts.at(-1)).toBe(1);
      await enqueueNatively(db, receive, putBox({ key: 'box-2', lookup: [], data: {} }));
      await expect.poll(() => counts.at(-1)).toBe(2);
    } finally {
      subscription.unsubscribe();
    }
  });

  it('is seen by a live query of the rows themselves, which no cache answers from before it', async () => {
    const db = database();
    const seen: number[][] = [];
    const subscription = liveQuery(() => db.outbox.orderBy('seq').toArray()).subscribe((ops) =>
      seen.push(ops.map((op) => op.seq)),
    );
    try {
      await expect.poll(() => seen).toEqual([[]]);
      await enqueue(db, receive);
      await expect.poll(() => seen.at(-1)).toEqual([1]);
      await enqueueNatively(db, receive, putBox({ key: 'box-1', lookup: [], data: {} }));
      await expect.poll(() => seen.at(-1)).toEqual([1, 2]);
    } finally {
      subscription.unsubscribe();
    }
  });
});

describe('a receiving scan stored', () => {
  const box: BoxData = {
    id: 'box-1',
    boxNo: 'BOX-001',
    isFinished: false,
    lines: [{ skuId: 'mug', shipQuantity: 5, receivedQuantity: 1, shelvedQuantity: 0, damagedQuantity: 0 }],
  };
  const order = {
    id: 'order-1',
    inboundNo: 'IN-1',
    warehouseId: 'wh-1',
    sellerId: 'seller-1',
    status: 'receiving',
    receivingLocationId: 'loc-1',
    boxes: [box],
  };

  it("counts the unit on the box's row and on the order's copy of it, with the op", async () => {
    const db = database();
    await db.boxes.put({ key: box.id, lookup: ['BOX-001'], data: box as never, parentKey: order.id });
    await db.inboundOrders.put({ key: order.id, lookup: ['IN-1'], data: order as never });
    const { box: after, op } = await receiveUnits(db, {
      orderId: order.id,
      boxId: box.id,
      skuId: 'mug',
      quantity: 2,
    });
    expect(after.lines[0]?.receivedQuantity).toBe(3);
    expect(op).toMatchObject({
      seq: 1,
      type: 'inbound.receive',
      payload: { boxId: box.id, skuId: 'mug', quantity: 2 },
    });
    const stored = await db.boxes.get(box.id);
    expect(stored).toMatchObject({
      lookup: ['BOX-001'],
      parentKey: order.id,
      data: { lines: [{ receivedQuantity: 3 }] },
    });
    expect(await db.inboundOrders.get(order.id)).toMatchObject({
      lookup: ['IN-1'],
      data: { boxes: [{ lines: [{ receivedQuantity: 3 }] }] },
    });
  });

  it('queues nothing for a box the device no longer holds', async () => {
    const db = database();
    await expect(
      receiveUnits(db, { orderId: order.id, boxId: 'gone', skuId: 'mug', quantity: 1 }),
    ).rejects.toThrow('box gone is not on the device');
    expect(await queuedCount(db)).toBe(0);
  });
});
