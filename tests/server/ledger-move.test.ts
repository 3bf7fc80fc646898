/**
 * The ledger's one-entry path against its batch path (`app_ledger_write`, migration 0043): the
 * same script of movements, refusals of every kind included, run as lone entries on one SKU and
 * as batches on two twin SKUs (each movement once for each twin, in one call, so the batch path
 * runs and both twins keep the same history), must answer the same (the same refusal with the
 * same figures, or the same balance after the movement) and leave the same balance, FIFO bound,
 * lots and location stock.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '@server/db/client.js';
import type { Actor } from '@server/http/actor.js';
import { ledgerCall, ledgerEntryOf, type MovementRequest } from '@server/modules/inventory/ledger-batch.js';
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
let worker: Actor;
let seller2: Actor;
let dg01: DemoWarehouse;
let bkk1: DemoWarehouse;
let sellerToken: string;

beforeAll(async () => {
  world = await createTestWorld();
  manager = await actorFor(world, 'waremanager');
  worker = await actorFor(world, 'warestaff');
  seller2 = await actorFor(world, 'seller2');
  dg01 = await demoWarehouse(world, 'DG01');
  bkk1 = await demoWarehouse(world, 'BKK1');
  sellerToken = await world.login('seller');
});
afterAll(() => world.close());

const at = (code: string) => locationOf(dg01, code);
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

type Step = Omit<MovementRequest, 'skuId' | 'source' | 'reason' | 'fromLocationId' | 'toLocationId'> & {
  from?: string;
  to?: string;
  by?: 'worker' | 'seller2';
  /** Another SKU than the script's (an unknown one). */
  skuId?: string;
};

/** What a function answered, without the movement's id (each run makes its own). */
type Answer = { refused: unknown } | { written: unknown[][] };

function entryOf(skuId: string, step: Step) {
  return ledgerEntryOf({
    kind: step.kind,
    warehouseId: step.warehouseId,
    skuId: step.skuId ?? skuId,
    quantity: step.quantity,
    fromLocationId: step.from ?? null,
    toLocationId: step.to ?? null,
    ...(step.receivedAt ? { receivedAt: step.receivedAt } : {}),
    source: { type: 'test', id: null },
    reason: '',
  });
}

/** The step on each SKU given, in one call: one SKU takes the one-entry path, two the batch path. */
async function call(skuIds: string[], step: Step) {
  const actor = step.by === 'worker' ? worker : step.by === 'seller2' ? seller2 : manager;
  const entries = skuIds.map((skuId) => entryOf(skuId, step));
  const [row] = rowsOf<{ answer: Answer }>(
    await asActor(world, actor, (tx) => tx.execute(ledgerCall(entries, actor))),
  );
  const answer = row?.answer;
  if (!answer) throw new Error('app_ledger_write answered nothing');
  if ('refused' in answer) return answer;
  // The twins' balances move alike: the first entry's figures answer for the step.
  expect(answer.written).toHaveLength(skuIds.length);
  return { written: answer.written.slice(0, 1).map(([, ...figures]) => figures) };
}

/** Balance with its FIFO bound, lots (oldest first) and location stock of one SKU in DG01. */
async function stockOf(skuId: string) {
  const pool = world.database.ownerPool;
  const [balance, lots, locations] = await Promise.all([
    pool.query(
      `select available, frozen, total, in_transit, fifo_from from stock_balances
       where warehouse_id = $1 and sku_id = $2`,
      [dg01.id, skuId],
    ),
    pool.query(
      `select received_at, quantity_received, quantity_remaining from stock_lots
       where warehouse_id = $1 and sku_id = $2 order by received_at, id`,
      [dg01.id, skuId],
    ),
    pool.query(
      `select l.code, s.quantity from location_stock s join warehouse_locations l on l.id = s.location_id
       where s.sku_id = $1 order by l.code`,
      [skuId],
    ),
  ]);
  return { balance: balance.rows[0], lots: lots.rows, locations: locations.rows };
}

describe('a lone movement through the one-entry path', () => {
  it('answers and writes what the batch path does for the same movement', async () => {
    const product = await createProduct(world, sellerToken, [
      `MOVE-${Date.now()}-A`,
      `MOVE-${Date.now()}-B`,
      `MOVE-${Date.now()}-C`,
    ]);
    const [alone = '', batched = '', twin = ''] = product.skus.map((sku) => sku.id);
    const w = dg01.id;
    const script: Step[] = [
      // Nothing yet: off a shelf, reserved, unfrozen, arrived from a transfer.
      { kind: 'issue', warehouseId: w, quantity: 1, from: at('B-01-03') },
      { kind: 'reserve', warehouseId: w, quantity: 1 },
      { kind: 'unfreeze', warehouseId: w, quantity: 1 },
      { kind: 'transfer_short', warehouseId: w, quantity: 1 },
      // Received at three ages, the newest first, on two shelves.
      { kind: 'receipt', warehouseId: w, quantity: 4, to: at('B-01-04'), receivedAt: daysAgo(5) },
      { kind: 'receipt', warehouseId: w, quantity: 10, to: at('B-01-03'), receivedAt: daysAgo(40) },
      { kind: 'receipt', warehouseId: w, quantity: 7, to: at('B-01-03'), receivedAt: daysAgo(20) },
      // Scope: every refusal, in the function's order.
      { kind: 'reserve', warehouseId: randomUUID(), quantity: 1 },
      { kind: 'reserve', warehouseId: w, quantity: 1, skuId: randomUUID() },
      { kind: 'reserve', warehouseId: w, quantity: 1, by: 'seller2' },
      { kind: 'release', warehouseId: bkk1.id, quantity: 1, by: 'worker' },
      { kind: 'receipt', warehouseId: w, quantity: 1, to: randomUUID() },
      { kind: 'receipt', warehouseId: w, quantity: 1, to: locationOf(bkk1, 'A-01-01') },
      { kind: 'issue', warehouseId: w, quantity: 1, from: locationOf(bkk1, 'A-01-01') },
      // Short of each bucket, and of a shelf.
      { kind: 'reserve', warehouseId: w, quantity: 22 },
      { kind: 'reserve', warehouseId: w, quantity: 13 },
      { kind: 'release', warehouseId: w, quantity: 14 },
      { kind: 'transfer_short', warehouseId: w, quantity: 1 },
      { kind: 'issue', warehouseId: w, quantity: 5, from: at('B-01-04') },
      { kind: 'destroy', warehouseId: w, quantity: 1, from: at('A-01-05') },
      // Out oldest first, a receipt taken back newest first, moves and counts (every lot with its
      // age given, so the two runs' lots compare).
      { kind: 'issue', warehouseId: w, quantity: 11, from: at('B-01-03') },
      // Older than every lot left: the FIFO bound the issue moved comes back down.
      { kind: 'receipt', warehouseId: w, quantity: 2, to: at('B-01-03'), receivedAt: daysAgo(60) },
      { kind: 'receipt_undo', warehouseId: w, quantity: 3, from: at('B-01-04') },
      { kind: 'move', warehouseId: w, quantity: 2, from: at('B-01-03'), to: at('A-01-05') },
      { kind: 'release', warehouseId: w, quantity: 1 },
      { kind: 'freeze', warehouseId: w, quantity: 2 },
      { kind: 'destroy', warehouseId: w, quantity: 1, from: at('A-01-05') },
      { kind: 'adjust', warehouseId: w, quantity: -2, from: at('B-01-03'), to: at('B-01-03') },
      {
        kind: 'adjust',
        warehouseId: w,
        quantity: 3,
        from: at('B-01-04'),
        to: at('B-01-04'),
        receivedAt: daysAgo(1),
      },
      { kind: 'release', warehouseId: w, quantity: 1, by: 'worker' },
    ];
    const answers: Answer[] = [];
    for (const step of script) {
      const [one, batch] = [await call([alone], step), await call([batched, twin], step)];
      expect(one, `${step.kind} ${step.quantity}`).toEqual(batch);
      answers.push(one);
    }
    // The script reached every refusal it meant to and wrote the rest.
    expect(
      answers.map((answer) => ('refused' in answer ? (answer.refused as { code: string }).code : 'written')),
    ).toEqual([
      'inventory.insufficient_location_stock',
      'inventory.insufficient_stock',
      'inventory.insufficient_frozen',
      'inventory.insufficient_in_transit',
      'written',
      'written',
      'written',
      'warehouse.not_found',
      'catalog.sku_not_found',
      'catalog.sku_not_found',
      'warehouse.not_found',
      'warehouse.location_not_found',
      'warehouse.location_other_warehouse',
      'warehouse.location_other_warehouse',
      'inventory.insufficient_stock',
      'written',
      'inventory.insufficient_frozen',
      'inventory.insufficient_in_transit',
      'inventory.insufficient_location_stock',
      'inventory.insufficient_location_stock',
      'written',
      'written',
      'written',
      'written',
      'written',
      'written',
      'written',
      'written',
      'written',
      'written',
    ]);
    const [left, right] = [await stockOf(alone), await stockOf(batched)];
    expect(left).toEqual(right);
    expect(await stockOf(twin)).toEqual(right);
    expect(left.balance).toMatchObject({ available: 7, frozen: 2, total: 9, in_transit: 0 });
    expect(await ledgerMismatches(world)).toEqual([]);
  });
});
