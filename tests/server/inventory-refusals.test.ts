/**
 * Stock changes the ledger refuses: more than there is, a location of another warehouse, a SKU
 * of another seller, a warehouse out of sight, bad input. A refusal changes nothing and leaves
 * the caller's transaction usable.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '@server/http/actor.js';
import {
  adjustStock,
  issueStock,
  moveStock,
  receiveStock,
  releaseStock,
  reserveStock,
  transferOut,
} from '@server/modules/inventory/index.js';
import {
  actorFor,
  asActor,
  createProduct,
  demoWarehouse,
  ledgerMismatches,
  locationOf,
  tableCounts,
  type DemoWarehouse,
} from '../support/stock-world.js';
import { createTestWorld, type TestWorld } from '../support/test-app.js';

let world: TestWorld;
let manager: Actor;
let seller: Actor;
let seller2: Actor;
let dg01: DemoWarehouse;
let bkk1: DemoWarehouse;
let skuId: string;

beforeAll(async () => {
  world = await createTestWorld();
  manager = await actorFor(world, 'waremanager');
  seller = await actorFor(world, 'seller');
  seller2 = await actorFor(world, 'seller2');
  dg01 = await demoWarehouse(world, 'DG01');
  bkk1 = await demoWarehouse(world, 'BKK1');
  const product = await createProduct(world, await world.login('seller'), ['REFUSE-1']);
  skuId = product.skus[0]?.id ?? '';
  // 62 available and 11 frozen: 30 units on A-02-01, 43 in the receiving area.
  await asActor(world, manager, async (tx) => {
    const common = { warehouseId: dg01.id, skuId };
    await receiveStock(tx, manager, { ...common, locationId: locationOf(dg01, 'A-02-01'), quantity: 30 });
    await receiveStock(tx, manager, { ...common, locationId: locationOf(dg01, 'RCV-02'), quantity: 43 });
    await reserveStock(tx, manager, { ...common, quantity: 11 });
  });
});
afterAll(() => world.close());

describe('refusals that change nothing', () => {
  const at = (code: string) => locationOf(dg01, code);

  it('refuses to make available stock negative', async () => {
    const before = await tableCounts(world);
    await expect(
      asActor(world, manager, (tx) =>
        reserveStock(tx, manager, { warehouseId: dg01.id, skuId, quantity: 1000 }),
      ),
    ).rejects.toMatchObject({
      code: 'inventory.insufficient_stock',
      params: { available: 62, quantity: 1000 },
    });
    await expect(
      asActor(world, manager, (tx) =>
        issueStock(tx, manager, { warehouseId: dg01.id, skuId, locationId: at('A-02-01'), quantity: 12 }),
      ),
    ).rejects.toMatchObject({ code: 'inventory.insufficient_frozen' });
    await expect(
      asActor(world, manager, (tx) =>
        adjustStock(tx, manager, {
          warehouseId: dg01.id,
          skuId,
          locationId: at('A-02-01'),
          quantity: -31,
          reason: 'x',
        }),
      ),
    ).rejects.toMatchObject({
      code: 'inventory.insufficient_location_stock',
      params: { location: 'A-02-01' },
    });
    await expect(
      asActor(world, manager, (tx) =>
        moveStock(tx, manager, {
          warehouseId: dg01.id,
          skuId,
          fromLocationId: at('A-02-01'),
          toLocationId: at('A-02-04'),
          quantity: 31,
        }),
      ),
    ).rejects.toMatchObject({ code: 'inventory.insufficient_location_stock' });
    await expect(
      asActor(world, manager, (tx) =>
        transferOut(tx, manager, {
          warehouseId: dg01.id,
          toWarehouseId: bkk1.id,
          skuId,
          locationId: at('A-02-01'),
          quantity: 63,
        }),
      ),
    ).rejects.toMatchObject({ code: 'inventory.insufficient_stock' });
    expect(await tableCounts(world)).toEqual(before);
  });

  it('refuses a location of another warehouse and a location that does not exist', async () => {
    await expect(
      asActor(world, manager, (tx) =>
        receiveStock(tx, manager, {
          warehouseId: dg01.id,
          skuId,
          locationId: locationOf(bkk1, 'A-01-01'),
          quantity: 1,
        }),
      ),
    ).rejects.toMatchObject({ code: 'warehouse.location_other_warehouse', params: { code: 'A-01-01' } });
    await expect(
      asActor(world, manager, (tx) =>
        receiveStock(tx, manager, {
          warehouseId: dg01.id,
          skuId,
          locationId: '00000000-0000-4000-8000-000000000000',
          quantity: 1,
        }),
      ),
    ).rejects.toMatchObject({ code: 'warehouse.location_not_found' });
  });

  it('refuses a SKU of another seller, a warehouse not assigned, and another tenant', async () => {
    await expect(
      asActor(world, seller2, (tx) =>
        reserveStock(tx, seller2, { warehouseId: dg01.id, skuId, quantity: 1 }),
      ),
    ).rejects.toMatchObject({ code: 'catalog.sku_not_found' });
    await expect(
      asActor(world, seller, (tx) => reserveStock(tx, seller, { warehouseId: dg01.id, skuId, quantity: 1 })),
    ).resolves.toMatchObject({ balance: { frozen: 12 } });
    const worker = await actorFor(world, 'warestaff');
    await expect(
      asActor(world, worker, (tx) => releaseStock(tx, worker, { warehouseId: bkk1.id, skuId, quantity: 1 })),
    ).rejects.toMatchObject({ code: 'warehouse.not_found' });
    const acme = await actorFor(world, 'acme-agent', 'acme');
    await expect(
      asActor(world, acme, (tx) => releaseStock(tx, acme, { warehouseId: dg01.id, skuId, quantity: 1 })),
    ).rejects.toMatchObject({ code: 'warehouse.not_found' });
  });

  it('refuses bad input before any work', async () => {
    const before = await tableCounts(world);
    for (const quantity of [0, -1, 1.5, 2_000_000]) {
      await expect(
        asActor(world, manager, (tx) => reserveStock(tx, manager, { warehouseId: dg01.id, skuId, quantity })),
      ).rejects.toMatchObject({ code: 'common.validation' });
    }
    await expect(
      asActor(world, manager, (tx) =>
        adjustStock(tx, manager, {
          warehouseId: dg01.id,
          skuId,
          locationId: at('A-02-01'),
          quantity: 0,
          reason: 'x',
        }),
      ),
    ).rejects.toMatchObject({ code: 'common.validation' });
    await expect(
      asActor(world, manager, (tx) =>
        moveStock(tx, manager, {
          warehouseId: dg01.id,
          skuId,
          fromLocationId: at('A-02-01'),
          toLocationId: at('A-02-01'),
          quantity: 1,
        }),
      ),
    ).rejects.toMatchObject({ code: 'inventory.same_location' });
    expect(await tableCounts(world)).toEqual(before);
  });

  it("leaves the caller's transaction usable after a refusal", async () => {
    const before = await world.database.ownerPool.query('select count(*)::int as n from stock_movements');
    await asActor(world, manager, async (tx) => {
      await expect(
        reserveStock(tx, manager, { warehouseId: dg01.id, skuId, quantity: 5000 }),
      ).rejects.toMatchObject({
        code: 'inventory.insufficient_stock',
      });
      await receiveStock(tx, manager, { warehouseId: dg01.id, skuId, locationId: at('RCV-02'), quantity: 2 });
    });
    const after = await world.database.ownerPool.query('select count(*)::int as n from stock_movements');
    expect(after.rows[0].n).toBe(before.rows[0].n + 1);
    expect(await ledgerMismatches(world)).toEqual([]);
  });

  it('has the check constraints refuse a negative balance even when written around the services', async () => {
    const { rows } = await world.database.ownerPool.query(
      "select conname from pg_constraint where conname in ('stock_balances_available_check', 'location_stock_quantity_check', 'stock_lots_remaining_check') order by conname",
    );
    expect(rows.map((row) => row.conname)).toEqual([
      'location_stock_quantity_check',
      'stock_balances_available_check',
      'stock_lots_remaining_check',
    ]);
    await expect(
      world.database.ownerPool.query('update stock_balances set available = -1 where sku_id = $1', [skuId]),
    ).rejects.toMatchObject({ code: '23514', constraint: 'stock_balances_available_check' });
  });
});
