import { describe, expect, it } from 'vitest';
import { JOOM_FULFIL_ONLINE_PATH } from '@server/modules/marketplaces/platforms/joom/client.js';
import { joomConnector } from '@server/modules/marketplaces/platforms/joom/connector.js';
import { platformLabelPdf } from '../label.js';
import { joomSandbox } from './joom.js';
import { failure, logisticsCalls, useSandboxShop } from './test-support.js';

const SHOP = 'JM100001';

const shop = useSandboxShop({
  platform: joomSandbox,
  connector: joomConnector,
  shop: { shopId: SHOP, name: 'Joom Store', region: 'CN', currency: 'USD' },
  redirectUri: 'https://erp.example.com/shops/joom/callback',
});
const { arrange, shipment, label } = logisticsCalls(joomConnector, shop.ctx);

/** An approved Joom order of one product variant. */
const paidOrder = () =>
  shop.sandbox.world.createOrder('joom', SHOP, {
    status: 'ready_to_ship',
    silent: true,
    lines: [{ sellerSku: 'SBX-001', quantity: 2 }],
  });

describe('Joom Logistics against the sandbox', () => {
  it('fulfils the order online, reads its tracking number and downloads its PDF label', async () => {
    const order = paidOrder();
    expect(await shipment(order.orderId)).toEqual({ trackingNo: null, carrierName: '' });
    const arranged = await arrange(order.orderId);
    expect(arranged.trackingNo).toBe(order.trackingNo);
    expect(arranged.trackingNo).toMatch(/^JOOM\d+$/);
    expect(order.status).toBe('processed');
    expect(await shipment(order.orderId)).toEqual({
      trackingNo: order.trackingNo,
      carrierName: order.carrier,
    });

    const printed = await label(order.orderId, order.trackingNo);
    expect(printed.status).toBe('ready');
    if (printed.status !== 'ready') return;
    expect(printed.pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(printed.pdf.equals(await platformLabelPdf(order))).toBe(true);
  });

  it('arranging an order fulfilled online answers the same shipment without fulfilling it again', async () => {
    const order = paidOrder();
    const first = await arrange(order.orderId);
    expect((await arrange(order.orderId)).trackingNo).toBe(first.trackingNo);
    expect(shop.sandbox.world.traffic.requestCounts('joom')[JOOM_FULFIL_ONLINE_PATH]).toBe(1);
  });

  it('refuses cancelled, shipped, unknown and incompletely addressed orders with their reason', async () => {
    const cancelled = paidOrder();
    shop.sandbox.world.changeOrder(cancelled, { status: 'cancelled' });
    const shipped = shop.sandbox.world.createOrder('joom', SHOP, { status: 'shipped', silent: true });
    const noAddress = paidOrder();
    shop.sandbox.world.changeOrder(noAddress, { address: { ...noAddress.address, phone: '' } });
    const reasons = [];
    for (const orderNo of [cancelled.orderId, shipped.orderId, 'ZZZZ9999', noAddress.orderId])
      reasons.push((await failure(arrange(orderNo))).detail.platformCode);
    expect(reasons).toEqual(['cancelled', 'already_shipped', 'not_found', 'address_incomplete']);
    expect(noAddress.status).toBe('ready_to_ship');
  });

  it('an order not fulfilled online has no label, and a label download failing midway is unavailable', async () => {
    const order = paidOrder();
    expect((await failure(label(order.orderId, ''))).detail).toMatchObject({
      httpStatus: 400,
      platformCode: 'failed_precondition',
    });
    await arrange(order.orderId);
    shop.sandbox.world.traffic.injectFault({
      platform: 'joom',
      kind: 'truncated',
      pathContains: '/shippingLabel',
    });
    expect((await failure(label(order.orderId, order.trackingNo))).code).toBe('malformed');
    shop.sandbox.world.traffic.injectFault({
      platform: 'joom',
      kind: 'http_503',
      pathContains: '/shippingLabel',
    });
    expect((await failure(label(order.orderId, order.trackingNo))).code).toBe('unavailable');
    expect((await label(order.orderId, order.trackingNo)).status).toBe('ready');
  });

  it('the throttle (HTTP 429) on fulfillOnline is rate_limited and ships nothing', async () => {
    const order = paidOrder();
    shop.sandbox.world.traffic.injectFault({
      platform: 'joom',
      kind: 'http_429',
      pathContains: '/fulfillOnline',
    });
    expect(await failure(arrange(order.orderId))).toMatchObject({
      code: 'rate_limited',
      detail: { httpStatus: 429 },
    });
    expect(order.status).toBe('ready_to_ship');
  });

  it('our own carrier still tells Joom its tracking number (orders/fulfill), once', async () => {
    const order = paidOrder();
    const push = joomConnector.pushTracking;
    if (!push) throw new Error('Joom takes no tracking numbers');
    const input = {
      orderNo: order.orderId,
      trackingNo: 'SBC123456789',
      carrierCode: 'SBC',
      carrierName: 'Sandbox',
    };
    await push(shop.ctx(), input);
    await push(shop.ctx(), input);
    expect(order.status).toBe('shipped');
    expect(order.trackingNo).toBe('SBC123456789');
    expect(shop.sandbox.world.traffic.requestCounts('joom')['/api/v3/orders/fulfill']).toBe(1);
  });
});
