/**
 * Transfers between warehouses: made to audit (never to the same warehouse, never more than is
 * available), audited by someone other than their maker; a pass sends the stock out of the
 * outbound warehouse and shows it in transit at the inbound one until it is received there on
 * the PDA, never more than was sent; a refusal moves nothing. The ledger reconciles throughout.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '@server/http/actor.js';
import { receiveStock } from '@server/modules/inventory/index.js';
import {
  actorFor,
  asActor,
  createProduct,
  demoWarehouse,
  ledgerMismatches,
  locationOf,
  type DemoWarehouse,
} from '../support/stock-world.js';
import { callerFor, op, outcomes, push, type Caller } from '../support/inbound-world.js';
import { createTestWorld, type TestWorld } from '../support/test-app.js';

let world: TestWorld;
let manager: Actor;
let dg01: DemoWarehouse;
let bkk1: DemoWarehouse;
let sellerToken: string;
let asAgent: Caller;
let asManager: Caller;
let asStaff: Caller;
let seq = 0;

beforeAll(async () => {
  world = await createTestWorld();
  manager = await actorFor(world, 'waremanager');
  dg01 = await demoWarehouse(world, 'DG01');
  bkk1 = await demoWarehouse(world, 'BKK1');
  sellerToken = await world.login('seller');
  asAgent = callerFor(world, await world.login('agent'));
  asManager = callerFor(world, await world.login('waremanager'));
  asStaff = callerFor(world, await world.login('warestaff'));
});
afterAll(() => world.close());

async function balance(warehouseId: string, skuId: string) {
  const { rows } = await world.database.ownerPool.query(
    'select available, frozen, in_transit from stock_balances where warehouse_id = $1 and sku_id = $2',
    [warehouseId, skuId],
  );
  return rows[0] ?? { available: 0, frozen: 0, in_transit: 0 };
}

async function transfers(): Promise<number> {
  const { rows } = await world.database.ownerPool.query('select count(*)::int as n from stock_transfers');
  return rows[0].n;
}

describe('a transfer between warehouses', () => {
  it('goes out on a pass, shows in transit, and is received on the PDA', async () => {
    const shelf = locationOf(dg01, 'A-01-03');
    const skuId = (await createProduct(world, sellerToken, ['TRF-MUG'])).skus[0]?.id ?? '';
    await asActor(world, manager, (tx) =>
      receiveStock(tx, manager, { warehouseId: dg01.id, skuId, locationId: shelf, quantity: 10 }),
    );
    const lines = [{ skuId, locationId: shelf, quantity: 6 }];

    const before = await transfers();
    const same = await asAgent('POST', '/api/stock/transfer/add', {
      fromWarehouseId: dg01.id,
      toWarehouseId: dg01.id,
      lines,
    });
    expect(same.statusCode).toBe(422);
    expect(same.json().code).toBe('inventory.same_warehouse');
    const tooMany = await asAgent('POST', '/api/stock/transfer/add', {
      fromWarehouseId: dg01.id,
      toWarehouseId: bkk1.id,
      lines: [{ ...lines[0], quantity: 11 }],
    });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().code).toBe('inventory.insufficient_stock');
    expect(await transfers()).toBe(before);

    const made = await asAgent('POST', '/api/stock/transfer/add', {
      fromWarehouseId: dg01.id,
      toWarehouseId: bkk1.id,
      lines,
    });
    expect(made.statusCode).toBe(200);
    const transfer = made.json().result;
    expect(transfer).toMatchObject({ status: 'to_audit', stage: 'waiting' });

    const own = await asAgent('POST', '/api/stock/transfer/audit', { id: transfer.id, decision: 'pass' });
    expect(own.statusCode).toBe(403);
    expect(own.json().code).toBe('transfers.self_audit');
    expect(
      (await asStaff('POST', '/api/stock/transfer/audit', { id: transfer.id, decision: 'pass' })).statusCode,
    ).toBe(403);
    expect(await balance(dg01.id, skuId)).toMatchObject({ available: 10 });

    const passed = await asManager('POST', '/api/stock/transfer/audit', {
      id: transfer.id,
      decision: 'pass',
    });
    expect(passed.statusCode).toBe(200);
    expect(passed.json().result).toMatchObject({ status: 'audited', stage: 'in_transit' });
    expect(await balance(dg01.id, skuId)).toMatchObject({ available: 4 });
    expect(await balance(bkk1.id, skuId)).toMatchObject({ available: 0, in_transit: 6 });
    // The stock list's in-transit column shows them at the inbound warehouse.
    const stock = await asManager(
      'GET',
      `/api/inventory/stock/list?warehouseId=${bkk1.id}&skuSearch=TRF-MUG`,
    );
    expect(stock.json().result.records).toEqual([
      expect.objectContaining({ sellerSku: 'TRF-MUG', inTransit: 6, total: 0 }),
    ]);
    const listed = await asManager('GET', '/api/stock/transfer/list?pageNo=1&pageSize=10');
    expect(listed.json().result.records[0]).toMatchObject({
      batchNo: transfer.batchNo,
      quantity: 6,
      receivedQuantity: 0,
    });

    const arrival = locationOf(bkk1, 'A-01-01');
    const receive = (quantity: number) =>
      op((seq += 1), 'transfer.receive', { transferId: transfer.id, skuId, locationId: arrival, quantity });
    const first = await push(asManager, 'transfer-dev', [receive(4), receive(3)]);
    expect(outcomes(first)).toEqual(['applied', 'transfers.over_receipt']);
    expect(await balance(bkk1.id, skuId)).toMatchObject({ available: 4, in_transit: 2 });
    const last = await push(asManager, 'transfer-dev', [receive(2)]);
    expect(outcomes(last)).toEqual(['applied']);
    expect(await balance(bkk1.id, skuId)).toMatchObject({ available: 6, in_transit: 0 });
    const done = await asManager('GET', '/api/stock/transfer/list?pageNo=1&pageSize=10');
    expect(done.json().result.records[0]).toMatchObject({ stage: 'received', receivedQuantity: 6 });
    const late = await push(asManager, 'transfer-dev', [receive(1)]);
    expect(outcomes(late)).toEqual(['transfers.not_in_transit']);
    expect(await ledgerMismatches(world)).toEqual([]);
  });

  it('moves nothing when refused', async () => {
    const shelf = locationOf(dg01, 'A-01-04');
    const skuId = (await createProduct(world, sellerToken, ['TRF-REFUSED'])).skus[0]?.id ?? '';
    await asActor(world, manager, (tx) =>
      receiveStock(tx, manager, { warehouseId: dg01.id, skuId, locationId: shelf, quantity: 5 }),
    );
    const made = await asAgent('POST', '/api/stock/transfer/add', {
      fromWarehouseId: dg01.id,
      toWarehouseId: bkk1.id,
      lines: [{ skuId, locationId: shelf, quantity: 5 }],
    });
    const id = made.json().result.id;
    const refused = await asManager('POST', '/api/stock/transfer/audit', {
      id,
      decision: 'refuse',
      reason: 'Not needed',
    });
    expect(refused.json().result).toMatchObject({ status: 'refused', stage: 'waiting' });
    expect(await balance(dg01.id, skuId)).toMatchObject({ available: 5 });
    expect(await balance(bkk1.id, skuId)).toMatchObject({ in_transit: 0 });
    const again = await asManager('POST', '/api/stock/transfer/audit', { id, decision: 'pass' });
    expect(again.statusCode).toBe(409);
  });
});
