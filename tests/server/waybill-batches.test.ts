/**
 * Waybills when things go wrong, and at size: a carrier outage leaves the order 'arrange failed'
 * with why and arranging again succeeds without booking twice; an order cancelled while its
 * parcel is being booked never ships and keeps nothing reserved; a batch of 500 reports its three
 * failures by order and a page of 200 of them is picked, packed and delivered one call a step; a label that could not be saved is uploaded by hand or saved again; the pick
 * and packing lists print what the orders hold.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '@server/http/actor.js';
import { receiveStock } from '@server/modules/inventory/index.js';
import { cancelOrders, passReview, upsertMarketplaceOrders } from '@server/modules/orders/index.js';
import type { MarketplaceOrderInput } from '@shared/contract/orders.js';
import { SANDBOX_CARRIER_ACCOUNTS } from '../../src/sandbox/carrier.js';
import type { RunningSandbox } from '../../src/sandbox/server.js';
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
import { callApi, createSandboxWorld, settledBatch } from '../support/sandbox-world.js';
import type { TestWorld } from '../support/test-app.js';

let world: TestWorld;
let sandbox: RunningSandbox;
let dg01: DemoWarehouse;
let manager: Actor;
let agent: Actor;
let sellerId: string;
let token = '';
let channelId = '';
/** Runs before a booking reaches the carrier (a test's way to race it). */
let beforeBooking: ((reference: string) => Promise<void>) | null = null;

beforeAll(async () => {
  const racingFetch: typeof fetch = async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    if (beforeBooking && url.endsWith('/carrier/v1/shipments') && typeof init?.body === 'string')
      await beforeBooking((JSON.parse(init.body) as { reference: string }).reference);
    return fetch(input, init);
  };
  ({ world, sandbox } = await createSandboxWorld({ maxSleepMs: 5, fetch: racingFetch }));
  token = await world.login('waremanager');
  manager = await actorFor(world, 'waremanager');
  agent = await actorFor(world, 'agent');
  dg01 = await demoWarehouse(world, 'DG01');
  sellerId = await sellerIdOf(world, await world.login('seller'));
  const [appKey, account] = Object.entries(SANDBOX_CARRIER_ACCOUNTS)[0] ?? ['', { appSecret: '' }];
  const added = await call('POST', '/api/logistics/channel/add', {
    kind: 'carrier',
    carrier: 'sandbox',
    name: 'Sandbox Express',
    appKey,
    appSecret: account.appSecret,
  });
  channelId = added.body.result.id;
}, 60_000);
afterAll(async () => {
  await world.close();
  await sandbox.close();
});

const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  callApi(world, token, method, url, payload);

async function stockedSku(code: string, quantity: number): Promise<string> {
  const sellerToken = await world.login('seller');
  const skuId = (await createProduct(world, sellerToken, [code])).skus[0]?.id ?? '';
  await asActor(world, manager, (tx) =>
    receiveStock(tx, manager, {
      warehouseId: dg01.id,
      skuId,
      locationId: locationOf(dg01, 'A-02-04'),
      quantity,
    }),
  );
  return skuId;
}

let number = 0;
/** Orders waiting to ship, written in one transaction (the sync's own upsert) and approved. */
async function pendingOrders(
  skuId: string,
  count: number,
  extra: (index: number) => Partial<MarketplaceOrderInput> = () => ({}),
) {
  const inputs: MarketplaceOrderInput[] = Array.from({ length: count }, (_, index) => {
    number += 1;
    return {
      sellerId,
      platform: 'manual',
      shopId: 'hand-entered',
      shopName: '',
      orderNo: `BT${String(number).padStart(7, '0')}`,
      platformStatus: 'READY_TO_SHIP',
      warehouseId: dg01.id,
      buyerName: 'buyer',
      recipientName: '陈伟',
      recipientPhone: '13800001234',
      recipientAddress: '广东省东莞市松山湖大道88号',
      currency: 'CNY',
      lines: [{ skuId, quantity: 1, unitPrice: 1_000, itemId: '', variationId: '' }],
      ...extra(index),
    };
  });
  const saved = await asActor(world, agent, (tx) => upsertMarketplaceOrders(tx, agent, inputs));
  const ids = saved.map((order) => order.id);
  await asActor(world, agent, (tx) => passReview(tx, agent, { ids }));
  return ids;
}

const arrange = async (orderIds: string[]) =>
  settledBatch(
    world,
    token,
    (await call('POST', '/api/waybill/arrange', { orderIds, channelId })).body.result.id,
  );

async function waybillOf(orderId: string) {
  const { rows } = await world.database.ownerPool.query('select * from waybills where order_id = $1', [
    orderId,
  ]);
  return rows[0];
}

describe('arranging when things go wrong', () => {
  it('leaves an order arrange-failed through a carrier outage, and arranging again books it once', async () => {
    const skuId = await stockedSku('BT-OUTAGE', 5);
    const [orderId = ''] = await pendingOrders(skuId, 1);
    // Four answers of 503: the first call and its three retries.
    await fetch(`${sandbox.url}/__control/carrier/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'http_503', pathContains: '/v1/shipments', count: 4 }),
    });
    const failed = await arrange([orderId]);
    expect(failed.problems[0]).toMatchObject({ orderId, errorCode: 'logistics.carrier_unavailable' });
    expect(await waybillOf(orderId)).toMatchObject({ arrange_status: 'arrange_failed', tracking_no: '' });

    const retried = await arrange([orderId]);
    expect(retried).toMatchObject({ succeeded: 1, failed: 0 });
    expect(await waybillOf(orderId)).toMatchObject({ arrange_status: 'arranged', arrange_attempts: 2 });
    const booked = [...sandbox.carrier.shipments.values()].filter((shipment) =>
      shipment.reference.startsWith('S'),
    );
    expect(new Set(booked.map((shipment) => shipment.trackingNo)).size).toBe(booked.length);
  });

  it('never ships an order cancelled while its parcel was being booked, and keeps nothing reserved', async () => {
    const skuId = await stockedSku('BT-RACE', 5);
    const [orderId = ''] = await pendingOrders(skuId, 1);
    beforeBooking = async () => {
      beforeBooking = null;
      await asActor(world, agent, (tx) =>
        cancelOrders(tx, agent, { ids: [orderId], reason: 'buyer changed mind' }),
      );
    };
    const batch = await arrange([orderId]);
    expect(batch.problems[0]).toMatchObject({ orderId, errorCode: 'waybill.cancelled_meanwhile' });
    const { rows } = await world.database.ownerPool.query(
      'select local_status, tracking_no from orders where id = $1',
      [orderId],
    );
    expect(rows[0]).toEqual({ local_status: 'cancelled', tracking_no: '' });
    expect(await waybillOf(orderId)).toMatchObject({
      arrange_status: 'arrange_failed',
      label_status: 'none',
    });
    const { rows: stock } = await world.database.ownerPool.query(
      'select available, frozen from stock_balances where warehouse_id = $1 and sku_id = $2',
      [dg01.id, skuId],
    );
    expect(stock[0]).toEqual({ available: 5, frozen: 0 });
    const refused = await call('POST', '/api/outbound/picked', { orderIds: [orderId] });
    expect(refused.body.result.failed[0].errorCode).toBe('outbound.wrong_step');
  });

  it('arranges a batch of 500, reports its three failures by order, and moves a page of 200 to delivered', async () => {
    const skuId = await stockedSku('BT-500', 500);
    const broken = new Set([17, 250, 499]);
    const ids = await pendingOrders(skuId, 500, (index) => (broken.has(index) ? { recipientPhone: '' } : {}));
    const batch = await arrange(ids);
    expect(batch).toMatchObject({ state: 'done', total: 500, succeeded: 497, failed: 3 });
    expect(batch.problems.map((problem: { orderId: string }) => problem.orderId)).toEqual(
      [...broken].map((index) => ids[index]),
    );
    for (const problem of batch.problems)
      expect(problem).toMatchObject({
        errorCode: 'waybill.refused_address_incomplete',
        message: expect.stringContaining('Refused: the recipient address is incomplete'),
      });
    // Every message is said in full: no placeholder is left for the screen.
    expect(JSON.stringify(batch.problems)).not.toContain('{{');
    const { rows } = await world.database.ownerPool.query(
      `select count(*)::int as arranged, count(distinct tracking_no)::int as numbers,
              count(*) filter (where label_status = 'ready')::int as labelled
         from waybills where order_id = any($1) and arrange_status = 'arranged'`,
      [ids],
    );
    expect(rows[0]).toEqual({ arranged: 497, numbers: 497, labelled: 497 });

    // A manager selects a whole page of 200 and moves it on, one call a step (never 'at most 50').
    const page = ids.filter((_, index) => !broken.has(index)).slice(0, 200);
    const tooMany = await call('POST', '/api/outbound/picked', { orderIds: [...page, ids[17]] });
    expect(tooMany.status).toBe(400);
    const printed = await call('POST', '/api/waybill/printed', { orderIds: page, isPrinted: true });
    expect(printed.body.result.count).toBe(200);
    for (const step of ['picked', 'packed', 'delivered']) {
      const moved = await call('POST', `/api/outbound/${step}`, { orderIds: page });
      expect(moved.status, JSON.stringify(moved.body).slice(0, 300)).toBe(200);
      expect(moved.body.result).toEqual({ succeeded: 200, failed: [] });
    }
    const { rows: after } = await world.database.ownerPool.query(
      `select (select count(*)::int from orders where id = any($1) and local_status = 'shipped') as shipped,
              b.available, b.frozen
         from stock_balances b where b.warehouse_id = $2 and b.sku_id = $3`,
      [page, dg01.id, skuId],
    );
    // 500 received, 500 reserved; the 200 handed over left the ledger once, the rest stay frozen.
    expect(after[0]).toEqual({ shipped: 200, available: 0, frozen: 300 });
    expect(await ledgerMismatches(world)).toEqual([]);
  }, 300_000);
});

describe('orders and channels a shipment may not be arranged for', () => {
  it('refuses an order not waiting to ship and a channel not serving its warehouse, changing nothing', async () => {
    const skuId = await stockedSku('BT-REFUSE', 2);
    const [waiting = ''] = await pendingOrders(skuId, 1);
    // An order still waiting for review is not arranged.
    const [unreviewed] = await asActor(world, agent, (tx) =>
      upsertMarketplaceOrders(tx, agent, [
        {
          sellerId,
          platform: 'manual',
          shopId: 'hand-entered',
          shopName: '',
          orderNo: 'BT-UNREVIEWED',
          platformStatus: 'READY_TO_SHIP',
          warehouseId: dg01.id,
          buyerName: 'buyer',
          recipientName: 'Chen Wei',
          recipientPhone: '13800001234',
          recipientAddress: '88 Songshan Lake Avenue',
          currency: 'CNY',
          lines: [{ skuId, quantity: 1, unitPrice: 1_000, itemId: '', variationId: '' }],
        },
      ]),
    );
    const notPending = await arrange([unreviewed?.id ?? '']);
    expect(notPending.problems[0]).toMatchObject({
      errorCode: 'waybill.not_pending',
      message: 'Order BT-UNREVIEWED is not waiting to ship',
    });
    const bkk1 = await demoWarehouse(world, 'BKK1');
    const [appKey, account] = Object.entries(SANDBOX_CARRIER_ACCOUNTS)[0] ?? ['', { appSecret: '' }];
    const elsewhere = await call('POST', '/api/logistics/channel/add', {
      kind: 'carrier',
      carrier: 'sandbox',
      name: 'Bangkok only',
      appKey,
      appSecret: account.appSecret,
      warehouseIds: [bkk1.id],
    });
    const options = await call('GET', `/api/logistics/channel/options?orderIds=${waiting}`);
    expect(options.body.result).not.toContainEqual(expect.objectContaining({ id: elsewhere.body.result.id }));
    const refused = await settledBatch(
      world,
      token,
      (
        await call('POST', '/api/waybill/arrange', {
          orderIds: [waiting],
          channelId: elsewhere.body.result.id,
        })
      ).body.result.id,
    );
    expect(refused.problems[0]).toMatchObject({ errorCode: 'waybill.channel_not_allowed' });
    expect(refused.problems[0].message).toContain('may not ship by Bangkok only');
    expect(await waybillOf(waiting)).toBeUndefined();
    expect(await waybillOf(unreviewed?.id ?? '')).toBeUndefined();
  });
});

describe('choices the user must make', () => {
  it('asks for the delivery channel and for one warehouse, changing nothing', async () => {
    const skuId = await stockedSku('BT-CHOICE', 2);
    const [orderId = ''] = await pendingOrders(skuId, 1);
    // A hand-entered order has no marketplace logistics to default to.
    const queued = await call('POST', '/api/waybill/arrange', { orderIds: [orderId] });
    const batch = await settledBatch(world, token, queued.body.result.id);
    expect(batch.problems[0]).toMatchObject({
      errorCode: 'waybill.channel_required',
      message: 'Please select the delivery channel',
    });
    expect(await waybillOf(orderId)).toBeUndefined();

    const bkk1 = await demoWarehouse(world, 'BKK1');
    const sellerToken = await world.login('seller');
    const otherSku = (await createProduct(world, sellerToken, ['BT-BKK'])).skus[0]?.id ?? '';
    await asActor(world, manager, (tx) =>
      receiveStock(tx, manager, {
        warehouseId: bkk1.id,
        skuId: otherSku,
        locationId: locationOf(bkk1, 'RCV-01'),
        quantity: 1,
      }),
    );
    const [elsewhere = ''] = await pendingOrders(otherSku, 1, () => ({ warehouseId: bkk1.id }));
    const list = await world.request({
      method: 'GET',
      url: `/api/outbound/pickList?orderIds=${orderId},${elsewhere}`,
      token,
      headers: { 'accept-language': 'en-US' },
    });
    expect(list.json()).toMatchObject({
      code: 'waybill.warehouse_required',
      message: 'Please select a warehouse',
    });
  });
});

describe('labels and lists', () => {
  it('takes a label uploaded by hand, saves ours again, and prints the pick and packing lists', async () => {
    const skuId = await stockedSku('BT-LABEL', 4);
    const [first = '', second = ''] = await pendingOrders(skuId, 2);
    await arrange([first, second]);
    // A label that was not saved: the three ways out.
    await world.database.ownerPool.query(
      "update waybills set label_status = 'failed', label_error = 'waybill.label_not_saved' where order_id = any($1)",
      [[first, second]],
    );
    const listed = await call('GET', '/api/waybill/list?pageSize=200');
    const row = listed.body.result.records.find((record: { orderId: string }) => record.orderId === first);
    expect(row).toMatchObject({ labelStatus: 'failed', labelError: 'waybill.label_not_saved' });

    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    const boundary = '----waybill';
    const upload = (body: Buffer) =>
      world.app.inject({
        method: 'POST',
        url: `/api/waybill/label/upload?orderId=${first}`,
        headers: {
          'x-access-token': token,
          'accept-language': 'en-US',
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        payload: Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="label.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
          ),
          body,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
      });
    const notPdf = await upload(Buffer.from('GIF89a not a label'));
    expect(notPdf.json().code).toBe('waybill.label_invalid');
    expect((await waybillOf(first)).label_status).toBe('failed');
    const uploaded = await upload(pdf);
    expect(uploaded.json().message).toBe('Upload succeeded');
    expect(await waybillOf(first)).toMatchObject({ label_status: 'ready', label_source: 'upload' });
    const reprint = await world.request({ method: 'GET', url: `/api/waybill/label?orderId=${first}`, token });
    expect(reprint.rawPayload.equals(pdf)).toBe(true);

    const saved = await call('POST', '/api/waybill/label/regenerate', { orderIds: [second] });
    expect(saved.body.result).toEqual({ succeeded: 1, failed: [] });
    expect(await waybillOf(second)).toMatchObject({ label_status: 'ready', label_source: 'ours' });

    await call('POST', '/api/outbound/picked', { orderIds: [first, second] });
    const pickList = await world.request({
      method: 'GET',
      url: `/api/outbound/pickList?orderIds=${first},${second}&lang=en-US`,
      token,
    });
    expect(pickList.headers['content-type']).toBe('application/pdf');
    const pickText = (await pdfPageTexts(pickList.rawPayload)).join('\n');
    expect(pickText).toContain('A-02-04');
    expect(pickText).toContain('BT-LABEL');
    const packing = await world.request({
      method: 'GET',
      url: `/api/outbound/packingList?orderIds=${first},${second}&lang=en-US`,
      token,
    });
    const packText = (await pdfPageTexts(packing.rawPayload)).join('\n');
    expect(packText).toContain('陈伟');
    expect(await ledgerMismatches(world)).toEqual([]);
  });
});
