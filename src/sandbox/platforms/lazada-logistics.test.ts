import { describe, expect, it } from 'vitest';
import { lazadaConnector } from '@server/modules/marketplaces/platforms/lazada/connector.js';
import { signedLazadaParams } from '@server/modules/marketplaces/platforms/lazada/sign.js';
import { platformLabelPdf } from '../label.js';
import { lazadaSandbox } from './lazada.js';
import { failure, logisticsCalls, useSandboxShop } from './test-support.js';

const SHOP = '100200300';

const shop = useSandboxShop({
  platform: lazadaSandbox,
  connector: lazadaConnector,
  shop: {
    shopId: SHOP,
    name: 'Lazada Sandbox SG',
    region: 'SG',
    currency: 'SGD',
  },
  redirectUri: 'https://erp.example.com/shops/lazada/callback',
});
const { arrange, shipment, label, push } = logisticsCalls(lazadaConnector, shop.ctx);

const paidOrder = () =>
  shop.sandbox.world.createOrder('lazada', SHOP, {
    status: 'ready_to_ship',
    silent: true,
    lines: [
      { sellerSku: 'SBX-001', quantity: 2 },
      { sellerSku: 'SBX-002', quantity: 1 },
    ],
  });

/** The items' statuses as GetOrderItems gives them. */
async function itemStatuses(orderNo: string): Promise<string[]> {
  const params = signedLazadaParams(
    '/order/items/get',
    { order_id: orderNo },
    {
      appKey: shop.app.appKey,
      appSecret: shop.app.appSecret,
      timestampMs: shop.now().getTime(),
      accessToken: shop.grant.accessToken,
    },
  );
  const body = (await (
    await fetch(`${shop.app.apiUrl}/order/items/get?${new URLSearchParams(params).toString()}`)
  ).json()) as {
    data: { status: string }[];
  };
  return body.data.map((item) => item.status);
}

describe('Lazada logistics against the sandbox', () => {
  it('packs the order with the offered provider, sets it ready to ship and downloads its label', async () => {
    const order = paidOrder();
    const arranged = await arrange(order.orderId);
    expect(arranged).toEqual({ trackingNo: order.trackingNo, carrierName: order.carrier });
    expect(arranged.trackingNo).toMatch(/^LEXPU\d+$/);
    expect(await itemStatuses(order.orderId)).toEqual(['ready_to_ship', 'ready_to_ship', 'ready_to_ship']);
    expect(await shipment(order.orderId)).toEqual(arranged);

    const printed = await label(order.orderId, order.trackingNo);
    expect(printed.status).toBe('ready');
    if (printed.status !== 'ready') return;
    expect(printed.pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(printed.pdf.equals(await platformLabelPdf(order))).toBe(true);
  });

  it('arranging an arranged order answers the same shipment without packing it again', async () => {
    const order = paidOrder();
    const first = await arrange(order.orderId);
    const counts = { ...shop.sandbox.world.traffic.requestCounts('lazada') };
    expect(await arrange(order.orderId)).toEqual(first);
    const after = shop.sandbox.world.traffic.requestCounts('lazada');
    expect(after['/order/fulfill/pack']).toBe(counts['/order/fulfill/pack']);
    expect(after['/order/package/rts']).toBe(counts['/order/package/rts']);
  });

  it('refuses cancelled, unpaid, shipped, unknown and incompletely addressed orders with their reason', async () => {
    const cancelled = paidOrder();
    shop.sandbox.world.changeOrder(cancelled, { status: 'cancelled' });
    const unpaid = shop.sandbox.world.createOrder('lazada', SHOP, { status: 'unpaid', silent: true });
    const shipped = shop.sandbox.world.createOrder('lazada', SHOP, { status: 'shipped', silent: true });
    const noAddress = paidOrder();
    shop.sandbox.world.changeOrder(noAddress, { address: { ...noAddress.address, phone: '' } });
    const reasons = [];
    for (const orderNo of [cancelled.orderId, unpaid.orderId, shipped.orderId, '999', noAddress.orderId])
      reasons.push((await failure(arrange(orderNo))).detail.platformCode);
    expect(reasons).toEqual(['cancelled', 'unpaid', 'already_shipped', 'not_found', 'address_incomplete']);
    expect(noAddress.status).toBe('ready_to_ship');
  });

  it("Lazada's throttle on a logistics call is rate_limited", async () => {
    const order = paidOrder();
    shop.sandbox.world.traffic.injectFault({
      platform: 'lazada',
      kind: 'throttle',
      pathContains: '/order/fulfill/pack',
    });
    expect(await failure(arrange(order.orderId))).toMatchObject({
      code: 'rate_limited',
      detail: { platformCode: 'ApiCallLimit' },
    });
    shop.sandbox.world.traffic.injectFault({
      platform: 'lazada',
      kind: 'http_429',
      pathContains: '/order/package/rts',
    });
    expect((await failure(arrange(order.orderId))).code).toBe('rate_limited');
    expect((await arrange(order.orderId)).trackingNo).toBe(order.trackingNo);
  });

  it('the sandbox checks the signature of every logistics call, form fields included', async () => {
    const order = paidOrder();
    expect((await failure(arrange(order.orderId, { ...shop.app, appSecret: 'wrong' }))).code).toBe(
      'signature',
    );
    const packReq = JSON.stringify({ pack_order_list: [], delivery_type: 'dropship' });
    const params = signedLazadaParams(
      '/order/fulfill/pack',
      { packReq },
      {
        appKey: shop.app.appKey,
        appSecret: shop.app.appSecret,
        timestampMs: shop.now().getTime(),
        accessToken: shop.grant.accessToken,
      },
    );
    const { packReq: _signed, ...query } = params;
    const forged = await fetch(
      `${shop.app.apiUrl}/order/fulfill/pack?${new URLSearchParams(query).toString()}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ packReq: packReq.replace('dropship', 'pickup') }).toString(),
      },
    );
    expect(await forged.json()).toMatchObject({ code: 'IncompleteSignature' });
    expect(order.status).toBe('ready_to_ship');
  });
});

describe('Lazada orders shipped by our own carrier', () => {
  it('are refused with the reason, since Lazada documents no way to take our tracking number', async () => {
    const order = paidOrder();
    const before = shop.sandbox.world.traffic.requestCounts('lazada');
    const refused = await failure(push(order.orderId, 'SBX0000000090TH'));
    expect(refused).toMatchObject({ code: 'rejected', detail: { platformCode: 'platform_logistics_only' } });
    expect(refused.message).toContain("Lazada's logistics");
    expect(shop.sandbox.world.traffic.requestCounts('lazada')).toEqual(before);
    expect(order.status).toBe('ready_to_ship');
  });
});
