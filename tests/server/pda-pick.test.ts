/**
 * Waves and picking: a wave is made from ready orders only, each order in one open
 * wave; pick ops move units from the shelf to the warehouse's staging location through the
 * ledger, each exactly once whatever is replayed; two devices picking one wave never pick a unit
 * twice; a pick racing a cancellation is refused or leaves its units booked on staging; a short
 * pick makes a problem order saying what is missing; the hand-over issues from staging; the
 * admin's "picked" is the same model. The ledger reconciles after each.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancelOrders } from '@server/modules/orders/index.js';
import { stagingLocation } from '@server/modules/warehouse/index.js';
import {
  callerFor,
  deviceKeyOf,
  op,
  outcomes,
  push,
  statuses,
  type Caller,
  type PushResult,
} from '../support/inbound-world.js';
import {
  balanceOf,
  makeWave,
  onStaging,
  pickedOf,
  pickWorld,
  readyOrder,
  stockedSku,
  type PickWorld,
} from '../support/pick-world.js';
import { actorFor, asActor, demoWarehouse, ledgerMismatches, locationOf } from '../support/stock-world.js';
import { createTestWorld, type TestWorld } from '../support/test-app.js';

let world: TestWorld;
let pw: PickWorld;
let staff: Caller;
let manager: Caller;
let device = 0;

beforeAll(async () => {
  world = await createTestWorld();
  const managerToken = await world.login('waremanager');
  pw = await pickWorld(world, await demoWarehouse(world, 'DG01'), {
    manager: await actorFor(world, 'waremanager'),
    managerToken,
    agent: await actorFor(world, 'agent'),
    sellerToken: await world.login('seller'),
  });
  staff = callerFor(world, await world.login('warestaff'));
  manager = callerFor(world, managerToken);
});
afterAll(() => world.close());

/** A device id of its own for each test, so seqs start at 1. */
const newDevice = () => `pick-dev-${(device += 1)}`;
const shelf = (code: string) => locationOf(pw.warehouse, code);

const take = (
  seq: number,
  wave: { id: string },
  order: { id: string; lineIds: string[] },
  locationCode: string,
  quantity = 1,
  line = 0,
) =>
  op(seq, 'pick.take', {
    waveId: wave.id,
    orderId: order.id,
    lineId: order.lineIds[line],
    locationId: shelf(locationCode),
    quantity,
  });

async function waveStatus(id: string): Promise<string> {
  const { rows } = await world.database.ownerPool.query('select status from waves where id = $1', [id]);
  return rows[0].status;
}

async function orderRow(id: string) {
  const { rows } = await world.database.ownerPool.query(
    'select local_status, warehouse_status, is_picked, open_exceptions from orders where id = $1',
    [id],
  );
  return rows[0];
}

describe('waves', () => {
  it('makes a wave of chosen ready orders, refuses one not ready and an order already in an open wave', async () => {
    const sku = await stockedSku(pw, 'PK-W1', { 'A-01-01': 10 });
    const first = await readyOrder(pw, [{ skuId: sku, quantity: 1 }]);
    const second = await readyOrder(pw, [{ skuId: sku, quantity: 2 }]);
    const wave = await makeWave(pw, { orderIds: [first.id, second.id] });
    expect(wave).toMatchObject({ orderCount: 2, waveNo: expect.stringMatching(/^WV\d{8}-\d{4}$/) });

    const again = await manager('POST', '/api/wave/add', {
      warehouseId: pw.warehouse.id,
      orderIds: [first.id],
    });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ code: 'wave.order_not_ready' });

    const list = await manager('GET', `/api/wave/list?pageNo=1&pageSize=50&waveNo=${wave.waveNo}`);
    expect(list.json().result.records).toEqual([
      expect.objectContaining({ id: wave.id, status: 'open', orderCount: 2, units: 3, pickedUnits: 0 }),
    ]);
    const detail = await manager('GET', `/api/wave/detail?id=${wave.id}`);
    expect(detail.json().result.orders.map((order: { orderNo: string }) => order.orderNo)).toEqual([
      first.orderNo,
      second.orderNo,
    ]);
    const sheet = await manager('GET', `/api/wave/pickList?id=${wave.id}`);
    expect(sheet.statusCode).toBe(200);
    expect(sheet.headers['content-type']).toBe('application/pdf');
  });

  it('makes a wave by criteria, oldest ship-by first, at most maxOrders, skipping orders in a wave', async () => {
    const sku = await stockedSku(pw, 'PK-W2', { 'A-01-02': 10 });
    const multi = await stockedSku(pw, 'PK-W2B', { 'A-01-03': 10 });
    const late = await readyOrder(pw, [{ skuId: sku, quantity: 1 }], { shipBy: '2030-01-03T00:00:00Z' });
    const early = await readyOrder(pw, [{ skuId: sku, quantity: 1 }], { shipBy: '2030-01-01T00:00:00Z' });
    const mixed = await readyOrder(pw, [
      { skuId: sku, quantity: 1 },
      { skuId: multi, quantity: 1 },
    ]);
    const wave = await makeWave(pw, { parcelType: 'multi', maxOrders: 50 });
    const detail = (await manager('GET', `/api/wave/detail?id=${wave.id}`)).json().result;
    const numbers = detail.orders.map((order: { orderNo: string }) => order.orderNo);
    expect(numbers).toContain(mixed.orderNo);
    expect(numbers).not.toContain(early.orderNo);
    const singles = await makeWave(pw, { parcelType: 'single_single', maxOrders: 1 });
    expect(singles.orderCount).toBe(1);
    const { rows } = await world.database.ownerPool.query(
      'select order_id from wave_orders where wave_id = $1',
      [singles.id],
    );
    // The earliest ship-by of the ready single-unit orders (others from earlier tests may be older).
    expect(rows.map((row) => row.order_id)).not.toContain(late.id);
    const none = await manager('POST', '/api/wave/add', {
      warehouseId: pw.warehouse.id,
      shopId: 'no-such-shop',
    });
    expect(none.json()).toMatchObject({ code: 'wave.no_ready_orders' });
  });
});

describe('pick ops', () => {
  it('moves each unit from the shelf to staging once, replays are duplicates, and the hand-over issues from staging', async () => {
    const sku = await stockedSku(pw, 'PK-P1', { 'A-01-04': 3, 'A-01-05': 5 });
    const order = await readyOrder(pw, [{ skuId: sku, quantity: 4 }]);
    const wave = await makeWave(pw, { orderIds: [order.id] });
    const dev = newDevice();
    const ops = [
      op(1, 'pick.claim', { waveId: wave.id }),
      take(2, wave, order, 'A-01-04', 1),
      take(3, wave, order, 'A-01-04', 2),
      take(4, wave, order, 'A-01-05', 1),
    ];
    expect(statuses(await push(staff, dev, ops))).toEqual(['applied', 'applied', 'applied', 'applied']);
    expect(statuses(await push(staff, dev, ops))).toEqual([
      'duplicate',
      'duplicate',
      'duplicate',
      'duplicate',
    ]);
    expect(await pickedOf(pw, order.id)).toEqual({ [order.lineIds[0] ?? '']: 4 });
    expect(await onStaging(pw, sku)).toBe(4);
    const { rows: shelves } = await world.database.ownerPool.query(
      `select l.code, s.quantity from location_stock s join warehouse_locations l on l.id = s.location_id
       where s.sku_id = $1 order by l.code`,
      [sku],
    );
    expect(shelves).toEqual([
      { code: 'A-01-04', quantity: 0 },
      { code: 'A-01-05', quantity: 4 },
      { code: 'PICKED', quantity: 4 },
    ]);
    // The reservation stays: a move changes no bucket.
    expect(await balanceOf(pw, sku)).toEqual({ available: 4, frozen: 4 });
    expect(await orderRow(order.id)).toMatchObject({ warehouse_status: 'picked', is_picked: true });
    expect(await waveStatus(wave.id)).toBe('picked');
    const detail = (await manager('GET', `/api/wave/detail?id=${wave.id}`)).json().result;
    expect(detail).toMatchObject({
      status: 'picked',
      pickedUnits: 4,
      units: 4,
      pickerName: expect.any(String),
    });
    expect(detail.pickerName).not.toBe('');

    // Packed, printed and handed over: the units leave from staging, once.
    for (const [url, body] of [
      ['/api/outbound/packed', { orderIds: [order.id] }],
      ['/api/waybill/printed', { orderIds: [order.id], isPrinted: true }],
      ['/api/outbound/delivered', { orderIds: [order.id] }],
    ] as const) {
      const reply = await manager('POST', url, body);
      expect(reply.statusCode, reply.body).toBe(200);
    }
    expect(await onStaging(pw, sku)).toBe(0);
    expect(await balanceOf(pw, sku)).toEqual({ available: 4, frozen: 0 });
    expect(await orderRow(order.id)).toMatchObject({
      local_status: 'shipped',
      warehouse_status: 'delivered',
    });
    expect(await ledgerMismatches(world)).toEqual([]);
  });

  it('refuses too many, a line of another order, an order outside the wave, staging and an empty shelf, changing nothing', async () => {
    const sku = await stockedSku(pw, 'PK-P2', { 'A-02-01': 2 });
    const order = await readyOrder(pw, [{ skuId: sku, quantity: 2 }]);
    const outside = await readyOrder(pw, [{ skuId: sku, quantity: 0 + 1 }]);
    const wave = await makeWave(pw, { orderIds: [order.id] });
    const staging = await asActor(world, pw.manager, (tx) => stagingLocation(tx, pw.warehouse.id));
    const dev = newDevice();
    const reply = await push(staff, dev, [
      take(1, wave, order, 'A-02-01', 3),
      op(2, 'pick.take', {
        waveId: wave.id,
        orderId: order.id,
        lineId: outside.lineIds[0],
        locationId: shelf('A-02-01'),
        quantity: 1,
      }),
      take(3, wave, outside, 'A-02-01', 1),
      op(4, 'pick.take', {
        waveId: wave.id,
        orderId: order.id,
        lineId: order.lineIds[0],
        locationId: staging,
        quantity: 1,
      }),
      take(5, wave, order, 'A-02-02', 1),
      op(6, 'pick.take', { waveId: wave.id, orderId: order.id, quantity: 1 }),
    ]);
    expect(outcomes(reply)).toEqual([
      'pick.too_many',
      'pick.line_not_in_order',
      'pick.order_not_in_wave',
      'pick.location_is_staging',
      'inventory.insufficient_location_stock',
      'common.validation',
    ]);
    expect(await pickedOf(pw, order.id)).toEqual({});
    expect(await orderRow(order.id)).toMatchObject({ warehouse_status: 'none' });
    expect(await waveStatus(wave.id)).toBe('open');
    expect(await ledgerMismatches(world)).toEqual([]);
  });

  it('records a short pick with its reason: the order is a problem order naming what is missing, the wave ends short', async () => {
    const sku = await stockedSku(pw, 'PK-S1', { 'A-02-03': 3 });
    const order = await readyOrder(pw, [{ skuId: sku, quantity: 3 }]);
    const wave = await makeWave(pw, { orderIds: [order.id] });
    const dev = newDevice();
    const reply = await push(staff, dev, [
      take(1, wave, order, 'A-02-03', 1),
      op(2, 'pick.short', {
        waveId: wave.id,
        orderId: order.id,
        lineId: order.lineIds[0],
        locationId: shelf('A-02-03'),
        quantity: 3,
        reason: 'not_found',
      }),
      op(3, 'pick.short', {
        waveId: wave.id,
        orderId: order.id,
        lineId: order.lineIds[0],
        locationId: shelf('A-02-03'),
        quantity: 2,
        reason: 'damaged',
      }),
    ]);
    expect(outcomes(reply)).toEqual(['applied', 'pick.too_many', 'applied']);
    expect(await orderRow(order.id)).toMatchObject({ warehouse_status: 'picking', open_exceptions: 1 });
    const { rows } = await world.database.ownerPool.query(
      `select reason, note, shortages from order_exceptions where order_id = $1 and resolved_at is null`,
      [order.id],
    );
    expect(rows).toEqual([
      {
        reason: 'short_pick',
        note: 'PK-S1 ×2 (damaged)',
        shortages: [{ skuId: sku, sellerSku: 'PK-S1', needed: 3, available: 1 }],
      },
    ]);
    expect(await waveStatus(wave.id)).toBe('short');
    const detail = (await manager('GET', `/api/wave/detail?id=${wave.id}`)).json().result;
    expect(detail.shortages).toEqual([
      expect.objectContaining({
        sellerSku: 'PK-S1',
        quantity: 2,
        reason: 'damaged',
        locationCode: 'A-02-03',
      }),
    ]);
    // The short units stay booked on their shelf; the picked one is on staging, still reserved.
    expect(await onStaging(pw, sku)).toBe(1);
    expect(await balanceOf(pw, sku)).toEqual({ available: 0, frozen: 3 });
    const closed = await push(staff, dev, [take(4, wave, order, 'A-02-03', 1)]);
    expect(outcomes(closed)).toEqual(['pick.wave_closed']);
    expect(await ledgerMismatches(world)).toEqual([]);
  });

  it('picks a short-picked order again in a new wave for what is still missing, once its problem is put back', async () => {
    const sku = await stockedSku(pw, 'PK-S2', { 'A-02-04': 4 });
    const order = await readyOrder(pw, [{ skuId: sku, quantity: 4 }]);
    const other = await readyOrder(pw, [{ skuId: sku, quantity: 0 + 1 }], {});
    const wave = await makeWave(pw, { orderIds: [order.id] });
    const dev = newDevice();
    const short = op(2, 'pick.short', {
      waveId: wave.id,
      orderId: order.id,
      lineId: order.lineIds[0],
      locationId: shelf('A-02-04'),
      quantity: 3,
      reason: 'not_found',
    });
    expect(outcomes(await push(staff, dev, [take(1, wave, order, 'A-02-04', 1), short]))).toEqual([
      'applied',
      'applied',
    ]);
    // Not ready while its problem is open; an order that is not short is refused, changing nothing.
    const early = await manager('POST', '/api/wave/add', {
      warehouseId: pw.warehouse.id,
      orderIds: [order.id],
    });
    expect(early.json()).toMatchObject({ code: 'wave.order_not_ready' });
    const notShort = await manager('POST', '/api/wave/repick', { orderIds: [order.id, other.id] });
    expect(notShort.statusCode).toBe(409);
    expect(notShort.json()).toMatchObject({ code: 'wave.not_short', params: { orderNo: other.orderNo } });
    expect(await orderRow(order.id)).toMatchObject({ open_exceptions: 1 });
    // A seller sees its orders but runs no wave: refused, whatever the order.
    const seller = callerFor(world, pw.sellerToken);
    expect((await seller('POST', '/api/wave/repick', { orderIds: [order.id] })).statusCode).toBe(403);

    const repicked = await manager('POST', '/api/wave/repick', { orderIds: [order.id] });
    expect(repicked.statusCode, repicked.body).toBe(200);
    expect(repicked.json().result).toEqual({ count: 1 });
    expect(await orderRow(order.id)).toMatchObject({ warehouse_status: 'picking', open_exceptions: 0 });
    const again = await makeWave(pw, { orderIds: [order.id] });
    // The new wave asks for the three units still missing; the first wave keeps its shortage.
    const waves = (await staff('GET', `/api/pda/waves?warehouseId=${pw.warehouse.id}`)).json().result;
    const line = waves.waves.find((entry: { id: string }) => entry.id === again.id)?.orders[0]?.lines[0];
    expect(line).toMatchObject({ quantity: 4, picked: 1, short: 0 });
    const reply = await push(staff, dev, [take(3, again, order, 'A-02-04', 3)]);
    expect(outcomes(reply)).toEqual(['applied']);
    expect(await orderRow(order.id)).toMatchObject({ warehouse_status: 'picked', is_picked: true });
    expect(await waveStatus(again.id)).toBe('picked');
    expect(await waveStatus(wave.id)).toBe('short');
    expect((await manager('GET', `/api/wave/detail?id=${wave.id}`)).json().result.shortUnits).toBe(3);
    expect(await onStaging(pw, sku)).toBe(4);
    expect(await ledgerMismatches(world)).toEqual([]);
  });

  it('applies consecutive pick scans together exactly as one push per scan would', async () => {
    const first = await stockedSku(pw, 'PK-B1', { 'A-01-01': 20 });
    const second = await stockedSku(pw, 'PK-B2', { 'A-01-02': 20 });
    const twoOrders = async () => {
      const orders = [];
      for (let index = 0; index < 2; index += 1)
        orders.push(
          await readyOrder(pw, [
            { skuId: first, quantity: 3 },
            { skuId: second, quantity: 1 },
          ]),
        );
      return { wave: await makeWave(pw, { orderIds: orders.map((order) => order.id) }), orders };
    };
    const [together, alone] = [await twoOrders(), await twoOrders()];
    // Scans that finish a line, refuse too many in the middle of a run, refuse an empty shelf,
    // finish one order then the other (the wave ends picked), and one scan after it closed.
    const scansOf = ({ wave, orders: [a, b] }: Awaited<ReturnType<typeof twoOrders>>) => {
      if (!a || !b) throw new Error('two orders expected');
      return [
        take(1, wave, a, 'A-01-01', 2),
        take(2, wave, a, 'A-01-01', 1),
        take(3, wave, b, 'A-01-01', 2),
        take(4, wave, a, 'A-01-02', 2, 1),
        take(5, wave, a, 'A-01-02', 1, 1),
        take(6, wave, b, 'A-01-03', 1),
        take(7, wave, b, 'A-01-01', 1),
        take(8, wave, b, 'A-01-02', 1, 1),
        take(9, wave, b, 'A-01-02', 1, 1),
      ];
    };
    const batch = await push(staff, newDevice(), scansOf(together));
    const single = [];
    const oneByOne = newDevice();
    for (const scan of scansOf(alone)) single.push(...(await push(manager, oneByOne, [scan])).results);
    expect(single.map((entry) => (entry.status === 'rejected' ? entry.code : entry.status))).toEqual([
      'applied',
      'applied',
      'applied',
      'pick.too_many',
      'applied',
      'inventory.insufficient_location_stock',
      'applied',
      'applied',
      'pick.wave_closed',
    ]);
    // Each world's ids (and order numbers) named by role, so the two can be compared.
    const names = (made: Awaited<ReturnType<typeof twoOrders>>) =>
      new Map<string, string>([
        [made.wave.id, 'WAVE'],
        [made.wave.waveNo, 'WAVE_NO'],
        ...made.orders.flatMap((order, index) => [
          [order.id, `ORDER${index}`] as [string, string],
          [order.orderNo, `ORDER_NO${index}`] as [string, string],
          ...order.lineIds.map((id, line) => [id, `LINE${index}.${line}`] as [string, string]),
        ]),
      ]);
    const strip = (value: unknown, made: Awaited<ReturnType<typeof twoOrders>>) => {
      let text = JSON.stringify(value);
      for (const [id, name] of names(made)) text = text.replaceAll(id, name);
      return JSON.parse(text.replace(/"at":"[^"]+"/g, '"at":""'));
    };
    const outcomesOf = (results: PushResult['results']) =>
      results.map((entry) =>
        entry.status === 'rejected'
          ? { code: entry.code, params: entry.params }
          : entry.status === 'applied'
            ? entry.effect
            : entry.status,
      );
    expect(strip(outcomesOf(batch.results), together)).toEqual(strip(outcomesOf(single), alone));

    const pool = world.database.ownerPool;
    const stateOf = async (made: Awaited<ReturnType<typeof twoOrders>>) => {
      const ids = made.orders.map((order) => order.id);
      const heads = await pool.query(
        `select o.id, o.warehouse_status, o.is_picked, w.state from orders o
           join wave_orders w on w.order_id = o.id and w.wave_id = $2 where o.id = any($1)`,
        [ids, made.wave.id],
      );
      const picks = await pool.query(
        'select order_id, line_id, quantity from order_picks where order_id = any($1)',
        [ids],
      );
      const history = await pool.query(
        `select order_id, field, from_status, to_status from order_status_history
           where order_id = any($1) and field = 'warehouse' order by created_at, id`,
        [ids],
      );
      const movements = await pool.query(
        `select m.source_id, m.kind, m.sku_id, m.quantity, m.from_location_id, m.to_location_id
           from stock_movements m where m.source_type = 'order' and m.source_id = any($1) and m.kind = 'move'
           order by m.id`,
        [ids],
      );
      const wave = await pool.query(
        'select status, picker_id is not null as taken from waves where id = $1',
        [made.wave.id],
      );
      // Named first, then sorted by name: the two worlds' ids sort differently.
      const sorted = (rows: unknown[]) =>
        (strip(rows, made) as unknown[]).sort((x, y) => JSON.stringify(x).localeCompare(JSON.stringify(y)));
      return {
        heads: sorted(heads.rows),
        picks: sorted(picks.rows),
        history: sorted(history.rows),
        movements: strip(movements.rows, made),
        wave: wave.rows,
      };
    };
    const [fromBatch, fromSingles] = [await stateOf(together), await stateOf(alone)];
    expect(fromBatch).toEqual(fromSingles);
    expect(fromBatch.movements).toHaveLength(6);
    expect(fromBatch.wave).toEqual([{ status: 'picked', taken: true }]);
    expect(await ledgerMismatches(world)).toEqual([]);
  });

  it('two devices picking the same wave at once never pick a unit twice', async () => {
    const sku = await stockedSku(pw, 'PK-C1', { 'A-02-04': 20 });
    const orders = await Promise.all([1, 2, 3].map(() => readyOrder(pw, [{ skuId: sku, quantity: 2 }])));
    const wave = await makeWave(pw, { orderIds: orders.map((order) => order.id) });
    // Both devices try to pick every unit of every order, one unit a scan.
    const opsFor = () =>
      orders
        .flatMap((order, index) => [
          take(index * 2 + 1, wave, order, 'A-02-04', 1),
          take(index * 2 + 2, wave, order, 'A-02-04', 1),
          // a third unit of a line of two
        ])
        .concat(orders.map((order, index) => take(7 + index, wave, order, 'A-02-04', 1)));
    // One op a push, the two devices side by side, so their ops interleave on the server.
    const oneByOne = async (ops: ReturnType<typeof opsFor>) => {
      const deviceId = newDevice();
      const seen: string[] = [];
      for (const each of ops) seen.push(...outcomes(await push(staff, deviceId, [each])));
      return seen;
    };
    const [one, two] = await Promise.all([oneByOne(opsFor()), oneByOne(opsFor())]);
    const all = [...one, ...two];
    expect(all.filter((outcome) => outcome === 'applied')).toHaveLength(6);
    for (const outcome of all.filter((item) => item !== 'applied'))
      expect(['pick.too_many', 'pick.order_not_pickable', 'pick.wave_closed']).toContain(outcome);
    for (const order of orders) expect(await pickedOf(pw, order.id)).toEqual({ [order.lineIds[0] ?? '']: 2 });
    expect(await onStaging(pw, sku)).toBe(6);
    expect(await waveStatus(wave.id)).toBe('picked');
    expect(await ledgerMismatches(world)).toEqual([]);
  });

  it('a pick after a cancellation is refused; units picked before it stay on staging, no longer reserved', async () => {
    const sku = await stockedSku(pw, 'PK-X1', { 'A-02-05': 4 });
    const order = await readyOrder(pw, [{ skuId: sku, quantity: 3 }]);
    const wave = await makeWave(pw, { orderIds: [order.id] });
    const dev = newDevice();
    expect(outcomes(await push(staff, dev, [take(1, wave, order, 'A-02-05', 1)]))).toEqual(['applied']);
    await asActor(world, pw.agent, (tx) => cancelOrders(tx, pw.agent, { ids: [order.id], reason: 'buyer' }));
    const after = await push(staff, dev, [take(2, wave, order, 'A-02-05', 1)]);
    expect(outcomes(after)).toEqual(['pick.order_cancelled']);
    expect(after.results[0]).toMatchObject({ params: { orderNo: order.orderNo } });
    expect(await onStaging(pw, sku)).toBe(1);
    expect(await balanceOf(pw, sku)).toEqual({ available: 4, frozen: 0 });
    // The open waves the handheld fetches show the order cancelled.
    const waves = (await staff('GET', `/api/pda/waves?warehouseId=${pw.warehouse.id}`)).json().result.waves;
    const fetched = waves.find((item: { id: string }) => item.id === wave.id);
    expect(fetched?.orders[0]?.state ?? 'gone').toMatch(/^(cancelled|gone)$/);
    expect(await ledgerMismatches(world)).toEqual([]);
  });

  it('a pick racing a cancellation: either the pick applies first or it is refused; the ledger reconciles either way', async () => {
    const sku = await stockedSku(pw, 'PK-X2', { 'B-01-01': 10 });
    const races = await Promise.all([1, 2, 3, 4].map(() => readyOrder(pw, [{ skuId: sku, quantity: 2 }])));
    const wave = await makeWave(pw, { orderIds: races.map((order) => order.id) });
    const results = await Promise.all(
      races.map((order) =>
        Promise.all([
          push(staff, newDevice(), [take(1, wave, order, 'B-01-01', 2)]),
          asActor(world, pw.agent, (tx) => cancelOrders(tx, pw.agent, { ids: [order.id], reason: 'race' })),
        ]),
      ),
    );
    let picked = 0;
    for (const [reply] of results) {
      const [outcome] = outcomes(reply);
      expect(['applied', 'pick.order_cancelled']).toContain(outcome);
      if (outcome === 'applied') picked += 2;
    }
    for (const order of races) expect(await orderRow(order.id)).toMatchObject({ local_status: 'cancelled' });
    expect(await onStaging(pw, sku)).toBe(picked);
    expect(await balanceOf(pw, sku)).toEqual({ available: 10, frozen: 0 });
    expect(await ledgerMismatches(world)).toEqual([]);
  });

  it('answers the open waves with orders, lines, SKUs with barcodes, shelves in code order and the device seq', async () => {
    const sku = await stockedSku(pw, 'PK-R1', { 'B-01-03': 1, 'B-01-02': 2 });
    const order = await readyOrder(pw, [{ skuId: sku, quantity: 2 }]);
    const wave = await makeWave(pw, { orderIds: [order.id] });
    const dev = newDevice();
    await push(staff, dev, [op(1, 'pick.claim', { waveId: wave.id })]);
    const wavesOf = (deviceId: string, key?: string) =>
      staff(
        'GET',
        `/api/pda/waves?warehouseId=${pw.warehouse.id}&deviceId=${deviceId}`,
        undefined,
        key === undefined ? {} : { 'x-device-key': key },
      );
    // A device's seq is told only with its key: not without one, not with another device's.
    const other = newDevice();
    await push(staff, other, [op(1, 'pick.claim', { waveId: wave.id })]);
    for (const refused of [await wavesOf(dev), await wavesOf(dev, await deviceKeyOf(staff, other))]) {
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('pda.device_unknown');
    }
    const reply = await wavesOf(dev, await deviceKeyOf(staff, dev));
    expect(reply.statusCode).toBe(200);
    const { waves, lastProcessedSeq } = reply.json().result;
    expect(lastProcessedSeq).toBe(1);
    const fetched = waves.find((item: { id: string }) => item.id === wave.id);
    expect(fetched).toMatchObject({
      status: 'picking',
      orders: [
        {
          id: order.id,
          state: 'open',
          lines: [{ id: order.lineIds[0], skuId: sku, quantity: 2, picked: 0 }],
        },
      ],
      skus: [{ id: sku, sellerSku: 'PK-R1', barcodes: expect.any(Array) }],
      stock: [
        { code: 'B-01-02', skuId: sku, quantity: 2 },
        { code: 'B-01-03', skuId: sku, quantity: 1 },
      ],
    });
    const seller = callerFor(world, pw.sellerToken);
    expect((await seller('GET', `/api/pda/waves?warehouseId=${pw.warehouse.id}`)).statusCode).toBe(403);
    expect((await seller('GET', '/api/wave/list?pageNo=1&pageSize=10')).statusCode).toBe(403);
  });

  it("the admin's picked uses the same model: units to staging, and the order's wave learns it", async () => {
    const sku = await stockedSku(pw, 'PK-A1', { 'B-01-04': 1, 'A-01-01': 2 });
    const order = await readyOrder(pw, [{ skuId: sku, quantity: 3 }]);
    const wave = await makeWave(pw, { orderIds: [order.id] });
    const reply = await manager('POST', '/api/outbound/picked', { orderIds: [order.id] });
    expect(reply.json().result).toEqual({ succeeded: 1, failed: [] });
    expect(await onStaging(pw, sku)).toBe(3);
    const { rows } = await world.database.ownerPool.query(
      `select f.code as "from", t.code as "to", m.quantity from stock_movements m
       join warehouse_locations f on f.id = m.from_location_id join warehouse_locations t on t.id = m.to_location_id
       where m.sku_id = $1 and m.kind = 'move' order by f.code`,
      [sku],
    );
    expect(rows).toEqual([
      { from: 'A-01-01', to: 'PICKED', quantity: 2 },
      { from: 'B-01-04', to: 'PICKED', quantity: 1 },
    ]);
    expect(await waveStatus(wave.id)).toBe('picked');
    expect(await ledgerMismatches(world)).toEqual([]);
  });
});
