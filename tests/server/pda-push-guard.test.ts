/**
 * What a device can send never stops its queue: an op the server cannot take (a NUL or half a
 * surrogate pair anywhere in it, an unknown type, a bad clock) is refused by itself and the
 * rest of the batch applies. And only the device itself can push in its name: the key issued
 * at registration, not the signed-in user, decides, so a shared handheld keeps working; a device
 * that lost its key is registered again under its id by its own user only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callerFor,
  deviceKeyOf,
  inboundCounts,
  op,
  orderOfBoxes,
  outcomes,
  push,
  receiveOp,
  registerDevice,
  sellerSkus,
  type Caller,
  type MadeOrder,
} from '../support/inbound-world.js';
import { demoWarehouse, type DemoWarehouse } from '../support/stock-world.js';
import { createTestWorld, type TestWorld } from '../support/test-app.js';

let world: TestWorld;
let seller: Caller;
let staff: Caller;
let manager: Caller;
let dg01: DemoWarehouse;
let skuId: string;

beforeAll(async () => {
  world = await createTestWorld();
  const sellerToken = await world.login('seller');
  seller = callerFor(world, sellerToken);
  staff = callerFor(world, await world.login('warestaff'));
  manager = callerFor(world, await world.login('waremanager'));
  dg01 = await demoWarehouse(world, 'DG01');
  skuId = (await sellerSkus(world, sellerToken, ['GUARD-A']))['GUARD-A'] ?? '';
});
afterAll(() => world.close());

const freshOrder = (): Promise<MadeOrder> => orderOfBoxes(seller, dg01.id, [['G1', skuId]], 50);

async function receivedOf(order: MadeOrder): Promise<number> {
  const { rows } = await world.database.ownerPool.query(
    'select coalesce(sum(received_quantity), 0)::int as n from inbound_box_lines where order_id = $1',
    [order.id],
  );
  return rows[0].n;
}

describe('POST /api/pda/sync/push with ops the server cannot take', () => {
  it('refuses an op with a NUL or half a surrogate pair by itself and applies the rest', async () => {
    const order = await freshOrder();
    const receive = (seq: number) => receiveOp(order, seq, 'G1', skuId, 1);
    const result = await push(staff, 'dev-nul', [
      receive(1),
      op(2, 'inbound.discrepancy', { inboundOrderId: order.id, reason: 'broken\u0000box', photos: [] }),
      receive(3),
      op(4, 'inbound.receive', { ...receive(4).payload, note: 'a\ud800b' }),
      op(5, 'inbound.receive', { ...receive(5).payload, ['key\u0000']: 1 }),
      { ...receive(6), type: 'inbound.teleport' as 'inbound.receive' },
      { ...receive(7), createdAt: 'yesterday\u0000' },
      receive(8),
    ]);
    expect(outcomes(result)).toEqual([
      'applied',
      'common.validation',
      'applied',
      'common.validation',
      'common.validation',
      'common.validation',
      'common.validation',
      'applied',
    ]);
    expect(result.results[1]).toMatchObject({ params: { field: 'payload.reason' } });
    expect(result.results[3]).toMatchObject({ params: { field: 'payload.note' } });
    expect(result.results[5]).toMatchObject({ params: { field: 'type' } });
    expect(result.lastProcessedSeq).toBe(8);
    expect(await receivedOf(order)).toBe(3);

    // Sent again (the reply was lost), every op answers what it answered before.
    const again = await push(staff, 'dev-nul', [receive(9)]);
    expect(outcomes(again)).toEqual(['applied']);
    expect(await receivedOf(order)).toBe(4);
  });

  it('answers a replay of a refused malformed op as a duplicate of its refusal', async () => {
    const order = await freshOrder();
    const bad = op(1, 'inbound.receive', { inboundOrderId: order.id, quantity: '\u0000' });
    expect(outcomes(await push(staff, 'dev-nul-replay', [bad]))).toEqual(['common.validation']);
    const replay = await push(staff, 'dev-nul-replay', [bad]);
    expect(replay.results[0]).toMatchObject({
      status: 'duplicate',
      original: { status: 'rejected', code: 'common.validation' },
    });
  });
});

describe('POST /api/pda/device/register and the device key', () => {
  it('refuses a push in another device’s name, with no key or another key, changing nothing', async () => {
    const order = await freshOrder();
    expect(outcomes(await push(staff, 'dev-owned', [receiveOp(order, 1, 'G1', skuId, 1)]))).toEqual([
      'applied',
    ]);
    const before = await inboundCounts(world);
    const mine = await registerDevice(manager, 'dev-manager');
    for (const deviceKey of [undefined, mine, 'x'.repeat(43)]) {
      const response = await manager('POST', '/api/pda/sync/push', {
        deviceId: 'dev-owned',
        ...(deviceKey === undefined ? {} : { deviceKey }),
        ops: [receiveOp(order, 2, 'G1', skuId, 1)],
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'pda.device_unknown' });
    }
    // An unregistered id has no key that could match.
    const unknown = await manager('POST', '/api/pda/sync/push', {
      deviceId: 'dev-never-registered',
      deviceKey: mine,
      ops: [receiveOp(order, 1, 'G1', skuId, 1)],
    });
    expect(unknown.statusCode).toBe(403);
    expect(await inboundCounts(world)).toEqual(before);

    // The real device's next op still goes through.
    expect(outcomes(await push(staff, 'dev-owned', [receiveOp(order, 2, 'G1', skuId, 1)]))).toEqual([
      'applied',
    ]);
  });

  it('refuses to register an id that is already registered by another user', async () => {
    await deviceKeyOf(staff, 'dev-taken');
    const response = await manager('POST', '/api/pda/device/register', { deviceId: 'dev-taken', nextSeq: 1 });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'pda.device_taken' });
  });

  it('registers a device that lost its key again for its own user: a new key, the old one refused, seqs kept', async () => {
    const order = await freshOrder();
    const lost = await registerDevice(staff, 'dev-lost-key');
    const first = await staff('POST', '/api/pda/sync/push', {
      deviceId: 'dev-lost-key',
      deviceKey: lost,
      ops: [receiveOp(order, 1, 'G1', skuId, 1), receiveOp(order, 2, 'G1', skuId, 1)],
    });
    expect(first.json().result).toMatchObject({ lastProcessedSeq: 2 });

    // Another user cannot take the id over, before or after.
    const taken = await manager('POST', '/api/pda/device/register', { deviceId: 'dev-lost-key', nextSeq: 1 });
    expect(taken.statusCode).toBe(409);
    // Its own user, signed in again on the wiped device, gets a new key for the same id.
    const again = await callerFor(world, await world.login('warestaff'))('POST', '/api/pda/device/register', {
      deviceId: 'dev-lost-key',
      nextSeq: 1,
    });
    expect(again.statusCode, again.body).toBe(200);
    const renewed = (again.json().result as { deviceKey: string }).deviceKey;
    expect(renewed).not.toBe(lost);

    const withOld = await staff('POST', '/api/pda/sync/push', {
      deviceId: 'dev-lost-key',
      deviceKey: lost,
      ops: [receiveOp(order, 3, 'G1', skuId, 1)],
    });
    expect(withOld.statusCode).toBe(403);
    expect(withOld.json()).toMatchObject({ code: 'pda.device_unknown' });
    // The seqs the server applied stay used: the next op goes on from 3, whatever nextSeq said.
    const next = await staff('POST', '/api/pda/sync/push', {
      deviceId: 'dev-lost-key',
      deviceKey: renewed,
      ops: [receiveOp(order, 3, 'G1', skuId, 2)],
    });
    expect(next.json().result).toMatchObject({ lastProcessedSeq: 3, results: [{ status: 'applied' }] });
    expect(await receivedOf(order)).toBe(4);
    const later = await manager('POST', '/api/pda/device/register', { deviceId: 'dev-lost-key', nextSeq: 4 });
    expect(later.statusCode).toBe(409);
  });

  it('keeps a shared handheld working for workers signing in one after another', async () => {
    const order = await freshOrder();
    expect(outcomes(await push(staff, 'dev-shared', [receiveOp(order, 1, 'G1', skuId, 1)]))).toEqual([
      'applied',
    ]);
    // The next worker signs in on the same device: it presents the device's key, not theirs.
    expect(outcomes(await push(manager, 'dev-shared', [receiveOp(order, 2, 'G1', skuId, 2)]))).toEqual([
      'applied',
    ]);
    expect(outcomes(await push(staff, 'dev-shared', [receiveOp(order, 3, 'G1', skuId, 1)]))).toEqual([
      'applied',
    ]);
    const { rows } = await world.database.ownerPool.query<{ username: string }>(
      `select u.username from pda_processed_ops p join users u on u.id = p.user_id
        where p.device_id = 'dev-shared' order by p.seq`,
    );
    expect(rows.map((row) => row.username)).toEqual(['warestaff', 'waremanager', 'warestaff']);
    expect(await receivedOf(order)).toBe(4);
  });

  it('starts a registered device’s seqs where it says and keeps only a hash of the key', async () => {
    const key = await registerDevice(staff, 'dev-later', 41);
    const order = await freshOrder();
    const result = await staff('POST', '/api/pda/sync/push', {
      deviceId: 'dev-later',
      deviceKey: key,
      ops: [receiveOp(order, 41, 'G1', skuId, 1)],
    });
    expect(result.json().result).toMatchObject({ lastProcessedSeq: 41, results: [{ status: 'applied' }] });
    const { rows } = await world.database.ownerPool.query<{ key_hash: string }>(
      `select key_hash from pda_devices where device_id = 'dev-later'`,
    );
    expect(rows[0]?.key_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]?.key_hash).not.toContain(key);
  });
});
