/**
 * Transfers between warehouses: made to audit (never to the same warehouse, never more than is
 * available), audited by someone other than their maker; a pass sends the stock out of the
 * outbound warehouse and shows it in transit at the inbound one until it is received there on
 * the PDA, never more than was sent; a refusal moves nothing. Receiving that ends short records
 * what never arrived per line with its reason and clears it from transit through the ledger.
 * Returned or damaged stock older than an age is destroyed through the ledger. The ledger
 * reconciles throughout.
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
    // Each list says whether its reader may audit the transfer: never its maker.
    const rowFor = async (caller: Caller) =>
      (await caller('GET', '/api/stock/transfer/list?pageNo=1&pageSize=10'))
        .json()
        .result.records.find((row: { id: string }) => row.id === transfer.id);
    expect(await rowFor(asAgent)).toMatchObject({ status: 'to_audit', isAuditable: false });
    expect(await rowFor(asManager)).toMatchObject({ status: 'to_audit', isAuditable: true });
    expect(
      (await asManager('GET', `/api/stock/transfer/detail?id=${transfer.id}`)).json().result,
    ).toMatchObject({ isAuditable: true });

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
      isAuditable: false,
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

/** A transfer of `quantity` units of a new SKU from DG01 to BKK1, passed: in transit. */
async function inTransit(code: string, quantity: number) {
  const shelf = locationOf(dg01, 'A-02-01');
  const skuId = (await createProduct(world, sellerToken, [code])).skus[0]?.id ?? '';
  await asActor(world, manager, (tx) =>
    receiveStock(tx, manager, { warehouseId: dg01.id, skuId, locationId: shelf, quantity }),
  );
  const made = await asAgent('POST', '/api/stock/transfer/add', {
    fromWarehouseId: dg01.id,
    toWarehouseId: bkk1.id,
    lines: [{ skuId, locationId: shelf, quantity }],
  });
  const transfer = made.json().result;
  await asManager('POST', '/api/stock/transfer/audit', { id: transfer.id, decision: 'pass' });
  return { transfer, skuId };
}

describe('a short arrival', () => {
  it('closes the transfer with its differences and clears what never arrived from transit', async () => {
    const { transfer, skuId } = await inTransit('TRF-SHORT', 10);
    const tasks = await asManager('GET', '/api/pda/transfers');
    expect(tasks.statusCode).toBe(200);
    const task = tasks.json().result.find((item: { id: string }) => item.id === transfer.id);
    expect(task).toMatchObject({
      batchNo: transfer.batchNo,
      toWarehouseId: bkk1.id,
      lines: [expect.objectContaining({ skuId, sellerSku: 'TRF-SHORT', quantity: 10, receivedQuantity: 0 })],
    });

    const arrival = locationOf(bkk1, 'A-01-02');
    const receipt = op((seq += 1), 'transfer.receive', {
      transferId: transfer.id,
      skuId,
      locationId: arrival,
      quantity: 7,
    });
    const finish = op((seq += 1), 'transfer.finish', {
      transferId: transfer.id,
      reasons: [{ skuId, reason: 'damaged' }],
      note: 'Box crushed',
    });
    const pushed = await push(asManager, 'transfer-dev', [receipt, finish]);
    expect(outcomes(pushed)).toEqual(['applied', 'applied']);
    expect(await balance(bkk1.id, skuId)).toMatchObject({ available: 7, in_transit: 0 });

    const detail = await asManager('GET', `/api/stock/transfer/detail?id=${transfer.id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().result).toMatchObject({
      stage: 'received',
      quantity: 10,
      receivedQuantity: 7,
      shortQuantity: 3,
      arrivalNote: 'Box crushed',
      lines: [
        expect.objectContaining({
          sellerSku: 'TRF-SHORT',
          receivedQuantity: 7,
          shortQuantity: 3,
          shortReason: 'damaged',
        }),
      ],
    });
    const { rows } = await world.database.ownerPool.query(
      "select quantity, in_transit_delta from stock_movements where sku_id = $1 and kind = 'transfer_short'",
      [skuId],
    );
    expect(rows).toEqual([{ quantity: 3, in_transit_delta: -3 }]);
    // Gone from the handheld's list; a later receipt or end is refused and changes nothing.
    const after = await asManager('GET', '/api/pda/transfers');
    expect(after.json().result.map((item: { id: string }) => item.id)).not.toContain(transfer.id);
    const late = await push(asManager, 'transfer-dev', [
      op((seq += 1), 'transfer.finish', { transferId: transfer.id }),
    ]);
    expect(outcomes(late)).toEqual(['transfers.not_in_transit']);
    expect(await ledgerMismatches(world)).toEqual([]);
  });

  it('refuses an end of receiving naming a SKU the transfer does not carry, changing nothing', async () => {
    const { transfer, skuId } = await inTransit('TRF-WRONG', 4);
    const other = (await createProduct(world, sellerToken, ['TRF-OTHER'])).skus[0]?.id ?? '';
    const pushed = await push(asManager, 'transfer-dev', [
      op((seq += 1), 'transfer.finish', {
        transferId: transfer.id,
        reasons: [{ skuId: other, reason: 'lost' }],
      }),
    ]);
    expect(outcomes(pushed)).toEqual(['transfers.sku_not_in_transfer']);
    expect(await balance(bkk1.id, skuId)).toMatchObject({ in_transit: 4 });
    const detail = await asManager('GET', `/api/stock/transfer/detail?id=${transfer.id}`);
    expect(detail.json().result).toMatchObject({ stage: 'in_transit', shortQuantity: 0 });
  });

  it('is refused to a worker of the outbound warehouse only', async () => {
    const { transfer, skuId } = await inTransit('TRF-OUTBOUND', 2);
    const { rows } = await world.database.ownerPool.query(
      "select u.id from users u where u.username = 'warestaff'",
    );
    const staffId = rows[0].id;
    // warestaff works at DG01 (the outbound warehouse) only.
    const assigned = await world.database.ownerPool.query(
      'select warehouse_id from warehouse_staff where user_id = $1',
      [staffId],
    );
    expect(assigned.rows.map((row) => row.warehouse_id)).not.toContain(bkk1.id);
    const pushed = await push(asStaff, 'transfer-staff', [
      op(1, 'transfer.receive', {
        transferId: transfer.id,
        skuId,
        locationId: locationOf(bkk1, 'A-01-02'),
        quantity: 1,
      }),
      op(2, 'transfer.finish', { transferId: transfer.id }),
    ]);
    expect(outcomes(pushed)).toEqual(['transfers.other_warehouse', 'transfers.other_warehouse']);
    expect(await balance(bkk1.id, skuId)).toMatchObject({ available: 0, in_transit: 2 });
  });

  it('is audited by a manager of the outbound warehouse only, as the list tells them', async () => {
    const shelf = locationOf(dg01, 'A-01-03');
    const skuId = (await createProduct(world, sellerToken, ['TRF-INBOUND-ONLY'])).skus[0]?.id ?? '';
    await asActor(world, manager, (tx) =>
      receiveStock(tx, manager, { warehouseId: dg01.id, skuId, locationId: shelf, quantity: 3 }),
    );
    const made = await asAgent('POST', '/api/stock/transfer/add', {
      fromWarehouseId: dg01.id,
      toWarehouseId: bkk1.id,
      lines: [{ skuId, locationId: shelf, quantity: 2 }],
    });
    const transfer = made.json().result;
    // For this test the manager works at the inbound warehouse (BKK1) only.
    const removed = await world.database.ownerPool.query(
      'delete from warehouse_staff where user_id = $1 and warehouse_id = $2 returning *',
      [manager.userId, dg01.id],
    );
    try {
      const listed = await asManager('GET', '/api/stock/transfer/list?pageNo=1&pageSize=50');
      expect(
        listed.json().result.records.find((row: { id: string }) => row.id === transfer.id),
      ).toMatchObject({ status: 'to_audit', isAuditable: false });
      for (const decision of ['pass', 'refuse']) {
        const refused = await asManager('POST', '/api/stock/transfer/audit', { id: transfer.id, decision });
        expect(refused.statusCode).toBe(404);
        expect(refused.json().code).toBe('warehouse.not_found');
      }
    } finally {
      for (const row of removed.rows) {
        const columns = Object.keys(row);
        await world.database.ownerPool.query(
          `insert into warehouse_staff (${columns.join(', ')}) values (${columns.map((_, n) => `$${n + 1}`).join(', ')})`,
          columns.map((column) => row[column]),
        );
      }
    }
    expect(removed.rows).toHaveLength(1);
    const after = await asAgent('GET', `/api/stock/transfer/detail?id=${transfer.id}`);
    expect(after.json().result).toMatchObject({ status: 'to_audit', isAuditable: false });
    expect(await balance(dg01.id, skuId)).toMatchObject({ available: 3 });
  });
});

describe('a full arrival', () => {
  it('finishes without a difference when every unit arrived before receiving ended', async () => {
    const { transfer, skuId } = await inTransit('TRF-FULL', 5);
    const arrival = locationOf(bkk1, 'A-01-02');
    // The handheld queues its last receipt and then 'End receiving' behind it: both go in one push.
    const pushed = await push(asManager, 'transfer-dev', [
      op((seq += 1), 'transfer.receive', {
        transferId: transfer.id,
        skuId,
        locationId: arrival,
        quantity: 5,
      }),
      op((seq += 1), 'transfer.finish', { transferId: transfer.id, note: '' }),
    ]);
    expect(outcomes(pushed)).toEqual(['applied', 'applied']);
    const detail = await asManager('GET', `/api/stock/transfer/detail?id=${transfer.id}`);
    expect(detail.json().result).toMatchObject({
      stage: 'received',
      receivedQuantity: 5,
      shortQuantity: 0,
      lines: [expect.objectContaining({ receivedQuantity: 5, shortQuantity: 0, shortReason: '' })],
    });
    const { rows } = await world.database.ownerPool.query(
      "select count(*)::int as n from stock_movements where sku_id = $1 and kind = 'transfer_short'",
      [skuId],
    );
    expect(rows[0].n).toBe(0);
    expect(await balance(bkk1.id, skuId)).toMatchObject({ available: 5, in_transit: 0 });
    // Only the inbound warehouse's workers may end it, received in full or not.
    const outsider = await push(asStaff, 'transfer-staff-full', [
      op(1, 'transfer.finish', { transferId: transfer.id }),
    ]);
    expect(outcomes(outsider)).toEqual(['transfers.other_warehouse']);
    expect(await ledgerMismatches(world)).toEqual([]);
  });
});

describe('a transfer quantity out of range', () => {
  it('is refused with a validation error naming the field, and nothing is written', async () => {
    const shelf = locationOf(dg01, 'A-02-03');
    const skuId = (await createProduct(world, sellerToken, ['TRF-NEGATIVE'])).skus[0]?.id ?? '';
    await asActor(world, manager, (tx) =>
      receiveStock(tx, manager, { warehouseId: dg01.id, skuId, locationId: shelf, quantity: 5 }),
    );
    const before = await transfers();
    for (const quantity of [-2, 0, 2.5]) {
      const refused = await asAgent('POST', '/api/stock/transfer/add', {
        fromWarehouseId: dg01.id,
        toWarehouseId: bkk1.id,
        lines: [{ skuId, locationId: shelf, quantity }],
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().code).toBe('common.validation');
      expect(refused.json().fields).toEqual([expect.objectContaining({ path: 'lines.0.quantity' })]);
    }
    expect(await transfers()).toBe(before);
    const { rows } = await world.database.ownerPool.query(
      'select count(*)::int as n from stock_transfer_lines where sku_id = $1',
      [skuId],
    );
    expect(rows[0].n).toBe(0);
    expect(await balance(dg01.id, skuId)).toMatchObject({ available: 5 });
  });
});

describe('destroying stock by age', () => {
  it('lists returned stock older than the age and destroys it through the ledger, after refusing too much', async () => {
    const returns = locationOf(dg01, 'RET-01');
    const shelf = locationOf(dg01, 'A-02-02');
    const skuId = (await createProduct(world, sellerToken, ['DST-OLD'])).skus[0]?.id ?? '';
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
    await asActor(world, manager, async (tx) => {
      await receiveStock(tx, manager, {
        warehouseId: dg01.id,
        skuId,
        locationId: returns,
        quantity: 4,
        receivedAt: daysAgo(40),
      });
      await receiveStock(tx, manager, {
        warehouseId: dg01.id,
        skuId,
        locationId: returns,
        quantity: 3,
        receivedAt: daysAgo(10),
      });
      await receiveStock(tx, manager, {
        warehouseId: dg01.id,
        skuId,
        locationId: shelf,
        quantity: 5,
        receivedAt: daysAgo(200),
      });
    });
    const listed = await asManager(
      'GET',
      `/api/stock/destroy/list?warehouseId=${dg01.id}&days=30&pageSize=50`,
    );
    expect(listed.statusCode).toBe(200);
    const rows = listed.json().result.records.filter((row: { skuId: string }) => row.skuId === skuId);
    // The shelf is neither returns nor damaged; the returns location holds 7, of which the
    // warehouse's lots older than 30 days could cover all (the shelf's lot is 200 days old).
    expect(rows).toEqual([
      expect.objectContaining({ locationId: returns, locationType: 'returns', quantity: 7, agedQuantity: 7 }),
    ]);
    const badAge = await asManager('GET', `/api/stock/destroy/list?warehouseId=${dg01.id}&days=31`);
    expect(badAge.statusCode).toBe(400);

    const notDisposable = await asManager('POST', '/api/stock/destroy', {
      warehouseId: dg01.id,
      days: 30,
      lines: [{ locationId: shelf, skuId, quantity: 1 }],
    });
    expect(notDisposable.statusCode).toBe(422);
    expect(notDisposable.json().code).toBe('destroy.not_disposable');
    const tooMany = await asManager('POST', '/api/stock/destroy', {
      warehouseId: dg01.id,
      days: 30,
      lines: [{ locationId: returns, skuId, quantity: 8 }],
    });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().code).toBe('destroy.not_old_enough');
    expect(await balance(dg01.id, skuId)).toMatchObject({ available: 12 });
    expect(
      (
        await asStaff('POST', '/api/stock/destroy', {
          warehouseId: dg01.id,
          days: 30,
          lines: [{ locationId: returns, skuId, quantity: 1 }],
        })
      ).statusCode,
    ).toBe(403);

    const destroyed = await asManager('POST', '/api/stock/destroy', {
      warehouseId: dg01.id,
      days: 30,
      lines: [{ locationId: returns, skuId, quantity: 7 }],
    });
    expect(destroyed.statusCode).toBe(200);
    expect(destroyed.json().result).toEqual({ lines: 1, quantity: 7 });
    expect(await balance(dg01.id, skuId)).toMatchObject({ available: 5 });
    const { rows: movements } = await world.database.ownerPool.query(
      "select quantity, from_location_id from stock_movements where sku_id = $1 and kind = 'destroy'",
      [skuId],
    );
    expect(movements).toEqual([{ quantity: 7, from_location_id: returns }]);
    // Oldest lots first: the 200-day lot went, so the 10-day lot is what is left.
    const { rows: lots } = await world.database.ownerPool.query(
      'select quantity_remaining from stock_lots where sku_id = $1 order by received_at',
      [skuId],
    );
    expect(lots.map((lot) => lot.quantity_remaining)).toEqual([0, 2, 3]);
    expect(await ledgerMismatches(world)).toEqual([]);
  });
});
