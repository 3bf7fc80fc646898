import { afterEach, describe, expect, it } from 'vitest';
import { deviceId, findByCode, PdaDatabase, type ReferenceRow } from '@pda/data/db.js';
import { enqueue, queuedCount, queuedOps } from '@pda/sync/outbox.js';

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
