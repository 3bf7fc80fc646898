/**
 * Over-receipt: receiving a SKU beyond what its line shipped. Within the warehouse's tolerance
 * it is received as it comes, beyond it only with the device's confirmation; either way the line's
 * over-received units stand as an 'over' difference and the order shows as abnormal. One scan
 * never receives more than 9,999, and a reported difference never more than its line allows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  boxId,
  callerFor,
  op,
  orderOfBoxes,
  outcomes,
  push,
  receiveOp,
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
  skuId = (await sellerSkus(world, sellerToken, ['OVR-A']))['OVR-A'] ?? '';
});
afterAll(() => world.close());

async function setTolerance(unit: 'units' | 'percent', value: number) {
  const response = await manager('PUT', '/api/warehouse/edit', {
    id: dg01.id,
    overReceiptUnit: unit,
    overReceiptTolerance: value,
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function detailOf(order: MadeOrder) {
  const response = await manager('GET', `/api/inbound/order/detail?id=${order.id}`);
  return response.json().result as {
    abnormalReason: string;
    receivedQuantity: number;
    discrepancies: { kind: string; quantity: number; reason: string }[];
  };
}

const freshOrder = () => orderOfBoxes(seller, dg01.id, [['O1', skuId]], 10);

describe('receiving beyond what was shipped', () => {
  it('refuses an over-receipt beyond the tolerance without the device confirmation, and changes nothing', async () => {
    await setTolerance('units', 0);
    const order = await freshOrder();
    const result = await push(staff, 'dev-over-1', [receiveOp(order, 1, 'O1', skuId, 11)]);
    expect(outcomes(result)).toEqual(['inbound.over_receipt_unconfirmed']);
    expect(result.results[0]).toMatchObject({
      params: { sku: 'OVR-A', expected: 10, received: 0, quantity: 11, allowed: 10 },
    });
    const detail = await detailOf(order);
    expect(detail.receivedQuantity).toBe(0);
    expect(detail.discrepancies).toEqual([]);
  });

  it('receives a confirmed over-receipt as an over difference and marks the order abnormal', async () => {
    await setTolerance('units', 0);
    const order = await freshOrder();
    const box = boxId(order, 'O1');
    const confirmed = op(2, 'inbound.receive', {
      inboundOrderId: order.id,
      boxId: box,
      skuId,
      quantity: 2,
      overReceipt: true,
    });
    const result = await push(staff, 'dev-over-2', [receiveOp(order, 1, 'O1', skuId, 10), confirmed]);
    expect(outcomes(result)).toEqual(['applied', 'applied']);
    const detail = await detailOf(order);
    expect(detail.receivedQuantity).toBe(12);
    expect(detail.discrepancies).toMatchObject([{ kind: 'over', quantity: 2, reason: 'OVR-A +2 (12 / 10)' }]);
    expect(detail.abnormalReason).toBe('OVR-A +2 (12 / 10)');
    const list = await manager('GET', '/api/inbound/order/list?status=abnormal&pageSize=100');
    const ids = (list.json().result.records as { id: string }[]).map((row) => row.id);
    expect(ids).toContain(order.id);

    // One more over: the same difference grows; undone, it shrinks back, and goes with the last one.
    const more = await push(staff, 'dev-over-2', [
      op(3, 'inbound.receive', {
        inboundOrderId: order.id,
        boxId: box,
        skuId,
        quantity: 1,
        overReceipt: true,
      }),
    ]);
    expect(outcomes(more)).toEqual(['applied']);
    expect((await detailOf(order)).discrepancies).toMatchObject([{ kind: 'over', quantity: 3 }]);
    const undone = await push(staff, 'dev-over-2', [
      op(4, 'inbound.undo', { opId: more.results[0]?.opId }),
      op(5, 'inbound.undo', { opId: result.results[1]?.opId }),
    ]);
    expect(outcomes(undone)).toEqual(['applied', 'applied']);
    const after = await detailOf(order);
    expect(after.receivedQuantity).toBe(10);
    expect(after.discrepancies).toEqual([]);
    expect(after.abnormalReason).toBe('');
  });

  it('receives within the tolerance (units or percent) without a confirmation, still as an over difference', async () => {
    await setTolerance('percent', 20);
    const order = await freshOrder();
    const within = await push(staff, 'dev-over-3', [receiveOp(order, 1, 'O1', skuId, 12)]);
    expect(outcomes(within)).toEqual(['applied']);
    expect((await detailOf(order)).discrepancies).toMatchObject([{ kind: 'over', quantity: 2 }]);
    const beyond = await push(staff, 'dev-over-3', [receiveOp(order, 2, 'O1', skuId, 1)]);
    expect(outcomes(beyond)).toEqual(['inbound.over_receipt_unconfirmed']);
    await setTolerance('units', 0);
  });

  it('never receives more than 9,999 with one scan, confirmed or not', async () => {
    const order = await orderOfBoxes(seller, dg01.id, [['O1', skuId]], 20_000);
    const result = await push(staff, 'dev-over-4', [receiveOp(order, 1, 'O1', skuId, 10_000)]);
    expect(outcomes(result)).toEqual(['inbound.receive_too_many']);
    expect((await detailOf(order)).receivedQuantity).toBe(0);
  });

  it('refuses a percentage tolerance above 100 and keeps the setting', async () => {
    const response = await manager('PUT', '/api/warehouse/edit', {
      id: dg01.id,
      overReceiptUnit: 'percent',
      overReceiptTolerance: 101,
    });
    expect(response.statusCode).toBe(400);
    const read = await manager('GET', `/api/warehouse/queryById?id=${dg01.id}`);
    expect(read.json().result).toMatchObject({ overReceiptUnit: 'units', overReceiptTolerance: 0 });
  });
});

describe('reporting a difference', () => {
  it('refuses a damaged report of more than the line shipped or received, and freezes nothing', async () => {
    const order = await freshOrder();
    const report = (seq: number, quantity: number) =>
      op(seq, 'inbound.discrepancy', {
        inboundOrderId: order.id,
        boxId: boxId(order, 'O1'),
        skuId,
        kind: 'damaged',
        quantity,
        reason: 'crushed',
      });
    const result = await push(staff, 'dev-over-5', [report(1, 6_900_000), report(2, 11), report(3, 10)]);
    expect(outcomes(result)).toEqual(['common.validation', 'inbound.difference_too_many', 'applied']);
    const detail = await detailOf(order);
    expect(detail.receivedQuantity).toBe(10);
    expect(detail.discrepancies).toMatchObject([{ kind: 'damaged', quantity: 10 }]);
  });
});
