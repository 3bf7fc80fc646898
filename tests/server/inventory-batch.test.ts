/**
 * The ledger's batch use case (recordMovements): many movements written with a few statements
 * keep every guarantee of the single use cases: the ledger reconciles, a refused batch names its
 * entry and writes nothing, opposite batches never deadlock, and a batch leaves the same
 * balances, lots (FIFO) and location stock as the same movements one by one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '@server/http/actor.js';
import {
  adjustStock,
  destroyStock,
  issueStock,
  moveStock,
  receiveStock,
  recordMovements,
  releaseStock,
  reserveStock,
  takeBackReceipt,
} from '@server/modules/inventory/index.js';
import type { StockMovementInput } from '@shared/contract/inventory.js';
import { AppError } from '@shared/errors.js';
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
let dg01: DemoWarehouse;
let sellerToken: string;

beforeAll(async () => {
  world = await createTestWorld();
  manager = await actorFor(world, 'waremanager');
  dg01 = await demoWarehouse(world, 'DG01');
  sellerToken = await world.login('seller');
});
afterAll(() => world.close());

const at = (code: string) => locationOf(dg01, code);
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

async function newSkus(count: number): Promise<string[]> {
  const product = await createProduct(
    world,
    sellerToken,
    Array.from({ length: count }, (_, index) => `BATCH-${Date.now()}-${index}`),
  );
  return product.skus.map((sku) => sku.id);
}

/** Balance, lots (oldest first) and location stock of one SKU in DG01, as the owner sees them. */
async function stockOf(skuId: string) {
  const pool = world.database.ownerPool;
  const balance = await pool.query(
    'select available, frozen, total, in_transit from stock_balances where warehouse_id = $1 and sku_id = $2',
    [dg01.id, skuId],
  );
  const lots = await pool.query(
    `select received_at, quantity_received, quantity_remaining from stock_lots
     where warehouse_id = $1 and sku_id = $2 order by received_at, quantity_received, quantity_remaining`,
    [dg01.id, skuId],
  );
  const locations = await pool.query(
    `select l.code, s.quantity from location_stock s join warehouse_locations l on l.id = s.location_id
     where s.sku_id = $1 order by l.code`,
    [skuId],
  );
  return { balance: balance.rows[0], lots: lots.rows, locations: locations.rows };
}

async function refusalOf(work: () => Promise<unknown>): Promise<AppError> {
  try {
    await work();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('the work was not refused');
}

describe('a batch of movements', () => {
  it('mixes kinds and SKUs in one batch, answers each balance in order, and reconciles', async () => {
    const [first = '', second = ''] = await newSkus(2);
    const w = dg01.id;
    const entries: StockMovementInput[] = [
      { kind: 'receipt', warehouseId: w, skuId: first, locationId: at('RCV-01'), quantity: 20 },
      { kind: 'receipt', warehouseId: w, skuId: second, locationId: at('RCV-02'), quantity: 9 },
      {
        kind: 'shelve_move',
        warehouseId: w,
        skuId: first,
        fromLocationId: at('RCV-01'),
        toLocationId: at('A-01-01'),
        quantity: 15,
      },
      { kind: 'reserve', warehouseId: w, skuId: first, quantity: 6 },
      { kind: 'issue', warehouseId: w, skuId: first, locationId: at('A-01-01'), quantity: 4 },
      { kind: 'release', warehouseId: w, skuId: first, quantity: 2 },
      { kind: 'freeze', warehouseId: w, skuId: second, quantity: 3, reason: 'damaged box' },
      { kind: 'destroy', warehouseId: w, skuId: second, locationId: at('RCV-02'), quantity: 1 },
      {
        kind: 'adjust',
        warehouseId: w,
        skuId: second,
        locationId: at('RCV-02'),
        quantity: -2,
        reason: 'count',
      },
      {
        kind: 'adjust',
        warehouseId: w,
        skuId: first,
        locationId: at('A-01-02'),
        quantity: 5,
        reason: 'found',
      },
      { kind: 'receipt_undo', warehouseId: w, skuId: second, locationId: at('RCV-02'), quantity: 1 },
    ];
    const results = await asActor(world, manager, (tx) => recordMovements(tx, manager, entries));
    expect(results).toHaveLength(entries.length);
    const ids = results.map((result) => result.movementId);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    expect(results[4]?.balance).toMatchObject({ skuId: first, available: 14, frozen: 2, total: 16 });
    expect(results.at(-1)?.balance).toMatchObject({ skuId: second, available: 2, frozen: 3, total: 5 });
    expect((await stockOf(first)).balance).toEqual({ available: 21, frozen: 0, total: 21, in_transit: 0 });
    expect((await stockOf(first)).locations).toEqual([
      { code: 'A-01-01', quantity: 11 },
      { code: 'A-01-02', quantity: 5 },
      { code: 'RCV-01', quantity: 5 },
    ]);
    const { rows } = await world.database.ownerPool.query(
      'select kind, quantity, actor_id from stock_movements where id = any($1::bigint[]) order by id',
      [ids],
    );
    expect(rows.map((row) => [row.kind, row.quantity])).toEqual(
      entries.map((entry) => [entry.kind, entry.quantity]),
    );
    expect(rows.every((row) => row.actor_id === manager.userId)).toBe(true);
    expect(await ledgerMismatches(world)).toEqual([]);
  });

  it('refuses a batch whose last entry would go below zero, naming that entry, and writes nothing', async () => {
    const [skuId = ''] = await newSkus(1);
    const w = dg01.id;
    const entries: StockMovementInput[] = [
      { kind: 'receipt', warehouseId: w, skuId, locationId: at('RCV-01'), quantity: 5 },
      { kind: 'reserve', warehouseId: w, skuId, quantity: 3 },
      { kind: 'reserve', warehouseId: w, skuId, quantity: 3 },
    ];
    const before = await tableCounts(world);
    const refusal = await refusalOf(() =>
      asActor(world, manager, (tx) => recordMovements(tx, manager, entries)),
    );
    expect(refusal).toMatchObject({
      code: 'inventory.insufficient_stock',
      params: { entry: 2, available: 2, quantity: 3 },
    });
    expect(await tableCounts(world)).toEqual(before);

    // Off a location: the entry and the shelf are named; the caller's transaction stays usable.
    const bkk1 = await demoWarehouse(world, 'BKK1');
    await asActor(world, manager, async (tx) => {
      const offShelf = await refusalOf(() =>
        recordMovements(tx, manager, [
          { kind: 'receipt', warehouseId: w, skuId, locationId: at('RCV-01'), quantity: 5 },
          { kind: 'destroy', warehouseId: w, skuId, locationId: at('RCV-01'), quantity: 2 },
          { kind: 'destroy', warehouseId: w, skuId, locationId: at('A-01-01'), quantity: 1 },
        ]),
      );
      expect(offShelf).toMatchObject({
        code: 'inventory.insufficient_location_stock',
        params: { entry: 2, location: 'A-01-01', onLocation: 0, quantity: 1 },
      });
      const outOfWarehouse = await refusalOf(() =>
        recordMovements(tx, manager, [
          { kind: 'receipt', warehouseId: w, skuId, locationId: at('RCV-01'), quantity: 5 },
          { kind: 'receipt', warehouseId: w, skuId, locationId: locationOf(bkk1, 'A-01-01'), quantity: 1 },
        ]),
      );
      expect(outOfWarehouse).toMatchObject({
        code: 'warehouse.location_other_warehouse',
        params: { entry: 1 },
      });
      await recordMovements(tx, manager, [
        { kind: 'receipt', warehouseId: w, skuId, locationId: at('RCV-01'), quantity: 1 },
      ]);
    });
    expect((await stockOf(skuId)).balance).toMatchObject({ available: 1, frozen: 0 });
    expect(await ledgerMismatches(world)).toEqual([]);
  });

  it('refuses bad entries before any work, with the entry in the field path', async () => {
    const refusal = await refusalOf(() =>
      asActor(world, manager, (tx) =>
        recordMovements(tx, manager, [
          { kind: 'reserve', warehouseId: dg01.id, skuId: dg01.id, quantity: 1 },
          { kind: 'reserve', warehouseId: dg01.id, skuId: dg01.id, quantity: 0 },
        ]),
      ),
    );
    expect(refusal.code).toBe('common.validation');
    expect(refusal.fields.map((field) => field.path)).toEqual(['1.quantity']);
  });

  it('runs batches touching the same SKUs in opposite orders at once without a deadlock', async () => {
    const skus = await newSkus(4);
    const w = dg01.id;
    const shelves = ['A-02-01', 'A-02-02', 'A-02-03', 'A-02-04'].map(at);
    await asActor(world, manager, (tx) =>
      recordMovements(
        tx,
        manager,
        skus.map((skuId, index) => ({
          kind: 'receipt' as const,
          warehouseId: w,
          skuId,
          locationId: shelves[index] ?? '',
          quantity: 1000,
        })),
      ),
    );
    // Each batch reserves, moves and releases on every SKU; half go A→D, half D→A.
    const batch = (order: string[]): StockMovementInput[] =>
      order.flatMap((skuId) => {
        const index = skus.indexOf(skuId);
        const from = shelves[index] ?? '';
        const to = shelves[(index + 1) % shelves.length] ?? '';
        return [
          { kind: 'reserve' as const, warehouseId: w, skuId, quantity: 2 },
          {
            kind: 'move' as const,
            warehouseId: w,
            skuId,
            fromLocationId: from,
            toLocationId: to,
            quantity: 1,
          },
          {
            kind: 'move' as const,
            warehouseId: w,
            skuId,
            fromLocationId: to,
            toLocationId: from,
            quantity: 1,
          },
          { kind: 'release' as const, warehouseId: w, skuId, quantity: 1 },
        ];
      });
    const outcomes = await Promise.all(
      Array.from({ length: 24 }, (_, index) =>
        asActor(world, manager, (tx) =>
          recordMovements(tx, manager, batch(index % 2 === 0 ? skus : [...skus].reverse())),
        ).then(
          () => 'ok',
          (error: unknown) => (error instanceof Error ? error.message : String(error)),
        ),
      ),
    );
    expect(outcomes).toEqual(Array.from({ length: 24 }, () => 'ok'));
    for (const skuId of skus)
      expect((await stockOf(skuId)).balance).toMatchObject({ available: 1000 - 24, frozen: 24, total: 1000 });
    expect(await ledgerMismatches(world)).toEqual([]);
  });

  it('leaves the same balances, lots and location stock as the same movements one by one', async () => {
    const [single = '', batched = ''] = await newSkus(2);
    const w = dg01.id;
    const script = (skuId: string, shelf: string, side: string): StockMovementInput[] => [
      {
        kind: 'receipt',
        warehouseId: w,
        skuId,
        locationId: at(shelf),
        quantity: 10,
        receivedAt: daysAgo(40),
      },
      { kind: 'receipt', warehouseId: w, skuId, locationId: at(shelf), quantity: 7, receivedAt: daysAgo(20) },
      { kind: 'receipt', warehouseId: w, skuId, locationId: at(side), quantity: 4, receivedAt: daysAgo(5) },
      { kind: 'reserve', warehouseId: w, skuId, quantity: 12 },
      { kind: 'issue', warehouseId: w, skuId, locationId: at(shelf), quantity: 11 },
      { kind: 'receipt_undo', warehouseId: w, skuId, locationId: at(side), quantity: 3 },
      { kind: 'move', warehouseId: w, skuId, fromLocationId: at(shelf), toLocationId: at(side), quantity: 2 },
      { kind: 'release', warehouseId: w, skuId, quantity: 1 },
      { kind: 'destroy', warehouseId: w, skuId, locationId: at(side), quantity: 1 },
      { kind: 'adjust', warehouseId: w, skuId, locationId: at(shelf), quantity: -2, reason: 'count' },
      { kind: 'adjust', warehouseId: w, skuId, locationId: at(shelf), quantity: 3, reason: 'found' },
    ];
    // The same movements through the single use cases, each in its own transaction.
    const one = (entry: StockMovementInput) =>
      asActor(world, manager, (tx) => {
        switch (entry.kind) {
          case 'receipt': {
            const { kind: _, ...input } = entry;
            return receiveStock(tx, manager, input);
          }
          case 'receipt_undo': {
            const { kind: _, ...input } = entry;
            return takeBackReceipt(tx, manager, input);
          }
          case 'issue':
          case 'destroy': {
            const { kind, ...input } = entry;
            return (kind === 'issue' ? issueStock : destroyStock)(tx, manager, input);
          }
          case 'reserve':
          case 'release': {
            const { kind, ...input } = entry;
            return (kind === 'reserve' ? reserveStock : releaseStock)(tx, manager, input);
          }
          case 'move':
            return moveStock(tx, manager, { ...entry, kind: 'move' });
          case 'adjust':
            return adjustStock(tx, manager, entry);
          default:
            throw new Error(`not in the script: ${entry.kind}`);
        }
      });
    const singles = [];
    for (const entry of script(single, 'B-01-01', 'B-01-02')) singles.push(await one(entry));
    const batch = await asActor(world, manager, (tx) =>
      recordMovements(tx, manager, script(batched, 'B-01-01', 'B-01-02')),
    );
    expect(batch.map((result) => result.balance).map(({ skuId: _, ...rest }) => rest)).toEqual(
      singles.map((result) => result.balance).map(({ skuId: _, ...rest }) => rest),
    );
    const a = await stockOf(single);
    const b = await stockOf(batched);
    expect(b.balance).toEqual(a.balance);
    expect(b.locations).toEqual(a.locations);
    const lots = (rows: { quantity_received: number; quantity_remaining: number }[]) =>
      rows.map((row) => [row.quantity_received, row.quantity_remaining]);
    expect(lots(b.lots)).toEqual(lots(a.lots));
    // Oldest first: the 40-day lot issued empty, then the 20-day one; the receipt taken back
    // came off the newest lot; the found units are a lot of today.
    expect(lots(a.lots)).toEqual([
      [10, 0],
      [7, 3],
      [4, 1],
      [3, 3],
    ]);
    expect(await ledgerMismatches(world)).toEqual([]);
  });
  it('takes the oldest lot left after many were emptied, and a lot received earlier than them first', async () => {
    const [sku = ''] = await newSkus(1);
    const w = dg01.id;
    const shelf = at('B-01-03');
    const source = { type: 'test', id: null };
    // Ten lots, nine taken empty: the balance's FIFO bound moves to the tenth.
    await asActor(world, manager, (tx) =>
      recordMovements(tx, manager, [
        ...Array.from({ length: 10 }, (_, index) => ({
          kind: 'receipt' as const,
          warehouseId: w,
          skuId: sku,
          locationId: shelf,
          quantity: 1,
          receivedAt: daysAgo(20 - index),
          source,
        })),
        { kind: 'destroy', warehouseId: w, skuId: sku, locationId: shelf, quantity: 9, source },
      ]),
    );
    const bound = async () =>
      (
        await world.database.ownerPool.query<{ fifo_from: Date | null }>(
          'select fifo_from from stock_balances where warehouse_id = $1 and sku_id = $2',
          [w, sku],
        )
      ).rows[0]?.fifo_from;
    expect(Math.abs(((await bound())?.getTime() ?? 0) - daysAgo(11).getTime())).toBeLessThan(60_000);
    // A lot received before the bound (goods found with an old receipt date) lowers it, and is
    // the next one taken.
    await asActor(world, manager, (tx) =>
      receiveStock(tx, manager, {
        warehouseId: w,
        skuId: sku,
        locationId: shelf,
        quantity: 2,
        receivedAt: daysAgo(30),
        source,
      }),
    );
    expect((await bound())?.getTime()).toBeLessThanOrEqual(daysAgo(30).getTime() + 1000);
    await asActor(world, manager, (tx) =>
      destroyStock(tx, manager, { warehouseId: w, skuId: sku, locationId: shelf, quantity: 2, source }),
    );
    const lots = (await stockOf(sku)).lots.map((row) => [row.quantity_received, row.quantity_remaining]);
    // Oldest first: the 30-day lot (2, now empty), the nine emptied, the tenth still whole.
    expect(lots).toEqual([[2, 0], ...Array.from({ length: 9 }, () => [1, 0]), [1, 1]]);
    // A receipt taken back in the batch that made it takes that lot, the newest.
    await asActor(world, manager, (tx) =>
      recordMovements(tx, manager, [
        { kind: 'receipt', warehouseId: w, skuId: sku, locationId: shelf, quantity: 4, source },
        { kind: 'receipt_undo', warehouseId: w, skuId: sku, locationId: shelf, quantity: 3, source },
        { kind: 'destroy', warehouseId: w, skuId: sku, locationId: shelf, quantity: 1, source },
      ]),
    );
    const after = (await stockOf(sku)).lots.map((row) => [row.quantity_received, row.quantity_remaining]);
    // The destroy took the tenth lot (the oldest left); the new lot of 4 keeps 1.
    expect(after).toEqual([[2, 0], ...Array.from({ length: 10 }, () => [1, 0]), [4, 1]]);
    expect(await ledgerMismatches(world)).toEqual([]);
  });
});
