import { describe, expect, it } from 'vitest';
import { tiktokConnector } from '@server/modules/marketplaces/platforms/tiktok/connector.js';
import { signTiktokRequest } from '@server/modules/marketplaces/platforms/tiktok/sign.js';
import { platformLabelPdf } from '../label.js';
import { packageIdOf } from './tiktok-logistics.js';
import { failure, logisticsCalls, useSandboxShop } from './test-support.js';
import { tiktokSandbox, tiktokShopCipher } from './tiktok.js';

const SHOP = '7494049642642441621';

const shop = useSandboxShop({
  platform: tiktokSandbox,
  connector: tiktokConnector,
  shop: {
    shopId: SHOP,
    name: 'Sandbox TH shop',
    region: 'TH',
    currency: 'THB',
  },
  redirectUri: 'https://erp.example.com/shops/tiktok/callback',
});
const { arrange, shipment, label, push } = logisticsCalls(tiktokConnector, shop.ctx);

const paidOrder = () =>
  shop.sandbox.world.createOrder('tiktok', SHOP, { status: 'ready_to_ship', silent: true });

describe('TikTok Shop logistics against the sandbox', () => {
  it('ships the package for pickup, reads its tracking number and downloads its A6 label through doc_url', async () => {
    const order = paidOrder();
    const arranged = await arrange(order.orderId);
    expect(arranged).toEqual({ trackingNo: order.trackingNo, carrierName: order.carrier });
    expect(arranged.trackingNo).toMatch(/^TTTH\d+$/);
    expect(await shipment(order.orderId)).toEqual(arranged);

    const printed = await label(order.orderId, order.trackingNo);
    expect(printed.status).toBe('ready');
    if (printed.status !== 'ready') return;
    expect(printed.pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(printed.pdf.equals(await platformLabelPdf(order))).toBe(true);
  });

  it('a doc_url stops working once it expires', async () => {
    const order = paidOrder();
    await arrange(order.orderId);
    const path = `/fulfillment/202309/packages/${packageIdOf(order)}/shipping_documents`;
    const query = {
      app_key: shop.app.appKey,
      timestamp: String(Math.floor(shop.sandbox.world.now() / 1000)),
      shop_cipher: tiktokShopCipher(SHOP),
      document_type: 'SHIPPING_LABEL',
      document_size: 'A6',
      document_format: 'PDF',
    };
    const sign = signTiktokRequest({ appSecret: shop.app.appSecret, path, query, body: '' });
    const documents = (await (
      await fetch(`${shop.app.apiUrl}${path}?${new URLSearchParams({ ...query, sign }).toString()}`, {
        headers: { 'x-tts-access-token': shop.grant.accessToken },
      })
    ).json()) as { data: { doc_url: string } };
    expect((await fetch(documents.data.doc_url)).status).toBe(200);
    shop.sandbox.world.moveClock(11 * 60_000);
    expect((await fetch(documents.data.doc_url)).status).toBe(403);
  });

  it('arranging an arranged order answers the same shipment without shipping it again', async () => {
    const order = paidOrder();
    const first = await arrange(order.orderId);
    expect(await arrange(order.orderId)).toEqual(first);
    expect(
      shop.sandbox.world.traffic.requestCounts('tiktok')[
        `/fulfillment/202309/packages/${packageIdOf(order)}/ship`
      ],
    ).toBe(1);
  });

  it('refuses cancelled, unpaid, shipped, unknown and incompletely addressed orders with their reason', async () => {
    const cancelled = paidOrder();
    shop.sandbox.world.changeOrder(cancelled, { status: 'cancelled' });
    const unpaid = shop.sandbox.world.createOrder('tiktok', SHOP, { status: 'unpaid', silent: true });
    const shipped = shop.sandbox.world.createOrder('tiktok', SHOP, { status: 'shipped', silent: true });
    const noAddress = paidOrder();
    shop.sandbox.world.changeOrder(noAddress, { address: { ...noAddress.address, line1: ' ' } });
    const reasons = [];
    for (const orderNo of [cancelled.orderId, unpaid.orderId, shipped.orderId, '576999', noAddress.orderId])
      reasons.push((await failure(arrange(orderNo))).detail.platformCode);
    expect(reasons).toEqual(['cancelled', 'unpaid', 'already_shipped', 'not_found', 'address_incomplete']);
    expect(noAddress.status).toBe('ready_to_ship');
  });

  it('the throttle (HTTP 429) on a logistics call is rate_limited', async () => {
    const order = paidOrder();
    shop.sandbox.world.traffic.injectFault({ platform: 'tiktok', kind: 'throttle', pathContains: '/ship' });
    expect(await failure(arrange(order.orderId))).toMatchObject({
      code: 'rate_limited',
      detail: { httpStatus: 429 },
    });
    expect(order.status).toBe('ready_to_ship');
    await arrange(order.orderId);
    shop.sandbox.world.traffic.injectFault({
      platform: 'tiktok',
      kind: 'http_503',
      pathContains: '/shipping_documents',
    });
    expect((await failure(label(order.orderId, order.trackingNo))).code).toBe('unavailable');
  });

  it('the sandbox checks the signature of every logistics call, the body included', async () => {
    const order = paidOrder();
    expect((await failure(arrange(order.orderId, { ...shop.app, appSecret: 'wrong' }))).code).toBe(
      'signature',
    );
    const path = `/fulfillment/202309/packages/${packageIdOf(order)}/ship`;
    const query = {
      app_key: shop.app.appKey,
      timestamp: String(Math.floor(shop.sandbox.world.now() / 1000)),
      shop_cipher: tiktokShopCipher(SHOP),
    };
    const signed = JSON.stringify({ handover_method: 'DROP_OFF' });
    const sign = signTiktokRequest({ appSecret: shop.app.appSecret, path, query, body: signed });
    const forged = await fetch(
      `${shop.app.apiUrl}${path}?${new URLSearchParams({ ...query, sign }).toString()}`,
      {
        method: 'POST',
        headers: { 'x-tts-access-token': shop.grant.accessToken, 'content-type': 'application/json' },
        body: JSON.stringify({ handover_method: 'PICKUP' }),
      },
    );
    expect(await forged.json()).toMatchObject({ code: 106001 });
    expect(order.status).toBe('ready_to_ship');
  });
});

describe('TikTok Shop orders shipped by our own carrier', () => {
  const sellerOrder = () =>
    shop.sandbox.world.createOrder('tiktok', SHOP, {
      status: 'ready_to_ship',
      silent: true,
      sellerShips: true,
    });

  it("posts the order's package with our carrier's provider id and tracking number, once", async () => {
    const order = sellerOrder();
    // TikTok's own logistics does not take a seller-shipped order.
    expect((await failure(arrange(order.orderId))).detail.platformCode).toBe('SELLER');
    await push(order.orderId, 'SBX0000000077TH', 'sandbox express');
    expect(order).toMatchObject({
      status: 'shipped',
      trackingNo: 'SBX0000000077TH',
      carrier: 'Sandbox Express',
    });
    await push(order.orderId, 'SBX0000000077TH');
    const posted = `/fulfillment/202309/orders/${order.orderId}/packages`;
    expect(shop.sandbox.world.traffic.requestCounts('tiktok')[posted]).toBe(1);
    expect((await failure(push(order.orderId, 'SBX0000000078TH'))).detail.platformCode).toBe(
      'already_shipped',
    );
    expect(await shipment(order.orderId)).toEqual({
      trackingNo: 'SBX0000000077TH',
      carrierName: 'Sandbox Express',
    });
  });

  it('refuses, saying why, an order TikTok ships and a carrier TikTok does not offer', async () => {
    const tiktokShips = paidOrder();
    const refused = await failure(push(tiktokShips.orderId, 'SBX0000000079TH'));
    expect(refused.detail.platformCode).toBe('platform_logistics_only');
    expect(tiktokShips.status).toBe('ready_to_ship');
    const order = sellerOrder();
    const unknown = await failure(push(order.orderId, 'SBX0000000080TH', 'Nowhere Couriers'));
    expect(unknown.detail.platformCode).toBe('provider_not_offered');
    expect(unknown.message).toContain('Nowhere Couriers');
    expect(order.status).toBe('ready_to_ship');
  });
});
