/**
 * A push batch is applied in one transaction with its processed-op rows written together: a
 * batch mixing applied, refused and already-seen ops answers each as it should and writes one
 * row per new op; a check constraint hit by the batch's last op refuses that op alone; two
 * devices whose batches touch the same orders in opposite orders both get through, each op once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callerFor,
  op,
  orderOfBoxes,
  outcomes,
  push,
  receiveOp,
  sellerSkus,
  statuses,
  type Caller,
  type MadeOrder,
} from '../support/inbound-world.js';
import { demoWarehouse, ledgerMismatches, type DemoWarehouse } from '../support/stock-world.js';
import { createTestWorld, type TestWorld } from '../support/test-app.js';

let world: TestWorld;
let seller: Caller;
let staff: Caller;
let manager: Caller;
let dg01: DemoWarehouse;
let skuId: string;
let otherSkuId: string;

beforeAll(async () => {
  world = await createTestWorld();
  const sellerToken = await world.login('seller');
  seller = callerFor(world, sellerToken);
  staff = callerFor(world, await world.login('warestaff'));
  manager = callerFor(world, await world.login('waremanager'));
  dg01 = await demoWarehouse(world, 'DG01');
  const made = await sellerSkus(world, sellerToken, ['BATCH-A', 'BATCH-B']);
  skuId = made['BATCH-A'] ?? '';
  otherSkuId = made['BATCH-B'] ?? '';
});
afterAll(() => world.close());

const freshOrder = (): Promise<MadeOrder> => orderOfBoxes(seller, dg01.id, [['B1', skuId]], 1000);

async function receivedOf(order: MadeOrder): Promise<number> {
  const { rows } = await world.database.ownerPool.query(
    'select coalesce(sum(received_quantity), 0)::int as n from inbound_box_lines where order_id = $1',
    [order.id],
  );
  return rows[0].n;
}

async function processedRows(deviceId: string): Promise<{ seq: number; status: string }[]> {
  const { rows } = await world.database.ownerPool.query<{ seq: string; status: string }>(
    `select seq, result->>'status' as status from pda_processed_ops where device_id = $1 order by seq`,
    [deviceId],
  );
  return rows.map((row) => ({ seq: Number(row.seq), status: row.status }));
}

describe('a push batch', () => {
  it('answers applied, rejected and duplicate ops in one batch, each recorded once', async () => {
    const order = await freshOrder();
    const receive = (seq: number, quantity = 1) => receiveOp(order, seq, 'B1', skuId, quantity);
    const first = [receive(1, 2), receive(2, 3)];
    expect(statuses(await push(staff, 'dev-mixed', first))).toEqual(['applied', 'applied']);
    const undo = op(6, 'inbound.undo', { opId: first[0]?.opId ?? '' });
    const mixed = await push(staff, 'dev-mixed', [
      ...first,
      receive(3, 4),
      receiveOp(order, 4, 'B1', otherSkuId, 1),
      op(5, 'inbound.receive', { inboundOrderId: order.id, quantity: -1 }),
      undo,
      receive(7, 5),
    ]);
    expect(outcomes(mixed)).toEqual([
      'duplicate',
      'duplicate',
      'applied',
      'inbound.sku_not_in_order',
      'common.validation',
      'applied',
      'applied',
    ]);
    expect(mixed.lastProcessedSeq).toBe(7);
    // 2 + 3 + 4 + 5, less the 2 taken back by the undo.
    expect(await receivedOf(order)).toBe(12);
    expect(await processedRows('dev-mixed')).toEqual([
      { seq: 1, status: 'applied' },
      { seq: 2, status: 'applied' },
      { seq: 3, status: 'applied' },
      { seq: 4, status: 'rejected' },
      { seq: 5, status: 'rejected' },
      { seq: 6, status: 'applied' },
      { seq: 7, status: 'applied' },
    ]);
    const replay = await push(staff, 'dev-mixed', [undo]);
    expect(statuses(replay)).toEqual(['duplicate']);
    expect(await receivedOf(order)).toBe(12);
    expect(await ledgerMismatches(world)).toEqual([]);
  });

  it('refuses only the last op when it hits a check constraint, keeping the ops before it', async () => {
    const order = await freshOrder();
    const pool = world.database.ownerPool;
    const { rows } = await pool.query<{ n: number }>(
      `select coalesce(sum(quantity), 0)::int as n from location_stock where sku_id = $1`,
      [skuId],
    );
    const onShelves = rows[0]?.n ?? 0;
    // A stricter backstop than the checks before writing know of: at most two more units.
    await pool.query('alter table location_stock drop constraint location_stock_quantity_check');
    await pool.query(
      `alter table location_stock add constraint location_stock_quantity_check
         check (quantity >= 0 and (sku_id <> '${skuId}' or quantity <= ${onShelves + 2}))`,
    );
    try {
      const result = await push(staff, 'dev-backstop', [
        receiveOp(order, 1, 'B1', skuId, 1),
        receiveOp(order, 2, 'B1', skuId, 1),
        receiveOp(order, 3, 'B1', skuId, 1),
      ]);
      expect(outcomes(result)).toEqual(['applied', 'applied', 'inventory.insufficient_location_stock']);
      expect(result.lastProcessedSeq).toBe(3);
    } finally {
      await pool.query('alter table location_stock drop constraint location_stock_quantity_check');
      await pool.query(
        'alter table location_stock add constraint location_stock_quantity_check check (quantity >= 0)',
      );
    }
    expect(await receivedOf(order)).toBe(2);
    expect(await processedRows('dev-backstop')).toEqual([
      { seq: 1, status: 'applied' },
      { seq: 2, status: 'applied' },
      { seq: 3, status: 'rejected' },
    ]);
    expect(await ledgerMismatches(world)).toEqual([]);
  });

  it('applies two devices’ batches that touch the same orders in opposite orders, each op once', async () => {
    const [first, second] = [await freshOrder(), await freshOrder()];
    if (!first || !second) throw new Error('orders were not made');
    const rounds = 4;
    for (let round = 0; round < rounds; round += 1) {
      const seq = round * 20;
      const forwards = Array.from({ length: 20 }, (_, index) =>
        receiveOp(index < 10 ? first : second, seq + index + 1, 'B1', skuId, 1),
      );
      const backwards = Array.from({ length: 20 }, (_, index) =>
        receiveOp(index < 10 ? second : first, seq + index + 1, 'B1', skuId, 1),
      );
      const [a, b] = await Promise.all([
        push(staff, 'dev-forwards', forwards),
        push(manager, 'dev-backwards', backwards),
      ]);
      expect(new Set([...statuses(a), ...statuses(b)])).toEqual(new Set(['applied']));
    }
    expect(await receivedOf(first)).toBe(rounds * 20);
    expect(await receivedOf(second)).toBe(rounds * 20);
    expect((await processedRows('dev-forwards')).length).toBe(rounds * 20);
    expect((await processedRows('dev-backwards')).length).toBe(rounds * 20);
    expect(await ledgerMismatches(world)).toEqual([]);
  });
});
