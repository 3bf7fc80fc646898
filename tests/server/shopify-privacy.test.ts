/**
 * Shopify's mandatory privacy webhooks against the bundled sandbox: a seller has two Shopify
 * shops; the sandbox sends customers/data_request, customers/redact and shop/redact about the
 * first, signed as Shopify signs them. Each changes that shop's rows alone — the seller's other
 * shop, the other sellers' and the other tenant's rows are compared before and after — a forged
 * one changes nothing, a retried delivery is handled once, and after shop/redact the shop's
 * tokens are gone and a sync of it is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketplaceRuntime, syncShop, type MarketplaceOptions } from '@server/modules/marketplaces/index.js';
import { approveOnSandbox } from '@server/seed/sandbox-approve.js';
import { privacyCustomerOf, shopifyPrivacyWebhook } from '../../src/sandbox/platforms/shopify.js';
import type { RunningSandbox } from '../../src/sandbox/server.js';
import type { SandboxOrder, SandboxShop } from '../../src/sandbox/world-model.js';
import { createProduct, demoWarehouse } from '../support/stock-world.js';
import { callApi, createSandboxWorld } from '../support/sandbox-world.js';
import type { TestWorld } from '../support/test-app.js';

const DAY = 86_400_000;
const REDACTED = '[redacted]';
let world: TestWorld;
let sandbox: RunningSandbox;
let options: MarketplaceOptions;
const tokens: Record<string, string> = {};
let warehouseId = '';

const catalogue = [
  {
    itemId: '701',
    variationId: '70101',
    sellerSku: 'PRV-RED',
    barcode: '',
    title: 'Red cup',
    unitPrice: 9_900,
  },
  {
    itemId: '702',
    variationId: '70201',
    sellerSku: 'PRV-NONE',
    barcode: '',
    title: 'Gift card',
    unitPrice: 500,
  },
];

interface Connected {
  id: string;
  sandboxShop: SandboxShop;
  orders: SandboxOrder[];
}
const shopA = { id: '', sandboxShop: undefined, orders: [] } as unknown as Connected;
const shopB = { id: '', sandboxShop: undefined, orders: [] } as unknown as Connected;

const query = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) =>
  (await world.database.ownerPool.query(text, values)).rows as T[];

const call = (username: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  callApi(world, tokens[username], method, url, payload);

async function settledFirstRun(shopId: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const [run] = await query(
      "select state from shop_sync_runs where shop_id = $1 and trigger = 'first' order by started_at limit 1",
      [shopId],
    );
    if (run && run.state !== 'running') return;
    if (Date.now() > deadline) throw new Error(`the first sync of ${shopId} did not end`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Adds a Shopify shop in the sandbox with orders, and connects it as the seller would. */
async function connect(target: Connected, domain: string): Promise<void> {
  target.sandboxShop = sandbox.world.addShop({
    platform: 'shopify',
    shopId: domain,
    name: `Shop ${domain}`,
    region: 'US',
    currency: 'USD',
    catalogue,
  });
  sandbox.world.traffic.rateLimits.shopify = 10_000;
  const now = sandbox.world.now();
  target.orders = [
    ...[0, 1, 2].map(() =>
      sandbox.world.createOrder('shopify', domain, {
        status: 'ready_to_ship',
        silent: true,
        createdAt: now - 2 * DAY,
        lines: [{ sellerSku: 'PRV-RED', quantity: 1 }],
      }),
    ),
    // An order that waits for its gift card to be matched: its normalised form is kept.
    sandbox.world.createOrder('shopify', domain, {
      status: 'ready_to_ship',
      silent: true,
      createdAt: now - DAY,
      lines: [{ sellerSku: 'PRV-NONE', quantity: 1 }],
    }),
  ];
  const added = await call('seller', 'POST', '/api/shop/add', {
    platform: 'shopify',
    alias: domain,
    warehouseId,
  });
  target.id = (added.body.result as { id: string }).id;
  const started = await call('seller', 'POST', '/api/shop/authorise', { id: target.id, shopDomain: domain });
  const approved = await approveOnSandbox((started.body.result as { url: string }).url, domain);
  expect((await call('seller', 'POST', '/api/shop/authorise/callback', { query: approved })).status).toBe(
    200,
  );
  await settledFirstRun(target.id);
}

type Row = Record<string, unknown>;

/**
 * Every row of the tables a privacy request may touch, across all tenants, but those `skip`
 * selects: what must read the same before and after.
 */
async function rowsBesides(skip: (table: string, row: Row) => boolean): Promise<string> {
  const tables = {
    orders: 'select to_jsonb(t) as row from orders t order by tenant_id, id',
    marketplace_orders:
      'select to_jsonb(t) as row from marketplace_orders t order by tenant_id, shop_id, order_no',
    marketplace_items: 'select to_jsonb(t) as row from marketplace_items t order by tenant_id, id',
    shops: "select to_jsonb(t) - 'updated_at' as row from shops t order by tenant_id, id",
  };
  const out: Record<string, Row[]> = {};
  for (const [name, text] of Object.entries(tables))
    out[name] = (await query<{ row: Row }>(text)).map(({ row }) => row).filter((row) => !skip(name, row));
  return JSON.stringify(out);
}

const everything = () => rowsBesides(() => false);
const besidesShop = (shopId: string) =>
  rowsBesides((table, row) => (table === 'shops' ? row.id : row.shop_id) === shopId);

async function post(made: { headers: Record<string, string>; body: string }) {
  return world.request({
    method: 'POST',
    url: '/api/webhooks/shopify',
    headers: made.headers,
    payload: made.body,
  });
}

const buyerOf = async (shopId: string, orderNo: string) =>
  (
    await query(
      `select buyer_name, recipient_name, recipient_phone, recipient_address, buyer_message, updated_at
       from orders where shop_id = $1 and order_no = $2`,
      [shopId, orderNo],
    )
  )[0];

beforeAll(async () => {
  ({ world, sandbox, options } = await createSandboxWorld({ maxSleepMs: 20 }));
  for (const username of ['seller', 'seller2']) tokens[username] = await world.login(username);
  warehouseId = (await demoWarehouse(world, 'DG01')).id;
  await createProduct(world, tokens.seller ?? '', ['PRV-RED']);
  await connect(shopA, 'privacy-a.myshopify.com');
  await connect(shopB, 'privacy-b.myshopify.com');
  // The seller's other shop has an order whose recipient shares shop A's customer's phone: a
  // request about shop A must still leave it alone.
  const [first] = shopA.orders;
  const [other] = shopB.orders;
  if (!first || !other) throw new Error('no orders');
  sandbox.world.changeOrder(other, { address: { ...other.address, phone: first.address.phone } });
  await syncShop(world.database.db, marketplaceRuntime(options), {
    tenantId: String((await query('select tenant_id from shops where id = $1', [shopB.id]))[0]?.tenant_id),
    shopId: shopB.id,
    trigger: 'manual',
  });
  expect((await buyerOf(shopB.id, other.orderId))?.recipient_phone).toBe(first.address.phone);
}, 120_000);
afterAll(async () => {
  await world?.close();
  await sandbox?.close();
});

describe('POST /api/webhooks/shopify (compliance topics)', () => {
  it('refuses a forged request and changes nothing', async () => {
    const before = await everything();
    const made = shopifyPrivacyWebhook(shopA.sandboxShop, 'shop/redact');
    const forged = await post({ ...made, body: made.body.replace('privacy-a', 'privacy-x') });
    expect(forged.statusCode).toBe(401);
    const unsigned = await post({
      headers: { ...made.headers, 'x-shopify-hmac-sha256': 'AAAA' },
      body: made.body,
    });
    expect(unsigned.statusCode).toBe(401);
    expect(await everything()).toBe(before);
    expect(await query('select * from privacy_requests')).toEqual([]);
  });

  it('answers a request about a shop we do not hold as any other, and changes nothing', async () => {
    const before = await everything();
    const stranger = { ...shopA.sandboxShop, shopId: 'nobody-here.myshopify.com' };
    const answer = await post(shopifyPrivacyWebhook(stranger, 'shop/redact'));
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toBe('');
    expect(await everything()).toBe(before);
  });

  it('records customers/data_request and gives the seller the data held about the customer', async () => {
    const [order] = shopA.orders;
    if (!order) throw new Error('no order');
    const before = await everything();
    const answer = await post(
      shopifyPrivacyWebhook(shopA.sandboxShop, 'customers/data_request', {
        customer: privacyCustomerOf(order),
        orderIds: [order.orderId],
      }),
    );
    expect(answer.statusCode).toBe(200);
    expect(await everything()).toBe(before);

    const listed = await call(
      'seller',
      'GET',
      `/api/shop/privacyRequests?id=${shopA.id}&pageNo=1&pageSize=20`,
    );
    expect(listed.status).toBe(200);
    const [request] = (listed.body.result as { records: Record<string, unknown>[] }).records;
    expect(request).toMatchObject({
      topic: 'customers/data_request',
      customerId: order.buyer.userId,
      requestedOrderNos: [order.orderId],
      matchedOrderNos: [order.orderId],
    });
    expect(request?.handledAt).not.toBeNull();
    expect(request?.heldData).toEqual([
      expect.objectContaining({
        orderNo: order.orderId,
        recipientName: order.address.name,
        recipientPhone: order.address.phone,
      }),
    ]);
    // Another seller cannot read it.
    expect(
      (await call('seller2', 'GET', `/api/shop/privacyRequests?id=${shopA.id}&pageNo=1&pageSize=20`)).body
        .code,
    ).toBe('shop.not_found');
  });

  it('redacts the customer in that shop’s orders alone with customers/redact, once per delivery', async () => {
    const [order, , , waiting] = shopA.orders;
    if (!order || !waiting) throw new Error('no order');
    const skip = (table: string, row: Row) =>
      (table === 'orders' || table === 'marketplace_orders') &&
      row.shop_id === shopA.id &&
      [order.orderId, waiting.orderId].includes(String(row.order_no));
    const before = await rowsBesides(skip);
    const made = shopifyPrivacyWebhook(shopA.sandboxShop, 'customers/redact', {
      customer: privacyCustomerOf(order),
      orderIds: [waiting.orderId],
    });
    expect((await post(made)).statusCode).toBe(200);

    // Found by its phone (it was not named): every buyer field is the marker.
    const redacted = await buyerOf(shopA.id, order.orderId);
    expect(redacted).toMatchObject({
      buyer_name: REDACTED,
      recipient_name: REDACTED,
      recipient_phone: REDACTED,
      recipient_address: REDACTED,
      buyer_message: REDACTED,
    });
    // The waiting order (named) keeps its lines, with its buyer fields replaced.
    const [kept] = await query<{ payload: Record<string, unknown>; redacted_at: Date | null }>(
      'select payload, redacted_at from marketplace_orders where shop_id = $1 and order_no = $2',
      [shopA.id, waiting.orderId],
    );
    expect(kept?.redacted_at).not.toBeNull();
    expect(kept?.payload).toMatchObject({ recipientName: REDACTED, recipientPhone: REDACTED });
    expect((kept?.payload.lines as unknown[]).length).toBe(1);
    expect(JSON.stringify(kept?.payload)).not.toContain(waiting.address.line1);
    // It is listed too, as a problem order waiting for SKU matching: redacted there as well.
    expect(await buyerOf(shopA.id, waiting.orderId)).toMatchObject({
      recipient_name: REDACTED,
      recipient_phone: REDACTED,
      recipient_address: REDACTED,
    });
    expect(await rowsBesides(skip)).toBe(before);

    // Shopify retries: the same delivery again does nothing more.
    const after = await everything();
    expect((await post(made)).statusCode).toBe(200);
    expect(await everything()).toBe(after);
    const recorded = await query<{ outcome: { orders: number; marketplaceOrders: number } }>(
      "select outcome from privacy_requests where shop_id = $1 and topic = 'customers/redact'",
      [shopA.id],
    );
    expect(recorded.map((row) => row.outcome)).toEqual([
      { orders: 2, marketplaceOrders: 2, marketplaceItems: 0, isTokensDeleted: false },
    ]);

    // The platform changes the order: the sync takes the change, never the buyer again.
    sandbox.world.changeOrder(order, { buyerMessage: 'Leave at the door', status: 'processed' });
    const tenantId = String(
      (await query('select tenant_id from shops where id = $1', [shopA.id]))[0]?.tenant_id,
    );
    await syncShop(world.database.db, marketplaceRuntime(options), {
      tenantId,
      shopId: shopA.id,
      trigger: 'manual',
    });
    const resynced = await query<Record<string, string>>(
      'select platform_status, buyer_message, recipient_phone from orders where shop_id = $1 and order_no = $2',
      [shopA.id, order.orderId],
    );
    expect(resynced[0]).toMatchObject({ buyer_message: REDACTED, recipient_phone: REDACTED });
    expect(resynced[0]?.platform_status).not.toBe('ready_to_ship');
  });

  it('erases the shop with shop/redact: tokens, items and sync records gone, every buyer redacted', async () => {
    const before = await besidesShop(shopA.id);
    const orderCount = (await query('select id from orders where shop_id = $1', [shopA.id])).length;
    expect(orderCount).toBeGreaterThan(0);
    const made = shopifyPrivacyWebhook(shopA.sandboxShop, 'shop/redact');
    expect((await post(made)).statusCode).toBe(200);
    expect((await post(made)).statusCode).toBe(200);

    const [shop] = await query('select status, status_reason, secrets from shops where id = $1', [shopA.id]);
    expect(shop).toMatchObject({ status: 'expired', status_reason: 'shop.redacted', secrets: null });
    expect(await query('select 1 from marketplace_items where shop_id = $1', [shopA.id])).toEqual([]);
    expect(await query('select 1 from marketplace_orders where shop_id = $1', [shopA.id])).toEqual([]);
    const left = await query<Record<string, string>>(
      'select buyer_name, recipient_name, recipient_phone, recipient_address, buyer_message from orders where shop_id = $1',
      [shopA.id],
    );
    expect(left).toHaveLength(orderCount);
    for (const row of left) expect(new Set(Object.values(row))).toEqual(new Set([REDACTED]));
    expect(await besidesShop(shopA.id)).toBe(before);
    expect(
      await query("select 1 from privacy_requests where shop_id = $1 and topic = 'shop/redact'", [shopA.id]),
    ).toHaveLength(1);

    const refused = await call('seller', 'POST', '/api/shop/sync', { id: shopA.id });
    expect(refused.body.code).toBe('shop.redacted');
    const tenantId = String(
      (await query('select tenant_id from shops where id = $1', [shopA.id]))[0]?.tenant_id,
    );
    expect(
      await syncShop(world.database.db, marketplaceRuntime(options), {
        tenantId,
        shopId: shopA.id,
        trigger: 'manual',
      }),
    ).toBeNull();
  });
});
