/**
 * The PDA sync protocol (docs/research/pda-offline.md §3.10): every op is applied exactly once, whatever is
 * replayed, raced or lost; a rejected op never blocks the rest; a gap stops the batch; a revoked
 * session stops the call. Pull gives the device's reference data with a cursor and tombstones.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PullChange } from '@shared/contract/pda.js';
import {
  boxId,
  callerFor,
  deviceKeyOf,
  inboundCounts,
  makeOrder,
  orderOfBoxes,
  receiveOp,
  onLocation,
  op,
  photoKeyFor,
  push,
  sellerSkus,
  statuses,
  type Caller,
  type MadeOrder,
} from '../support/inbound-world.js';
import { demoWarehouse, ledgerMismatches, locationOf, type DemoWarehouse } from '../support/stock-world.js';
import { createTestWorld, type TestWorld } from '../support/test-app.js';

let world: TestWorld;
let seller: Caller;
let staffToken: string;
let staff: Caller;
let manager: Caller;
let dg01: DemoWarehouse;
let bkk1: DemoWarehouse;
let skus: Record<string, string>;

beforeAll(async () => {
  world = await createTestWorld();
  const sellerToken = await world.login('seller');
  seller = callerFor(world, sellerToken);
  staffToken = await world.login('warestaff');
  staff = callerFor(world, staffToken);
  manager = callerFor(world, await world.login('waremanager'));
  dg01 = await demoWarehouse(world, 'DG01');
  bkk1 = await demoWarehouse(world, 'BKK1');
  skus = await sellerSkus(world, sellerToken, ['PDA-A', 'PDA-B']);
});
afterAll(() => world.close());

const sku = (code: string) => skus[code] ?? '';

const freshOrder = (quantity = 10): Promise<MadeOrder> =>
  orderOfBoxes(
    seller,
    dg01.id,
    [
      ['P1', sku('PDA-A')],
      ['P2', sku('PDA-B')],
    ],
    quantity,
  );

const receive = (order: MadeOrder, seq: number, quantity: number, box = 'P1', code = 'PDA-A') =>
  receiveOp(order, seq, box, sku(code), quantity);

async function receivedOf(order: MadeOrder): Promise<number> {
  const { rows } = await world.database.ownerPool.query(
    'select coalesce(sum(received_quantity), 0)::int as n from inbound_box_lines where order_id = $1',
    [order.id],
  );
  return rows[0].n;
}

describe('POST /api/pda/sync/push', () => {
  it('applies ops in order and answers a replayed op as a duplicate, applied once', async () => {
    const order = await freshOrder();
    const ops = [receive(order, 1, 2), receive(order, 2, 3)];
    const first = await push(staff, 'dev-replay', ops);
    expect(statuses(first)).toEqual(['applied', 'applied']);
    expect(first).toMatchObject({ lastProcessedSeq: 2, pullHint: true });
    const replay = await push(staff, 'dev-replay', ops);
    expect(statuses(replay)).toEqual(['duplicate', 'duplicate']);
    expect(replay.pullHint).toBe(false);
    expect(await receivedOf(order)).toBe(5);
  });

  it('answers a push whose response was lost with the same result, as a duplicate', async () => {
    const order = await freshOrder();
    const ops = [
      receive(order, 1, 4),
      op(2, 'inbound.receive', {
        inboundOrderId: order.id,
        boxId: boxId(order, 'P1'),
        skuId: sku('PDA-B'),
        quantity: 1,
      }),
    ];
    const lost = await push(staff, 'dev-lost', ops);
    expect(statuses(lost)).toEqual(['applied', 'rejected']);
    const again = await push(staff, 'dev-lost', ops);
    const [applied, rejected] = lost.results;
    expect(again.results).toEqual([
      {
        opId: ops[0]?.opId,
        seq: 1,
        status: 'duplicate',
        original: {
          status: 'applied',
          effect: applied?.status === 'applied' ? applied.effect : {},
          at: expect.any(String),
        },
      },
      {
        opId: ops[1]?.opId,
        seq: 2,
        status: 'duplicate',
        original: {
          status: 'rejected',
          code: 'inbound.sku_not_in_order',
          params: rejected?.status === 'rejected' ? rejected.params : {},
          at: expect.any(String),
        },
      },
    ]);
    expect(await receivedOf(order)).toBe(4);
  });

  it('applies the same op pushed by two requests at once exactly once', async () => {
    const order = await freshOrder(50);
    const ops = Array.from({ length: 10 }, (_, index) => receive(order, index + 1, 1));
    const [a, b] = await Promise.all([push(staff, 'dev-race', ops), push(staff, 'dev-race', ops)]);
    const applied = [...(a?.results ?? []), ...(b?.results ?? [])].filter(
      (entry) => entry.status === 'applied',
    );
    expect(applied).toHaveLength(10);
    expect(new Set(applied.map((entry) => entry.opId)).size).toBe(10);
    expect(await receivedOf(order)).toBe(10);
  });

  it('applies ops of several devices working on one order at once', async () => {
    const order = await freshOrder(100);
    const devices = ['dev-c1', 'dev-c2', 'dev-c3', 'dev-c4'];
    const callers = [staff, manager, staff, manager];
    const results = await Promise.all(
      devices.map((device, index) => {
        const caller = callers[index] ?? staff;
        const box = index % 2 === 0 ? 'P1' : 'P2';
        const code = index % 2 === 0 ? 'PDA-A' : 'PDA-B';
        return push(
          caller,
          device,
          Array.from({ length: 5 }, (_, seq) => receive(order, seq + 1, 2, box, code)),
        );
      }),
    );
    for (const result of results) expect(statuses(result)).toEqual(Array(5).fill('applied'));
    expect(await receivedOf(order)).toBe(40);
    expect(await ledgerMismatches(world)).toEqual([]);
  });

  it('stops a batch at a sequence gap and takes the rest once the gap is filled', async () => {
    const order = await freshOrder();
    const ops = [1, 2, 3, 4, 5].map((seq) => receive(order, seq, 1));
    const [one, two, three, four, five] = ops;
    if (!one || !two || !three || !four || !five) throw new Error('ops');
    const gapped = await push(staff, 'dev-gap', [one, two, four, five]);
    expect(gapped.results).toEqual([
      expect.objectContaining({ seq: 1, status: 'applied' }),
      expect.objectContaining({ seq: 2, status: 'applied' }),
      {
        opId: four.opId,
        seq: 4,
        status: 'not_processed',
        code: 'pda.sequence_gap',
        params: { expectedSeq: 3 },
      },
      {
        opId: five.opId,
        seq: 5,
        status: 'not_processed',
        code: 'pda.sequence_gap',
        params: { expectedSeq: 3 },
      },
    ]);
    expect(gapped.lastProcessedSeq).toBe(2);
    expect(await receivedOf(order)).toBe(2);
    const filled = await push(staff, 'dev-gap', [three, four, five]);
    expect(statuses(filled)).toEqual(['applied', 'applied', 'applied']);
    expect(await receivedOf(order)).toBe(5);
  });

  it('rejects bad ops with codes, changes nothing for them, and goes on with the next', async () => {
    const order = await freshOrder(3);
    const setup = await push(staff, 'dev-bad', [receive(order, 1, 3)]);
    expect(statuses(setup)).toEqual(['applied']);
    const before = await inboundCounts(world);
    const shelve = (seq: number, locationId: string, quantity: number) =>
      op(seq, 'inbound.shelve', { inboundOrderId: order.id, skuId: sku('PDA-A'), locationId, quantity });
    const result = await push(staff, 'dev-bad', [
      receive(order, 2, 1, 'P1', 'PDA-B'),
      shelve(3, locationOf(bkk1, 'A-01-01'), 1),
      shelve(4, locationOf(dg01, 'A-01-03'), 4),
      op(5, 'inbound.receive', { inboundOrderId: order.id, quantity: 'lots' }),
    ]);
    expect(result.results.map((entry) => (entry.status === 'rejected' ? entry.code : entry.status))).toEqual([
      'inbound.sku_not_in_order',
      // A location of a warehouse the worker is not assigned to is out of sight.
      'warehouse.location_not_found',
      'inbound.over_shelving',
      'common.validation',
    ]);
    expect(result.results[2]).toMatchObject({ params: { left: 3, quantity: 4 } });
    expect(await inboundCounts(world)).toEqual(before);
    const reused = await push(staff, 'dev-bad', [receive(order, 3, 1)]);
    expect(reused.results[0]).toMatchObject({
      status: 'rejected',
      code: 'pda.sequence_reused',
      params: { lastSeq: 5 },
    });
    const next = await push(staff, 'dev-bad', [shelve(6, locationOf(dg01, 'A-01-03'), 3)]);
    expect(statuses(next)).toEqual(['applied']);
    expect(await onLocation(world, locationOf(dg01, 'A-01-03'), sku('PDA-A'))).toBeGreaterThanOrEqual(3);
  });

  it('answers 401 for the whole call when an op’s session was revoked, applying none', async () => {
    const order = await freshOrder();
    const oldToken = await world.login('warestaff');
    const { rows } = await world.database.ownerPool.query<{ id: string }>(
      "select s.id from sessions s join users u on u.id = s.user_id where u.username = 'warestaff' order by s.created_at desc limit 1",
    );
    const sessionId = rows[0]?.id ?? '';
    await world.request({ method: 'POST', url: '/api/sys/logout', token: oldToken });
    const fromRevoked = { ...receive(order, 2, 1), sessionId };
    const response = await staff('POST', '/api/pda/sync/push', {
      deviceId: 'dev-revoked',
      ops: [receive(order, 1, 1), fromRevoked],
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'pda.session_revoked' });
    const withRevokedToken = await world.request({
      method: 'POST',
      url: '/api/pda/sync/push',
      token: oldToken,
      payload: { deviceId: 'dev-revoked', ops: [receive(order, 1, 1)] },
    });
    expect(withRevokedToken.statusCode).toBe(401);
    expect(await receivedOf(order)).toBe(0);
  });

  it('keeps the lot and expiry of a GS1 label with the receipt', async () => {
    const order = await freshOrder();
    const base = receive(order, 1, 2);
    const result = await push(staff, 'dev-lot', [
      { ...base, payload: { ...base.payload, lot: 'LOT-7', expiry: '260630' } },
      op(2, 'inbound.receive', { ...base.payload, lot: 'x'.repeat(21) }),
    ]);
    expect(result.results.map((entry) => entry.status)).toEqual(['applied', 'rejected']);
    const moved = await world.database.ownerPool.query(
      `select reason from stock_movements where source_id = $1 and kind = 'receipt'`,
      [order.id],
    );
    expect(moved.rows).toEqual([{ reason: 'P1 · lot LOT-7 · exp 260630' }]);
  });

  it('reports discrepancies and finishes boxes by op: the order says how far it got, with the reason beside it', async () => {
    const order = await freshOrder(4);
    const result = await push(staff, 'dev-discrepancy', [
      receive(order, 1, 3),
      op(2, 'inbound.discrepancy', {
        inboundOrderId: order.id,
        boxId: boxId(order, 'P1'),
        kind: 'unknown_sku',
        barcode: '4006381333931',
        quantity: 2,
        reason: 'Unlabelled items in the box',
        photos: [await photoKeyFor(world, order)],
      }),
      op(3, 'inbound.finish_box', { inboundOrderId: order.id, boxId: boxId(order, 'P1') }),
      op(4, 'inbound.finish_box', { inboundOrderId: order.id, boxId: boxId(order, 'P1') }),
      receive(order, 5, 1),
    ]);
    expect(result.results.map((entry) => (entry.status === 'rejected' ? entry.code : entry.status))).toEqual([
      'applied',
      'applied',
      'applied',
      'inbound.box_finished',
      'inbound.box_finished',
    ]);
    // Another box is still open: partly received, the difference beside it.
    expect(result.results[2]).toMatchObject({ effect: { status: 'partial' } });
    const detail = (await manager('GET', `/api/inbound/order/detail?id=${order.id}`)).json().result;
    expect(detail).toMatchObject({
      status: 'partial',
      abnormalReason: 'Unlabelled items in the box',
      receivedQuantity: 3,
    });
    expect(detail.discrepancies).toEqual([
      expect.objectContaining({ kind: 'unknown_sku', barcode: '4006381333931', skuId: null, quantity: 2 }),
    ]);
  });

  it('refuses sellers and more than 200 ops', async () => {
    expect((await seller('POST', '/api/pda/sync/push', { deviceId: 'dev-s', ops: [] })).statusCode).toBe(403);
    const order = await freshOrder();
    const many = Array.from({ length: 201 }, (_, index) => receive(order, index + 1, 1));
    expect((await staff('POST', '/api/pda/sync/push', { deviceId: 'dev-big', ops: many })).statusCode).toBe(
      400,
    );
  });
});

describe('GET /api/pda/sync/pull', () => {
  const pull = async (as: Caller, query: string, headers?: Record<string, string>) => {
    const response = await as('GET', `/api/pda/sync/pull?${query}`, undefined, headers);
    if (response.statusCode !== 200) throw new Error(response.body);
    return response.json().result as {
      cursor: string;
      reset: boolean;
      changes: PullChange[];
      lastProcessedSeq: number | null;
    };
  };

  it('gives a full pull of the worker’s warehouses, then changes since the cursor with tombstones', async () => {
    const full = await pull(staff, 'deviceId=dev-replay', {
      'x-device-key': await deviceKeyOf(staff, 'dev-replay'),
    });
    expect(full.reset).toBe(true);
    expect(full.lastProcessedSeq).toBe(2);
    const locations = full.changes.filter((change) => change.entity === 'location');
    expect(locations.length).toBe(dg01.locations.size);
    const skuChange = full.changes.find((change) => change.entity === 'sku' && change.key === sku('PDA-A'));
    expect(skuChange).toMatchObject({
      op: 'upsert',
      data: { sellerSku: 'PDA-A', barcodes: expect.any(Array) },
    });

    const order = await freshOrder(2);
    const delta = await pull(staff, `cursor=${full.cursor}&scope=inbound_orders`);
    expect(delta.reset).toBe(false);
    expect(delta.changes.map((change) => `${change.entity}:${change.op}`)).toContain('inbound_order:upsert');
    expect(delta.changes.find((change) => change.key === order.id)).toMatchObject({
      data: { boxes: [expect.objectContaining({ boxNo: 'P1' }), expect.objectContaining({ boxNo: 'P2' })] },
    });

    const done = await push(staff, 'dev-pull', [
      op(1, 'inbound.receive', { inboundOrderId: order.id, boxId: boxId(order, 'P1') }),
      op(2, 'inbound.receive', { inboundOrderId: order.id, boxId: boxId(order, 'P2') }),
      op(3, 'inbound.shelve', {
        inboundOrderId: order.id,
        skuId: sku('PDA-A'),
        locationId: locationOf(dg01, 'A-01-04'),
        quantity: 2,
      }),
      op(4, 'inbound.shelve', {
        inboundOrderId: order.id,
        skuId: sku('PDA-B'),
        locationId: locationOf(dg01, 'A-01-04'),
        quantity: 2,
      }),
    ]);
    expect(statuses(done)).toEqual(['applied', 'applied', 'applied', 'applied']);
    expect(done.results[3]).toMatchObject({ effect: { status: 'stored' } });
    const after = await pull(staff, `cursor=${delta.cursor}&scope=inbound_orders`);
    expect(after.changes).toContainEqual({ entity: 'inbound_order', op: 'delete', key: order.id });
  });

  it('does not miss a change committed after a pull by a transaction that began before it', async () => {
    const start = await pull(staff, 'scope=skus');
    const client = await world.database.ownerPool.connect();
    try {
      await client.query('begin');
      await client.query("update skus set variation = 'Late writer' where id = $1", [sku('PDA-B')]);
      const during = await pull(staff, `cursor=${start.cursor}&scope=skus`);
      expect(during.changes.map((change) => change.key)).not.toContain(sku('PDA-B'));
      await client.query('commit');
      const after = await pull(staff, `cursor=${during.cursor}&scope=skus`);
      expect(after.changes.find((change) => change.key === sku('PDA-B'))).toMatchObject({
        op: 'upsert',
        data: { variation: 'Late writer' },
      });
    } finally {
      client.release();
    }
  });

  it('tells a device’s last seq only to a caller presenting its key, as a push must', async () => {
    await push(staff, 'dev-pull-own', [receive(await freshOrder(), 1, 1)]);
    const key = await deviceKeyOf(staff, 'dev-pull-own');
    // Another user naming the device, with no key, another device's key or a made-up one.
    const otherKey = await deviceKeyOf(manager, 'dev-pull-other');
    for (const headers of [undefined, { 'x-device-key': otherKey }, { 'x-device-key': 'x'.repeat(43) }]) {
      const refused = await manager('GET', '/api/pda/sync/pull?deviceId=dev-pull-own', undefined, headers);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'pda.device_unknown' });
    }
    // Whoever is signed in on the device itself presents its key (a shared handheld).
    expect((await pull(manager, 'deviceId=dev-pull-own', { 'x-device-key': key })).lastProcessedSeq).toBe(1);
    expect((await pull(staff, 'deviceId=dev-pull-own', { 'x-device-key': key })).lastProcessedSeq).toBe(1);
    // A pull naming no device reads the reference data only.
    expect((await pull(manager, 'scope=skus')).lastProcessedSeq).toBeNull();
  });

  it('keeps other warehouses’ locations and orders out of a worker’s pull', async () => {
    const inBkk = await makeOrder(seller, bkk1.id, [
      { boxNo: 'K', lines: [{ skuId: sku('PDA-A'), shipQuantity: 1 }] },
    ]);
    const full = await pull(staff, '');
    const keys = new Set(full.changes.map((change) => change.key));
    for (const id of bkk1.locations.values()) expect(keys.has(id)).toBe(false);
    expect(keys.has(inBkk.id)).toBe(false);
    expect((await pull(manager, '')).changes.map((change) => change.key)).toContain(inBkk.id);
  });

  it('leaves the ledger reconciled after all of it', async () => {
    expect(await ledgerMismatches(world)).toEqual([]);
  });
});
