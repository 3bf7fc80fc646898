import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PlatformStatus } from '@shared/domain/order.js';
import {
  type AppConfig,
  type CallContext,
  type MarketplaceOrder,
  type ShopGrant,
  type WebhookRequest,
} from '@server/modules/marketplaces/connector.js';
import { SHOPEE_PATHS, commonQuery } from '@server/modules/marketplaces/platforms/shopee/client.js';
import { shopeeConnector } from '@server/modules/marketplaces/platforms/shopee/connector.js';
import type { RunningSandbox } from '../server.js';
import { SANDBOX_DAY_MS, type SandboxOrder, type SandboxStatus } from '../world-model.js';
import { shopeeSandbox } from './shopee.js';
import { failure, grantByCode, startPlatformSandbox } from './test-support.js';

const SHOP = '600000';
const REDIRECT = 'https://erp.example.com/shops/callback?shop=7';
const EXPECTED_STATUS: Record<SandboxStatus, PlatformStatus> = {
  unpaid: 'UNPAID',
  ready_to_ship: 'READY_TO_SHIP',
  processed: 'READY_TO_SHIP',
  shipped: 'SHIPPED',
  completed: 'COMPLETED',
  in_cancel: 'IN_CANCEL',
  cancelled: 'CANCELLED',
};

let sandbox: RunningSandbox;
let app: AppConfig;

const now = (): Date => new Date(sandbox.world.now());
const ctxFor = (grant: ShopGrant, config: AppConfig = app): CallContext => ({
  app: config,
  grant,
  fetch,
  now,
});

/** A grant the short way: a code issued as the consent page would, traded by the connector. */
function grantFor(shopId = SHOP): Promise<ShopGrant> {
  return grantByCode(sandbox, app, shopeeConnector, {
    shopId,
    redirectUri: REDIRECT,
    query: { shop_id: shopId },
  });
}

/** Every page of one window, following the connector's cursor. */
async function syncWindow(ctx: CallContext, updatedFrom: Date, updatedTo: Date): Promise<MarketplaceOrder[]> {
  const orders: MarketplaceOrder[] = [];
  let cursor: string | null = null;
  do {
    const page = await shopeeConnector.listOrders(ctx, { updatedFrom, updatedTo, cursor });
    orders.push(...page.orders);
    cursor = page.nextCursor;
  } while (cursor !== null);
  return orders;
}

function expectSameOrder(got: MarketplaceOrder | undefined, want: SandboxOrder): void {
  expect(got).toBeDefined();
  expect(got?.platformStatus).toBe(EXPECTED_STATUS[want.status]);
  expect(got?.updatedAt).toBe(new Date(Math.floor(want.updatedAt / 1000) * 1000).toISOString());
  expect(
    got?.lines.map((line) => [line.itemId, line.variationId, line.sellerSku, line.quantity, line.unitPrice]),
  ).toEqual(
    want.lines.map(({ item, quantity }) => [
      item.itemId,
      item.variationId,
      item.sellerSku,
      quantity,
      item.unitPrice,
    ]),
  );
  // total_amount and estimated_shipping_fee as the world holds them; the voucher is what they leave unpaid.
  expect(got?.amounts).toEqual(want.amounts);
}

/** The query of every call to `path` made through the returned fetch, in the order sent. */
function noting(path: string): { asked: URLSearchParams[]; fetch: typeof fetch } {
  const asked: URLSearchParams[] = [];
  return {
    asked,
    fetch: (input, init) => {
      const url = new URL(String(input instanceof Request ? input.url : input));
      if (url.pathname.endsWith(path)) asked.push(url.searchParams);
      return fetch(input, init);
    },
  };
}

/** A signed get_order_list URL sent by hand (for tampering). */
function listUrl(grant: ShopGrant, at: Date, extra: Record<string, string>): URL {
  const query = commonQuery(app, SHOPEE_PATHS.orderList, at, {
    accessToken: grant.accessToken,
    shopId: SHOP,
  });
  for (const [name, value] of Object.entries(extra)) query.set(name, value);
  return new URL(`${app.apiUrl}${SHOPEE_PATHS.orderList}?${query.toString()}`);
}

beforeAll(async () => {
  ({ sandbox, app } = await startPlatformSandbox(shopeeSandbox));
});

afterAll(async () => {
  await sandbox.close();
});

beforeEach(() => {
  sandbox.world.reset();
  sandbox.world.addShop({
    platform: 'shopee',
    shopId: SHOP,
    name: 'Sandbox Thai shop',
    region: 'TH',
    currency: 'THB',
  });
});

describe('Shopee connector against the sandbox', () => {
  it('(a) authorises through auth_partner and trades the code for a working grant', async () => {
    const url = shopeeConnector.authoriseUrl(app, { redirectUri: REDIRECT, state: 'st-123', now: now() });
    const page = await fetch(url);
    expect(page.status).toBe(200);
    const html = await page.text();
    const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1] ?? '';
    const unescape = (text: string) =>
      text.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
    const hidden = [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map(
      ([, name = '', value = '']) => [unescape(name), unescape(value)],
    );
    const posted = await fetch(new URL(unescape(action), sandbox.platformUrl('shopee')), {
      method: 'POST',
      body: new URLSearchParams([...hidden, ['shop_id', SHOP]]),
      redirect: 'manual',
    });
    expect(posted.status).toBe(302);
    const back = new URL(posted.headers.get('location') ?? '');
    expect(`${back.origin}${back.pathname}`).toBe('https://erp.example.com/shops/callback');
    expect(back.searchParams.get('shop')).toBe('7');
    expect(back.searchParams.get('state')).toBe('st-123');
    expect(back.searchParams.get('shop_id')).toBe(SHOP);
    const query = Object.fromEntries(back.searchParams);
    const grant = await shopeeConnector.exchangeCode(app, {
      query,
      redirectUri: REDIRECT,
      fetch,
      now: now(),
    });
    expect(grant).toMatchObject({ platformShopId: SHOP, shopName: 'Sandbox Thai shop' });
    const lifetime = (grant.accessExpiresAt?.getTime() ?? 0) - now().getTime();
    expect(Math.abs(lifetime - 4 * 3_600_000)).toBeLessThan(5000);
    const order = sandbox.world.createOrder('shopee', SHOP, { status: 'ready_to_ship', silent: true });
    const [got] = await shopeeConnector.getOrders(ctxFor(grant), [order.orderId]);
    expectSameOrder(got, order);

    // The code is single-use, and a link older than its 5 minutes is refused.
    const again = await failure(
      shopeeConnector.exchangeCode(app, { query, redirectUri: REDIRECT, fetch, now: now() }),
    );
    expect(again).toMatchObject({ code: 'rejected', detail: { platformCode: 'error_auth' } });
    const stale = shopeeConnector.authoriseUrl(app, {
      redirectUri: REDIRECT,
      state: 's',
      now: new Date(now().getTime() - 301_000),
    });
    const refused = await fetch(stale);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: 'error_param', message: 'Timestamp is expired.' });
  });

  it('(b) a first sync pages through the window in parts side by side, every order once, as the world holds it', async () => {
    const end = now();
    const seeded = sandbox.world.seedOrders(
      'shopee',
      SHOP,
      500,
      end.getTime() - 10 * SANDBOX_DAY_MS,
      end.getTime() - SANDBOX_DAY_MS,
    );
    const grant = await grantFor();
    const lists = noting(SHOPEE_PATHS.orderList);
    const ctx = { ...ctxFor(grant), fetch: lists.fetch };
    const pages: number[] = [];
    let cursor: string | null = null;
    const orders: MarketplaceOrder[] = [];
    const from = new Date(end.getTime() - shopeeConnector.maxWindowMs);
    do {
      const page = await shopeeConnector.listOrders(ctx, {
        updatedFrom: from,
        updatedTo: end,
        cursor,
      });
      pages.push(page.orders.length);
      orders.push(...page.orders);
      cursor = page.nextCursor;
    } while (cursor !== null);
    expect(pages.length).toBeGreaterThan(1);
    expect(Math.max(...pages)).toBeLessThanOrEqual(4 * 100);
    expect(new Set(orders.map((order) => order.orderNo)).size).toBe(500);
    const byNo = new Map(orders.map((order) => [order.orderNo, order]));
    for (const order of seeded) expectSameOrder(byNo.get(order.orderId), order);
    // Four parts of the window's whole seconds, adjacent and sharing none, each paged 100 a call.
    expect(lists.asked.every((query) => query.get('page_size') === '100')).toBe(true);
    const parts = [
      ...new Set(lists.asked.map((query) => `${query.get('time_from')}-${query.get('time_to')}`)),
    ]
      .map((part) => part.split('-').map(Number))
      .sort(([a = 0], [b = 0]) => a - b);
    expect(parts).toHaveLength(4);
    expect(parts[0]?.[0]).toBe(Math.ceil(from.getTime() / 1000));
    expect(parts[3]?.[1]).toBe(Math.ceil(end.getTime() / 1000) - 1);
    for (let index = 1; index < parts.length; index += 1)
      expect(parts[index]?.[0]).toBe((parts[index - 1]?.[1] ?? 0) + 1);

    // A window longer than 15 days is never sent; the sandbox refuses one as Shopee does.
    const listed = sandbox.world.traffic.requestCounts('shopee')[SHOPEE_PATHS.orderList];
    const tooLong = new Date(end.getTime() - shopeeConnector.maxWindowMs - 1000);
    const refused = await failure(
      shopeeConnector.listOrders(ctxFor(grant), { updatedFrom: tooLong, updatedTo: end, cursor: null }),
    );
    expect(refused.code).toBe('rejected');
    expect(sandbox.world.traffic.requestCounts('shopee')[SHOPEE_PATHS.orderList]).toBe(listed);
    const toSeconds = Math.floor(end.getTime() / 1000);
    const direct = await fetch(
      listUrl(grant, now(), {
        time_range_field: 'update_time',
        time_from: String(toSeconds - 15 * 86_400 - 1),
        time_to: String(toSeconds),
        page_size: '100',
      }),
    );
    expect(await direct.json()).toMatchObject({
      error: 'order.order_list_invalid_time',
      message: 'Start time must be earlier than end time and diff in 15days.',
    });
  });

  it('(c) an incremental sync brings back what changed since, and nothing else', async () => {
    const firstEnd = now();
    const seeded = sandbox.world.seedOrders(
      'shopee',
      SHOP,
      40,
      firstEnd.getTime() - 5 * SANDBOX_DAY_MS,
      firstEnd.getTime() - SANDBOX_DAY_MS,
    );
    const grant = await grantFor();
    expect(
      await syncWindow(ctxFor(grant), new Date(firstEnd.getTime() - 6 * SANDBOX_DAY_MS), firstEnd),
    ).toHaveLength(40);

    sandbox.world.moveClock(60_000);
    const [paid, cancelled, moved] = seeded.filter((order) => order.status === 'ready_to_ship');
    if (!paid || !cancelled || !moved) throw new Error('the seed has too few open orders');
    sandbox.world.changeOrder(cancelled, { status: 'cancelled' });
    sandbox.world.changeOrder(moved, { address: { ...moved.address, line1: '9 Changed Street' } });
    sandbox.world.changeOrder(paid, { status: 'processed' });
    const created = sandbox.world.createOrder('shopee', SHOP, { status: 'ready_to_ship' });

    const later = await syncWindow(ctxFor(grant), firstEnd, new Date(now().getTime() + 5 * 60_000));
    expect(later.map((order) => order.orderNo).sort()).toEqual(
      [paid, cancelled, moved, created].map((order) => order.orderId).sort(),
    );
    const byNo = new Map(later.map((order) => [order.orderNo, order]));
    expect(byNo.get(cancelled.orderId)?.platformStatus).toBe('CANCELLED');
    expect(byNo.get(paid.orderId)?.rawStatus).toBe('PROCESSED');
    expect(byNo.get(moved.orderId)?.recipientAddress).toContain('9 Changed Street');
  });

  it('(d) a page failing midway is retried with its cursor, without loss or duplicate', async () => {
    const end = now();
    sandbox.world.seedOrders(
      'shopee',
      SHOP,
      500,
      end.getTime() - 8 * SANDBOX_DAY_MS,
      end.getTime() - SANDBOX_DAY_MS,
    );
    const grant = await grantFor();
    const window = { updatedFrom: new Date(end.getTime() - 9 * SANDBOX_DAY_MS), updatedTo: end };
    // The first page lists the window's four parts; the second page's first listing fails.
    sandbox.world.traffic.injectFault({
      platform: 'shopee',
      kind: 'http_500',
      pathContains: SHOPEE_PATHS.orderList,
      skip: 4,
    });
    const first = await shopeeConnector.listOrders(ctxFor(grant), { ...window, cursor: null });
    expect(first.nextCursor).not.toBeNull();
    const failed = await failure(
      shopeeConnector.listOrders(ctxFor(grant), { ...window, cursor: first.nextCursor }),
    );
    expect(failed).toMatchObject({ code: 'unavailable', detail: { httpStatus: 500 } });
    const orders = [...first.orders];
    let cursor = first.nextCursor;
    while (cursor !== null) {
      const page = await shopeeConnector.listOrders(ctxFor(grant), { ...window, cursor });
      orders.push(...page.orders);
      cursor = page.nextCursor;
    }
    expect(orders).toHaveLength(500);
    expect(new Set(orders.map((order) => order.orderNo)).size).toBe(500);

    sandbox.world.traffic.injectFault({
      platform: 'shopee',
      kind: 'truncated',
      pathContains: SHOPEE_PATHS.orderDetail,
    });
    expect((await failure(shopeeConnector.listOrders(ctxFor(grant), { ...window, cursor: null }))).code).toBe(
      'malformed',
    );
    sandbox.world.traffic.injectFault({
      platform: 'shopee',
      kind: 'malformed',
      pathContains: SHOPEE_PATHS.orderList,
    });
    expect((await failure(shopeeConnector.listOrders(ctxFor(grant), { ...window, cursor: null }))).code).toBe(
      'malformed',
    );
    // A cursor of another window is refused rather than applied to this one.
    const other = { updatedFrom: new Date(end.getTime() - 2 * SANDBOX_DAY_MS), updatedTo: end };
    expect(
      (await failure(shopeeConnector.listOrders(ctxFor(grant), { ...other, cursor: first.nextCursor }))).code,
    ).toBe('rejected');
  });

  it("(e) 429 and Shopee's own throttle are rate_limited", async () => {
    const grant = await grantFor();
    const window = {
      updatedFrom: new Date(now().getTime() - SANDBOX_DAY_MS),
      updatedTo: now(),
      cursor: null,
    };
    sandbox.world.traffic.injectFault({ platform: 'shopee', kind: 'http_429', retryAfterSeconds: 2 });
    expect(await failure(shopeeConnector.listOrders(ctxFor(grant), window))).toMatchObject({
      code: 'rate_limited',
      detail: { retryAfterMs: 2000 },
    });
    sandbox.world.traffic.injectFault({ platform: 'shopee', kind: 'throttle' });
    expect((await failure(shopeeConnector.listOrders(ctxFor(grant), window))).code).toBe('rate_limited');
    sandbox.world.traffic.rateLimits.shopee = 1;
    await shopeeConnector.listOrders(ctxFor(grant), window);
    expect((await failure(shopeeConnector.listOrders(ctxFor(grant), window))).code).toBe('rate_limited');
  });

  it('(f) an expired access token is token_expired; the refreshed grant works and the old refresh token is spent', async () => {
    const grant = await grantFor();
    const order = sandbox.world.createOrder('shopee', SHOP, { status: 'ready_to_ship', silent: true });
    sandbox.world.moveClock(4 * 3_600_000 + 1000);
    expect(await failure(shopeeConnector.getOrders(ctxFor(grant), [order.orderId]))).toMatchObject({
      code: 'token_expired',
      detail: { platformCode: 'invalid_acceess_token' },
    });
    const refreshed = await shopeeConnector.refreshGrant(ctxFor(grant));
    expect(refreshed.accessToken).not.toBe(grant.accessToken);
    expect(refreshed).toMatchObject({ platformShopId: SHOP, shopName: 'Sandbox Thai shop' });
    expect(await shopeeConnector.getOrders(ctxFor(refreshed), [order.orderId])).toHaveLength(1);
    expect((await failure(shopeeConnector.refreshGrant(ctxFor(grant)))).code).toBe('revoked');
  });

  it('(g) a shop whose seller revoked the authorisation is revoked', async () => {
    const grant = await grantFor();
    sandbox.world.revokeShop('shopee', SHOP);
    const window = {
      updatedFrom: new Date(now().getTime() - SANDBOX_DAY_MS),
      updatedTo: now(),
      cursor: null,
    };
    expect((await failure(shopeeConnector.listOrders(ctxFor(grant), window))).code).toBe('revoked');
    expect((await failure(shopeeConnector.refreshGrant(ctxFor(grant)))).code).toBe('revoked');
  });

  it('(h) the sandbox refuses a wrong signature and a stale timestamp as Shopee does', async () => {
    const grant = await grantFor();
    const params = {
      time_range_field: 'update_time',
      time_from: '1700000000',
      time_to: '1700086400',
      page_size: '10',
    };
    const good = listUrl(grant, now(), params);
    expect(await (await fetch(good)).json()).toMatchObject({ error: '' });
    const tampered = new URL(good);
    const sign = tampered.searchParams.get('sign') ?? '';
    tampered.searchParams.set('sign', `${sign.slice(0, -1)}${sign.endsWith('0') ? '1' : '0'}`);
    const wrong = await fetch(tampered);
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toMatchObject({ error: 'error_sign', message: 'Wrong sign.' });
    const stale = await fetch(listUrl(grant, new Date(now().getTime() - 301_000), params));
    expect(stale.status).toBe(403);
    expect(await stale.json()).toMatchObject({ error: 'error_param', message: 'Timestamp is expired.' });
    const window = {
      updatedFrom: new Date(now().getTime() - SANDBOX_DAY_MS),
      updatedTo: now(),
      cursor: null,
    };
    const otherKey = { ...app, appSecret: 'not_the_partner_key' };
    expect((await failure(shopeeConnector.listOrders(ctxFor(grant, otherKey), window))).code).toBe(
      'signature',
    );
  });

  describe('(i) pushes', () => {
    let server: Server;
    const received: WebhookRequest[] = [];
    beforeAll(async () => {
      server = createServer((request, response) => {
        const chunks: Buffer[] = [];
        request.on('data', (chunk: Buffer) => chunks.push(chunk));
        request.on('end', () => {
          const { port } = server.address() as AddressInfo;
          received.push({
            rawBody: Buffer.concat(chunks),
            headers: Object.fromEntries(
              Object.entries(request.headers).map(([name, value]) => [
                name,
                Array.isArray(value) ? value.join(',') : value,
              ]),
            ),
            url: `http://127.0.0.1:${port}${request.url ?? ''}`,
          });
          response.writeHead(200).end();
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    });
    afterAll(async () => {
      await new Promise((resolve) => server.close(resolve));
    });

    it('an order change fires a signed push that names the order; a forged one is refused', async () => {
      const { port } = server.address() as AddressInfo;
      sandbox.world.webhookTargets.set('shopee', `http://127.0.0.1:${port}/webhooks/shopee`);
      const order = sandbox.world.createOrder('shopee', SHOP, { status: 'ready_to_ship', silent: true });
      sandbox.world.changeOrder(order, { status: 'processed' });
      await sandbox.settled();
      const push = received.at(-1);
      if (!push) throw new Error('no push arrived');
      expect(shopeeConnector.verifyWebhook(app, push)).toEqual({
        platformShopId: SHOP,
        orderNos: [order.orderId],
        kind: 'order',
        // Stamped with the change's second; keyed by its signed body.
        sentAt: new Date(Math.floor(order.updatedAt / 1000) * 1000),
        deliveryKey: expect.stringMatching(/^sha256:[0-9a-f]{64}$/),
      });
      const forgedBody = Buffer.from(push.rawBody.toString('utf8').replace('PROCESSED', 'CANCELLED'));
      expect(shopeeConnector.verifyWebhook(app, { ...push, rawBody: forgedBody })).toBeNull();
      expect(shopeeConnector.verifyWebhook({ ...app, appSecret: 'wrong_key' }, push)).toBeNull();
      expect(shopeeConnector.verifyWebhook(app, { ...push, url: `${push.url}?x=1` })).toBeNull();
    });
  });

  it('(j) getOrders returns the named orders and leaves unknown ones out', async () => {
    const grant = await grantFor();
    const end = now().getTime();
    const seeded = sandbox.world.seedOrders(
      'shopee',
      SHOP,
      60,
      end - 3 * SANDBOX_DAY_MS,
      end - SANDBOX_DAY_MS,
    );
    const [first, second] = seeded;
    if (!first || !second) throw new Error('no seed');
    const named = await shopeeConnector.getOrders(ctxFor(grant), [
      first.orderId,
      '250101UNKNOWN1',
      second.orderId,
    ]);
    expect(named.map((order) => order.orderNo).sort()).toEqual([first.orderId, second.orderId].sort());
    expectSameOrder(
      named.find((order) => order.orderNo === first.orderId),
      first,
    );
    const all = await shopeeConnector.getOrders(
      ctxFor(grant),
      seeded.map((order) => order.orderId),
    );
    expect(all).toHaveLength(60);
  });

  it('(k) a re-sync reads the orders held from the window by update_time first, and whole only those that changed', async () => {
    const end = now().getTime();
    const seeded = sandbox.world.seedOrders('shopee', SHOP, 120, end - 3 * SANDBOX_DAY_MS, end - 60_000);
    const grant = await grantFor();
    const from = new Date(end - 4 * SANDBOX_DAY_MS);
    const held = new Map(
      (await syncWindow(ctxFor(grant), from, new Date(end))).map((order) => [
        order.orderNo,
        Date.parse(order.updatedAt),
      ]),
    );
    expect(held.size).toBe(120);
    sandbox.world.moveClock(60_000);
    const [moved] = seeded;
    if (!moved) throw new Error('no seed');
    sandbox.world.changeOrder(moved, { address: { ...moved.address, line1: '9 Moved Lane' } });
    const created = sandbox.world.createOrder('shopee', SHOP, { status: 'ready_to_ship', silent: true });
    sandbox.world.moveClock(60_000);

    const details = noting(SHOPEE_PATHS.orderDetail);
    const ctx = { ...ctxFor(grant), fetch: details.fetch };
    const known = async (listed: readonly { orderNo: string; updatedAt: number }[]) =>
      new Set(
        listed.filter((order) => held.get(order.orderNo) === order.updatedAt).map((order) => order.orderNo),
      );
    const heldInWindow = (orderNos: readonly string[]) =>
      new Set(orderNos.filter((orderNo) => held.has(orderNo)));
    const orders: MarketplaceOrder[] = [];
    let knownCount = 0;
    let cursor: string | null = null;
    do {
      const page = await shopeeConnector.listOrders(ctx, {
        updatedFrom: from,
        updatedTo: now(),
        cursor,
        known,
        heldInWindow,
      });
      orders.push(...page.orders);
      knownCount += page.knownCount ?? 0;
      cursor = page.nextCursor;
    } while (cursor !== null);

    // The moved order and the new one come whole; the 119 others are counted, not read again.
    expect(orders.map((order) => order.orderNo).sort()).toEqual([moved.orderId, created.orderId].sort());
    expect(orders.find((order) => order.orderNo === moved.orderId)?.recipientAddress).toContain(
      '9 Moved Lane',
    );
    expectSameOrder(
      orders.find((order) => order.orderNo === created.orderId),
      created,
    );
    expect(knownCount).toBe(119);
    const named = (fields: (text: string) => boolean) =>
      details.asked
        .filter((query) => fields(query.get('response_optional_fields') ?? ''))
        .flatMap((query) => (query.get('order_sn_list') ?? '').split(','))
        .sort();
    // Every held order looked at with the default fields only, at most 50 a call.
    expect(named((text) => text === '')).toEqual([...held.keys()].sort());
    expect(details.asked.every((query) => (query.get('order_sn_list') ?? '').split(',').length <= 50)).toBe(
      true,
    );
    // Whole: the one not held at once, the held one that changed after its look.
    expect(named((text) => text.includes('item_list') && text.includes('recipient_address'))).toEqual(
      [moved.orderId, created.orderId].sort(),
    );
  });

  it('(l) a cursor stored before windows were listed in parts resumes as its window’s one part', async () => {
    const end = now();
    const seeded = sandbox.world.seedOrders(
      'shopee',
      SHOP,
      250,
      end.getTime() - 8 * SANDBOX_DAY_MS,
      end.getTime() - SANDBOX_DAY_MS,
    );
    const grant = await grantFor();
    const from = new Date(end.getTime() - 9 * SANDBOX_DAY_MS);
    const seconds = { from: Math.ceil(from.getTime() / 1000), to: Math.ceil(end.getTime() / 1000) - 1 };
    const lists = noting(SHOPEE_PATHS.orderList);
    const ctx = { ...ctxFor(grant), fetch: lists.fetch };
    let cursor: string | null = Buffer.from(JSON.stringify({ ...seconds, next: '100' })).toString(
      'base64url',
    );
    const orders: MarketplaceOrder[] = [];
    do {
      const page = await shopeeConnector.listOrders(ctx, { updatedFrom: from, updatedTo: end, cursor });
      orders.push(...page.orders);
      cursor = page.nextCursor;
    } while (cursor !== null);
    // The window whole from Shopee's cursor "100": its 150 last orders by update_time, once each.
    const byUpdate = [...seeded].sort((a, b) => a.updatedAt - b.updatedAt).slice(100);
    expect(orders.map((order) => order.orderNo).sort()).toEqual(
      byUpdate.map((order) => order.orderId).sort(),
    );
    expect(
      lists.asked.every(
        (query) =>
          query.get('time_from') === String(seconds.from) && query.get('time_to') === String(seconds.to),
      ),
    ).toBe(true);
  });
});
