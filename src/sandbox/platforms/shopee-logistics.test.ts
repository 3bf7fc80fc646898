import { describe, expect, it } from 'vitest';
import { SHOPEE_PATHS, commonQuery } from '@server/modules/marketplaces/platforms/shopee/client.js';
import { shopeeConnector } from '@server/modules/marketplaces/platforms/shopee/connector.js';
import { platformLabelPdf } from '../label.js';
import { shopeeSandbox } from './shopee.js';
import { failure, logisticsCalls, useSandboxShop } from './test-support.js';

const SHOP = '600000';

const shop = useSandboxShop({
  platform: shopeeSandbox,
  connector: shopeeConnector,
  shop: {
    shopId: SHOP,
    name: 'Sandbox Thai shop',
    region: 'TH',
    currency: 'THB',
  },
  redirectUri: 'https://erp.example.com/shops/callback',
  query: { shop_id: SHOP },
});
const { arrange, shipment, label, push } = logisticsCalls(shopeeConnector, shop.ctx);

const paidOrder = () =>
  shop.sandbox.world.createOrder('shopee', SHOP, { status: 'ready_to_ship', silent: true });

describe('Shopee logistics against the sandbox', () => {
  it('arranges a shipment, reads the tracking number Shopee issues later, and downloads its air waybill', async () => {
    const order = paidOrder();
    const arranged = await arrange(order.orderId);
    // Shopee issues the number asynchronously: empty right after ship_order.
    expect(arranged).toEqual({ trackingNo: null, carrierName: order.carrier });
    expect(order.status).toBe('processed');
    const later = await shipment(order.orderId);
    expect(later).toEqual({ trackingNo: order.trackingNo, carrierName: order.carrier });
    expect(later.trackingNo).toMatch(/^SPXTH\d+$/);

    // The document task: created on the first call and still processing, ready on the next.
    expect(await label(order.orderId, order.trackingNo)).toEqual({ status: 'pending' });
    const ready = await label(order.orderId, order.trackingNo);
    if (ready.status !== 'ready') throw new Error('the label is not ready');
    expect(ready.pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(ready.pdf.equals(await platformLabelPdf(order))).toBe(true);
    const counts = shop.sandbox.world.traffic.requestCounts('shopee');
    expect(counts[SHOPEE_PATHS.createDocument]).toBe(1);
    expect(counts[SHOPEE_PATHS.shipOrder]).toBe(1);
  });

  it('arranging an arranged order answers the same shipment without shipping it again', async () => {
    const order = paidOrder();
    await arrange(order.orderId);
    const first = await shipment(order.orderId);
    const again = await arrange(order.orderId);
    expect(again).toEqual(first);
    expect(shop.sandbox.world.traffic.requestCounts('shopee')[SHOPEE_PATHS.shipOrder]).toBe(1);
  });

  it('refuses cancelled, unpaid, shipped, unknown and incompletely addressed orders with their reason', async () => {
    const cancelled = paidOrder();
    shop.sandbox.world.changeOrder(cancelled, { status: 'cancelled' });
    const unpaid = shop.sandbox.world.createOrder('shopee', SHOP, { status: 'unpaid', silent: true });
    const shipped = shop.sandbox.world.createOrder('shopee', SHOP, { status: 'shipped', silent: true });
    const noAddress = paidOrder();
    shop.sandbox.world.changeOrder(noAddress, { address: { ...noAddress.address, line1: '' } });
    const reasons = await Promise.all(
      [cancelled.orderId, unpaid.orderId, shipped.orderId, '250101NOTANORD', noAddress.orderId].map(
        async (orderNo) => (await failure(arrange(orderNo))).detail.platformCode,
      ),
    );
    expect(reasons).toEqual(['cancelled', 'unpaid', 'already_shipped', 'not_found', 'address_incomplete']);
    expect(noAddress.status).toBe('ready_to_ship');
    expect((await failure(arrange(cancelled.orderId))).code).toBe('rejected');
  });

  it('a throttled logistics call is rate_limited', async () => {
    const order = paidOrder();
    shop.sandbox.world.traffic.injectFault({
      platform: 'shopee',
      kind: 'http_429',
      pathContains: SHOPEE_PATHS.shipOrder,
      retryAfterSeconds: 3,
    });
    expect(await failure(arrange(order.orderId))).toMatchObject({
      code: 'rate_limited',
      detail: { retryAfterMs: 3000 },
    });
    shop.sandbox.world.traffic.injectFault({
      platform: 'shopee',
      kind: 'throttle',
      pathContains: SHOPEE_PATHS.trackingNumber,
    });
    expect((await failure(arrange(order.orderId))).code).toBe('rate_limited');
    shop.sandbox.world.traffic.injectFault({
      platform: 'shopee',
      kind: 'http_500',
      pathContains: SHOPEE_PATHS.documentResult,
    });
    expect((await failure(label(order.orderId, order.trackingNo))).code).toBe('unavailable');
  });

  it('the sandbox checks the signature of every logistics call', async () => {
    const order = paidOrder();
    const wrongKey = { ...shop.app, appSecret: 'not_the_partner_key' };
    expect((await failure(arrange(order.orderId, wrongKey))).code).toBe('signature');
    expect(order.status).toBe('ready_to_ship');

    const query = commonQuery(shop.app, SHOPEE_PATHS.shipOrder, shop.now(), {
      accessToken: shop.grant.accessToken,
      shopId: SHOP,
    });
    const sign = query.get('sign') ?? '';
    query.set('sign', `${sign.slice(0, -1)}${sign.endsWith('0') ? '1' : '0'}`);
    const forged = await fetch(`${shop.app.apiUrl}${SHOPEE_PATHS.shipOrder}?${query.toString()}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ order_sn: order.orderId, pickup: {} }),
    });
    expect(forged.status).toBe(403);
    expect(await forged.json()).toMatchObject({ error: 'error_sign', message: 'Wrong sign.' });
    expect(order.status).toBe('ready_to_ship');
  });
});

describe('Shopee orders shipped by our own carrier', () => {
  it('tells Shopee the tracking number through ship_order non_integrated, once', async () => {
    const order = shop.sandbox.world.createOrder('shopee', SHOP, {
      status: 'ready_to_ship',
      silent: true,
      sellerShips: true,
    });
    await push(order.orderId, 'SBX0000000042TH');
    expect(order).toMatchObject({ status: 'shipped', trackingNo: 'SBX0000000042TH' });
    // The same number again is a no-op; another number is refused.
    await push(order.orderId, 'SBX0000000042TH');
    expect(shop.sandbox.world.traffic.requestCounts('shopee')[SHOPEE_PATHS.shipOrder]).toBe(1);
    expect((await failure(push(order.orderId, 'SBX0000000043TH'))).detail.platformCode).toBe(
      'already_shipped',
    );
    expect(await shipment(order.orderId)).toEqual({
      trackingNo: 'SBX0000000042TH',
      carrierName: order.carrier,
    });
  });

  it("refuses, saying why, an order on Shopee's integrated channel, and a cancelled one", async () => {
    const integrated = paidOrder();
    const refused = await failure(push(integrated.orderId, 'SBX0000000044TH'));
    expect(refused.detail.platformCode).toBe('platform_logistics_only');
    expect(refused.message).toContain('integrated channel');
    expect(integrated.status).toBe('ready_to_ship');
    const cancelled = shop.sandbox.world.createOrder('shopee', SHOP, { status: 'cancelled', silent: true });
    expect((await failure(push(cancelled.orderId, 'SBX0000000045TH'))).detail.platformCode).toBe('cancelled');
    expect(shop.sandbox.world.traffic.requestCounts('shopee')[SHOPEE_PATHS.shipOrder]).toBeUndefined();
  });
});
