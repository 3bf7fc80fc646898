/**
 * A push batch is applied in one transaction with its processed-op rows written together: a
 * batch mixing applied, refused and already-seen ops answers each as it should and writes one
 * row per new op; a check constraint hit by the batch's last op refuses that op alone; two
 * devices whose batches touch the same orders in opposite orders both get through, each op once;
 * consecutive receiving scans, applied together, end exactly where one push per scan ends.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callerFor,
  makeOrder,
  op,
  orderOfBoxes,
  outcomes,
  push,
  receiveOp,
  sellerSkus,
  statuses,
  type Caller,
  type MadeOrder,
  type PushResult,
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

  it('applies consecutive receiving scans together exactly as one push per scan would', async () => {
    const twoLines = () =>
      makeOrder(seller, dg01.id, [
        {
          boxNo: 'B1',
          lines: [
            { skuId, shipQuantity: 5 },
            { skuId: otherSkuId, shipQuantity: 3 },
          ],
        },
        { boxNo: 'B2', lines: [{ skuId, shipQuantity: 2 }] },
      ]);
    const [together, alone] = [await twoLines(), await twoLines()];
    const [second, secondAlone] = [await twoLines(), await twoLines()];
    // Scans that fill a line, over-receive one with the device's confirmation, refuse one
    // unconfirmed over-receipt in the middle of a run, touch a second order, and finish a box.
    const scansOf = (order: MadeOrder, other: MadeOrder) => {
      const confirmed = (seq: number) => ({
        ...receiveOp(order, seq, 'B1', otherSkuId, 2),
        payload: { ...receiveOp(order, seq, 'B1', otherSkuId, 2).payload, overReceipt: true },
      });
      return [
        receiveOp(order, 1, 'B1', skuId, 2),
        receiveOp(order, 2, 'B1', skuId, 3),
        receiveOp(order, 3, 'B1', otherSkuId, 2),
        receiveOp(other, 4, 'B2', skuId, 1),
        receiveOp(order, 5, 'B1', otherSkuId, 4),
        confirmed(6),
        receiveOp(order, 7, 'B2', skuId, 2),
        receiveOp(order, 8, 'B2', skuId, 1),
        receiveOp(other, 9, 'B2', skuId, 1),
      ];
    };
    const batch = await push(staff, 'dev-run', scansOf(together, second));
    const single = [];
    for (const scan of scansOf(alone, secondAlone))
      single.push(...(await push(manager, 'dev-one-by-one', [scan])).results);
    const expected = [
      'applied',
      'applied',
      'applied',
      'applied',
      'inbound.over_receipt_unconfirmed',
      'applied',
      'applied',
      'inbound.over_receipt_unconfirmed',
      'applied',
    ];
    const outcomesOf = (results: PushResult['results']) =>
      results.map((entry) =>
        entry.status === 'rejected'
          ? entry.code
          : { status: entry.status, effect: entry.status === 'applied' ? entry.effect : null },
      );
    expect(outcomesOf(single).map((entry) => (typeof entry === 'string' ? entry : entry.status))).toEqual(
      expected,
    );
    const strip = (entries: ReturnType<typeof outcomesOf>, order: MadeOrder, other: MadeOrder) =>
      JSON.parse(JSON.stringify(entries).replaceAll(order.id, 'ORDER').replaceAll(other.id, 'OTHER'));
    expect(strip(outcomesOf(batch.results), together, second)).toEqual(
      strip(outcomesOf(single), alone, secondAlone),
    );

    const pool = world.database.ownerPool;
    const stateOf = async (order: MadeOrder) => {
      const lines = await pool.query(
        `select b.box_no, l.sku_id, l.received_quantity from inbound_box_lines l
           join inbound_boxes b on b.id = l.box_id where l.order_id = $1 order by b.box_no, l.sku_id`,
        [order.id],
      );
      const differences = await pool.query(
        `select kind, quantity, reason, is_from_receipt from inbound_discrepancies where order_id = $1 order by reason`,
        [order.id],
      );
      const head = await pool.query('select status, abnormal_reason from inbound_orders where id = $1', [
        order.id,
      ]);
      const movements = await pool.query(
        `select kind, sku_id, quantity, reason, to_location_id from stock_movements
           where source_type = 'inbound' and source_id = $1 order by id`,
        [order.id],
      );
      return { lines: lines.rows, differences: differences.rows, head: head.rows, movements: movements.rows };
    };
    const [fromBatch, fromSingles] = [await stateOf(together), await stateOf(alone)];
    expect(fromBatch).toEqual(fromSingles);
    expect(fromBatch.differences).toHaveLength(1);
    expect(fromBatch.movements).toHaveLength(5);
    expect(await receivedOf(second)).toBe(2);
    expect(await ledgerMismatches(world)).toEqual([]);
  });
});
