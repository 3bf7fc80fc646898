/**
 * Logistics channels, waybills and outbound in the admin, against the bundled sandbox: a carrier
 * channel is authorised by its keys (refused keys say so, and no reply carries a secret); a batch
 * arranges orders through our carrier and reports each failure by order; labels are stored and
 * merged into one printable PDF; picked, packed and delivered issue exactly the reserved units
 * from the shelf once, and the ledger reconciles; a Shopee order is arranged through Shopee's own
 * logistics with its label stored byte for byte; a cancellation on the platform refuses the
 * arrangement and changes nothing; another seller and another tenant see none of it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '@server/http/actor.js';
import { receiveStock } from '@server/modules/inventory/index.js';
import { passReview, upsertMarketplaceOrder } from '@server/modules/orders/index.js';
import { approveOnSandbox } from '@server/seed/sandbox-approve.js';
import type { MarketplaceOrderInput } from '@shared/contract/orders.js';
import { MARKETPLACE_SYNC } from '@shared/domain/marketplaces.js';
import {
  carrierLabelPdf,
  SANDBOX_CARRIER_ACCOUNTS,
  type CarrierShipment,
} from '../../src/sandbox/carrier.js';
import { platformLabelPdf } from '../../src/sandbox/label.js';
import type { RunningSandbox } from '../../src/sandbox/server.js';
import { sellerIdOf } from '../support/photos.js';
import { pdfPageTexts } from '../support/pdf-reading.js';
import {
  actorFor,
  asActor,
  createProduct,
  demoWarehouse,
  ledgerMismatches,
  locationOf,
  type DemoWarehouse,
} from '../support/stock-world.js';
import { callApi, createSandboxWorld, settledBatch as settledBatchOf } from '../support/sandbox-world.js';
import type { TestWorld } from '../support/test-app.js';

let world: TestWorld;
let sandbox: RunningSandbox;
let dg01: DemoWarehouse;
let manager: Actor;
let agent: Actor;
let sellerId: string;
const tokens: Record<string, string> = {};
const [carrierKey, carrierAccount] = Object.entries(SANDBOX_CARRIER_ACCOUNTS)[0] ?? ['', { appSecret: '' }];

beforeAll(async () => {
  ({ world, sandbox } = await createSandboxWorld({ maxSleepMs: 10 }));
  for (const username of ['seller', 'seller2', 'agent', 'waremanager'])
    tokens[username] = await world.login(username);
  tokens['acme-agent'] = await world.login('acme-agent', { agentCode: 'acme' });
  manager = await actorFor(world, 'waremanager');
  agent = await actorFor(world, 'agent');
  dg01 = await demoWarehouse(world, 'DG01');
  sellerId = await sellerIdOf(world, tokens.seller ?? '');
});
afterAll(async () => {
  await world.close();
  await sandbox.close();
});

const call = (username: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  callApi(world, tokens[username], method, url, payload);

async function stockedSku(code: string, quantity: number, shelfCode = 'A-02-04'): Promise<string> {
  const skuId = (await createProduct(world, tokens.seller ?? '', [code])).skus[0]?.id ?? '';
  await asActor(world, manager, (tx) =>
    receiveStock(tx, manager, {
      warehouseId: dg01.id,
      skuId,
      locationId: locationOf(dg01, shelfCode),
      quantity,
    }),
  );
  return skuId;
}

let number = 0;
async function pendingOrder(skuId: string, quantity: number, extra: Partial<MarketplaceOrderInput> = {}) {
  number += 1;
  const input: MarketplaceOrderInput = {
    sellerId,
    platform: 'manual',
    shopId: 'hand-entered',
    shopName: '',
    orderNo: `WB${String(number).padStart(6, '0')}`,
    platformStatus: 'READY_TO_SHIP',
    warehouseId: dg01.id,
    buyerName: 'buyer',
    recipientName: 'สมชาย ใจดี',
    recipientPhone: '+66 81 234 5678',
    recipientAddress: '99 ถนนสุขุมวิท Bangkok 10110',
    currency: 'THB',
    lines: [{ skuId, quantity, unitPrice: 10_000, itemId: '', variationId: '' }],
    ...extra,
  };
  const saved = await asActor(world, agent, (tx) => upsertMarketplaceOrder(tx, agent, input));
  await asActor(world, agent, (tx) => passReview(tx, agent, { ids: [saved.id] }));
  return saved.id;
}

const settledBatch = (username: string, id: string) => settledBatchOf(world, tokens[username], id);

async function balance(skuId: string) {
  const { rows } = await world.database.ownerPool.query(
    'select available, frozen from stock_balances where warehouse_id = $1 and sku_id = $2',
    [dg01.id, skuId],
  );
  return rows[0];
}

let carrierChannelId = '';

/** The order's parcel shipped outside our channels: its tracking number typed in. */
async function selfShipped(orderId: string) {
  const reply = await call('waremanager', 'POST', '/api/waybill/selfShipped', {
    orderId,
    trackingNo: `SELF${orderId.slice(0, 8)}`,
    carrierName: 'Kerry Express',
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
}

describe('logistics channels', () => {
  it('authorises a carrier channel by its keys, says when they are refused, and never shows them', async () => {
    const refused = await call('agent', 'POST', '/api/logistics/channel/add', {
      kind: 'carrier',
      carrier: 'sandbox',
      name: 'Sandbox Express (wrong keys)',
      appKey: carrierKey,
      appSecret: 'not-the-secret',
    });
    expect(refused.status).toBe(200);
    expect(refused.body.result).toMatchObject({
      authStatus: 'unauthorised',
      authError: 'logistics.keys_refused',
    });

    const added = await call('agent', 'POST', '/api/logistics/channel/add', {
      kind: 'carrier',
      carrier: 'sandbox',
      name: 'Sandbox Express',
      companyName: 'Sandbox Express Co.',
      companyCode: 'SBX',
      appKey: carrierKey,
      appSecret: carrierAccount.appSecret,
      warehouseIds: [dg01.id],
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.result).toMatchObject({
      authStatus: 'authorised',
      keyHint: `…${carrierKey.slice(-4)}`,
    });
    carrierChannelId = added.body.result.id;
    const listed = await call('agent', 'GET', '/api/logistics/channel/list?pageSize=50');
    expect(JSON.stringify(listed.body)).not.toContain(carrierAccount.appSecret);
    expect(JSON.stringify(listed.body)).not.toContain(carrierKey);
    const { rows } = await world.database.ownerPool.query(
      'select secrets from logistics_channels where id = $1',
      [carrierChannelId],
    );
    expect(String(rows[0].secrets)).not.toContain(carrierAccount.appSecret);

    const taken = await call('agent', 'POST', '/api/logistics/channel/add', {
      kind: 'marketplace',
      platform: 'shopee',
      name: 'Sandbox Express',
    });
    expect(taken.body.code).toBe('logistics.channel_name_taken');
    expect((await call('seller', 'GET', '/api/logistics/channel/list')).status).toBe(403);
    // Another tenant sees none of this tenant's channels.
    const elsewhere = await call('acme-agent', 'GET', '/api/logistics/channel/list?pageSize=50');
    const theirs = elsewhere.body.result.records.map((record: { id: string }) => record.id);
    expect(theirs).not.toContain(carrierChannelId);
    expect(theirs).not.toContain(refused.body.result.id);
  });
});

describe('outbound through our own carrier', () => {
  it('arranges a batch, reports the failure by order, prints, and issues the reservation once', async () => {
    const skuId = await stockedSku('WB-MUG', 20);
    const orderIds = [
      await pendingOrder(skuId, 2),
      await pendingOrder(skuId, 3),
      await pendingOrder(skuId, 1),
    ];
    const broken = await pendingOrder(skuId, 1, { recipientAddress: '' });
    expect(await balance(skuId)).toEqual({ available: 13, frozen: 7 });

    const options = await call(
      'waremanager',
      'GET',
      `/api/logistics/channel/options?orderIds=${orderIds.join(',')}`,
    );
    expect(options.body.result.map((option: { id: string }) => option.id)).toContain(carrierChannelId);
    // Orders entered by hand cannot ship by a marketplace's own logistics.
    expect(options.body.result).not.toContainEqual(expect.objectContaining({ kind: 'marketplace' }));

    const queued = await call('waremanager', 'POST', '/api/waybill/arrange', {
      orderIds: [...orderIds, broken],
      channelId: carrierChannelId,
    });
    expect(queued.status, JSON.stringify(queued.body)).toBe(200);
    const arranged = await settledBatch('waremanager', queued.body.result.id);
    expect(arranged).toMatchObject({ state: 'done', total: 4, succeeded: 3, failed: 1 });
    expect(arranged.problems).toEqual([
      expect.objectContaining({ orderId: broken, errorCode: 'waybill.refused_address_incomplete' }),
    ]);
    expect(arranged.problems[0].message).toContain('address is incomplete');

    const list = await call('waremanager', 'GET', '/api/waybill/list?stage=to_print&pageSize=50');
    const rows = list.body.result.records.filter((row: { orderId: string }) =>
      orderIds.includes(row.orderId),
    );
    expect(rows).toHaveLength(3);
    for (const row of rows)
      expect(row).toMatchObject({
        arrangeStatus: 'arranged',
        labelStatus: 'ready',
        channelName: 'Sandbox Express',
      });
    expect(rows[0].trackingNo).toMatch(/^SBX\d{10}TH$/);
    // Arranging again books nothing new: the order is skipped as arranged.
    const again = await settledBatch(
      'waremanager',
      (await call('waremanager', 'POST', '/api/waybill/arrange', { orderIds: [orderIds[0]] })).body.result.id,
    );
    expect(again.problems[0]).toMatchObject({ outcome: 'skipped', errorCode: 'waybill.already_arranged' });
    expect(sandbox.carrier.shipments.size).toBe(3);

    // Delivering before printing is refused, by order.
    const printBatch = await settledBatch(
      'waremanager',
      (await call('waremanager', 'POST', '/api/waybill/print', { orderIds: [...orderIds, broken] })).body
        .result.id,
    );
    expect(printBatch).toMatchObject({ succeeded: 3, failed: 1, hasPdf: true });
    const pdf = await world.request({
      method: 'GET',
      url: `/api/waybill/batch/pdf?id=${printBatch.id}`,
      token: tokens.waremanager ?? '',
    });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = (await pdfPageTexts(pdf.rawPayload)).join('\n');
    for (const row of rows) expect(text).toContain(row.trackingNo);
    expect(text).toContain('สมชาย');
    // Not weighed yet and the SKU has no weight: the weight is a dash, never "0 kg".
    expect(text).not.toMatch(/(^|\s)0 kg/);
    expect(text.match(/—/g)).toHaveLength(3);

    const picked = await call('waremanager', 'POST', '/api/outbound/picked', { orderIds });
    expect(picked.body.result).toEqual({ succeeded: 3, failed: [] });
    const packed = await call('waremanager', 'POST', '/api/outbound/packed', { orderIds, weightGrams: 450 });
    expect(packed.body.result.succeeded).toBe(3);
    const early = await call('waremanager', 'POST', '/api/outbound/delivered', { orderIds: [orderIds[0]] });
    expect(early.body.result.failed[0].errorCode).toBe('outbound.not_printed');

    const marked = await call('waremanager', 'POST', '/api/waybill/printed', { orderIds, isPrinted: true });
    expect(marked.body.result.count).toBe(3);
    const delivered = await call('waremanager', 'POST', '/api/outbound/delivered', { orderIds });
    expect(delivered.body.result).toEqual({ succeeded: 3, failed: [] });
    expect(delivered.body.message).toBe('Delivery (outbound) succeeded');
    // Six units left the shelf through the ledger; the broken order still holds its one.
    expect(await balance(skuId)).toEqual({ available: 13, frozen: 1 });
    const { rows: shelf } = await world.database.ownerPool.query(
      'select quantity from location_stock where location_id = $1 and sku_id = $2',
      [locationOf(dg01, 'A-02-04'), skuId],
    );
    expect(shelf[0].quantity).toBe(14);
    const twice = await call('waremanager', 'POST', '/api/outbound/delivered', { orderIds: [orderIds[0]] });
    expect(twice.body.result.failed[0]).toMatchObject({
      errorCode: 'outbound.already_out',
      message: 'Order information not found or already outbound',
    });
    expect(await balance(skuId)).toEqual({ available: 13, frozen: 1 });
    const { rows: statuses } = await world.database.ownerPool.query(
      'select distinct local_status, warehouse_status from orders where id = any($1)',
      [orderIds],
    );
    expect(statuses).toEqual([{ local_status: 'shipped', warehouse_status: 'delivered' }]);
    expect(await ledgerMismatches(world)).toEqual([]);
  });

  it('picks across shelves in walking order without taking units another picked order holds', async () => {
    const skuId = await stockedSku('WB-SPLIT', 3, 'A-02-04');
    await asActor(world, manager, (tx) =>
      receiveStock(tx, manager, {
        warehouseId: dg01.id,
        skuId,
        locationId: locationOf(dg01, 'A-02-05'),
        quantity: 4,
      }),
    );
    const first = await pendingOrder(skuId, 2);
    const second = await pendingOrder(skuId, 4);
    const unlabelled = await call('waremanager', 'POST', '/api/outbound/picked', { orderIds: [first] });
    expect(unlabelled.body.result?.failed[0]?.errorCode, JSON.stringify(unlabelled.body)).toBe(
      'outbound.no_waybill',
    );
    for (const orderId of [first, second]) await selfShipped(orderId);
    expect(
      (await call('waremanager', 'POST', '/api/outbound/picked', { orderIds: [first] })).body.result
        .succeeded,
    ).toBe(1);
    expect(
      (await call('waremanager', 'POST', '/api/outbound/picked', { orderIds: [second] })).body.result
        .succeeded,
    ).toBe(1);
    // The units moved from the shelves, in walking order, to the staging location the picks name.
    const { rows } = await world.database.ownerPool.query(
      `select f.code as "from", t.code as "to", m.quantity from stock_movements m
       join warehouse_locations f on f.id = m.from_location_id join warehouse_locations t on t.id = m.to_location_id
       where m.kind = 'move' and m.source_id = $1 order by f.code`,
      [second],
    );
    expect(rows).toEqual([
      { from: 'A-02-04', to: 'PICKED', quantity: 1 },
      { from: 'A-02-05', to: 'PICKED', quantity: 3 },
    ]);
    const { rows: picks } = await world.database.ownerPool.query(
      `select l.code, p.quantity from order_picks p join warehouse_locations l on l.id = p.location_id
       where p.order_id = $1`,
      [second],
    );
    expect(picks).toEqual([{ code: 'PICKED', quantity: 4 }]);
    const third = await pendingOrder(skuId, 1);
    await selfShipped(third);
    const last = await call('waremanager', 'POST', '/api/outbound/picked', { orderIds: [third] });
    expect(last.body.result.succeeded).toBe(1);
    // Nothing left to reserve: the order is out of stock and picking it is refused, changing nothing.
    const fourth = await pendingOrder(skuId, 1);
    await selfShipped(fourth);
    const short = await call('waremanager', 'POST', '/api/outbound/picked', { orderIds: [fourth] });
    expect(short.body.result.failed[0]).toMatchObject({
      orderId: fourth,
      errorCode: 'outbound.out_of_stock',
    });
    const { rows: untouched } = await world.database.ownerPool.query(
      'select warehouse_status, is_picked from orders where id = $1',
      [fourth],
    );
    expect(untouched[0]).toEqual({ warehouse_status: 'none', is_picked: false });
  });

  it("keeps the carrier's own label byte for byte where the carrier issues one", async () => {
    const [labelKey, labelAccount] = Object.entries(SANDBOX_CARRIER_ACCOUNTS).find(
      ([, account]) => account.issuesLabels,
    ) ?? ['', { appSecret: '' }];
    const added = await call('agent', 'POST', '/api/logistics/channel/add', {
      kind: 'carrier',
      carrier: 'sandbox',
      name: 'Sandbox Express (carrier labels)',
      appKey: labelKey,
      appSecret: labelAccount.appSecret,
    });
    expect(added.body.result.authStatus).toBe('authorised');
    const skuId = await stockedSku('WB-CARRIER-LABEL', 1);
    const orderId = await pendingOrder(skuId, 1);
    const batch = await settledBatch(
      'waremanager',
      (
        await call('waremanager', 'POST', '/api/waybill/arrange', {
          orderIds: [orderId],
          channelId: added.body.result.id,
        })
      ).body.result.id,
    );
    expect(batch).toMatchObject({ succeeded: 1, failed: 0 });
    const { rows } = await world.database.ownerPool.query(
      'select w.tracking_no, w.label_source from waybills w where w.order_id = $1',
      [orderId],
    );
    expect(rows[0].label_source).toBe('carrier');
    const shipment = [...sandbox.carrier.shipments.values()].find(
      (entry) => entry.trackingNo === rows[0].tracking_no,
    );
    const label = await world.request({
      method: 'GET',
      url: `/api/waybill/label?orderId=${orderId}`,
      token: tokens.waremanager ?? '',
    });
    expect(shipment).toBeDefined();
    expect(Buffer.compare(label.rawPayload, await carrierLabelPdf(shipment as CarrierShipment))).toBe(0);
  });

  it('keeps the orders of one seller from another seller and the routes from sellers', async () => {
    expect((await call('seller', 'POST', '/api/outbound/picked', { orderIds: [randomUuid()] })).status).toBe(
      403,
    );
    expect((await call('seller2', 'GET', '/api/waybill/list')).status).toBe(403);
    const elsewhere = await call('acme-agent', 'GET', '/api/waybill/list?stage=delivered');
    expect(elsewhere.body.result.records).toEqual([]);
  });
});

function randomUuid(): string {
  return '7f1c2a4e-9b3d-4c5e-8f6a-0b1c2d3e4f5a';
}

describe('outbound through Shopee logistics', () => {
  it('arranges through Shopee, stores its label byte for byte, and refuses an order cancelled on Shopee', async () => {
    const shopeeShop = '600990';
    sandbox.world.addShop({
      platform: 'shopee',
      shopId: shopeeShop,
      name: 'WB Shopee',
      region: 'TH',
      currency: 'THB',
    });
    const added = await call('seller', 'POST', '/api/shop/add', {
      platform: 'shopee',
      alias: 'WB Shopee',
      warehouseId: dg01.id,
    });
    const shopId = added.body.result.id as string;
    const started = await call('seller', 'POST', '/api/shop/authorise', { id: shopId });
    const query = await approveOnSandbox(started.body.result.url as string, shopeeShop);
    expect((await call('seller', 'POST', '/api/shop/authorise/callback', { query })).status).toBe(200);
    // The first sync the authorisation queued ends before the test's orders exist on the platform:
    // a sync bringing them (unmatched items make problem orders) would race the orders made here.
    const firstSyncEnd = Date.now() + 30_000;
    const firstSyncEnded = async () =>
      (
        await world.database.ownerPool.query(
          "select count(*)::int as n from shop_sync_runs where shop_id = $1 and state <> 'running'",
          [shopId],
        )
      ).rows[0]?.n === 1;
    while (!(await firstSyncEnded())) {
      if (Date.now() > firstSyncEnd) throw new Error('the first sync did not end');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // The demo seeds each tenant's marketplace channels; Shopee's is the default for Shopee orders.
    const channels = await call('agent', 'GET', '/api/logistics/channel/list?kind=marketplace');
    expect(channels.body.result.records).toContainEqual(
      expect.objectContaining({ platform: 'shopee', authStatus: 'authorised', isEnabled: true }),
    );

    const skuId = await stockedSku('WB-SHOPEE', 5);
    const ready = sandbox.world.createOrder('shopee', shopeeShop, { status: 'ready_to_ship', silent: true });
    const gone = sandbox.world.createOrder('shopee', shopeeShop, { status: 'ready_to_ship', silent: true });
    const mine = await pendingOrder(skuId, 1, {
      platform: 'shopee',
      shopId,
      shopName: 'WB Shopee',
      orderNo: ready.orderId,
    });
    const cancelled = await pendingOrder(skuId, 1, {
      platform: 'shopee',
      shopId,
      shopName: 'WB Shopee',
      orderNo: gone.orderId,
    });
    sandbox.world.changeOrder(gone, { status: 'cancelled' });

    const batch = await settledBatch(
      'waremanager',
      (await call('waremanager', 'POST', '/api/waybill/arrange', { orderIds: [mine, cancelled] })).body.result
        .id,
    );
    expect(batch).toMatchObject({ succeeded: 1, failed: 1 });
    expect(batch.problems[0]).toMatchObject({ orderId: cancelled, errorCode: 'waybill.refused_cancelled' });
    const { rows } = await world.database.ownerPool.query(
      `select w.tracking_no, w.label_source, l.pdf from waybills w join waybill_labels l on l.waybill_id = w.id where w.order_id = $1`,
      [mine],
    );
    expect(rows[0].tracking_no).toBe(ready.trackingNo);
    expect(rows[0].label_source).toBe('platform');
    expect(Buffer.compare(rows[0].pdf, await platformLabelPdf(ready))).toBe(0);
    // The refused order is where it was: waiting to ship, its unit still reserved, no tracking number.
    const { rows: refused } = await world.database.ownerPool.query(
      'select o.local_status, o.tracking_no, w.arrange_status from orders o join waybills w on w.order_id = o.id where o.id = $1',
      [cancelled],
    );
    expect(refused[0]).toEqual({
      local_status: 'pending_shipment',
      tracking_no: '',
      arrange_status: 'arrange_failed',
    });
    const label = await world.request({
      method: 'GET',
      url: `/api/waybill/label?orderId=${mine}`,
      token: tokens.waremanager ?? '',
    });
    expect(Buffer.compare(label.rawPayload, await platformLabelPdf(ready))).toBe(0);
  });
});

describe('outbound of a Shopify order through our own carrier', () => {
  it('pushes the tracking number to Shopify once the parcel is handed over', async () => {
    const domain = 'waybill-seller.myshopify.com';
    sandbox.world.addShop({
      platform: 'shopify',
      shopId: domain,
      name: 'WB Shopify',
      region: 'US',
      currency: 'USD',
    });
    const added = await call('seller', 'POST', '/api/shop/add', {
      platform: 'shopify',
      alias: 'WB Shopify',
      warehouseId: dg01.id,
    });
    const shopId = added.body.result.id as string;
    const started = await call('seller', 'POST', '/api/shop/authorise', { id: shopId, shopDomain: domain });
    const query = await approveOnSandbox(started.body.result.url as string, domain);
    expect((await call('seller', 'POST', '/api/shop/authorise/callback', { query })).status).toBe(200);

    const skuId = await stockedSku('WB-SHOPIFY', 2);
    const sold = sandbox.world.createOrder('shopify', domain, { status: 'ready_to_ship', silent: true });
    const orderId = await pendingOrder(skuId, 1, {
      platform: 'shopify',
      shopId,
      shopName: 'WB Shopify',
      orderNo: sold.orderId,
      currency: 'USD',
    });
    const arranged = await settledBatch(
      'waremanager',
      (
        await call('waremanager', 'POST', '/api/waybill/arrange', {
          orderIds: [orderId],
          channelId: carrierChannelId,
        })
      ).body.result.id,
    );
    expect(arranged).toMatchObject({ succeeded: 1, failed: 0 });
    for (const step of ['picked', 'packed'])
      expect(
        (await call('waremanager', 'POST', `/api/outbound/${step}`, { orderIds: [orderId] })).body.result
          .succeeded,
      ).toBe(1);
    await call('waremanager', 'POST', '/api/waybill/printed', { orderIds: [orderId], isPrinted: true });
    expect(sandbox.world.order('shopify', domain, sold.orderId)?.status).toBe('ready_to_ship');
    const delivered = await call('waremanager', 'POST', '/api/outbound/delivered', { orderIds: [orderId] });
    expect(delivered.body.result).toEqual({ succeeded: 1, failed: [] });

    const { rows } = await world.database.ownerPool.query(
      'select tracking_no, tracking_pushed_at, push_error from waybills where order_id = $1',
      [orderId],
    );
    expect(rows[0].push_error).toBe('');
    expect(rows[0].tracking_pushed_at).not.toBeNull();
    expect(sandbox.world.order('shopify', domain, sold.orderId)).toMatchObject({
      status: 'shipped',
      trackingNo: rows[0].tracking_no,
    });
  });
});

describe('outbound through Lazada, TikTok Shop and Joom logistics', () => {
  it.each([
    ['lazada', '1000990'],
    ['tiktok', '7494000990'],
    ['joom', 'JM000990'],
  ] as const)(
    'arranges a %s order through its logistics and stores its label byte for byte',
    async (platform, platformShopId) => {
      sandbox.world.addShop({
        platform,
        shopId: platformShopId,
        name: `WB ${platform}`,
        region: 'TH',
        currency: 'THB',
      });
      const added = await call('seller', 'POST', '/api/shop/add', {
        platform,
        alias: `WB ${platform}`,
        warehouseId: dg01.id,
      });
      const shopId = added.body.result.id as string;
      const started = await call('seller', 'POST', '/api/shop/authorise', { id: shopId });
      const query = await approveOnSandbox(started.body.result.url as string, platformShopId);
      const authorised = await call('seller', 'POST', '/api/shop/authorise/callback', { query });
      expect(authorised.status, JSON.stringify(authorised.body)).toBe(200);

      const skuId = await stockedSku(`WB-${platform.toUpperCase()}`, 3);
      const sold = sandbox.world.createOrder(platform, platformShopId, {
        status: 'ready_to_ship',
        silent: true,
      });
      const orderId = await pendingOrder(skuId, 1, {
        platform,
        shopId,
        shopName: `WB ${platform}`,
        orderNo: sold.orderId,
      });
      const options = await call('waremanager', 'GET', `/api/logistics/channel/options?orderIds=${orderId}`);
      expect(options.body.result).toContainEqual(expect.objectContaining({ kind: 'marketplace', platform }));

      const batch = await settledBatch(
        'waremanager',
        (await call('waremanager', 'POST', '/api/waybill/arrange', { orderIds: [orderId] })).body.result.id,
      );
      expect(batch, JSON.stringify(batch.problems)).toMatchObject({ succeeded: 1, failed: 0 });
      const label = await world.request({
        method: 'GET',
        url: `/api/waybill/label?orderId=${orderId}`,
        token: tokens.waremanager ?? '',
      });
      const arranged = sandbox.world.order(platform, platformShopId, sold.orderId);
      expect(arranged?.status).toBe('processed');
      expect(Buffer.compare(label.rawPayload, await platformLabelPdf(arranged ?? sold))).toBe(0);
      const { rows } = await world.database.ownerPool.query('select tracking_no from orders where id = $1', [
        orderId,
      ]);
      expect(rows[0].tracking_no).toBe(arranged?.trackingNo);
    },
  );
});

/** A sandbox shop of the platform, authorised by the demo seller for DG01. */
async function connectShop(platform: 'shopee' | 'tiktok', platformShopId: string): Promise<string> {
  sandbox.world.addShop({
    platform,
    shopId: platformShopId,
    name: `Push ${platform}`,
    region: 'TH',
    currency: 'THB',
  });
  const added = await call('seller', 'POST', '/api/shop/add', {
    platform,
    alias: `Push ${platform}`,
    warehouseId: dg01.id,
  });
  const shopId = added.body.result.id as string;
  const started = await call('seller', 'POST', '/api/shop/authorise', { id: shopId });
  const query = await approveOnSandbox(started.body.result.url as string, platformShopId);
  expect((await call('seller', 'POST', '/api/shop/authorise/callback', { query })).status).toBe(200);
  return shopId;
}

describe("our carrier's tracking number on marketplaces with logistics of their own", () => {
  /** A marketplace order shipped by our carrier: arranged, picked, packed, printed and delivered. */
  async function deliveredByCarrier(
    platform: 'shopee' | 'tiktok',
    shopId: string,
    orderNo: string,
    skuId: string,
  ): Promise<string> {
    const orderId = await pendingOrder(skuId, 1, { platform, shopId, shopName: `Push ${platform}`, orderNo });
    const batch = await settledBatch(
      'waremanager',
      (
        await call('waremanager', 'POST', '/api/waybill/arrange', {
          orderIds: [orderId],
          channelId: carrierChannelId,
        })
      ).body.result.id,
    );
    expect(batch, JSON.stringify(batch.problems)).toMatchObject({ succeeded: 1 });
    for (const step of ['picked', 'packed'])
      await call('waremanager', 'POST', `/api/outbound/${step}`, { orderIds: [orderId] });
    await call('waremanager', 'POST', '/api/waybill/printed', { orderIds: [orderId], isPrinted: true });
    const delivered = await call('waremanager', 'POST', '/api/outbound/delivered', { orderIds: [orderId] });
    expect(delivered.body.result).toEqual({ succeeded: 1, failed: [] });
    return orderId;
  }

  async function listed(orderId: string) {
    const list = await call('waremanager', 'GET', '/api/waybill/list?stage=delivered&pageSize=200');
    return list.body.result.records.find((row: { orderId: string }) => row.orderId === orderId);
  }

  it('tells Shopee (non-integrated) and TikTok Shop (seller shipping), says why Shopee refuses an integrated order, and sends again', async () => {
    const shopeeShop = await connectShop('shopee', '600991');
    const tiktokShop = await connectShop('tiktok', '7494000991');
    const skuId = await stockedSku('WB-PUSH', 5);

    const integrated = sandbox.world.createOrder('shopee', '600991', {
      status: 'ready_to_ship',
      silent: true,
    });
    const refusedId = await deliveredByCarrier('shopee', shopeeShop, integrated.orderId, skuId);
    expect(await listed(refusedId)).toMatchObject({
      trackingPushed: false,
      pushError: 'waybill.refused_platform_logistics',
      pushMessage: expect.stringContaining('integrated channel'),
    });
    expect(integrated.status).toBe('ready_to_ship');

    // A non-integrated Shopee order whose push meets an outage: kept failed, then sent again.
    const ownChannel = sandbox.world.createOrder('shopee', '600991', {
      status: 'ready_to_ship',
      silent: true,
      sellerShips: true,
    });
    // Every try of the push meets the outage: the first call and the session's retries.
    sandbox.world.traffic.injectFault({
      platform: 'shopee',
      kind: 'http_503',
      pathContains: '/ship_order',
      count: MARKETPLACE_SYNC.retries + 1,
    });
    const retriedId = await deliveredByCarrier('shopee', shopeeShop, ownChannel.orderId, skuId);
    const failed = await listed(retriedId);
    expect(failed).toMatchObject({ trackingPushed: false, pushError: 'shop.unavailable' });
    expect(ownChannel.status).toBe('ready_to_ship');
    // Only those who hand parcels over may send it again; another tenant does not find the order.
    expect(
      (await call('seller', 'POST', '/api/waybill/tracking/push', { orderIds: [retriedId] })).status,
    ).toBe(403);
    const stranger = await call('acme-agent', 'POST', '/api/waybill/tracking/push', {
      orderIds: [retriedId],
    });
    expect(stranger.body.result?.failed[0]?.errorCode ?? stranger.body.code).toBe('order.not_found');
    expect(ownChannel.status).toBe('ready_to_ship');
    const again = await call('waremanager', 'POST', '/api/waybill/tracking/push', { orderIds: [retriedId] });
    expect(again.body.result).toEqual({ succeeded: 1, failed: [] });
    expect(ownChannel).toMatchObject({ status: 'shipped', trackingNo: failed.trackingNo });
    expect(await listed(retriedId)).toMatchObject({ trackingPushed: true, pushError: '', pushMessage: '' });

    const stillRefused = await call('waremanager', 'POST', '/api/waybill/tracking/push', {
      orderIds: [refusedId, retriedId],
    });
    expect(stillRefused.body.result.failed).toEqual([
      expect.objectContaining({ orderId: refusedId, errorCode: 'waybill.refused_platform_logistics' }),
      expect.objectContaining({
        orderId: retriedId,
        errorCode: 'waybill.push_not_needed',
        message: expect.stringContaining('has no tracking number waiting'),
      }),
    ]);

    const sellerShipped = sandbox.world.createOrder('tiktok', '7494000991', {
      status: 'ready_to_ship',
      silent: true,
      sellerShips: true,
    });
    const tiktokId = await deliveredByCarrier('tiktok', tiktokShop, sellerShipped.orderId, skuId);
    const row = await listed(tiktokId);
    expect(row).toMatchObject({ trackingPushed: true, pushError: '' });
    expect(sellerShipped).toMatchObject({
      status: 'shipped',
      trackingNo: row.trackingNo,
      carrier: 'Sandbox Express',
    });
  });
});

describe("a platform's label that was not saved", () => {
  it('fails midway, is not saved again from nothing, is fetched again, and saved again from the bytes held', async () => {
    const shopId = await connectShop('shopee', '600992');
    const skuId = await stockedSku('WB-LABEL-MIDWAY', 2);
    const sold = sandbox.world.createOrder('shopee', '600992', { status: 'ready_to_ship', silent: true });
    const orderId = await pendingOrder(skuId, 1, {
      platform: 'shopee',
      shopId,
      shopName: 'Push shopee',
      orderNo: sold.orderId,
    });
    // Every download of the air waybill is cut off halfway: a PDF without its end.
    const download = '/download_shipping_document';
    sandbox.world.traffic.injectFault({
      platform: 'shopee',
      kind: 'truncated',
      pathContains: download,
      count: MARKETPLACE_SYNC.retries + 1,
    });
    const batch = await settledBatch(
      'waremanager',
      (await call('waremanager', 'POST', '/api/waybill/arrange', { orderIds: [orderId] })).body.result.id,
    );
    expect(batch).toMatchObject({ succeeded: 1, failed: 0 });
    const stored = async () =>
      (
        await world.database.ownerPool.query(
          `select w.arrange_status, w.label_status, w.label_error, w.label_source, l.pdf
             from waybills w left join waybill_labels l on l.waybill_id = w.id where w.order_id = $1`,
          [orderId],
        )
      ).rows[0];
    expect(await stored()).toMatchObject({
      arrange_status: 'arranged',
      label_status: 'failed',
      label_error: 'shop.malformed',
      pdf: null,
    });

    // Save again holds nothing of Shopee's to save: it says so and asks no one.
    const downloads = () =>
      sandbox.world.traffic.requestCounts('shopee')[`/api/v2/logistics${download}`] ?? 0;
    const tried = downloads();
    const nothing = await call('waremanager', 'POST', '/api/waybill/label/regenerate', {
      orderIds: [orderId],
    });
    expect(nothing.body.result.failed[0]).toMatchObject({
      errorCode: 'waybill.nothing_to_save',
      message: `No label of order ${sold.orderId} has been fetched yet, so there is nothing to save again: try again or upload it manually`,
    });
    expect(downloads()).toBe(tried);
    expect((await stored()).label_status).toBe('failed');

    // Try again asks Shopee once more: the whole document is kept.
    const again = await call('waremanager', 'POST', '/api/waybill/label/retry', { orderIds: [orderId] });
    expect(again.body.result).toEqual({ succeeded: 1, failed: [] });
    expect(downloads()).toBeGreaterThan(tried);
    const label = await platformLabelPdf(sold);
    const fetched = await stored();
    expect(fetched).toMatchObject({ label_status: 'ready', label_source: 'platform', label_error: '' });
    expect(Buffer.compare(fetched.pdf, label)).toBe(0);

    // A label held but not marked saved is saved again from its bytes, without Shopee.
    await world.database.ownerPool.query(
      "update waybills set label_status = 'failed', label_error = 'waybill.label_not_saved' where order_id = $1",
      [orderId],
    );
    const held = downloads();
    const saved = await call('waremanager', 'POST', '/api/waybill/label/regenerate', { orderIds: [orderId] });
    expect(saved.body.result).toEqual({ succeeded: 1, failed: [] });
    expect(downloads()).toBe(held);
    const resaved = await stored();
    expect(resaved).toMatchObject({ label_status: 'ready', label_source: 'platform' });
    expect(Buffer.compare(resaved.pdf, label)).toBe(0);
  });
});
