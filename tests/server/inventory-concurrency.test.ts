/**
 * Many transactions on one SKU at once, each through the app pool as separate requests would
 * run: stock never goes below zero, refusals are clear refusals (never a deadlock or a 500),
 * and the ledger still reconciles.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '@server/http/actor.js';
import { issueStock, moveStock, receiveStock, reserveStock } from '@server/modules/inventory/index.js';
import { AppError } from '@shared/errors.js';
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
let sellerToken: string;

beforeAll(async () => {
  world = await createTestWorld();
  manager = await actorFor(world, 'waremanager');
  dg01 = await demoWarehouse(world, 'DG01');
  sellerToken = await world.login('seller');
});
afterAll(() => world.close());

type Outcome = 'ok' | string;

/** Runs each job in its own transaction, all at once; answers ok or the refusal's code. */
async function inParallel(jobs: (() => Promise<unknown>)[]): Promise<Outcome[]> {
  return Promise.all(
    jobs.map(async (job) => {
      try {
        await job();
        return 'ok';
      } catch (error) {
        if (error instanceof AppError) return error.code;
        throw error;
      }
    }),
  );
}

async function balanceOf(skuId: string) {
  const { rows } = await world.database.ownerPool.query(
    'select available, frozen, total from stock_balances where warehouse_id = $1 and sku_id = $2',
    [dg01.id, skuId],
  );
  return rows[0];
}

describe('concurrent changes of one SKU', () => {
  it('runs 50 reserves and 50 moves at once without going below zero, and reconciles', async () => {
    const product = await createProduct(world, sellerToken, ['RACE-1']);
    const skuId = product.skus[0]?.id ?? '';
    const a = locationOf(dg01, 'A-02-04');
    const b = locationOf(dg01, 'A-02-05');
    await asActor(world, manager, async (tx) => {
      await receiveStock(tx, manager, { warehouseId: dg01.id, skuId, locationId: a, quantity: 60 });
      await receiveStock(tx, manager, { warehouseId: dg01.id, skuId, locationId: b, quantity: 40 });
    });
    const reserves = Array.from(
      { length: 50 },
      () => () =>
        asActor(world, manager, (tx) =>
          reserveStock(tx, manager, { warehouseId: dg01.id, skuId, quantity: 3 }),
        ),
    );
    const moves = Array.from(
      { length: 50 },
      (_, index) => () =>
        asActor(world, manager, (tx) =>
          moveStock(tx, manager, {
            warehouseId: dg01.id,
            skuId,
            fromLocationId: index % 2 === 0 ? a : b,
            toLocationId: index % 2 === 0 ? b : a,
            quantity: 7,
          }),
        ),
    );
    const jobs = reserves.flatMap((reserve, index) => [reserve, moves[index] ?? reserve]);
    const outcomes = await inParallel(jobs);
    const reserveOutcomes = outcomes.filter((_, index) => index % 2 === 0);
    const moveOutcomes = outcomes.filter((_, index) => index % 2 === 1);
    expect(reserveOutcomes.filter((outcome) => outcome === 'ok')).toHaveLength(33);
    expect(new Set(reserveOutcomes.filter((outcome) => outcome !== 'ok'))).toEqual(
      new Set(['inventory.insufficient_stock']),
    );
    expect(
      moveOutcomes.every(
        (outcome) => outcome === 'ok' || outcome === 'inventory.insufficient_location_stock',
      ),
    ).toBe(true);
    expect(moveOutcomes.filter((outcome) => outcome === 'ok').length).toBeGreaterThan(0);
    expect(await balanceOf(skuId)).toEqual({ available: 1, frozen: 99, total: 100 });
    const { rows } = await world.database.ownerPool.query(
      'select min(quantity)::int as lowest, sum(quantity)::int as total from location_stock where sku_id = $1',
      [skuId],
    );
    expect(rows[0].lowest).toBeGreaterThanOrEqual(0);
    expect(rows[0].total).toBe(100);
    expect(await ledgerMismatches(world)).toEqual([]);
  });

  it('creates one balance from 20 simultaneous first receipts', async () => {
    const product = await createProduct(world, sellerToken, ['RACE-2']);
    const skuId = product.skus[0]?.id ?? '';
    const outcomes = await inParallel(
      Array.from(
        { length: 20 },
        (_, index) => () =>
          asActor(world, manager, (tx) =>
            receiveStock(tx, manager, {
              warehouseId: dg01.id,
              skuId,
              locationId: locationOf(dg01, index % 2 === 0 ? 'RCV-01' : 'RCV-02'),
              quantity: 5,
            }),
          ),
      ),
    );
    expect(outcomes.every((outcome) => outcome === 'ok')).toBe(true);
    expect(await balanceOf(skuId)).toEqual({ available: 100, frozen: 0, total: 100 });
    expect(await ledgerMismatches(world)).toEqual([]);
  });

  it('issues from the same lots in parallel without taking a unit twice', async () => {
    const product = await createProduct(world, sellerToken, ['RACE-3']);
    const skuId = product.skus[0]?.id ?? '';
    const shelf = locationOf(dg01, 'B-01-03');
    await asActor(world, manager, async (tx) => {
      for (let lot = 0; lot < 5; lot += 1)
        await receiveStock(tx, manager, {
          warehouseId: dg01.id,
          skuId,
          locationId: shelf,
          quantity: 10,
          receivedAt: new Date(Date.now() - (10 - lot) * 86_400_000),
        });
      await reserveStock(tx, manager, { warehouseId: dg01.id, skuId, quantity: 50 });
    });
    const outcomes = await inParallel(
      Array.from(
        { length: 30 },
        () => () =>
          asActor(world, manager, (tx) =>
            issueStock(tx, manager, { warehouseId: dg01.id, skuId, locationId: shelf, quantity: 2 }),
          ),
      ),
    );
    expect(outcomes.filter((outcome) => outcome === 'ok')).toHaveLength(25);
    expect(await balanceOf(skuId)).toEqual({ available: 0, frozen: 0, total: 0 });
    const { rows } = await world.database.ownerPool.query(
      'select sum(quantity_remaining)::int as remaining from stock_lots where sku_id = $1',
      [skuId],
    );
    expect(rows[0].remaining).toBe(0);
    expect(await ledgerMismatches(world)).toEqual([]);
  });
});
