/**
 * The whole outbound journey on one handheld that worked offline: a wave of 50 orders
 * picked, packed, bagged (40 in a bag, 10 loose) and handed over, then 5 of them taken back as
 * returns and re-shelved. Every op is queued first, in the order the worker made them (the
 * device has no network), then pushed in batches of 100 once it is back, and pushed again as if
 * the replies were lost. Each op applies once; every order ends shipped; every unit picked left
 * the ledger once at hand-over and nothing stays on the staging location; the returned units
 * are back on their shelf; the ledger reconciles.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { callerFor, op, push, statuses, type Op } from '../support/inbound-world.js';
import {
  makeWave,
  onStaging,
  pickWorld,
  readyOrder,
  stockedSku,
  type PickWorld,
} from '../support/pick-world.js';
import { actorFor, demoWarehouse, ledgerMismatches, locationOf } from '../support/stock-world.js';
import { createTestWorld, type TestWorld } from '../support/test-app.js';

const ORDERS = 50;
const IN_BAG = 40;
const RETURNS = 5;

let world: TestWorld;
let pw: PickWorld;

beforeAll(async () => {
  world = await createTestWorld();
  const managerToken = await world.login('waremanager');
  pw = await pickWorld(world, await demoWarehouse(world, 'DG01'), {
    manager: await actorFor(world, 'waremanager'),
    managerToken,
    agent: await actorFor(world, 'agent'),
    sellerToken: await world.login('seller'),
  });
});
afterAll(() => world.close());

const query = async <Row>(text: string, params: unknown[]) =>
  (await world.database.ownerPool.query(text, params)).rows as Row[];

it('picks, packs, bags and hands over a wave of 50 offline, takes in 5 returns, each op once', async () => {
  const shelves = { a: 'A-01-01', b: 'A-01-02' };
  const skuA = await stockedSku(pw, 'JOURNEY-A', { [shelves.a]: 100 });
  const skuB = await stockedSku(pw, 'JOURNEY-B', { [shelves.b]: 100 });
  const shapes = [
    [{ skuId: skuA, quantity: 1 }],
    [{ skuId: skuB, quantity: 2 }],
    [
      { skuId: skuA, quantity: 1 },
      { skuId: skuB, quantity: 1 },
    ],
  ];
  const orders = [];
  for (let index = 0; index < ORDERS; index += 1) {
    const lines = shapes[index % shapes.length] ?? [];
    orders.push({ ...(await readyOrder(pw, lines)), lines });
  }
  const ids = orders.map((order) => order.id);
  const printed = await world.request({
    method: 'POST',
    url: '/api/waybill/printed',
    token: pw.managerToken,
    payload: { orderIds: ids, isPrinted: true },
  });
  expect(printed.statusCode, printed.body).toBe(200);
  const wave = await makeWave(pw, { orderIds: ids });
  expect(wave.orderCount).toBe(ORDERS);
  const units = orders.flatMap((order) => order.lines).reduce((sum, line) => sum + line.quantity, 0);

  // The worker's ops, as the device queued them with no network.
  const ops: Op[] = [];
  const queue = (type: Op['type'], payload: Record<string, unknown>) =>
    ops.push(op(ops.length + 1, type, payload));
  queue('pick.claim', { waveId: wave.id });
  for (const order of orders)
    for (const [index, line] of order.lines.entries())
      queue('pick.take', {
        waveId: wave.id,
        orderId: order.id,
        lineId: order.lineIds[index],
        locationId: locationOf(pw.warehouse, line.skuId === skuA ? shelves.a : shelves.b),
        quantity: line.quantity,
      });
  for (const order of orders) queue('pack.pack', { orderId: order.id, items: order.lines, weightGrams: 320 });
  const bagId = randomUUID();
  queue('bag.open', { bagId, bagNo: `JOURNEY-${bagId.slice(0, 8)}`, warehouseId: pw.warehouse.id });
  for (const order of orders.slice(0, IN_BAG)) queue('bag.add', { bagId, orderId: order.id });
  queue('bag.close', { bagId, weightGrams: 13_000 });
  queue('handover.deliver', {
    handoverId: randomUUID(),
    warehouseId: pw.warehouse.id,
    bagIds: [bagId],
    orderIds: orders.slice(IN_BAG).map((order) => order.id),
  });
  const returned = orders.slice(0, RETURNS);
  for (const order of returned) {
    const returnId = randomUUID();
    queue('return.receive', {
      returnId,
      warehouseId: pw.warehouse.id,
      returnTrackingNo: `SELF${order.id.slice(0, 8)}`,
      orderId: order.id,
      postageCents: 4500,
      weightGrams: 300,
    });
    for (const line of order.lines)
      queue('return.item', {
        itemId: randomUUID(),
        returnId,
        skuId: line.skuId,
        quantity: line.quantity,
        condition: 'good',
        outcome: 'reshelved',
        locationId: locationOf(pw.warehouse, line.skuId === skuA ? shelves.a : shelves.b),
      });
    queue('return.finish', { returnId, outcome: 'processed' });
  }

  // Back online: the backlog in batches of 100, then all of it again (the replies were lost).
  const staff = callerFor(world, await world.login('warestaff'));
  const device = `journey-${randomUUID().slice(0, 8)}`;
  const firstTime: string[] = [];
  for (let start = 0; start < ops.length; start += 100) {
    const reply = await push(staff, device, ops.slice(start, start + 100));
    firstTime.push(
      ...reply.results.map((result) =>
        result.status === 'rejected'
          ? `${result.seq} ${result.code} ${JSON.stringify(result.params)}`
          : result.status,
      ),
    );
  }
  expect(firstTime.filter((outcome) => outcome !== 'applied')).toEqual([]);
  for (let start = 0; start < ops.length; start += 100)
    expect(new Set(statuses(await push(staff, device, ops.slice(start, start + 100))))).toEqual(
      new Set(['duplicate']),
    );
  const [processed] = await query<{ n: number; distinct: number }>(
    'select count(*)::int as n, count(distinct op_id)::int as distinct from pda_processed_ops where device_id = $1',
    [device],
  );
  expect(processed).toEqual({ n: ops.length, distinct: ops.length });

  // Every order shipped, every picked unit issued once from staging, nothing left there.
  const states = await query<{ local_status: string; n: number }>(
    'select local_status, count(*)::int as n from orders where id = any($1) group by local_status',
    [ids],
  );
  expect(states.map((row) => [row.local_status, row.n]).sort()).toEqual(
    returned.length > 0
      ? [
          ['shipped', ORDERS - RETURNS],
          ['to_return', RETURNS],
        ]
      : [['shipped', ORDERS]],
  );
  const moved = await query<{ kind: string; n: number }>(
    `select kind, sum(quantity)::int as n from stock_movements
      where sku_id = any($1) and kind in ('move', 'issue', 'return') group by kind order by kind`,
    [[skuA, skuB]],
  );
  expect(Object.fromEntries(moved.map((row) => [row.kind, row.n]))).toEqual({
    move: units,
    issue: units,
    return: returned.flatMap((order) => order.lines).reduce((sum, line) => sum + line.quantity, 0),
  });
  expect(await onStaging(pw, skuA)).toBe(0);
  expect(await onStaging(pw, skuB)).toBe(0);
  const [bag] = await query<{ status: string; delivery_status: string; parcels: number }>(
    `select b.status, b.delivery_status, (select count(*)::int from bag_parcels p where p.bag_id = b.id) as parcels
       from bags b where b.id = $1`,
    [bagId],
  );
  expect(bag).toEqual({ status: 'closed', delivery_status: 'pickup', parcels: IN_BAG });
  const finished = await query<{ status: string; n: number }>(
    'select status, count(*)::int as n from returns where order_id = any($1) group by status',
    [returned.map((order) => order.id)],
  );
  expect(finished.map((row) => [row.status, row.n])).toEqual([['returned_processed', RETURNS]]);
  expect(await ledgerMismatches(world)).toEqual([]);
}, 180_000);
