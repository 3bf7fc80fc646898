/**
 * The stock ledger through its service functions (docs/architecture.md §5): every movement kind, balances
 * that always equal the sum of their movements, their locations and their lots, FIFO ages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '@server/http/actor.js';
import {
  adjustStock,
  destroyStock,
  freezeStock,
  issueStock,
  moveStock,
  receiveStock,
  releaseStock,
  reserveStock,
  returnStock,
  transferIn,
  transferOut,
  unfreezeStock,
} from '@server/modules/inventory/index.js';
import {
  actorFor,
  asActor,
  createProduct,
  demoWarehouse,
  ledgerMismatches,
  locationOf,
  type DemoWarehouse,
} from '../support/stock-world.js';
import { createTestWorld, type TestWorld } from '../support/test-app.js';

let world: TestWorld;
let manager: Actor;
let dg01: DemoWarehouse;
let bkk1: DemoWarehouse;
let skuId: string;
let sellerToken: string;

const source = { type: 'test', id: 'T-1' };

beforeAll(async () => {
  world = await createTestWorld();
  manager = await actorFor(world, 'waremanager');
  dg01 = await demoWarehouse(world, 'DG01');
  bkk1 = await demoWarehouse(world, 'BKK1');
  sellerToken = await world.login('seller');
  const product = await createProduct(world, sellerToken, ['LEDGER-1']);
  skuId = product.skus[0]?.id ?? '';
});
afterAll(() => world.close());

async function balance(warehouseId: string, sku = skuId) {
  const { rows } = await world.database.ownerPool.query(
    'select available, frozen, total, in_transit as "inTransit" from stock_balances where warehouse_id = $1 and sku_id = $2',
    [warehouseId, sku],
  );
  return rows[0] ?? null;
}

async function onLocation(locationId: string, sku = skuId): Promise<number> {
  const { rows } = await world.database.ownerPool.query(
    'select quantity from location_stock where location_id = $1 and sku_id = $2',
    [locationId, sku],
  );
  return rows[0]?.quantity ?? 0;
}

async function lastMovement() {
  const { rows } = await world.database.ownerPool.query(
    `select kind, quantity, available_delta, frozen_delta, in_transit_delta, from_location_id, to_location_id,
            source_type, source_id, reason, actor_id
     from stock_movements order by id desc limit 1`,
  );
  return rows[0];
}

describe('every movement kind', () => {
  const at = (code: string) => locationOf(dg01, code);

  it('receives onto a location: available up, a lot, a receipt row', async () => {
    const change = await asActor(world, manager, (tx) =>
      receiveStock(tx, manager, {
        warehouseId: dg01.id,
        skuId,
        locationId: at('RCV-02'),
        quantity: 100,
        source,
      }),
    );
    expect(change.balance).toMatchObject({ available: 100, frozen: 0, total: 100, inTransit: 0 });
    expect(await onLocation(at('RCV-02'))).toBe(100);
    expect(await lastMovement()).toMatchObject({
      kind: 'receipt',
      quantity: 100,
      available_delta: 100,
      frozen_delta: 0,
      to_location_id: at('RCV-02'),
      from_location_id: null,
      source_type: 'test',
      source_id: 'T-1',
      actor_id: manager.userId,
    });
    const { rows } = await world.database.ownerPool.query(
      'select quantity_received, quantity_remaining from stock_lots where sku_id = $1',
      [skuId],
    );
    expect(rows).toEqual([{ quantity_received: 100, quantity_remaining: 100 }]);
  });

  it('shelves and moves between locations without changing the balance', async () => {
    await asActor(world, manager, async (tx) => {
      await moveStock(tx, manager, {
        warehouseId: dg01.id,
        skuId,
        fromLocationId: at('RCV-02'),
        toLocationId: at('A-02-01'),
        quantity: 60,
        kind: 'shelve_move',
      });
      await moveStock(tx, manager, {
        warehouseId: dg01.id,
        skuId,
        fromLocationId: at('A-02-01'),
        toLocationId: at('A-02-02'),
        quantity: 10,
      });
    });
    expect(await balance(dg01.id)).toMatchObject({ available: 100, frozen: 0, total: 100 });
    expect([
      await onLocation(at('RCV-02')),
      await onLocation(at('A-02-01')),
      await onLocation(at('A-02-02')),
    ]).toEqual([40, 50, 10]);
    expect(await lastMovement()).toMatchObject({
      kind: 'move',
      available_delta: 0,
      from_location_id: at('A-02-01'),
      to_location_id: at('A-02-02'),
    });
  });

  it('reserves into frozen and releases back', async () => {
    await asActor(world, manager, (tx) =>
      reserveStock(tx, manager, {
        warehouseId: dg01.id,
        skuId,
        quantity: 30,
        source: { type: 'order', id: 'O-1' },
      }),
    );
    expect(await balance(dg01.id)).toMatchObject({ available: 70, frozen: 30, total: 100 });
    expect(await lastMovement()).toMatchObject({ kind: 'reserve', available_delta: -30, frozen_delta: 30 });
    await asActor(world, manager, (tx) =>
      releaseStock(tx, manager, {
        warehouseId: dg01.id,
        skuId,
        quantity: 5,
        source: { type: 'order', id: 'O-1' },
      }),
    );
    expect(await balance(dg01.id)).toMatchObject({ available: 75, frozen: 25, total: 100 });
    expect(await lastMovement()).toMatchObject({ kind: 'release', available_delta: 5, frozen_delta: -5 });
  });

  it('issues reserved stock off a location', async () => {
    await asActor(world, manager, (tx) =>
      issueStock(tx, manager, {
        warehouseId: dg01.id,
        skuId,
        locationId: at('A-02-01'),
        quantity: 20,
        source,
      }),
    );
    expect(await balance(dg01.id)).toMatchObject({ available: 75, frozen: 5, total: 80 });
    expect(await onLocation(at('A-02-01'))).toBe(30);
    expect(await lastMovement()).toMatchObject({
      kind: 'issue',
      frozen_delta: -20,
      from_location_id: at('A-02-01'),
    });
  });

  it('freezes and unfreezes by hand with a reason', async () => {
    await asActor(world, manager, async (tx) => {
      await freezeStock(tx, manager, { warehouseId: dg01.id, skuId, quantity: 10, reason: 'quality check' });
      await unfreezeStock(tx, manager, { warehouseId: dg01.id, skuId, quantity: 4, reason: 'checked' });
    });
    expect(await balance(dg01.id)).toMatchObject({ available: 69, frozen: 11, total: 80 });
    expect(await lastMovement()).toMatchObject({
      kind: 'unfreeze',
      available_delta: 4,
      frozen_delta: -4,
      reason: 'checked',
    });
  });

  it('adjusts and corrects counts up and down at a location', async () => {
    await asActor(world, manager, async (tx) => {
      await adjustStock(tx, manager, {
        warehouseId: dg01.id,
        skuId,
        locationId: at('A-02-02'),
        quantity: 7,
        reason: 'found',
      });
      await adjustStock(tx, manager, {
        warehouseId: dg01.id,
        skuId,
        locationId: at('A-02-02'),
        quantity: -3,
        reason: 'damaged',
      });
      await adjustStock(tx, manager, {
        warehouseId: dg01.id,
        skuId,
        locationId: at('A-02-02'),
        quantity: -2,
        kind: 'count_correction',
        reason: 'count C-1',
      });
    });
    expect(await balance(dg01.id)).toMatchObject({ available: 71, frozen: 11, total: 82 });
    expect(await onLocation(at('A-02-02'))).toBe(12);
    expect(await lastMovement()).toMatchObject({
      kind: 'count_correction',
      quantity: -2,
      available_delta: -2,
      from_location_id: at('A-02-02'),
      to_location_id: null,
    });
  });

  it('destroys available stock and takes returns back', async () => {
    await asActor(world, manager, async (tx) => {
      await destroyStock(tx, manager, {
        warehouseId: dg01.id,
        skuId,
        locationId: at('RCV-02'),
        quantity: 5,
        reason: 'expired',
      });
      await returnStock(tx, manager, {
        warehouseId: dg01.id,
        skuId,
        locationId: at('RET-01'),
        quantity: 6,
        source,
      });
    });
    expect(await balance(dg01.id)).toMatchObject({ available: 72, frozen: 11, total: 83 });
    expect([await onLocation(at('RCV-02')), await onLocation(at('RET-01'))]).toEqual([35, 6]);
    expect(await lastMovement()).toMatchObject({
      kind: 'return',
      available_delta: 6,
      to_location_id: at('RET-01'),
    });
  });

  it('transfers out to another warehouse in transit, and in on arrival', async () => {
    await asActor(world, manager, (tx) =>
      transferOut(tx, manager, {
        warehouseId: dg01.id,
        toWarehouseId: bkk1.id,
        skuId,
        locationId: at('A-02-02'),
        quantity: 10,
        source: { type: 'transfer', id: 'TR-1' },
      }),
    );
    expect(await balance(dg01.id)).toMatchObject({ available: 62, frozen: 11, total: 73 });
    expect(await balance(bkk1.id)).toMatchObject({ available: 0, total: 0, inTransit: 10 });
    await asActor(world, manager, (tx) =>
      transferIn(tx, manager, {
        warehouseId: bkk1.id,
        skuId,
        locationId: locationOf(bkk1, 'RCV-01'),
        quantity: 10,
        source: { type: 'transfer', id: 'TR-1' },
      }),
    );
    expect(await balance(bkk1.id)).toMatchObject({ available: 10, total: 10, inTransit: 0 });
    expect(await lastMovement()).toMatchObject({
      kind: 'transfer_in',
      available_delta: 10,
      in_transit_delta: -10,
    });
  });

  it('keeps every balance equal to the sum of its movements, its locations and its lots', async () => {
    expect(await ledgerMismatches(world)).toEqual([]);
    const { rows } = await world.database.ownerPool.query(
      'select distinct kind from stock_movements order by kind',
    );
    expect(rows.map((row) => row.kind)).toEqual([
      'adjust',
      'count_correction',
      'destroy',
      'freeze',
      'issue',
      'move',
      'receipt',
      'release',
      'reserve',
      'return',
      'shelve_move',
      'transfer_in',
      'transfer_out',
      'unfreeze',
    ]);
  });

  it('catches a balance written around the ledger', async () => {
    await world.database.ownerPool.query(
      'update stock_balances set available = available + 1 where sku_id = $1',
      [skuId],
    );
    expect((await ledgerMismatches(world)).length).toBeGreaterThan(0);
    await world.database.ownerPool.query(
      'update stock_balances set available = available - 1 where sku_id = $1',
      [skuId],
    );
    expect(await ledgerMismatches(world)).toEqual([]);
  });
});

describe('FIFO lots', () => {
  it('consumes the oldest lots first on every decrease', async () => {
    const product = await createProduct(world, sellerToken, ['FIFO-1']);
    const fifoSku = product.skus[0]?.id ?? '';
    const shelf = locationOf(dg01, 'A-02-03');
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
    await asActor(world, manager, async (tx) => {
      for (const [days, quantity] of [
        [100, 10],
        [40, 10],
        [0, 10],
      ] as const) {
        await receiveStock(tx, manager, {
          warehouseId: dg01.id,
          skuId: fifoSku,
          locationId: shelf,
          quantity,
          receivedAt: daysAgo(days),
        });
      }
      await reserveStock(tx, manager, { warehouseId: dg01.id, skuId: fifoSku, quantity: 12 });
      await issueStock(tx, manager, {
        warehouseId: dg01.id,
        skuId: fifoSku,
        locationId: shelf,
        quantity: 12,
      });
      await adjustStock(tx, manager, {
        warehouseId: dg01.id,
        skuId: fifoSku,
        locationId: shelf,
        quantity: -3,
        reason: 'broken',
      });
    });
    const { rows } = await world.database.ownerPool.query(
      'select quantity_remaining from stock_lots where sku_id = $1 order by received_at',
      [fifoSku],
    );
    expect(rows.map((row) => row.quantity_remaining)).toEqual([0, 5, 10]);
    const list = await world.request({
      method: 'GET',
      url: '/api/inventory/stock/list?skuSearch=FIFO-1',
      token: sellerToken,
    });
    expect(list.json().result.records).toMatchObject([
      { total: 15, ages: { lt30: 10, '30_90': 5, '90_180': 0, gt180: 0 } },
    ]);
    expect(await ledgerMismatches(world)).toEqual([]);
  });
});
