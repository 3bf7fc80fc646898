/**
 * Pack, bag and hand over through the PDA push: each op applied exactly once, replays
 * answered as duplicates, two devices racing for one parcel (one wins), an order cancelled after
 * it was picked refused at packing and its units put back through the ledger, a hand-over that
 * issues every unit once (the ledger reconciles), the bag manifest, and isolation (another
 * warehouse's worker, a seller, another tenant).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '@server/http/actor.js';
import { receiveStock } from '@server/modules/inventory/index.js';
import { cancelOrders, passReview, upsertMarketplaceOrder } from '@server/modules/orders/index.js';
import type { MarketplaceOrderInput } from '@shared/contract/orders.js';
import { callerFor, op, outcomes, push, type Caller } from '../support/inbound-world.js';
import { pdfPageTexts } from '../support/pdf-reading.js';
import { sellerIdOf } from '../support/photos.js';
import {
  actorFor,
  asActor,
  createProduct,
  demoWarehouse,
  ledgerMismatches,
  locationOf,
  type DemoWarehouse,
} from '../support/stock-world.js';
import { callApi } from '../support/sandbox-world.js';
import { createTestWorld, type TestWorld } from '../support/test-app.js';

let world: TestWorld;
let dg01: DemoWarehouse;
let bkk1: DemoWarehouse;
let manager: Actor;
let agent: Actor;
let sellerId: string;
let staff: Caller;
let managerCaller: Caller;
const tokens: Record<string, string> = {};
const channels: string[] = [];

beforeAll(async () => {
  world = await createTestWorld();
  for (const username of ['seller', 'agent', 'waremanager', 'warestaff', 'admin'])
    tokens[username] = await world.login(username);
  tokens['acme-agent'] = await world.login('acme-agent', { agentCode: 'acme' });
  manager = await actorFor(world, 'waremanager');
  agent = await actorFor(world, 'agent');
  dg01 = await demoWarehouse(world, 'DG01');
  bkk1 = await demoWarehouse(world, 'BKK1');
  sellerId = await sellerIdOf(world, tokens.seller ?? '');
  staff = callerFor(world, tokens.warestaff ?? '');
  managerCaller = callerFor(world, tokens.waremanager ?? '');
  for (const name of ['Pack channel A', 'Pack channel B']) {
    const added = await call('agent', 'POST', '/api/logistics/channel/add', {
      kind: 'marketplace',
      platform: 'shopee',
      name,
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    channels.push(added.body.result.id);
  }
});
afterAll(() => world.close());

const call = (username: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  callApi(world, tokens[username], method, url, payload);

let skuNumber = 0;
async function stockedSku(quantity: number, warehouse = dg01, shelf = 'A-02-04'): Promise<string> {
  skuNumber += 1;
  const product = await createProduct(world, tokens.seller ?? '', [
    `PB-${skuNumber}-${randomUUID().slice(0, 4)}`,
  ]);
  const skuId = product.skus[0]?.id ?? '';
  await asActor(world, manager, (tx) =>
    receiveStock(tx, manager, {
      warehouseId: warehouse.id,
      skuId,
      locationId: locationOf(warehouse, shelf),
      quantity,
    }),
  );
  return skuId;
}

let orderNumber = 0;
/**
 * A picked order: made, passed review (reserving), given a tracking number (self-shipped, then
 * on a channel when asked), its waybill printed and marked picked with the admin's call.
 */
async function pickedOrder(
  lines: { skuId: string; quantity: number }[],
  options: { warehouse?: DemoWarehouse; channel?: number } = {},
): Promise<{ id: string; orderNo: string; trackingNo: string }> {
  orderNumber += 1;
  const warehouse = options.warehouse ?? dg01;
  const orderNo = `PB${String(orderNumber).padStart(6, '0')}${randomUUID().slice(0, 4)}`;
  const input: MarketplaceOrderInput = {
    sellerId,
    platform: 'manual',
    shopId: 'hand-entered',
    shopName: '',
    orderNo,
    platformStatus: 'READY_TO_SHIP',
    warehouseId: warehouse.id,
    buyerName: 'buyer',
    recipientName: 'Somchai',
    recipientPhone: '+66 81 234 5678',
    recipientAddress: '99 Sukhumvit Road, Bangkok 10110',
    currency: 'THB',
    lines: lines.map((line) => ({ ...line, unitPrice: 1000, itemId: '', variationId: '' })),
  };
  const saved = await asActor(world, agent, (tx) => upsertMarketplaceOrder(tx, agent, input));
  await asActor(world, agent, (tx) => passReview(tx, agent, { ids: [saved.id] }));
  const trackingNo = `TRK${orderNo}`;
  const shipped = await call('waremanager', 'POST', '/api/waybill/selfShipped', {
    orderId: saved.id,
    trackingNo,
    carrierName: 'Kerry Express',
  });
  expect(shipped.status, JSON.stringify(shipped.body)).toBe(200);
  if (options.channel !== undefined)
    await world.database.ownerPool.query('update waybills set channel_id = $1 where order_id = $2', [
      channels[options.channel],
      saved.id,
    ]);
  const printed = await call('waremanager', 'POST', '/api/waybill/printed', {
    orderIds: [saved.id],
    isPrinted: true,
  });
  expect(printed.status, JSON.stringify(printed.body)).toBe(200);
  const picked = await call('waremanager', 'POST', '/api/outbound/picked', { orderIds: [saved.id] });
  expect(picked.body.result, JSON.stringify(picked.body)).toEqual({ succeeded: 1, failed: [] });
  return { id: saved.id, orderNo, trackingNo };
}

async function statusOf(orderId: string) {
  const { rows } = await world.database.ownerPool.query(
    'select local_status, warehouse_status from orders where id = $1',
    [orderId],
  );
  return `${rows[0].local_status}/${rows[0].warehouse_status}`;
}

async function balance(skuId: string, warehouse = dg01) {
  const { rows } = await world.database.ownerPool.query(
    'select available, frozen from stock_balances where warehouse_id = $1 and sku_id = $2',
    [warehouse.id, skuId],
  );
  return rows[0];
}

async function onLocation(skuId: string, code: string, warehouse = dg01): Promise<number> {
  const { rows } = await world.database.ownerPool.query(
    'select coalesce(sum(quantity), 0)::int as n from location_stock where location_id = $1 and sku_id = $2',
    [locationOf(warehouse, code), skuId],
  );
  return rows[0].n;
}

async function issues(skuId: string): Promise<number> {
  const { rows } = await world.database.ownerPool.query(
    `select count(*)::int as n from stock_movements where sku_id = $1 and kind = 'issue'`,
    [skuId],
  );
  return rows[0].n;
}

const device = () => `pb-${randomUUID().slice(0, 12)}`;

describe('pack on the PDA', () => {
  it('packs a parcel whose scans match its lines, once; a wrong or extra unit is refused and changes nothing', async () => {
    const a = await stockedSku(10);
    const b = await stockedSku(10);
    const order = await pickedOrder([
      { skuId: a, quantity: 2 },
      { skuId: b, quantity: 1 },
    ]);
    const id = device();
    const extra = op(1, 'pack.pack', {
      orderId: order.id,
      items: [
        { skuId: a, quantity: 3 },
        { skuId: b, quantity: 1 },
      ],
    });
    const wrong = op(2, 'pack.pack', { orderId: order.id, items: [{ skuId: randomUUID(), quantity: 1 }] });
    const short = op(3, 'pack.pack', { orderId: order.id, items: [{ skuId: a, quantity: 2 }] });
    const right = op(4, 'pack.pack', {
      orderId: order.id,
      items: [
        { skuId: a, quantity: 2 },
        { skuId: b, quantity: 1 },
      ],
      weightGrams: 640,
    });
    const first = await push(staff, id, [extra, wrong, short, right]);
    expect(outcomes(first)).toEqual([
      'pack.items_mismatch',
      'pack.items_mismatch',
      'pack.items_mismatch',
      'applied',
    ]);
    expect(await statusOf(order.id)).toBe('pending_shipment/packed');
    const { rows } = await world.database.ownerPool.query(
      'select weight_grams from waybills where order_id = $1',
      [order.id],
    );
    expect(rows[0].weight_grams).toBe(640);
    // The same ops again (a lost reply): duplicates, nothing applied twice.
    const replay = await push(staff, id, [extra, wrong, short, right]);
    expect(outcomes(replay)).toEqual(['duplicate', 'duplicate', 'duplicate', 'duplicate']);
    // A second pack of the same parcel (another op) is refused: it is packed already.
    const again = await push(staff, id, [
      op(5, 'pack.pack', {
        orderId: order.id,
        items: [
          { skuId: a, quantity: 2 },
          { skuId: b, quantity: 1 },
        ],
      }),
    ]);
    expect(outcomes(again)).toEqual(['outbound.wrong_step']);
  });

  it('refuses to pack an order cancelled after it was picked, and puts its units back through the ledger', async () => {
    const skuId = await stockedSku(6);
    const order = await pickedOrder([{ skuId, quantity: 4 }]);
    expect(await balance(skuId)).toEqual({ available: 2, frozen: 4 });
    await asActor(world, agent, (tx) => cancelOrders(tx, agent, { ids: [order.id], reason: 'buyer asked' }));
    expect(await balance(skuId)).toEqual({ available: 6, frozen: 0 });

    const work = await call('warestaff', 'GET', `/api/pda/outbound?warehouseId=${dg01.id}`);
    const listed = work.body.result.parcels.find(
      (parcel: { orderId: string }) => parcel.orderId === order.id,
    );
    expect(listed).toMatchObject({ state: 'cancelled', picks: [{ skuId, quantity: 4 }] });

    const id = device();
    const target = locationOf(dg01, 'A-02-05');
    const result = await push(staff, id, [
      op(1, 'pack.pack', { orderId: order.id, items: [{ skuId, quantity: 4 }] }),
      op(2, 'pack.put_back', { orderId: order.id, locationId: locationOf(bkk1, 'A-01-01') }),
      op(3, 'pack.put_back', { orderId: order.id, locationId: target }),
      op(4, 'pack.put_back', { orderId: order.id, locationId: target }),
    ]);
    expect(outcomes(result)).toEqual([
      'pack.cancelled',
      'warehouse.location_other_warehouse',
      'applied',
      'pack.nothing_to_put_back',
    ]);
    expect(await onLocation(skuId, 'A-02-04')).toBe(2);
    expect(await onLocation(skuId, 'A-02-05')).toBe(4);
    const { rows: picks } = await world.database.ownerPool.query(
      'select 1 from order_picks where order_id = $1',
      [order.id],
    );
    expect(picks).toEqual([]);
    const { rows: moves } = await world.database.ownerPool.query(
      `select quantity from stock_movements where sku_id = $1 and kind = 'move' and source_type = 'order_put_back'`,
      [skuId],
    );
    expect(moves.map((row) => Math.abs(row.quantity))).toEqual([4]);
    expect(await statusOf(order.id)).toBe('cancelled/none');
    // An order that is not cancelled cannot be put back.
    const live = await pickedOrder([{ skuId, quantity: 1 }]);
    expect(
      outcomes(await push(staff, id, [op(5, 'pack.put_back', { orderId: live.id, locationId: target })])),
    ).toEqual(['pack.not_cancelled']);
    expect(await ledgerMismatches(world)).toEqual([]);
  });
});

describe('bag and hand over on the PDA', () => {
  async function packed(skuId: string, options: { warehouse?: DemoWarehouse; channel?: number } = {}) {
    const order = await pickedOrder([{ skuId, quantity: 1 }], options);
    const packedReply = await call('waremanager', 'POST', '/api/outbound/packed', { orderIds: [order.id] });
    expect(packedReply.body.result.succeeded).toBe(1);
    return order;
  }

  it('opens a bag, takes packed parcels of one channel, refuses the rest, closes, and hands over once', async () => {
    const skuId = await stockedSku(20);
    const first = await packed(skuId, { channel: 0 });
    const second = await packed(skuId, { channel: 0 });
    const otherChannel = await packed(skuId, { channel: 1 });
    const notPacked = await pickedOrder([{ skuId, quantity: 1 }], { channel: 0 });
    const loose = await packed(skuId, { channel: 1 });
    const bagId = randomUUID();
    const bagNo = `BG${randomUUID().slice(0, 8).toUpperCase()}`;
    const id = device();
    const result = await push(staff, id, [
      op(1, 'bag.open', { bagId, bagNo: '', warehouseId: dg01.id }),
      op(2, 'bag.open', { bagId, bagNo, warehouseId: dg01.id }),
      op(3, 'bag.open', { bagId: randomUUID(), bagNo, warehouseId: dg01.id }),
      op(4, 'bag.add', { bagId, orderId: first.id }),
      op(5, 'bag.add', { bagId, orderId: otherChannel.id }),
      op(6, 'bag.add', { bagId, orderId: notPacked.id }),
      op(7, 'bag.add', { bagId, orderId: first.id }),
      op(8, 'bag.add', { bagId, orderId: second.id }),
      op(9, 'bag.remove', { bagId, orderId: second.id }),
      op(10, 'bag.add', { bagId, orderId: second.id }),
      op(11, 'handover.deliver', {
        handoverId: randomUUID(),
        warehouseId: dg01.id,
        bagIds: [bagId],
        orderIds: [],
      }),
      op(12, 'bag.close', { bagId, weightGrams: 2100 }),
      op(13, 'bag.add', { bagId, orderId: loose.id }),
      op(14, 'handover.deliver', {
        handoverId: randomUUID(),
        warehouseId: dg01.id,
        bagIds: [],
        orderIds: [first.id],
      }),
    ]);
    expect(outcomes(result)).toEqual([
      'common.validation',
      'applied',
      'bag.number_taken',
      'applied',
      'bag.other_channel',
      'bag.not_packed',
      'bag.already_bagged',
      'applied',
      'applied',
      'applied',
      'bag.not_closed',
      'applied',
      'bag.closed',
      'handover.parcel_in_bag',
    ]);
    expect(await statusOf(first.id)).toBe('pending_shipment/bagged');
    expect(await statusOf(second.id)).toBe('pending_shipment/bagged');
    expect(await balance(skuId)).toEqual({ available: 15, frozen: 5 });

    const handoverId = randomUUID();
    const deliver = op(15, 'handover.deliver', {
      handoverId,
      warehouseId: dg01.id,
      bagIds: [bagId],
      orderIds: [loose.id],
    });
    const handed = await push(staff, id, [deliver]);
    expect(outcomes(handed)).toEqual(['applied']);
    expect(handed.results[0]).toMatchObject({ effect: { bags: 1, parcels: 3 } });
    // The same op again (lost reply), and a new hand-over of the same bag: nothing issued twice.
    expect(outcomes(await push(staff, id, [deliver]))).toEqual(['duplicate']);
    expect(
      outcomes(
        await push(staff, id, [
          op(16, 'handover.deliver', {
            handoverId: randomUUID(),
            warehouseId: dg01.id,
            bagIds: [bagId],
            orderIds: [],
          }),
        ]),
      ),
    ).toEqual(['bag.handed_over']);
    for (const order of [first, second, loose]) expect(await statusOf(order.id)).toBe('shipped/delivered');
    expect(await issues(skuId)).toBe(3);
    expect(await balance(skuId)).toEqual({ available: 15, frozen: 2 });
    // Picking took the five units to the staging location; the three handed over left from there.
    expect(await onLocation(skuId, 'A-02-04')).toBe(15);
    const { rows: staged } = await world.database.ownerPool.query(
      `select coalesce(sum(s.quantity), 0)::int as n from location_stock s
         join warehouse_locations l on l.id = s.location_id and l.location_type = 'outbound'
        where s.sku_id = $1`,
      [skuId],
    );
    expect(staged[0].n).toBe(2);

    // The admin sees the bag (two parcels, picked up, its delivery time) and its manifest lists them.
    const list = await call('waremanager', 'GET', `/api/bag/list?bagNo=${bagNo}`);
    expect(list.body.result.records).toEqual([
      expect.objectContaining({
        id: bagId,
        bagNo,
        status: 'closed',
        packageCount: 2,
        weightGrams: 2100,
        deliveryStatus: 'pickup',
        channelName: 'Pack channel A',
      }),
    ]);
    expect(list.body.result.records[0].deliveredAt).not.toBeNull();
    const byTracking = await call('waremanager', 'GET', `/api/bag/list?trackingNo=${second.trackingNo}`);
    expect(byTracking.body.result.records.map((row: { id: string }) => row.id)).toEqual([bagId]);
    const detail = await call('waremanager', 'GET', `/api/bag/detail?id=${bagId}`);
    expect(detail.body.result.parcels.map((parcel: { orderNo: string }) => parcel.orderNo).sort()).toEqual(
      [first.orderNo, second.orderNo].sort(),
    );
    const pdf = await world.request({
      method: 'GET',
      url: `/api/bag/manifest?id=${bagId}`,
      token: tokens.waremanager ?? '',
      headers: { 'accept-language': 'en-US' },
    });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = (await pdfPageTexts(pdf.rawPayload)).join('\n');
    for (const expected of [bagNo, first.trackingNo, second.trackingNo, 'Package count: 2', 'Weight: 2.1'])
      expect(text).toContain(expected);

    const success = await call('waremanager', 'POST', '/api/bag/deliveryStatus', {
      ids: [bagId],
      deliveryStatus: 'delivery_success',
    });
    expect(success.status, JSON.stringify(success.body)).toBe(200);
    const after = await call('waremanager', 'GET', `/api/bag/detail?id=${bagId}`);
    expect(after.body.result.deliveryStatus).toBe('delivery_success');
    expect(await ledgerMismatches(world)).toEqual([]);
  });

  it('lets one of two devices racing for a parcel bag it; the other is refused', async () => {
    const skuId = await stockedSku(4);
    const order = await packed(skuId);
    const bags = [randomUUID(), randomUUID()];
    const devices = [device(), device()];
    await Promise.all(
      bags.map(async (bagId, index) =>
        expect(
          outcomes(
            await push(staff, devices[index] ?? '', [
              op(1, 'bag.open', { bagId, bagNo: `RACE${bagId.slice(0, 8)}`, warehouseId: dg01.id }),
            ]),
          ),
        ).toEqual(['applied']),
      ),
    );
    const results = await Promise.all(
      bags.map((bagId, index) =>
        push(staff, devices[index] ?? '', [op(2, 'bag.add', { bagId, orderId: order.id })]),
      ),
    );
    expect(results.flatMap(outcomes).sort()).toEqual(['applied', 'bag.already_bagged']);
    const { rows } = await world.database.ownerPool.query(
      'select sum(package_count)::int as n from bags where id = any($1)',
      [bags],
    );
    expect(rows[0].n).toBe(1);
  });

  it('hands over one parcel once when two devices race to deliver it', async () => {
    const skuId = await stockedSku(3);
    const order = await packed(skuId);
    const results = await Promise.all(
      [device(), device()].map((id) =>
        push(staff, id, [
          op(1, 'handover.deliver', {
            handoverId: randomUUID(),
            warehouseId: dg01.id,
            bagIds: [],
            orderIds: [order.id],
          }),
        ]),
      ),
    );
    expect(results.flatMap(outcomes).sort()).toEqual(['applied', 'outbound.already_out']);
    expect(await issues(skuId)).toBe(1);
    expect(await balance(skuId)).toEqual({ available: 2, frozen: 0 });
    expect(await ledgerMismatches(world)).toEqual([]);
  });
});

describe('isolation of bags and the PDA outbound work', () => {
  it('keeps another warehouse, a seller and another tenant out', async () => {
    const skuId = await stockedSku(3, bkk1, 'A-01-01');
    const order = await pickedOrder([{ skuId, quantity: 1 }], { warehouse: bkk1 });
    // warestaff works in DG01 only: BKK1's parcel is not theirs to pack or see.
    const refused = await push(staff, device(), [
      op(1, 'pack.pack', { orderId: order.id, items: [{ skuId, quantity: 1 }] }),
    ]);
    expect(outcomes(refused)).toEqual(['order.not_found']);
    const work = await call('warestaff', 'GET', `/api/pda/outbound?warehouseId=${bkk1.id}`);
    expect(work.body.result.parcels).toEqual([]);
    const bagId = randomUUID();
    expect(
      outcomes(
        await push(staff, device(), [
          op(1, 'bag.open', { bagId, bagNo: `ISO${bagId.slice(0, 6)}`, warehouseId: bkk1.id }),
        ]),
      ),
    ).toEqual(['warehouse.not_found']);
    // The manager opens a bag in BKK1; the staff, a seller and another tenant cannot see it.
    expect(
      outcomes(
        await push(managerCaller, device(), [
          op(1, 'bag.open', { bagId, bagNo: `ISO${bagId.slice(0, 6)}`, warehouseId: bkk1.id }),
        ]),
      ),
    ).toEqual(['applied']);
    expect((await call('warestaff', 'GET', `/api/bag/detail?id=${bagId}`)).status).toBe(404);
    expect((await call('seller', 'GET', '/api/bag/list')).status).toBe(403);
    expect((await call('seller', 'GET', `/api/pda/outbound?warehouseId=${dg01.id}`)).status).toBe(403);
    const elsewhere = await call('acme-agent', 'GET', '/api/bag/list?pageSize=200');
    expect(elsewhere.body.result.records.map((row: { id: string }) => row.id)).not.toContain(bagId);
    expect((await call('acme-agent', 'GET', `/api/bag/detail?id=${bagId}`)).status).toBe(404);
    expect((await call('acme-agent', 'GET', `/api/bag/manifest?id=${bagId}`)).status).toBe(404);
  });
});
