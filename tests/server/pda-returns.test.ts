/**
 * Returns and refused receipts through the PDA's ops (spec 02 §3, §4): a parcel received by its
 * tracking number and matched to its order, each item re-shelved through the ledger (kind
 * 'return') or destroyed (nothing into stock), finished processed or failed — every op applied
 * exactly once whatever is replayed; a parcel matching no order kept unmatched and matched by
 * hand in the admin; refusals that change nothing; and who sees which return.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callerFor,
  onLocation,
  op,
  outcomes,
  push,
  sellerSkus,
  statuses,
  type Caller,
  type Op,
} from '../support/inbound-world.js';
import { demoWarehouse, ledgerMismatches, type DemoWarehouse } from '../support/stock-world.js';
import { createTestWorld, type TestWorld } from '../support/test-app.js';

let world: TestWorld;
let seller: Caller;
let seller2: Caller;
let staff: Caller;
let manager: Caller;
let acme: Caller;
let dg01: DemoWarehouse;
let bkk1: DemoWarehouse;
let skus: Record<string, string>;
let shelfA: string;
let shelfB: string;

beforeAll(async () => {
  world = await createTestWorld();
  const sellerToken = await world.login('seller');
  seller = callerFor(world, sellerToken);
  seller2 = callerFor(world, await world.login('seller2'));
  staff = callerFor(world, await world.login('warestaff'));
  manager = callerFor(world, await world.login('waremanager'));
  acme = callerFor(world, await world.login('acme-agent', { agentCode: 'acme' }));
  dg01 = await demoWarehouse(world, 'DG01');
  bkk1 = await demoWarehouse(world, 'BKK1');
  skus = await sellerSkus(world, sellerToken, ['RET-A', 'RET-B', 'RET-C']);
  [shelfA = '', shelfB = ''] = [...dg01.locations.values()];
});
afterAll(() => world.close());

const sku = (code: string) => skus[code] ?? '';
let serial = 0;

interface ShippedOrder {
  id: string;
  orderNo: string;
  trackingNo: string;
}

/** An order of the seller, entered through the API and then shipped (as the outbound would). */
async function shippedOrder(
  lines: { code: string; quantity: number }[],
  status = 'shipped',
): Promise<ShippedOrder> {
  serial += 1;
  const trackingNo = `TH${Date.now()}${serial}`;
  const orderNo = `RET-${Date.now()}-${serial}`;
  const made = await seller('POST', '/api/order/add', {
    orderNo,
    warehouseId: dg01.id,
    currency: 'THB',
    trackingNo,
    lines: lines.map((line) => ({ skuId: sku(line.code), quantity: line.quantity, unitPrice: 1000 })),
  });
  if (made.statusCode !== 200) throw new Error(`order add failed: ${made.body}`);
  const { id } = made.json().result as { id: string };
  await world.database.ownerPool.query(
    'update orders set local_status = $2, shipped_at = now() where id = $1',
    [id, status],
  );
  return { id, orderNo, trackingNo };
}

/** A 'return.receive' op; its return's id (made on the device) is the op's payload.returnId. */
const receiveOp = (seq: number, input: Record<string, unknown>): Op & { returnId: string } => {
  const returnId = randomUUID();
  const made = op(seq, 'return.receive', {
    returnId,
    warehouseId: dg01.id,
    postageCents: 1250,
    weightGrams: 640,
    ...input,
  });
  // Not enumerable: the op is sent as it is, with no extra field.
  return Object.defineProperty(made, 'returnId', { value: returnId, enumerable: false }) as Op & {
    returnId: string;
  };
};

const itemOp = (seq: number, returnId: string, input: Record<string, unknown>) =>
  op(seq, 'return.item', { itemId: randomUUID(), returnId, ...input });

async function orderStatus(id: string): Promise<string> {
  const { rows } = await world.database.ownerPool.query('select local_status from orders where id = $1', [
    id,
  ]);
  return rows[0]?.local_status;
}

async function returnRow(id: string) {
  const { rows } = await world.database.ownerPool.query('select * from returns where id = $1', [id]);
  return rows[0];
}

async function movementsOf(returnId: string): Promise<{ kind: string; quantity: number }[]> {
  const { rows } = await world.database.ownerPool.query(
    "select kind, quantity from stock_movements where source_type = 'return' and source_id = $1 order by id",
    [returnId],
  );
  return rows;
}

const device = () => `dev-ret-${randomUUID().slice(0, 8)}`;

describe('returns on the PDA', () => {
  it('takes in a refused parcel, re-shelves a good unit and destroys a damaged one, each op exactly once', async () => {
    const order = await shippedOrder([
      { code: 'RET-A', quantity: 2 },
      { code: 'RET-B', quantity: 1 },
    ]);
    const before = await onLocation(world, shelfA, sku('RET-A'));
    const received = receiveOp(1, { returnTrackingNo: order.trackingNo, orderId: order.id });
    const ops = [
      received,
      itemOp(2, received.returnId, {
        skuId: sku('RET-A'),
        quantity: 1,
        condition: 'good',
        outcome: 'reshelved',
        locationId: shelfA,
      }),
      itemOp(3, received.returnId, {
        skuId: sku('RET-A'),
        quantity: 1,
        condition: 'damaged',
        outcome: 'destroyed',
      }),
      op(4, 'return.finish', { returnId: received.returnId, outcome: 'processed' }),
    ];
    const id = device();
    const first = await push(staff, id, ops);
    expect(outcomes(first)).toEqual(['applied', 'applied', 'applied', 'applied']);
    expect(first.results[0]).toMatchObject({ effect: { matched: true, orderNo: order.orderNo } });

    const replay = await push(staff, id, ops);
    expect(statuses(replay)).toEqual(['duplicate', 'duplicate', 'duplicate', 'duplicate']);

    expect(await onLocation(world, shelfA, sku('RET-A'))).toBe(before + 1);
    expect(await movementsOf(received.returnId)).toEqual([{ kind: 'return', quantity: 1 }]);
    const parcel = await returnRow(received.returnId);
    expect(parcel).toMatchObject({
      status: 'returned_processed',
      kind: 'refused',
      order_id: order.id,
      postage_cents: 1250,
      weight_grams: 640,
    });
    expect(await orderStatus(order.id)).toBe('to_return');
    const { rows: items } = await world.database.ownerPool.query(
      'select outcome, condition, quantity, movement_id from return_items where return_id = $1 order by outcome',
      [received.returnId],
    );
    expect(items).toEqual([
      { outcome: 'destroyed', condition: 'damaged', quantity: 1, movement_id: null },
      { outcome: 'reshelved', condition: 'good', quantity: 1, movement_id: expect.anything() },
    ]);
    expect(await ledgerMismatches(world)).toEqual([]);
  });

  it('matches a return by the original tracking number the worker read when the device knew no order', async () => {
    const order = await shippedOrder([{ code: 'RET-B', quantity: 1 }], 'delivered');
    const received = receiveOp(1, {
      returnTrackingNo: `RT-${randomUUID()}`,
      originalTrackingNo: order.trackingNo,
    });
    const result = await push(staff, device(), [received]);
    expect(result.results[0]).toMatchObject({
      status: 'applied',
      effect: { matched: true, orderId: order.id },
    });
    expect(await returnRow(received.returnId)).toMatchObject({ kind: 'return', order_id: order.id });
    expect(await orderStatus(order.id)).toBe('to_return');
  });

  it('keeps a parcel matching no order as an unmatched return, inspected only once the admin matched it', async () => {
    const order = await shippedOrder([{ code: 'RET-C', quantity: 3 }]);
    const received = receiveOp(1, { returnTrackingNo: `LOST-${randomUUID()}` });
    const id = device();
    const item = itemOp(2, received.returnId, {
      skuId: sku('RET-C'),
      quantity: 1,
      condition: 'good',
      outcome: 'reshelved',
      locationId: shelfB,
    });
    const first = await push(staff, id, [
      received,
      item,
      op(3, 'return.finish', { returnId: received.returnId, outcome: 'processed' }),
    ]);
    expect(outcomes(first)).toEqual(['applied', 'returns.unmatched', 'returns.unmatched']);
    expect(await returnRow(received.returnId)).toMatchObject({
      status: 'returned_unprocessed',
      order_id: null,
    });
    expect(await movementsOf(received.returnId)).toEqual([]);

    const listed = await manager('GET', '/api/return/list?unmatched=true&pageNo=1&pageSize=50');
    expect(listed.statusCode).toBe(200);
    expect(listed.json().result.records.map((row: { id: string }) => row.id)).toContain(received.returnId);
    // The seller side never sees a return no order of theirs is known to own.
    const sellerList = await seller('GET', '/api/return/list?pageNo=1&pageSize=200');
    expect(sellerList.json().result.records.map((row: { id: string }) => row.id)).not.toContain(
      received.returnId,
    );

    const unknown = await manager(
      'POST',
      '/api/return/match',
      { id: received.returnId, orderNo: 'NO-SUCH-ORDER' },
      { 'accept-language': 'en-US' },
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'returns.order_not_found' });
    const matched = await manager('POST', '/api/return/match', {
      id: received.returnId,
      orderNo: order.orderNo,
    });
    expect(matched.statusCode, matched.body).toBe(200);
    expect(matched.json().result).toMatchObject({ orderId: order.id, orderNo: order.orderNo });
    expect(await orderStatus(order.id)).toBe('to_return');
    const again = await manager('POST', '/api/return/match', {
      id: received.returnId,
      orderNo: order.orderNo,
    });
    expect(again.json()).toMatchObject({ code: 'returns.already_matched' });

    const expected = await staff('GET', `/api/pda/returns?warehouseId=${dg01.id}`);
    expect(expected.statusCode).toBe(200);
    expect(expected.json().result.returns).toContainEqual({
      returnId: received.returnId,
      returnTrackingNo: expect.any(String),
      orderId: order.id,
    });

    const later = await push(staff, id, [
      itemOp(4, received.returnId, {
        skuId: sku('RET-C'),
        quantity: 1,
        condition: 'good',
        outcome: 'reshelved',
        locationId: shelfB,
      }),
      op(5, 'return.finish', { returnId: received.returnId, outcome: 'processed' }),
    ]);
    expect(outcomes(later)).toEqual(['applied', 'applied']);
    expect(await movementsOf(received.returnId)).toEqual([{ kind: 'return', quantity: 1 }]);
    const detail = await seller('GET', `/api/return/detail?id=${received.returnId}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().result).toMatchObject({
      status: 'returned_processed',
      orderNo: order.orderNo,
      reshelved: 1,
      destroyed: 0,
      items: [{ sellerSku: 'RET-C', outcome: 'reshelved', condition: 'good', quantity: 1 }],
    });
  });

  it('refuses what the order did not ship, a damaged unit back into stock and a shelf of another warehouse, changing nothing', async () => {
    const order = await shippedOrder([{ code: 'RET-A', quantity: 1 }]);
    const received = receiveOp(1, { returnTrackingNo: order.trackingNo, orderId: order.id });
    const otherShelf = [...bkk1.locations.values()][0];
    const ops = [
      received,
      itemOp(2, received.returnId, {
        skuId: sku('RET-B'),
        quantity: 1,
        condition: 'good',
        outcome: 'destroyed',
      }),
      itemOp(3, received.returnId, {
        skuId: sku('RET-A'),
        quantity: 2,
        condition: 'good',
        outcome: 'reshelved',
        locationId: shelfA,
      }),
      itemOp(4, received.returnId, {
        skuId: sku('RET-A'),
        quantity: 1,
        condition: 'damaged',
        outcome: 'reshelved',
        locationId: shelfA,
      }),
      itemOp(5, received.returnId, {
        skuId: sku('RET-A'),
        quantity: 1,
        condition: 'good',
        outcome: 'reshelved',
        locationId: otherShelf,
      }),
      op(6, 'return.finish', { returnId: received.returnId, outcome: 'processed' }),
      // A wrong item (not what the order shipped) is recorded and destroyed; it counts nothing against the order.
      itemOp(7, received.returnId, {
        skuId: null,
        quantity: 1,
        condition: 'wrong_item',
        outcome: 'destroyed',
      }),
      op(8, 'return.finish', { returnId: received.returnId, outcome: 'failed', note: 'wrong contents' }),
      itemOp(9, received.returnId, {
        skuId: sku('RET-A'),
        quantity: 1,
        condition: 'good',
        outcome: 'destroyed',
      }),
    ];
    const result = await push(staff, device(), ops);
    expect(outcomes(result)).toEqual([
      'applied',
      'returns.sku_not_in_order',
      'returns.over_shipped',
      'returns.outcome_not_allowed',
      'returns.location_other_warehouse',
      'returns.nothing_inspected',
      'applied',
      'applied',
      'returns.finished',
    ]);
    expect(await returnRow(received.returnId)).toMatchObject({
      status: 'return_failed',
      note: 'wrong contents',
    });
    expect(await movementsOf(received.returnId)).toEqual([]);
    expect(await ledgerMismatches(world)).toEqual([]);
  });

  it('never returns more units of an order than it shipped, over two parcels on two devices', async () => {
    const order = await shippedOrder([{ code: 'RET-B', quantity: 1 }]);
    const first = receiveOp(1, { returnTrackingNo: `RT-${randomUUID()}`, orderId: order.id });
    const second = receiveOp(1, { returnTrackingNo: `RT-${randomUUID()}`, orderId: order.id });
    const unit = (seq: number, returnId: string) =>
      itemOp(seq, returnId, {
        skuId: sku('RET-B'),
        quantity: 1,
        condition: 'good',
        outcome: 'reshelved',
        locationId: shelfB,
      });
    const [a, b] = await Promise.all([
      push(staff, device(), [first, unit(2, first.returnId)]),
      push(manager, device(), [second, unit(2, second.returnId)]),
    ]);
    const items = [a.results[1], b.results[1]].map((entry) =>
      entry?.status === 'rejected' ? entry.code : entry?.status,
    );
    expect(items.sort()).toEqual(['applied', 'returns.over_shipped']);
    expect(await ledgerMismatches(world)).toEqual([]);
  });

  it('refuses a parcel already received under the same tracking number, and an order never shipped', async () => {
    const order = await shippedOrder([{ code: 'RET-A', quantity: 1 }]);
    const waiting = await shippedOrder([{ code: 'RET-A', quantity: 1 }], 'pending_shipment');
    const trackingNo = `RT-${randomUUID()}`;
    const one = await push(staff, device(), [
      receiveOp(1, { returnTrackingNo: trackingNo, orderId: order.id }),
    ]);
    const two = await push(manager, device(), [
      receiveOp(1, { returnTrackingNo: trackingNo, orderId: order.id }),
      receiveOp(2, { returnTrackingNo: `RT-${randomUUID()}`, orderId: waiting.id }),
    ]);
    expect(outcomes(one)).toEqual(['applied']);
    expect(outcomes(two)).toEqual(['returns.already_received', 'returns.order_not_shipped']);
    expect(await orderStatus(waiting.id)).toBe('pending_shipment');
  });

  it('rejects a malformed return op on its own: no postage, a re-shelved item without a location', async () => {
    const received = receiveOp(1, { returnTrackingNo: `RT-${randomUUID()}` });
    const result = await push(staff, device(), [
      op(1, 'return.receive', {
        returnId: randomUUID(),
        warehouseId: dg01.id,
        returnTrackingNo: 'X1',
        weightGrams: 1,
      }),
      op(2, 'return.receive', received.payload),
      itemOp(3, received.returnId, {
        skuId: sku('RET-A'),
        quantity: 1,
        condition: 'good',
        outcome: 'reshelved',
      }),
    ]);
    expect(outcomes(result)).toEqual(['common.validation', 'applied', 'common.validation']);
  });
});

describe('who sees returns', () => {
  it("keeps returns within their tenant, their seller and their warehouse's people", async () => {
    const order = await shippedOrder([{ code: 'RET-A', quantity: 1 }]);
    const received = receiveOp(1, { returnTrackingNo: order.trackingNo, orderId: order.id });
    expect(outcomes(await push(staff, device(), [received]))).toEqual(['applied']);

    const own = await seller('GET', `/api/return/detail?id=${received.returnId}`);
    expect(own.statusCode).toBe(200);
    for (const [who, caller] of [
      ['seller2', seller2],
      ['acme-agent', acme],
    ] as const) {
      const detail = await caller('GET', `/api/return/detail?id=${received.returnId}`);
      expect(detail.statusCode, who).toBe(404);
      const list = await caller('GET', '/api/return/list?pageNo=1&pageSize=200');
      expect(list.body, who).not.toContain(received.returnId);
    }
    // The seller side sees its returns but matches nothing (warehouse people do).
    const match = await seller('POST', '/api/return/match', {
      id: received.returnId,
      orderNo: order.orderNo,
    });
    expect(match.statusCode).toBe(403);
    const acmeExpected = await acme('GET', `/api/pda/returns?warehouseId=${dg01.id}`);
    expect(acmeExpected.statusCode).not.toBe(200);
    // Another tenant's device cannot touch the return: not found, nothing changed.
    const foreign = await push(acme, device(), [
      itemOp(1, received.returnId, {
        skuId: sku('RET-A'),
        quantity: 1,
        condition: 'good',
        outcome: 'destroyed',
      }),
    ]);
    expect(outcomes(foreign)).toEqual(['returns.not_found']);
    expect(await returnRow(received.returnId)).toMatchObject({ status: 'returned_unprocessed' });
  });

  it('lists the expected returns of a warehouse: shipped orders with their lines and what came back', async () => {
    const order = await shippedOrder([{ code: 'RET-B', quantity: 2 }], 'in_transit');
    const response = await staff('GET', `/api/pda/returns?warehouseId=${dg01.id}`);
    expect(response.statusCode).toBe(200);
    const found = (response.json().result.orders as { orderId: string }[]).find(
      (entry) => entry.orderId === order.id,
    );
    expect(found).toMatchObject({
      orderNo: order.orderNo,
      trackingNo: order.trackingNo,
      lines: [{ skuId: sku('RET-B'), sellerSku: 'RET-B', quantity: 2, returned: 0 }],
    });
  });
});
