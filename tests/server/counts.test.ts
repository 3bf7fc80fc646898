/**
 * Stock check orders: a manager plans a count; handhelds push blind counts of locations through
 * the PDA sync; each line's variance is counted against what lay on the location when it was
 * counted, whatever moved since; a pass corrects stock through the ledger (reserved units only
 * by releasing named orders), a reject sends the location back for a recount; refusals change
 * nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '@server/http/actor.js';
import { moveStock, receiveStock } from '@server/modules/inventory/index.js';
import { passReview, upsertMarketplaceOrder } from '@server/modules/orders/index.js';
import {
  actorFor,
  asActor,
  createProduct,
  demoWarehouse,
  ledgerMismatches,
  locationOf,
  type DemoWarehouse,
} from '../support/stock-world.js';
import { sellerIdOf } from '../support/photos.js';
import { callerFor, onLocation, op, outcomes, push, type Caller } from '../support/inbound-world.js';
import { pdfPageTexts } from '../support/pdf-reading.js';
import { createTestWorld, type TestWorld } from '../support/test-app.js';

let world: TestWorld;
let manager: Actor;
let agent: Actor;
let dg01: DemoWarehouse;
let bkk1: DemoWarehouse;
let sellerToken: string;
let sellerId: string;
let asManager: Caller;
let asStaff: Caller;
let asAgent: Caller;
let seq = 0;
let agentSeq = 0;

beforeAll(async () => {
  world = await createTestWorld();
  manager = await actorFor(world, 'waremanager');
  agent = await actorFor(world, 'agent');
  dg01 = await demoWarehouse(world, 'DG01');
  bkk1 = await demoWarehouse(world, 'BKK1');
  sellerToken = await world.login('seller');
  sellerId = await sellerIdOf(world, sellerToken);
  asManager = callerFor(world, await world.login('waremanager'));
  asStaff = callerFor(world, await world.login('warestaff'));
  asAgent = callerFor(world, await world.login('agent'));
});
afterAll(() => world.close());

async function newSku(code: string, stock: number, shelf: string): Promise<string> {
  const skuId = (await createProduct(world, sellerToken, [code])).skus[0]?.id ?? '';
  if (stock > 0)
    await asActor(world, manager, (tx) =>
      receiveStock(tx, manager, { warehouseId: dg01.id, skuId, locationId: shelf, quantity: stock }),
    );
  return skuId;
}

async function createCount(
  payload: object,
  as: Caller = asManager,
): Promise<{ id: string; countNo: string }> {
  const response = await as('POST', '/api/stock/check/add', payload);
  if (response.statusCode !== 200) throw new Error(`add ${response.statusCode}: ${response.body}`);
  return response.json().result;
}

async function detail(id: string) {
  const response = await asManager('GET', `/api/stock/check/detail?id=${id}`);
  expect(response.statusCode).toBe(200);
  return response.json().result as {
    status: string;
    countedLocations: number;
    totalLocations: number;
    checkQuantity: number;
    uncountedLines: number;
    lines: {
      id: string;
      skuId: string;
      locationId: string;
      isCounted: boolean;
      countedQuantity: number | null;
      bookQuantity: number;
      movedSince: number;
      variance: number | null;
      state: string;
      round: number;
    }[];
    locations: { locationId: string; status: string }[];
  };
}

const countOp = (
  countOrderId: string,
  locationId: string,
  lines: { skuId: string; quantity: number }[],
  countedAt = new Date(),
) =>
  op((seq += 1), 'count.location', { countOrderId, locationId, countedAt: countedAt.toISOString(), lines });

async function balance(skuId: string) {
  const { rows } = await world.database.ownerPool.query(
    'select available, frozen from stock_balances where warehouse_id = $1 and sku_id = $2',
    [dg01.id, skuId],
  );
  return rows[0] ?? { available: 0, frozen: 0 };
}

async function countTables(): Promise<string> {
  const { rows } = await world.database.ownerPool.query(
    `select (select count(*) from count_lines) || '/' || (select md5(string_agg(c::text, '|' order by c.id)) from count_locations c)
       || '/' || (select md5(string_agg(o::text, '|' order by o.id)) from count_orders o)
       || '/' || (select count(*) from stock_movements) as sum`,
  );
  return rows[0].sum;
}

/** Waits until the database clock has passed `at`, so movements made now come after it. */
async function after(at: Date): Promise<void> {
  for (;;) {
    const { rows } = await world.database.ownerPool.query(
      'select clock_timestamp() > $1::timestamptz as past',
      [at.toISOString()],
    );
    if (rows[0].past) return;
  }
}

describe('a check order by location, counted on handhelds', () => {
  it('counts variances against the stock at count time, though stock moved before the count arrived', async () => {
    const shelf = locationOf(dg01, 'A-02-01');
    const other = locationOf(dg01, 'A-02-02');
    const moving = await newSku('CNT-MOVE', 10, shelf);
    const missing = await newSku('CNT-GONE', 2, shelf);
    const found = await newSku('CNT-FOUND', 0, shelf);
    const count = await createCount({ warehouseId: dg01.id, type: 'location', locationIds: [shelf, other] });
    expect(count.countNo).toMatch(/^PD\d{8}-\d{4}$/);
    expect((await detail(count.id)).status).toBe('to_count');

    // The worker counts the shelf offline: 9 of CNT-MOVE, 3 of CNT-FOUND, none of CNT-GONE (confirmed).
    const countedAt = new Date();
    await after(countedAt);
    // Before the count reaches the server, 3 units are moved off the shelf and 2 more arrive on it.
    await asActor(world, manager, (tx) =>
      moveStock(tx, manager, {
        kind: 'move',
        warehouseId: dg01.id,
        skuId: moving,
        fromLocationId: shelf,
        toLocationId: other,
        quantity: 3,
      }),
    );
    await asActor(world, manager, (tx) =>
      receiveStock(tx, manager, { warehouseId: dg01.id, skuId: moving, locationId: shelf, quantity: 2 }),
    );
    expect(await onLocation(world, shelf, moving)).toBe(9);

    const pushed = await push(asStaff, 'count-dev-1', [
      countOp(
        count.id,
        shelf,
        [
          { skuId: moving, quantity: 9 },
          { skuId: found, quantity: 3 },
          { skuId: missing, quantity: 0 },
        ],
        countedAt,
      ),
    ]);
    expect(outcomes(pushed)).toEqual(['applied']);

    const counted = await detail(count.id);
    expect(counted).toMatchObject({
      status: 'counting',
      countedLocations: 1,
      totalLocations: 2,
      checkQuantity: 12,
    });
    const line = (skuId: string) => counted.lines.find((entry) => entry.skuId === skuId);
    // 10 lay there at count time (9 now, −3 + 2 moved since): one short, not a surplus of 0.
    expect(line(moving)).toMatchObject({
      countedQuantity: 9,
      bookQuantity: 10,
      movedSince: -1,
      variance: -1,
      state: 'pending',
    });
    expect(line(missing)).toMatchObject({
      countedQuantity: 0,
      bookQuantity: 2,
      variance: -2,
      state: 'pending',
    });
    expect(line(found)).toMatchObject({ countedQuantity: 3, bookQuantity: 0, variance: 3, state: 'pending' });

    // The handheld never learns a book quantity.
    const tasks = await asStaff('GET', '/api/pda/counts');
    expect(tasks.statusCode).toBe(200);
    expect(tasks.body).not.toContain('bookQuantity');
    expect(tasks.json().result.map((task: { id: string }) => task.id)).toContain(count.id);

    // The pass posts the differences seen then: the shelf keeps the moves made meanwhile.
    const passed = await asManager('POST', '/api/stock/check/review', {
      id: count.id,
      lineIds: counted.lines.map((entry) => entry.id),
      decision: 'pass',
    });
    expect(passed.statusCode).toBe(200);
    expect(passed.json().result).toMatchObject({ passed: 3, affectedOrders: 0 });
    expect(await onLocation(world, shelf, moving)).toBe(8);
    expect(await onLocation(world, shelf, missing)).toBe(0);
    expect(await onLocation(world, shelf, found)).toBe(3);
    const { rows } = await world.database.ownerPool.query(
      `select kind, quantity, source_type, source_id from stock_movements where source_type = 'count' and source_id = $1 order by id`,
      [count.id],
    );
    expect(rows.map((row) => `${row.kind}:${row.quantity}`).sort()).toEqual(
      ['count_correction:-1', 'count_correction:-2', 'count_correction:3'].sort(),
    );
    expect((await detail(count.id)).lines.every((entry) => entry.state === 'passed')).toBe(true);
    expect(await ledgerMismatches(world)).toEqual([]);
  });

  it('sends a rejected location back for a recount, which replaces its lines', async () => {
    const shelf = locationOf(dg01, 'A-02-03');
    const skuId = await newSku('CNT-RECOUNT', 5, shelf);
    const count = await createCount({ warehouseId: dg01.id, type: 'location', locationIds: [shelf] });
    expect(
      outcomes(await push(asStaff, 'count-dev-1', [countOp(count.id, shelf, [{ skuId, quantity: 4 }])])),
    ).toEqual(['applied']);
    const first = await detail(count.id);
    const rejected = await asManager('POST', '/api/stock/check/review', {
      id: count.id,
      lineIds: first.lines.map((entry) => entry.id),
      decision: 'reject',
    });
    expect(rejected.statusCode).toBe(200);
    expect((await detail(count.id)).locations[0]?.status).toBe('recount');
    expect(
      outcomes(await push(asStaff, 'count-dev-1', [countOp(count.id, shelf, [{ skuId, quantity: 5 }])])),
    ).toEqual(['applied']);
    const second = await detail(count.id);
    expect(second.lines).toHaveLength(1);
    expect(second.lines[0]).toMatchObject({
      countedQuantity: 5,
      variance: 0,
      state: 'no_variance',
      round: 2,
    });
    expect(await onLocation(world, shelf, skuId)).toBe(5);
  });

  it('applies consecutive counts together exactly as one push per count would', async () => {
    const [first, second, third, outside] = ['A-01-02', 'A-01-03', 'A-01-04', 'A-01-05'].map((code) =>
      locationOf(dg01, code),
    ) as [string, string, string, string];
    const tee = await newSku('CNT-RUN-1', 6, first);
    const cap = await newSku('CNT-RUN-2', 2, second);
    const plan = () =>
      createCount({ warehouseId: dg01.id, type: 'location', locationIds: [first, second, third] });
    const [together, alone] = [await plan(), await plan()];
    // Counted before units arrived on the second shelf: the book at count time leaves them out.
    const countedAt = new Date();
    await after(countedAt);
    await asActor(world, manager, (tx) =>
      receiveStock(tx, manager, { warehouseId: dg01.id, skuId: cap, locationId: second, quantity: 3 }),
    );
    const unknownSku = '00000000-0000-4000-8000-000000000000';
    // Each device's seqs from 1 (countOp numbers the ops of the file's shared devices).
    const countsOf = (countOrderId: string) =>
      (
        [
          [first, [{ skuId: tee, quantity: 4 }]],
          [second, [{ skuId: cap, quantity: 2 }], countedAt],
          [outside, [{ skuId: tee, quantity: 1 }]],
          [first, [{ skuId: tee, quantity: 6 }]],
          [third, [{ skuId: unknownSku, quantity: 1 }]],
          [third, [{ skuId: cap, quantity: 1 }]],
        ] as const
      ).map(([locationId, lines, at = new Date()], index) =>
        op(index + 1, 'count.location', { countOrderId, locationId, countedAt: at.toISOString(), lines }),
      );
    const batch = await push(asStaff, 'count-dev-run', countsOf(together.id));
    const single = [];
    for (const each of countsOf(alone.id))
      single.push(...(await push(asStaff, 'count-dev-single', [each])).results);
    expect(single.map((entry) => (entry.status === 'rejected' ? entry.code : entry.status))).toEqual([
      'applied',
      'applied',
      'counts.location_not_in_count',
      'applied',
      'catalog.sku_not_found',
      'applied',
    ]);
    const named = (value: unknown, order: { id: string; countNo: string }) =>
      JSON.parse(
        JSON.stringify(value)
          .replaceAll(order.id, 'ORDER')
          .replaceAll(order.countNo, 'COUNT_NO')
          .replace(/"at":"[^"]+"/g, '"at":""'),
      );
    const resultsOf = (results: typeof batch.results) =>
      results.map((entry) =>
        entry.status === 'rejected' ? { code: entry.code, params: entry.params } : entry,
      );
    expect(
      named(resultsOf(batch.results), together).map(
        ({ opId: _, seq: __, ...rest }: Record<string, unknown>) => rest,
      ),
    ).toEqual(
      named(resultsOf(single), alone).map(({ opId: _, seq: __, ...rest }: Record<string, unknown>) => rest),
    );
    const stateOf = async (order: { id: string; countNo: string }) => {
      const view = await detail(order.id);
      const { rows } = await world.database.ownerPool.query(
        `select location_id, status, round, ledger_position is not null as positioned, counted_by is not null as by
           from count_locations where count_order_id = $1 order by location_id`,
        [order.id],
      );
      return named(
        {
          status: view.status,
          countedLocations: view.countedLocations,
          lines: view.lines
            .map(({ id: _, ...line }) => line)
            .sort((x, y) => `${x.locationId}${x.skuId}`.localeCompare(`${y.locationId}${y.skuId}`)),
          locations: rows,
        },
        order,
      );
    };
    const fromBatch = await stateOf(together);
    expect(fromBatch).toEqual(await stateOf(alone));
    expect(fromBatch.lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          locationId: first,
          countedQuantity: 6,
          bookQuantity: 6,
          variance: 0,
          round: 2,
        }),
        expect.objectContaining({ locationId: second, countedQuantity: 2, bookQuantity: 2, movedSince: 3 }),
        expect.objectContaining({ locationId: third, countedQuantity: 1, bookQuantity: 0, state: 'pending' }),
      ]),
    );
  });

  it('takes reserved units only by releasing the orders, which then wait as problem orders', async () => {
    const shelf = locationOf(dg01, 'A-02-04');
    const skuId = await newSku('CNT-RESERVED', 5, shelf);
    const made = await asActor(world, agent, (tx) =>
      upsertMarketplaceOrder(tx, agent, {
        sellerId,
        platform: 'shopee',
        shopId: 'shop-1001',
        shopName: 'Demo Shopee TH',
        orderNo: 'CNT-ORDER-1',
        platformStatus: 'READYTOSHIP',
        warehouseId: dg01.id,
        buyerName: 'buyer_th',
        currency: 'THB',
        lines: [{ skuId, quantity: 4, unitPrice: 12_900, itemId: '2200001', variationId: '9100001' }],
      }),
    );
    await asActor(world, agent, (tx) => passReview(tx, agent, { ids: [made.id] }));
    expect(await balance(skuId)).toEqual({ available: 1, frozen: 4 });

    const count = await createCount({ warehouseId: dg01.id, type: 'product', skuIds: [skuId] });
    expect(
      outcomes(await push(asStaff, 'count-dev-1', [countOp(count.id, shelf, [{ skuId, quantity: 2 }])])),
    ).toEqual(['applied']);
    const counted = await detail(count.id);
    expect(counted.lines[0]).toMatchObject({ bookQuantity: 5, variance: -3 });
    const passed = await asManager('POST', '/api/stock/check/review', {
      id: count.id,
      lineIds: counted.lines.map((entry) => entry.id),
      decision: 'pass',
    });
    expect(passed.json().result).toMatchObject({ passed: 1, affectedOrders: 1 });
    expect(await balance(skuId)).toEqual({ available: 2, frozen: 0 });
    const { rows } = await world.database.ownerPool.query(
      `select o.open_exceptions, e.reason from orders o join order_exceptions e on e.order_id = o.id and e.resolved_at is null where o.id = $1`,
      [made.id],
    );
    expect(rows).toEqual([{ open_exceptions: 1, reason: 'out_of_stock' }]);
    expect(await ledgerMismatches(world)).toEqual([]);
  });
});

describe('an SKU on the book the worker did not count', () => {
  it('is reported as not counted, apart from one counted 0, and is never passed as a 0', async () => {
    const shelf = locationOf(dg01, 'B-01-04');
    const white = await newSku('CNT-EB-WHITE', 35, shelf);
    const black = await newSku('CNT-EB-BLACK', 5, shelf);
    const grey = await newSku('CNT-EB-GREY', 4, shelf);
    const count = await createCount({ warehouseId: dg01.id, type: 'location', locationIds: [shelf] });

    // The handheld's task names the SKUs the books have on the shelf, never how many.
    const tasks = await asStaff('GET', '/api/pda/counts');
    const task = (
      tasks.json().result as { id: string; locations: { locationId: string; expected: object[] }[] }[]
    ).find((entry) => entry.id === count.id);
    expect(task?.locations.find((entry) => entry.locationId === shelf)?.expected).toEqual([
      { skuId: black, sellerSku: 'CNT-EB-BLACK', name: expect.any(String) },
      { skuId: grey, sellerSku: 'CNT-EB-GREY', name: expect.any(String) },
      { skuId: white, sellerSku: 'CNT-EB-WHITE', name: expect.any(String) },
    ]);

    // None of CNT-EB-BLACK (confirmed), 4 of CNT-EB-GREY; CNT-EB-WHITE left out of the op.
    expect(
      outcomes(
        await push(asStaff, 'count-dev-1', [
          countOp(count.id, shelf, [
            { skuId: black, quantity: 0 },
            { skuId: grey, quantity: 4 },
          ]),
        ]),
      ),
    ).toEqual(['applied']);
    const counted = await detail(count.id);
    const line = (skuId: string) => counted.lines.find((entry) => entry.skuId === skuId);
    expect(line(white)).toMatchObject({
      isCounted: false,
      countedQuantity: null,
      bookQuantity: 35,
      variance: null,
      state: 'not_counted',
    });
    expect(line(black)).toMatchObject({
      isCounted: true,
      countedQuantity: 0,
      bookQuantity: 5,
      variance: -5,
      state: 'pending',
    });
    expect(line(grey)).toMatchObject({
      isCounted: true,
      countedQuantity: 4,
      variance: 0,
      state: 'no_variance',
    });
    expect(counted).toMatchObject({ uncountedLines: 1, checkQuantity: 4 });
    const listed = await asManager('GET', `/api/stock/check/list?countNo=${count.countNo}`);
    expect(listed.json().result.records[0]).toMatchObject({ uncountedLines: 1, pendingLines: 1 });

    // Not passed as a 0, nor the location's other variance while it is not counted in full.
    const before = await countTables();
    const asZero = await asManager('POST', '/api/stock/check/review', {
      id: count.id,
      lineIds: [line(white)?.id],
      decision: 'pass',
    });
    expect(asZero.statusCode).toBe(409);
    expect(asZero.json()).toMatchObject({ code: 'counts.line_not_counted' });
    expect(asZero.json().message).toContain('CNT-EB-WHITE');
    const partial = await asManager('POST', '/api/stock/check/review', {
      id: count.id,
      lineIds: [line(black)?.id],
      decision: 'pass',
    });
    expect(partial.statusCode).toBe(409);
    expect(partial.json()).toMatchObject({ code: 'counts.location_not_counted_in_full' });
    expect(await countTables()).toBe(before);
    expect(await onLocation(world, shelf, white)).toBe(35);

    // Rejected, the shelf is counted again: now every SKU is counted and the variances pass.
    const rejected = await asManager('POST', '/api/stock/check/review', {
      id: count.id,
      lineIds: [line(white)?.id],
      decision: 'reject',
    });
    expect(rejected.json().result).toMatchObject({ rejected: 1 });
    expect((await detail(count.id)).locations[0]?.status).toBe('recount');
    expect(
      outcomes(
        await push(asStaff, 'count-dev-1', [
          countOp(count.id, shelf, [
            { skuId: white, quantity: 33 },
            { skuId: black, quantity: 0 },
            { skuId: grey, quantity: 4 },
          ]),
        ]),
      ),
    ).toEqual(['applied']);
    const recounted = await detail(count.id);
    expect(recounted.uncountedLines).toBe(0);
    const pending = recounted.lines.filter((entry) => entry.state === 'pending');
    expect(pending.map((entry) => [entry.skuId, entry.variance])).toEqual(
      expect.arrayContaining([
        [white, -2],
        [black, -5],
      ]),
    );
    const passed = await asManager('POST', '/api/stock/check/review', {
      id: count.id,
      lineIds: pending.map((entry) => entry.id),
      decision: 'pass',
    });
    expect(passed.json().result).toMatchObject({ passed: 2 });
    expect(await onLocation(world, shelf, white)).toBe(33);
    expect(await onLocation(world, shelf, black)).toBe(0);
    expect(await ledgerMismatches(world)).toEqual([]);
  });

  it('lets the counted lines of a closed order pass, and leaves an SKU not counted uncorrected', async () => {
    const shelf = locationOf(dg01, 'B-01-03');
    const kept = await newSku('CNT-CLOSED-KEPT', 6, shelf);
    const short = await newSku('CNT-CLOSED-SHORT', 3, shelf);
    const count = await createCount({ warehouseId: dg01.id, type: 'location', locationIds: [shelf] });
    expect(
      outcomes(
        await push(asStaff, 'count-dev-1', [countOp(count.id, shelf, [{ skuId: short, quantity: 1 }])]),
      ),
    ).toEqual(['applied']);
    expect((await asManager('POST', '/api/stock/check/close', { id: count.id })).statusCode).toBe(200);
    const closed = await detail(count.id);
    const line = (skuId: string) => closed.lines.find((entry) => entry.skuId === skuId);
    expect(line(kept)).toMatchObject({ state: 'not_counted', countedQuantity: null });
    const passed = await asManager('POST', '/api/stock/check/review', {
      id: count.id,
      lineIds: [line(short)?.id],
      decision: 'pass',
    });
    expect(passed.json().result).toMatchObject({ passed: 1 });
    expect(await onLocation(world, shelf, short)).toBe(1);
    expect(await onLocation(world, shelf, kept)).toBe(6);
  });
});

describe('refusals', () => {
  it('refuses a location of another warehouse, and a count pushed after the order closed, changing nothing', async () => {
    const shelf = locationOf(dg01, 'A-02-05');
    const skuId = await newSku('CNT-REFUSE', 3, shelf);
    const count = await createCount(
      { warehouseId: dg01.id, type: 'location', locationIds: [shelf] },
      asAgent,
    );
    const before = await countTables();
    agentSeq += 1;
    const foreign = await push(asAgent, 'count-dev-agent', [
      op(agentSeq, 'count.location', {
        countOrderId: count.id,
        locationId: locationOf(bkk1, 'A-01-01'),
        countedAt: new Date().toISOString(),
        lines: [{ skuId, quantity: 1 }],
      }),
    ]);
    expect(outcomes(foreign)).toEqual(['counts.location_other_warehouse']);
    expect(await countTables()).toBe(before);

    const closed = await asManager('POST', '/api/stock/check/close', { id: count.id });
    expect(closed.statusCode).toBe(200);
    const afterClose = await countTables();
    const late = await push(asStaff, 'count-dev-1', [countOp(count.id, shelf, [{ skuId, quantity: 1 }])]);
    expect(outcomes(late)).toEqual(['counts.closed']);
    expect(await countTables()).toBe(afterClose);
    expect((await detail(count.id)).status).toBe('counted');

    // Through the API the refusal is translated.
    const again = await world.request({
      method: 'POST',
      url: '/api/stock/check/close',
      token: await world.login('waremanager'),
      payload: { id: count.id },
      headers: { 'accept-language': 'en-US' },
    });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ code: 'counts.closed' });
    expect(again.json().message).toContain(count.countNo);
    expect(again.json().message).toContain('closed');
  });

  it('lets only managers plan counts, and refuses a plan with nothing to count', async () => {
    const staff = await asStaff('POST', '/api/stock/check/add', { warehouseId: dg01.id, type: 'warehouse' });
    expect(staff.statusCode).toBe(403);
    const unknownSku = (await createProduct(world, sellerToken, ['CNT-NOWHERE'])).skus[0]?.id ?? '';
    const nothing = await asManager('POST', '/api/stock/check/add', {
      warehouseId: dg01.id,
      type: 'product',
      skuIds: [unknownSku],
    });
    expect(nothing.statusCode).toBe(422);
    expect(nothing.json().code).toBe('counts.nothing_to_count');
    const missingLocations = await asManager('POST', '/api/stock/check/add', {
      warehouseId: dg01.id,
      type: 'location',
    });
    expect(missingLocations.statusCode).toBe(400);
    const planned = await createCount({
      warehouseId: dg01.id,
      type: 'location',
      locationIds: [locationOf(dg01, 'B-01-03')],
    });
    const { rows: people } = await world.database.ownerPool.query(
      `select username, id from users where username in ('seller', 'warestaff') and tenant_id = (select id from tenants where agent_code = 'demo')`,
    );
    const idOf = (username: string) => people.find((person) => person.username === username)?.id;
    const toSeller = await asManager('POST', '/api/stock/check/assign', {
      id: planned.id,
      assigneeId: idOf('seller'),
    });
    expect(toSeller.statusCode).toBe(422);
    expect(toSeller.json().code).toBe('counts.assignee_invalid');
    const toWorker = await asManager('POST', '/api/stock/check/assign', {
      id: planned.id,
      assigneeId: idOf('warestaff'),
    });
    expect(toWorker.statusCode).toBe(200);
    expect(
      (await asManager('GET', `/api/stock/check/list?countNo=${planned.countNo}`)).json().result.records[0],
    ).toMatchObject({
      assigneeId: idOf('warestaff'),
    });
    const acme = callerFor(world, await world.login('acme-agent', { agentCode: 'acme' }));
    const outOfSight = await acme('POST', '/api/stock/check/add', {
      warehouseId: dg01.id,
      type: 'warehouse',
    });
    expect(outOfSight.statusCode).toBe(404);
  });
});

describe('GET /api/stock/check/sheet', () => {
  it('prints the chosen orders blind: locations and SKUs, no book quantity', async () => {
    const shelf = locationOf(dg01, 'B-01-02');
    await newSku('CNT-SHEET', 9173, shelf);
    const count = await createCount({ warehouseId: dg01.id, type: 'location', locationIds: [shelf] });
    const response = await world.request({
      method: 'GET',
      url: `/api/stock/check/sheet?ids=${count.id}&lang=en-US`,
      token: await world.login('warestaff'),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/pdf');
    const [page] = await pdfPageTexts(response.rawPayload);
    expect(page).toContain(count.countNo);
    expect(page).toContain('B-01-02');
    expect(page).toContain('CNT-SHEET');
    expect(page).toContain('By location');
    expect(page).not.toContain('9173');
    const none = await asManager('GET', '/api/stock/check/sheet?ids=');
    expect(none.statusCode).toBe(400);
  });
});
