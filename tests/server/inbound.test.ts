/**
 * Inbound orders from the admin: a seller makes an order with boxes, the warehouse receives
 * boxes whole or SKU by SKU onto the receiving area, reports what is wrong, shelves through the
 * ledger, and the status follows. Refusals change nothing; sellers and warehouses stay apart.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  boxId,
  callerFor,
  inboundCounts,
  makeOrder,
  onLocation,
  photoKeyFor,
  sellerSkus,
  type Caller,
} from '../support/inbound-world.js';
import { demoWarehouse, ledgerMismatches, locationOf, type DemoWarehouse } from '../support/stock-world.js';
import { createTestWorld, type TestWorld } from '../support/test-app.js';

let world: TestWorld;
let seller: Caller;
let seller2: Caller;
let staff: Caller;
let manager: Caller;
let dg01: DemoWarehouse;
let bkk1: DemoWarehouse;
let skus: Record<string, string>;
let otherSellerSku: string;

beforeAll(async () => {
  world = await createTestWorld();
  const sellerToken = await world.login('seller');
  seller = callerFor(world, sellerToken);
  seller2 = callerFor(world, await world.login('seller2'));
  staff = callerFor(world, await world.login('warestaff'));
  manager = callerFor(world, await world.login('waremanager'));
  dg01 = await demoWarehouse(world, 'DG01');
  bkk1 = await demoWarehouse(world, 'BKK1');
  skus = await sellerSkus(world, sellerToken, ['IN-A', 'IN-B', 'IN-C']);
  otherSellerSku = Object.values(await sellerSkus(world, await world.login('seller2'), ['OTHER-1']))[0] ?? '';
});
afterAll(() => world.close());

const sku = (code: string) => skus[code] ?? '';

describe('POST /api/inbound/order/add', () => {
  it('makes an order with an inbound number and its boxes', async () => {
    const order = await makeOrder(seller, dg01.id, [
      { boxNo: 'B1', lines: [{ skuId: sku('IN-A'), shipQuantity: 5 }] },
      { boxNo: 'B2', lines: [{ skuId: sku('IN-B'), shipQuantity: 3 }] },
    ]);
    expect(order.inboundNo).toMatch(/^IN\d{12}$/);
    expect(order.boxes.map((box) => box.boxNo)).toEqual(['B1', 'B2']);
    const detail = (await seller('GET', `/api/inbound/order/detail?id=${order.id}`)).json().result;
    expect(detail).toMatchObject({
      status: 'pending',
      boxCount: 2,
      shipQuantity: 8,
      receivingLocationCode: 'RCV-01',
    });
  });

  it('lets seller staff make an order for their seller', async () => {
    const sellerStaff = callerFor(world, await world.login('sellerstaff'));
    const order = await makeOrder(sellerStaff, dg01.id, [
      { boxNo: 'S1', lines: [{ skuId: sku('IN-A'), shipQuantity: 2 }] },
    ]);
    const detail = (await seller('GET', `/api/inbound/order/detail?id=${order.id}`)).json().result;
    expect(detail).toMatchObject({ status: 'pending', sellerName: expect.any(String), shipQuantity: 2 });
  });

  it('refuses an order without a warehouse, in the spec’s words', async () => {
    const before = await inboundCounts(world);
    const response = await seller(
      'POST',
      '/api/inbound/order/add',
      {
        warehouseId: '',
        transportMode: 'air',
        boxes: [{ boxNo: 'X', lines: [{ skuId: sku('IN-A'), shipQuantity: 1 }] }],
      },
      { 'x-lang': 'en-US' },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'inbound.warehouse_required',
      message: 'The warehousing warehouse cannot be empty',
    });
    expect(await inboundCounts(world)).toEqual(before);
  });

  it('refuses another seller’s SKU, a repeated box number, and warehouse staff', async () => {
    const before = await inboundCounts(world);
    const foreign = await seller('POST', '/api/inbound/order/add', {
      warehouseId: dg01.id,
      transportMode: 'land',
      boxes: [{ boxNo: 'X', lines: [{ skuId: otherSellerSku, shipQuantity: 1 }] }],
    });
    expect(foreign.json()).toMatchObject({ code: 'inbound.sku_not_found' });
    const repeated = await seller('POST', '/api/inbound/order/add', {
      warehouseId: dg01.id,
      transportMode: 'land',
      boxes: [
        { boxNo: 'X', lines: [{ skuId: sku('IN-A'), shipQuantity: 1 }] },
        { boxNo: 'X', lines: [{ skuId: sku('IN-B'), shipQuantity: 1 }] },
      ],
    });
    expect(repeated.json()).toMatchObject({ code: 'inbound.box_no_duplicate', params: { boxNo: 'X' } });
    const byStaff = await staff('POST', '/api/inbound/order/add', {
      warehouseId: dg01.id,
      transportMode: 'land',
      boxes: [{ boxNo: 'X', lines: [{ skuId: sku('IN-A'), shipQuantity: 1 }] }],
    });
    expect(byStaff.statusCode).toBe(403);
    expect(await inboundCounts(world)).toEqual(before);
  });
});

describe('receiving and shelving', () => {
  it('follows pending → partial → received → stored as goods arrive and are shelved, a damaged unit held apart', async () => {
    const order = await makeOrder(seller, dg01.id, [
      {
        boxNo: 'C1',
        lines: [
          { skuId: sku('IN-A'), shipQuantity: 4 },
          { skuId: sku('IN-B'), shipQuantity: 2 },
        ],
      },
      { boxNo: 'C2', lines: [{ skuId: sku('IN-C'), shipQuantity: 6 }] },
    ]);
    const rcv = locationOf(dg01, 'RCV-01');
    const shelf = locationOf(dg01, 'A-01-03');
    const onReceivingBefore = await onLocation(world, rcv, sku('IN-C'));

    const bySku = await staff('POST', '/api/inbound/order/receive', {
      inboundOrderId: order.id,
      boxId: boxId(order, 'C2'),
      skuId: sku('IN-C'),
      quantity: 6,
    });
    expect(bySku.json().result).toMatchObject({ status: 'partial', quantity: 6 });
    expect(await onLocation(world, rcv, sku('IN-C'))).toBe(onReceivingBefore + 6);

    const whole = await staff('POST', '/api/inbound/order/receive', {
      inboundOrderId: order.id,
      boxId: boxId(order, 'C1'),
    });
    expect(whole.json().result).toMatchObject({ status: 'received', quantity: 6 });

    const shelved = await staff('POST', '/api/inbound/order/shelve', {
      inboundOrderId: order.id,
      skuId: sku('IN-C'),
      locationId: shelf,
      quantity: 4,
    });
    expect(shelved.json().result).toMatchObject({ status: 'received', quantity: 4 });

    const photo = await photoKeyFor(world, order);
    const balanceOf = async (code: string) =>
      (
        await world.database.ownerPool.query<{ available: number; frozen: number }>(
          'select available, frozen from stock_balances where warehouse_id = $1 and sku_id = $2',
          [dg01.id, sku(code)],
        )
      ).rows[0];
    const beforeDamage = await balanceOf('IN-A');
    const damaged = await staff('POST', '/api/inbound/order/discrepancy', {
      inboundOrderId: order.id,
      boxId: boxId(order, 'C1'),
      skuId: sku('IN-A'),
      kind: 'damaged',
      quantity: 1,
      reason: 'Crushed corner',
      photos: [photo],
    });
    // The status still says how far the goods got; the damaged unit (one of the four received)
    // is no longer sellable: frozen, with the reason in the ledger.
    expect(damaged.json().result).toMatchObject({ status: 'received' });
    expect(await balanceOf('IN-A')).toEqual({
      available: (beforeDamage?.available ?? 0) - 1,
      frozen: (beforeDamage?.frozen ?? 0) + 1,
    });
    const held = await world.database.ownerPool.query(
      `select kind, quantity, reason from stock_movements where source_id = $1 and sku_id = $2 and kind = 'freeze'`,
      [order.id, sku('IN-A')],
    );
    expect(held.rows).toEqual([{ kind: 'freeze', quantity: 1, reason: 'Crushed corner' }]);
    const list = await manager('GET', '/api/inbound/order/list?status=abnormal&pageSize=50');
    expect(list.json().result.records.map((row: { id: string }) => row.id)).toContain(order.id);

    for (const [code, quantity] of [
      ['IN-A', 4],
      ['IN-B', 2],
      ['IN-C', 2],
    ] as const) {
      const response = await staff('POST', '/api/inbound/order/shelve', {
        inboundOrderId: order.id,
        skuId: sku(code),
        locationId: shelf,
        quantity,
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    const detail = (await manager('GET', `/api/inbound/order/detail?id=${order.id}`)).json().result;
    expect(detail).toMatchObject({
      status: 'stored',
      abnormalReason: 'Crushed corner',
      receivedQuantity: 12,
      shelvedQuantity: 12,
    });
    expect(detail.boxes[0].lines.find((line: { skuId: string }) => line.skuId === sku('IN-A'))).toMatchObject(
      {
        receivedQuantity: 4,
        shelvedQuantity: 4,
        damagedQuantity: 1,
      },
    );
    expect(detail.skus).toHaveLength(3);
    expect(detail.discrepancies).toEqual([
      expect.objectContaining({ kind: 'damaged', quantity: 1, photos: [photo] }),
    ]);
    expect(detail.records.filter((record: { kind: string }) => record.kind === 'receipt')).toHaveLength(3);
    expect(detail.records.filter((record: { kind: string }) => record.kind === 'shelve_move')).toHaveLength(
      4,
    );
    expect(await onLocation(world, rcv, sku('IN-C'))).toBe(onReceivingBefore);
    expect(await ledgerMismatches(world)).toEqual([]);
  });

  it('closes an order as not received when every box is finished empty', async () => {
    const order = await makeOrder(seller, dg01.id, [
      { boxNo: 'E1', lines: [{ skuId: sku('IN-A'), shipQuantity: 1 }] },
    ]);
    const finished = await staff('POST', '/api/inbound/order/box/finish', {
      inboundOrderId: order.id,
      boxId: boxId(order, 'E1'),
    });
    expect(finished.json().result).toMatchObject({ status: 'not_received' });
    const again = await staff('POST', '/api/inbound/order/receive', {
      inboundOrderId: order.id,
      boxId: boxId(order, 'E1'),
    });
    expect(again.json()).toMatchObject({ code: 'inbound.order_closed' });
  });

  it('refuses a SKU not in the order, a location of another warehouse and over-shelving, changing nothing', async () => {
    const order = await makeOrder(seller, dg01.id, [
      { boxNo: 'R1', lines: [{ skuId: sku('IN-A'), shipQuantity: 3 }] },
    ]);
    await staff('POST', '/api/inbound/order/receive', {
      inboundOrderId: order.id,
      boxId: boxId(order, 'R1'),
    });
    const before = await inboundCounts(world);
    const notInOrder = await staff('POST', '/api/inbound/order/receive', {
      inboundOrderId: order.id,
      boxId: boxId(order, 'R1'),
      skuId: sku('IN-B'),
      quantity: 1,
    });
    expect(notInOrder.json()).toMatchObject({ code: 'inbound.sku_not_in_order', params: { sku: 'IN-B' } });
    const otherWarehouse = await manager('POST', '/api/inbound/order/shelve', {
      inboundOrderId: order.id,
      skuId: sku('IN-A'),
      locationId: locationOf(bkk1, 'A-01-01'),
      quantity: 1,
    });
    expect(otherWarehouse.json()).toMatchObject({ code: 'warehouse.location_other_warehouse' });
    const over = await staff('POST', '/api/inbound/order/shelve', {
      inboundOrderId: order.id,
      skuId: sku('IN-A'),
      locationId: locationOf(dg01, 'A-01-02'),
      quantity: 4,
    });
    expect(over.statusCode).toBe(422);
    expect(over.json()).toMatchObject({ code: 'inbound.over_shelving', params: { left: 3, quantity: 4 } });
    expect(await inboundCounts(world)).toEqual(before);
    expect(await ledgerMismatches(world)).toEqual([]);
  });
});

describe('GET /api/inbound/order/list', () => {
  it('filters by status tab, inbound number and warehouse, and keeps sellers and warehouses apart', async () => {
    const inBkk = await makeOrder(seller, bkk1.id, [
      { boxNo: 'K1', lines: [{ skuId: sku('IN-A'), shipQuantity: 1 }] },
    ]);
    const list = async (as: Caller, query: string) =>
      (await as('GET', `/api/inbound/order/list?pageSize=50&${query}`)).json().result as {
        total: number;
        records: { id: string; status: string; inboundNo: string }[];
      };
    const pending = await list(seller, 'status=pending');
    expect(pending.records.every((row) => row.status === 'pending')).toBe(true);
    expect((await list(seller, `inboundNo=${inBkk.inboundNo}`)).records.map((row) => row.id)).toEqual([
      inBkk.id,
    ]);
    expect((await list(seller, `warehouseId=${bkk1.id}`)).records.map((row) => row.id)).toEqual([inBkk.id]);
    expect((await list(seller2, '')).total).toBe(0);
    expect((await list(staff, '')).records.map((row) => row.id)).not.toContain(inBkk.id);
    expect((await list(manager, '')).records.map((row) => row.id)).toContain(inBkk.id);
    const hidden = await staff('GET', `/api/inbound/order/detail?id=${inBkk.id}`);
    expect(hidden.json()).toMatchObject({ code: 'inbound.not_found' });
    const otherSeller = await seller2('GET', `/api/inbound/order/detail?id=${inBkk.id}`);
    expect(otherSeller.statusCode).toBe(404);
    const acme = callerFor(world, await world.login('acme-agent', { agentCode: 'acme' }));
    expect((await acme('GET', `/api/inbound/order/detail?id=${inBkk.id}`)).statusCode).toBe(404);
  });
});

describe('changing and cancelling an order before it arrives', () => {
  const box = (boxNo: string, code: string, shipQuantity: number) => ({
    boxNo,
    lines: [{ skuId: sku(code), shipQuantity }],
  });
  const content = (boxes: ReturnType<typeof box>[]) => ({
    warehouseId: dg01.id,
    transportMode: 'air',
    boxes,
  });

  it('refuses a negative or fractional ship quantity with the field and its message, saving nothing', async () => {
    const before = await inboundCounts(world);
    for (const shipQuantity of [-3, 0, 1.5]) {
      const response = await seller(
        'POST',
        '/api/inbound/order/add',
        content([box('N1', 'IN-A', shipQuantity)]),
      );
      expect(response.statusCode).toBe(400);
      const [field] = response.json().fields as { path: string; message: string }[];
      expect(field?.path).toBe('boxes.0.lines.0.shipQuantity');
      expect(field?.message).toBeTruthy();
    }
    expect(await inboundCounts(world)).toEqual(before);
  });

  it('lets the seller edit the boxes and header, then cancel, while nothing is received', async () => {
    const order = await makeOrder(seller, dg01.id, [box('E1', 'IN-A', 3)]);
    const edited = await seller(
      'PUT',
      '/api/inbound/order/edit',
      {
        id: order.id,
        ...content([box('E1', 'IN-B', 5), box('E2', 'IN-C', 2)]),
        shippingRemark: 'two cartons',
      },
      { 'x-lang': 'en-US' },
    );
    expect(edited.statusCode, edited.body).toBe(200);
    // An edit answers the spec's success message for updates (spec 02 §8), not 'Saved'.
    expect(edited.json().message).toBe('Update succeeded');
    const detail = (await seller('GET', `/api/inbound/order/detail?id=${order.id}`)).json().result;
    expect(detail).toMatchObject({
      inboundNo: order.inboundNo,
      transportMode: 'air',
      shippingRemark: 'two cartons',
      status: 'pending',
      boxCount: 2,
      shipQuantity: 7,
    });
    const negative = await seller('PUT', '/api/inbound/order/edit', {
      id: order.id,
      ...content([box('E1', 'IN-B', -5)]),
    });
    expect(negative.statusCode).toBe(400);

    const cancelled = await seller('POST', '/api/inbound/order/cancel', { id: order.id });
    expect(cancelled.json().result).toEqual({ id: order.id, status: 'cancelled' });
    const boxE1 = (await seller('GET', `/api/inbound/order/detail?id=${order.id}`)).json().result.boxes[0].id;
    const receive = await staff('POST', '/api/inbound/order/receive', {
      inboundOrderId: order.id,
      boxId: boxE1,
    });
    expect(receive.json().code).toBe('inbound.order_closed');
    const again = await seller('PUT', '/api/inbound/order/edit', {
      id: order.id,
      ...content([box('E1', 'IN-A', 1)]),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('inbound.not_changeable');
  });

  it('refuses to edit or cancel once anything was received', async () => {
    const order = await makeOrder(seller, dg01.id, [box('R1', 'IN-A', 3)]);
    await staff('POST', '/api/inbound/order/receive', {
      inboundOrderId: order.id,
      boxId: boxId(order, 'R1'),
      skuId: sku('IN-A'),
      quantity: 1,
    });
    const before = await inboundCounts(world);
    const edit = await seller('PUT', '/api/inbound/order/edit', {
      id: order.id,
      ...content([box('R1', 'IN-A', 9)]),
    });
    expect(edit.json()).toMatchObject({ code: 'inbound.not_changeable' });
    const cancel = await seller('POST', '/api/inbound/order/cancel', { id: order.id });
    expect(cancel.statusCode).toBe(409);
    expect(await inboundCounts(world)).toEqual(before);
  });

  it('keeps other sellers, tenants and the warehouse side out of edit and cancel', async () => {
    const order = await makeOrder(seller, dg01.id, [box('I1', 'IN-A', 3)]);
    const acmeSeller = callerFor(world, await world.login('acme-seller', { agentCode: 'acme' }));
    const before = await inboundCounts(world);
    for (const as of [seller2, acmeSeller]) {
      const edit = await as('PUT', '/api/inbound/order/edit', {
        id: order.id,
        ...content([box('I1', 'IN-A', 9)]),
      });
      expect(edit.statusCode).toBe(404);
      const cancel = await as('POST', '/api/inbound/order/cancel', { id: order.id });
      expect(cancel.statusCode).toBe(404);
    }
    for (const as of [staff, manager]) {
      expect((await as('POST', '/api/inbound/order/cancel', { id: order.id })).statusCode).toBe(403);
    }
    // seller2 may not slip its own SKU or another seller's into this order either.
    const foreignSku = await seller('PUT', '/api/inbound/order/edit', {
      id: order.id,
      ...content([{ boxNo: 'I1', lines: [{ skuId: otherSellerSku, shipQuantity: 1 }] }]),
    });
    expect(foreignSku.json().code).toBe('inbound.sku_not_found');
    expect(await inboundCounts(world)).toEqual(before);
    const detail = (await seller('GET', `/api/inbound/order/detail?id=${order.id}`)).json().result;
    expect(detail).toMatchObject({ status: 'pending', shipQuantity: 3 });
  });
});

describe('shelving against a location capacity', () => {
  async function fill(locationId: string): Promise<{ capacity: number; occupied: number }> {
    const { rows } = await world.database.ownerPool.query(
      `select l.capacity, coalesce((select sum(s.quantity) from location_stock s where s.location_id = l.id), 0)::int as occupied
       from warehouse_locations l where l.id = $1`,
      [locationId],
    );
    return rows[0];
  }

  it('refuses above capacity without a supervisor override, and applies and records it with one', async () => {
    const shelf = locationOf(dg01, 'A-02-05');
    const { capacity, occupied } = await fill(shelf);
    expect(capacity).toBe(200);
    const room = capacity - occupied;
    const order = await makeOrder(seller, dg01.id, [
      { boxNo: 'CAP1', lines: [{ skuId: sku('IN-B'), shipQuantity: room + 70 }] },
    ]);
    await staff('POST', '/api/inbound/order/receive', {
      inboundOrderId: order.id,
      boxId: boxId(order, 'CAP1'),
    });
    const shelve = (as: Caller, quantity: number, overCapacity?: true) =>
      as('POST', '/api/inbound/order/shelve', {
        inboundOrderId: order.id,
        skuId: sku('IN-B'),
        locationId: shelf,
        quantity,
        ...(overCapacity ? { overCapacity } : {}),
      });

    const refused = await shelve(staff, room + 70);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'inbound.over_capacity' });
    const notSupervisor = await shelve(staff, room + 70, true);
    expect(notSupervisor.statusCode).toBe(403);
    expect(notSupervisor.json()).toMatchObject({ code: 'inbound.override_not_allowed' });
    expect((await fill(shelf)).occupied).toBe(occupied);

    expect((await shelve(staff, room)).statusCode).toBe(200);
    expect((await shelve(staff, 70)).json()).toMatchObject({ code: 'inbound.over_capacity' });
    const overridden = await shelve(manager, 70, true);
    expect(overridden.statusCode, overridden.body).toBe(200);
    expect((await fill(shelf)).occupied).toBe(capacity + 70);
    const detail = (await manager('GET', `/api/inbound/order/detail?id=${order.id}`)).json().result;
    const moves = detail.records.filter((record: { kind: string }) => record.kind === 'shelve_move');
    expect(
      moves.map((record: { quantity: number; reason: string }) => [record.quantity, record.reason]),
    ).toEqual(
      expect.arrayContaining([
        [room, ''],
        [70, `over capacity ${capacity + 70}/${capacity}`],
      ]),
    );
  });
});
