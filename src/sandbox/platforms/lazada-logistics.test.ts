import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppConfig, CallContext, ShopGrant } from '@server/modules/marketplaces/connector.js';
import { lazadaConnector } from '@server/modules/marketplaces/platforms/lazada/connector.js';
import { signedLazadaParams } from '@server/modules/marketplaces/platforms/lazada/sign.js';
import { platformLabelPdf } from '../label.js';
import type { RunningSandbox } from '../server.js';
import { lazadaSandbox } from './lazada.js';
import { failure, grantByCode, logisticsCalls, startPlatformSandbox } from './test-support.js';

const SHOP = '100200300';

let sandbox: RunningSandbox;
let app: AppConfig;
let grant: ShopGrant;

const now = (): Date => new Date(sandbox.world.now());
const ctx = (config: AppConfig = app): CallContext => ({ app: config, grant, fetch, now });
const { arrange, shipment, label } = logisticsCalls(lazadaConnector, ctx);

const paidOrder = () =>
  sandbox.world.createOrder('lazada', SHOP, {
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
      appKey: app.appKey,
      appSecret: app.appSecret,
      timestampMs: now().getTime(),
      accessToken: grant.accessToken,
    },
  );
  const body = (await (
    await fetch(`${app.apiUrl}/order/items/get?${new URLSearchParams(params).toString()}`)
  ).json()) as {
    data: { status: string }[];
  };
  return body.data.map((item) => item.status);
}

beforeAll(async () => {
  ({ sandbox, app } = await startPlatformSandbox(lazadaSandbox));
});

afterAll(async () => {
  await sandbox.close();
});

beforeEach(async () => {
  sandbox.world.reset();
  sandbox.world.addShop({
    platform: 'lazada',
    shopId: SHOP,
    name: 'Lazada Sandbox SG',
    region: 'SG',
    currency: 'SGD',
  });
  grant = await grantByCode(sandbox, app, lazadaConnector, {
    shopId: SHOP,
    redirectUri: 'https://erp.example.com/shops/lazada/callback',
  });
});

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
    const counts = { ...sandbox.world.requestCounts('lazada') };
    expect(await arrange(order.orderId)).toEqual(first);
    const after = sandbox.world.requestCounts('lazada');
    expect(after['/order/fulfill/pack']).toBe(counts['/order/fulfill/pack']);
    expect(after['/order/package/rts']).toBe(counts['/order/package/rts']);
  });

  it('refuses cancelled, unpaid, shipped, unknown and incompletely addressed orders with their reason', async () => {
    const cancelled = paidOrder();
    sandbox.world.changeOrder(cancelled, { status: 'cancelled' });
    const unpaid = sandbox.world.createOrder('lazada', SHOP, { status: 'unpaid', silent: true });
    const shipped = sandbox.world.createOrder('lazada', SHOP, { status: 'shipped', silent: true });
    const noAddress = paidOrder();
    sandbox.world.changeOrder(noAddress, { address: { ...noAddress.address, phone: '' } });
    const reasons = [];
    for (const orderNo of [cancelled.orderId, unpaid.orderId, shipped.orderId, '999', noAddress.orderId])
      reasons.push((await failure(arrange(orderNo))).detail.platformCode);
    expect(reasons).toEqual(['cancelled', 'unpaid', 'already_shipped', 'not_found', 'address_incomplete']);
    expect(noAddress.status).toBe('ready_to_ship');
  });

  it("Lazada's throttle on a logistics call is rate_limited", async () => {
    const order = paidOrder();
    sandbox.world.injectFault({ platform: 'lazada', kind: 'throttle', pathContains: '/order/fulfill/pack' });
    expect(await failure(arrange(order.orderId))).toMatchObject({
      code: 'rate_limited',
      detail: { platformCode: 'ApiCallLimit' },
    });
    sandbox.world.injectFault({ platform: 'lazada', kind: 'http_429', pathContains: '/order/package/rts' });
    expect((await failure(arrange(order.orderId))).code).toBe('rate_limited');
    expect((await arrange(order.orderId)).trackingNo).toBe(order.trackingNo);
  });

  it('the sandbox checks the signature of every logistics call, form fields included', async () => {
    const order = paidOrder();
    expect((await failure(arrange(order.orderId, { ...app, appSecret: 'wrong' }))).code).toBe('signature');
    const packReq = JSON.stringify({ pack_order_list: [], delivery_type: 'dropship' });
    const params = signedLazadaParams(
      '/order/fulfill/pack',
      { packReq },
      {
        appKey: app.appKey,
        appSecret: app.appSecret,
        timestampMs: now().getTime(),
        accessToken: grant.accessToken,
      },
    );
    const { packReq: _signed, ...query } = params;
    const forged = await fetch(`${app.apiUrl}/order/fulfill/pack?${new URLSearchParams(query).toString()}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ packReq: packReq.replace('dropship', 'pickup') }).toString(),
    });
    expect(await forged.json()).toMatchObject({ code: 'IncompleteSignature' });
    expect(order.status).toBe('ready_to_ship');
  });
});
