/**
 * Orders through the API: a seller enters an order, passes its review and sees it reserved,
 * cancels it and sees the stock return; transitions the table forbids, unknown or another
 * seller's SKUs, empty numbers and selections, merges of different buyers are refused with a
 * translated code and change nothing; merge and split move exactly what was reserved; the list
 * counts its tabs and finds orders by a batch of numbers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receiveStock } from '@server/modules/inventory/index.js';
import type { Actor } from '@server/http/actor.js';
import { lockOrders } from '@server/modules/orders/orders.access.js';
import { moveOrder } from '@server/modules/orders/index.js';
import type { AppError } from '@shared/errors.js';
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
let seller2Token: string;
let skuA: string;
let skuB: string;
let foreignSku: string;

beforeAll(async () => {
  world = await createTestWorld();
  manager = await actorFor(world, 'waremanager');
  dg01 = await demoWarehouse(world, 'DG01');
  sellerToken = await world.login('seller');
  seller2Token = await world.login('seller2');
  const product = await createProduct(world, sellerToken, ['ORD-A', 'ORD-B']);
  skuA = product.skus[0]?.id ?? '';
  skuB = product.skus[1]?.id ?? '';
  foreignSku = (await createProduct(world, seller2Token, ['ORD-OTHER'])).skus[0]?.id ?? '';
  await asActor(world, manager, async (tx) => {
    const locationId = locationOf(dg01, 'A-02-04');
    await receiveStock(tx, manager, { warehouseId: dg01.id, skuId: skuA, locationId, quantity: 10 });
    await receiveStock(tx, manager, { warehouseId: dg01.id, skuId: skuB, locationId, quantity: 4 });
  });
});
afterAll(() => world.close());

async function balance(skuId: string): Promise<{ available: number; frozen: number }> {
  const { rows } = await world.database.ownerPool.query(
    'select available, frozen from stock_balances where warehouse_id = $1 and sku_id = $2',
    [dg01.id, skuId],
  );
  return rows[0];
}

let orderNumber = 0;
function orderBody(lines: { skuId: string; quantity: number }[], extra: Record<string, unknown> = {}) {
  orderNumber += 1;
  return {
    orderNo: `HAND-${orderNumber}`,
    warehouseId: dg01.id,
    buyerName: 'Somchai',
    recipientName: 'Somchai P.',
    recipientPhone: '0812345678',
    recipientAddress: '12 Sukhumvit Rd, Bangkok',
    currency: 'THB',
    lines: lines.map((line) => ({ ...line, unitPrice: 19_900 })),
    ...extra,
  };
}

async function post(url: string, payload: unknown, token = sellerToken, language = 'en-US') {
  return world.request({
    method: 'POST',
    url,
    payload: payload as object,
    token,
    headers: { 'accept-language': language },
  });
}

async function add(lines: { skuId: string; quantity: number }[], extra: Record<string, unknown> = {}) {
  const response = await post('/api/order/add', orderBody(lines, extra));
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result as { id: string; orderNo: string; systemNo: string };
}

async function detail(id: string, token = sellerToken) {
  const response = await world.request({
    method: 'GET',
    url: `/api/order/detail?id=${id}`,
    token,
    headers: { 'accept-language': 'en-US' },
  });
  return response;
}

async function orderCount(): Promise<number> {
  const { rows } = await world.database.ownerPool.query('select count(*)::int as n from orders');
  return rows[0].n;
}

describe('an order entered by hand', () => {
  it('is reserved when its review passes and gives the stock back when cancelled', async () => {
    const before = await balance(skuA);
    const order = await add([{ skuId: skuA, quantity: 3 }]);
    expect((await detail(order.id)).json().result).toMatchObject({
      localStatus: 'to_review',
      parcelType: 'single_multi',
      totalAmount: 59_700,
    });

    const passed = await post('/api/order/review/pass', { ids: [order.id] });
    expect(passed.json().result).toEqual([expect.objectContaining({ ok: true, code: null })]);
    expect(await balance(skuA)).toEqual({ available: before.available - 3, frozen: before.frozen + 3 });
    const reserved = (await detail(order.id)).json().result;
    expect(reserved.localStatus).toBe('pending_shipment');
    expect(reserved.lines[0].reserved).toBe(3);
    expect(reserved.reservations).toEqual([
      expect.objectContaining({
        skuId: skuA,
        quantity: 3,
        state: 'active',
        reserveMovementId: expect.any(Number),
      }),
    ]);

    const holders = await world.request({
      method: 'GET',
      url: `/api/order/reservation/holders?skuId=${skuA}`,
      token: sellerToken,
    });
    expect(holders.statusCode, holders.body).toBe(200);
    expect(holders.json().result.holders).toEqual([
      expect.objectContaining({ orderId: order.id, quantity: 3 }),
    ]);

    await post('/api/order/cancel', { ids: [order.id], reason: 'buyer changed mind' });
    expect(await balance(skuA)).toEqual(before);
    const cancelled = (await detail(order.id)).json().result;
    expect(cancelled.localStatus).toBe('cancelled');
    expect(cancelled.reservations[0]).toMatchObject({ state: 'released', endMovementId: expect.any(Number) });
    expect(cancelled.history.map((entry: { toStatus: string }) => entry.toStatus)).toEqual([
      'to_review',
      'pending_shipment',
      'cancelled',
    ]);
    expect(await ledgerMismatches(world)).toEqual([]);
  });

  it('is out of stock, naming what is missing, when its warehouse is short', async () => {
    const order = await add([
      { skuId: skuA, quantity: 1 },
      { skuId: skuB, quantity: 50 },
    ]);
    const before = await balance(skuA);
    const passed = await post('/api/order/review/pass', { ids: [order.id] });
    expect(passed.json().result[0].code).toBe('order.out_of_stock');
    expect(await balance(skuA)).toEqual(before);
    const shown = (await detail(order.id)).json().result;
    expect(shown.problems).toEqual(['out_of_stock']);
    expect(shown.tags).toContain('out_of_stock');
    expect(shown.exceptions[0].shortages).toEqual([
      { skuId: skuB, sellerSku: 'ORD-B', needed: 50, available: 4 },
    ]);
    await post('/api/order/cancel', { ids: [order.id] });
  });
});

describe('refusals change nothing', () => {
  it('refuses a transition the table forbids, in the caller language', async () => {
    const order = await add([{ skuId: skuA, quantity: 1 }]);
    await post('/api/order/cancel', { ids: [order.id] });
    const again = await post('/api/order/review/pass', { ids: [order.id] }, sellerToken, 'zh-CN');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'order.not_to_review' });
    expect(again.json().message).toBe(`订单 ${order.orderNo} 已不在待审核状态`);
    // The action is named in the reader's language, never by its code.
    const cancelAgain = await post('/api/order/cancel', { ids: [order.id] }, sellerToken, 'zh-CN');
    expect(cancelAgain.json()).toMatchObject({
      code: 'order.action_not_allowed',
      message: `订单 ${order.orderNo} 当前状态不允许取消`,
    });
    const inEnglish = await post('/api/order/cancel', { ids: [order.id] }, sellerToken, 'en-US');
    expect(inEnglish.json().message).toBe(`Order ${order.orderNo} cannot be cancelled in its current status`);
  });

  it('passes the orders of a selection that can pass and answers each other one refused with why', async () => {
    const cancelled = await add([{ skuId: skuA, quantity: 1 }]);
    await post('/api/order/cancel', { ids: [cancelled.id] });
    const waiting = await add([{ skuId: skuA, quantity: 1 }]);
    const reply = await post(
      '/api/order/review/pass',
      { ids: [cancelled.id, waiting.id] },
      sellerToken,
      'en-US',
    );
    expect(reply.statusCode).toBe(200);
    const results = reply.json().result as {
      id: string;
      ok: boolean;
      code: string | null;
      localStatus: string;
    }[];
    expect(results.find((result) => result.id === cancelled.id)).toMatchObject({
      ok: false,
      code: 'order.not_to_review',
      localStatus: 'cancelled',
    });
    expect(results.find((result) => result.id === waiting.id)).toMatchObject({
      ok: true,
      localStatus: 'pending_shipment',
    });
  });

  it('refuses, through the one assert, a move the transition table does not allow', async () => {
    const order = await add([{ skuId: skuA, quantity: 1 }]);
    const seller = await actorFor(world, 'seller');
    const refused = await asActor(world, seller, async (tx) => {
      const [row] = await lockOrders(tx, seller, [order.id]);
      if (!row) throw new Error('no order');
      return moveOrder(tx, seller, row, 'unpaid').then(
        () => null,
        (error: AppError) => error,
      );
    });
    expect(refused).toMatchObject({
      code: 'order.transition_not_allowed',
      params: { from: 'to_review', to: 'unpaid' },
    });
    expect((await detail(order.id)).json().result.localStatus).toBe('to_review');
  });

  it('refuses an unknown or another seller SKU, a quantity of 0, an empty order number or selection', async () => {
    const before = await orderCount();
    const foreign = await post('/api/order/add', orderBody([{ skuId: foreignSku, quantity: 1 }]));
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json()).toMatchObject({ code: 'order.sku_not_found', params: { sku: foreignSku } });
    const unknown = await post(
      '/api/order/add',
      orderBody([{ skuId: '00000000-0000-4000-8000-000000000000', quantity: 1 }]),
    );
    expect(unknown.json().code).toBe('order.sku_not_found');
    const zero = await post('/api/order/add', orderBody([{ skuId: skuA, quantity: 0 }]));
    expect(zero.statusCode).toBe(400);
    expect(zero.json().fields[0].path).toBe('lines.0.quantity');
    const blank = await post('/api/order/add', orderBody([{ skuId: skuA, quantity: 1 }], { orderNo: '' }));
    expect(blank.json()).toMatchObject({ code: 'order.no_required', message: 'Order No. cannot be empty' });
    const empty = await post('/api/order/add', orderBody([]));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toEqual([
      expect.objectContaining({ path: 'lines', message: expect.stringContaining('Product is empty') }),
    ]);
    const none = await post('/api/order/cancel', { ids: [] });
    expect(none.json()).toMatchObject({
      code: 'order.not_selected',
      message: 'Please select an order first',
    });
    expect(await orderCount()).toBe(before);
  });

  it('answers another seller that the order does not exist', async () => {
    const order = await add([{ skuId: skuA, quantity: 1 }]);
    const seen = await detail(order.id, seller2Token);
    expect(seen.statusCode).toBe(404);
    expect(seen.json().message).toBe('No order information found');
    const cancel = await post('/api/order/cancel', { ids: [order.id] }, seller2Token);
    expect(cancel.statusCode).toBe(404);
    expect((await detail(order.id)).json().result.localStatus).toBe('to_review');
  });
});

describe('merge and split', () => {
  it('merges one buyer orders into a combined order that holds what they held', async () => {
    const first = await add([{ skuId: skuA, quantity: 1 }]);
    const second = await add([{ skuId: skuA, quantity: 2 }]);
    await post('/api/order/review/pass', { ids: [first.id, second.id] });
    const before = await balance(skuA);
    const merged = await post('/api/order/merge', { ids: [first.id, second.id] });
    expect(merged.statusCode, merged.body).toBe(200);
    const combined = (await detail(merged.json().result.id)).json().result;
    expect(combined).toMatchObject({ orderType: 'combined', localStatus: 'pending_shipment', units: 3 });
    expect(combined.mergedOrders.map((order: { id: string }) => order.id).sort()).toEqual(
      [first.id, second.id].sort(),
    );
    expect(combined.lines.map((line: { reserved: number }) => line.reserved).sort()).toEqual([1, 2]);
    expect(await balance(skuA)).toEqual(before);
    const child = (await detail(first.id)).json().result;
    expect(child.reservations.every((row: { state: string }) => row.state === 'released')).toBe(true);
    const list = await world.request({
      method: 'GET',
      url: `/api/order/list?orderNos=${first.orderNo}`,
      token: sellerToken,
    });
    expect(list.json().result.total).toBe(0);

    await post('/api/order/cancel', { ids: [combined.id] });
    expect(await balance(skuA)).toEqual({ available: before.available + 3, frozen: before.frozen - 3 });
    expect((await detail(first.id)).json().result.localStatus).toBe('cancelled');
    expect(await ledgerMismatches(world)).toEqual([]);
  });

  it('refuses to merge orders of different buyers', async () => {
    const first = await add([{ skuId: skuA, quantity: 1 }]);
    const other = await add([{ skuId: skuA, quantity: 1 }], { buyerName: 'Nguyen' });
    const before = await orderCount();
    const refused = await post('/api/order/merge', { ids: [first.id, other.id] });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'order.merge_mismatch', params: { field: 'buyer' } });
    expect(await orderCount()).toBe(before);
    const alone = await post('/api/order/merge', { ids: [first.id] });
    expect(alone.json().code).toBe('order.merge_too_few');
  });

  it('splits units off into a new order, moving exactly what was reserved', async () => {
    const order = await add([
      { skuId: skuA, quantity: 2 },
      { skuId: skuB, quantity: 1 },
    ]);
    await post('/api/order/review/pass', { ids: [order.id] });
    const before = [await balance(skuA), await balance(skuB)];
    const lines = (await detail(order.id)).json().result.lines as { id: string; skuId: string }[];
    const lineB = lines.find((line) => line.skuId === skuB)?.id;
    const all = await post('/api/order/split', {
      id: order.id,
      lines: lines.map((line) => ({ lineId: line.id, quantity: line.skuId === skuA ? 2 : 1 })),
    });
    expect(all.json().code).toBe('order.split_all');
    const split = await post('/api/order/split', { id: order.id, lines: [{ lineId: lineB, quantity: 1 }] });
    expect(split.statusCode, split.body).toBe(200);
    const part = (await detail(split.json().result.id)).json().result;
    const kept = (await detail(order.id)).json().result;
    expect(part.lines).toEqual([expect.objectContaining({ skuId: skuB, quantity: 1, reserved: 1 })]);
    expect(kept.lines).toEqual([expect.objectContaining({ skuId: skuA, quantity: 2, reserved: 2 })]);
    expect(kept.parcelType).toBe('single_multi');
    expect([await balance(skuA), await balance(skuB)]).toEqual(before);
  });
});

describe('GET /api/order/list', () => {
  it('counts every tab and finds orders by a comma-separated batch of numbers', async () => {
    const first = await add([{ skuId: skuA, quantity: 1 }], { trackingNo: 'TH123456789' });
    const second = await add([{ skuId: skuA, quantity: 1 }]);
    const list = await world.request({
      method: 'GET',
      url: `/api/order/list?tab=to_review&orderNos=${first.orderNo},${second.systemNo}`,
      token: sellerToken,
    });
    const page = list.json().result;
    expect(page.records.map((row: { id: string }) => row.id).sort()).toEqual([first.id, second.id].sort());
    expect(page.counts).toMatchObject({ to_review: 2, pending: 0, cancelled: 0 });
    const byTracking = await world.request({
      method: 'GET',
      url: '/api/order/list?searchTrackingNo=TH123456789&type=all',
      token: sellerToken,
    });
    expect(byTracking.json().result.records.map((row: { id: string }) => row.id)).toEqual([first.id]);
    const other = await world.request({
      method: 'GET',
      url: `/api/order/list?orderNos=${first.orderNo}`,
      token: seller2Token,
    });
    expect(other.json().result.total).toBe(0);
  });
});

describe('the filters of the order screens', () => {
  async function list(query: string, token = sellerToken) {
    const response = await world.request({ method: 'GET', url: `/api/order/list?${query}`, token });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().result as { total: number; records: { id: string }[] };
  }

  it('finds the order a question links to by its order number as well as by its tracking number', async () => {
    const order = await add([{ skuId: skuA, quantity: 1 }], { trackingNo: 'SPX0099887766' });
    const ids = async (query: string) => (await list(query)).records.map((row) => row.id);
    expect(await ids(`searchTrackingNo=${order.orderNo}&type=all`)).toEqual([order.id]);
    expect(await ids(`searchTrackingNo=${order.systemNo}&type=all`)).toEqual([order.id]);
    expect(await ids('searchTrackingNo=SPX0099887766&type=all')).toEqual([order.id]);
    expect(await ids(`searchTrackingNo=${order.orderNo}`)).toEqual([order.id]);
    expect((await list(`searchTrackingNo=${order.orderNo}`, seller2Token)).total).toBe(0);
  });

  it('finds a batch of numbers of any kind, one search for order numbers, system ids and tracking numbers', async () => {
    const first = await add([{ skuId: skuA, quantity: 1 }]);
    const second = await add([{ skuId: skuA, quantity: 1 }]);
    const third = await add([{ skuId: skuA, quantity: 1 }], { trackingNo: 'JT7766554433' });
    const numbers = [first.orderNo, second.systemNo, 'JT7766554433', 'NOT-AN-ORDER'].join(',');
    const found = await list(`numbers=${encodeURIComponent(numbers)}`);
    expect(found.records.map((row) => row.id).sort()).toEqual([first.id, second.id, third.id].sort());
    // One number a line, as the batch scan sends them, reads the same.
    const scanned = await list(`numbers=${encodeURIComponent(numbers.replace(/,/g, '\n'))}`);
    expect(scanned.total).toBe(3);
    expect((await list(`numbers=${encodeURIComponent(numbers)}`, seller2Token)).total).toBe(0);
    const tooMany = await world.request({
      method: 'GET',
      url: `/api/order/list?numbers=${Array.from({ length: 101 }, (_, i) => `N${i}`).join(',')}`,
      token: sellerToken,
    });
    expect(tooMany.statusCode).toBe(400);
  });

  it('keeps the platform and shop an order was entered for, filters by them and lists the shops', async () => {
    const order = await add([{ skuId: skuA, quantity: 1 }], {
      platform: 'lazada',
      shopName: 'Hand Lazada TH',
    });
    expect((await detail(order.id)).json().result).toMatchObject({
      platform: 'lazada',
      shopName: 'Hand Lazada TH',
    });
    const byShop = await list('platform=lazada&shopName=Hand%20Lazada%20TH');
    expect(byShop.records.map((row) => row.id)).toEqual([order.id]);
    expect((await list('platform=shopee&shopName=Hand%20Lazada%20TH')).total).toBe(0);

    const same = await post(
      '/api/order/add',
      orderBody([{ skuId: skuA, quantity: 1 }], {
        orderNo: order.orderNo,
        platform: 'lazada',
      }),
    );
    expect(same.json().code).toBe('order.no_duplicate');
    const otherPlatform = await post(
      '/api/order/add',
      orderBody([{ skuId: skuA, quantity: 1 }], {
        orderNo: order.orderNo,
      }),
    );
    expect(otherPlatform.statusCode, otherPlatform.body).toBe(200);

    const shops = async (token: string) => {
      const response = await world.request({ method: 'GET', url: '/api/order/shops', token });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().result as { platform: string; shopName: string; orders: number }[];
    };
    expect(await shops(sellerToken)).toContainEqual({
      platform: 'lazada',
      shopName: 'Hand Lazada TH',
      orders: 1,
    });
    expect(await shops(sellerToken)).toContainEqual(expect.objectContaining({ shopName: 'DEMO shopee' }));
    const other = await shops(seller2Token);
    expect(other.map((shop) => shop.shopName)).not.toContain('Hand Lazada TH');
    expect(other.map((shop) => shop.shopName)).not.toContain('DEMO shopee');
    expect(other.map((shop) => shop.shopName)).toContain('TEA shopee');
  });
});

describe('the list by several tags and the all tab', () => {
  const ids = (page: { records: { id: string }[] }) => page.records.map((row) => row.id).sort();

  it('finds orders carrying any of the tags, or all of them, and refuses an unknown tag', async () => {
    const urgent = await add([{ skuId: skuA, quantity: 1 }], { tags: ['urgent'] });
    const both = await add([{ skuId: skuA, quantity: 1 }], { tags: ['urgent', 'evaluation'] });
    const evaluation = await add([{ skuId: skuA, quantity: 1 }], { tags: ['evaluation'] });
    const plain = await add([{ skuId: skuA, quantity: 1 }]);
    const numbers = [urgent, both, evaluation, plain].map((order) => order.orderNo).join(',');
    const list = async (query: string) => {
      const response = await world.request({
        method: 'GET',
        url: `/api/order/list?orderNos=${numbers}&${query}`,
        token: sellerToken,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().result;
    };
    expect(ids(await list('tags=urgent,evaluation'))).toEqual([urgent.id, both.id, evaluation.id].sort());
    expect(ids(await list('tags=urgent,%20evaluation&tagMatch=any'))).toEqual(
      [urgent.id, both.id, evaluation.id].sort(),
    );
    expect(ids(await list('tags=urgent,evaluation&tagMatch=all'))).toEqual([both.id]);
    expect(ids(await list('tags=evaluation'))).toEqual([both.id, evaluation.id].sort());
    expect((await list('tags=')).total).toBe(4);
    const unknown = await world.request({
      method: 'GET',
      url: '/api/order/list?tags=urgent,vip',
      token: sellerToken,
      headers: { 'accept-language': 'en-US' },
    });
    expect(unknown.statusCode).toBe(400);
    const badMatch = await world.request({
      method: 'GET',
      url: '/api/order/list?tags=urgent&tagMatch=some',
      token: sellerToken,
    });
    expect(badMatch.statusCode).toBe(400);
  });

  it('counts the all tab beside the others, under the same filters, whichever tab is shown', async () => {
    const waiting = await add([{ skuId: skuA, quantity: 1 }]);
    const passed = await add([{ skuId: skuA, quantity: 1 }]);
    const cancelled = await add([{ skuId: skuA, quantity: 1 }]);
    expect((await post('/api/order/review/pass', { ids: [passed.id] })).statusCode).toBe(200);
    expect((await post('/api/order/cancel', { ids: [cancelled.id] })).statusCode).toBe(200);
    const numbers = [waiting, passed, cancelled].map((order) => order.orderNo).join(',');
    for (const tab of ['', 'pending', 'problem']) {
      const response = await world.request({
        method: 'GET',
        url: `/api/order/list?orderNos=${numbers}&tab=${tab}`,
        token: sellerToken,
      });
      const page = response.json().result;
      expect(page.counts, tab).toEqual({
        all: 3,
        to_review: 1,
        pending: 1,
        shipped: 0,
        cancelled: 1,
        problem: 0,
      });
      expect(page.total, tab).toBe(tab === '' ? 3 : tab === 'pending' ? 1 : 0);
    }
    const other = await world.request({
      method: 'GET',
      url: `/api/order/list?orderNos=${numbers}`,
      token: seller2Token,
    });
    expect(other.json().result.counts.all).toBe(0);
  });
});

describe('the demo orders', () => {
  it('fill every tab for the demo seller and give acme orders of its own', async () => {
    const page = (
      await world.request({ method: 'GET', url: '/api/order/list?type=all', token: sellerToken })
    ).json().result;
    for (const tab of ['to_review', 'pending', 'shipped', 'cancelled', 'problem'])
      expect(page.counts[tab], tab).toBeGreaterThan(0);
    const acme = await world.login('acme-seller', { agentCode: 'acme' });
    const acmePage = (await world.request({ method: 'GET', url: '/api/order/list', token: acme })).json()
      .result;
    expect(acmePage.total).toBeGreaterThan(0);
    expect(acmePage.records.every((row: { orderNo: string }) => row.orderNo.startsWith('ACME'))).toBe(true);
  });
});

describe('tags, notes and the repair route', () => {
  it('tags orders, keeps notes by who owns them, and finds orders by remaining ship time', async () => {
    const soon = new Date(Date.now() + 6 * 3_600_000).toISOString();
    const order = await add([{ skuId: skuA, quantity: 1 }], { shipBy: soon });
    const tagged = await post('/api/order/tags', { ids: [order.id], tags: ['urgent'], mode: 'add' });
    expect(tagged.statusCode).toBe(200);
    expect((await detail(order.id)).json().result.tags).toEqual(['urgent']);
    const warehouseNote = await post('/api/order/notes', { id: order.id, warehouseNote: 'fragile' });
    expect(warehouseNote.json().code).toBe('order.note_not_allowed');
    const noted = await post('/api/order/notes', { id: order.id, sellerNote: 'gift wrap' });
    // Changing an order's notes is an update: the spec's 'update succeeded' (spec 02 §8).
    expect(noted.json().message).toBe('Update succeeded');
    expect((await detail(order.id)).json().result.sellerNote).toBe('gift wrap');
    const within12h = await world.request({
      method: 'GET',
      url: '/api/order/list?shipTime=12h&tags=urgent',
      token: sellerToken,
    });
    expect(within12h.json().result.records.map((row: { id: string }) => row.id)).toEqual([order.id]);

    // Time remains only for an order still to ship: once cancelled, its ship-by is no longer counted.
    const late = await add([{ skuId: skuA, quantity: 1 }], {
      shipBy: new Date(Date.now() - 3_600_000).toISOString(),
    });
    await post('/api/order/tags', { ids: [late.id], tags: ['urgent'], mode: 'add' });
    const listed = async () =>
      (
        await world.request({
          method: 'GET',
          url: '/api/order/list?shipTime=12h&tags=urgent',
          token: sellerToken,
        })
      ).json().result as { records: { id: string }[]; counts: Record<string, number> };
    const before = await listed();
    expect(before.records.map((row) => row.id).sort()).toEqual([order.id, late.id].sort());
    expect(before.counts).toMatchObject({ all: 2, to_review: 2, cancelled: 0 });
    expect((await post('/api/order/cancel', { ids: [late.id] })).statusCode).toBe(200);
    const after = await listed();
    expect(after.records.map((row) => row.id)).toEqual([order.id]);
    expect(after.counts).toMatchObject({ all: 1, to_review: 1, cancelled: 0 });
  });

  it('lets an agent run the repair and refuses it to a seller', async () => {
    expect((await post('/api/order/reservation/repair', {})).statusCode).toBe(403);
    const agentToken = await world.login('agent');
    const repaired = await post('/api/order/reservation/repair', {}, agentToken);
    expect(repaired.statusCode, repaired.body).toBe(200);
    expect(repaired.json().result.differences).toEqual([]);
  });
});
