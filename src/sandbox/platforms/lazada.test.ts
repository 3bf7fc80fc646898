import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type AppConfig,
  type CallContext,
  type MarketplaceOrder,
  type ShopGrant,
} from '@server/modules/marketplaces/connector.js';
import { lazadaConnector } from '@server/modules/marketplaces/platforms/lazada/connector.js';
import { signedLazadaParams } from '@server/modules/marketplaces/platforms/lazada/sign.js';
import type { PlatformStatus } from '@shared/domain/order.js';
import { SANDBOX_APPS } from '../apps.js';
import type { RunningSandbox } from '../server.js';
import type { SandboxOrder, SandboxStatus } from '../world-model.js';
import { lazadaSandbox } from './lazada.js';
import { failure, grantByCode, startPlatformSandbox } from './test-support.js';

const SHOP = '100200300';
const REDIRECT = 'https://erp.example.com/shops/lazada/callback';
const DAY = 86_400_000;
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

beforeAll(async () => {
  ({ sandbox, app } = await startPlatformSandbox(lazadaSandbox));
});
afterAll(async () => {
  await sandbox.close();
});
beforeEach(() => {
  sandbox.world.reset();
  sandbox.world.addShop({
    platform: 'lazada',
    shopId: SHOP,
    name: 'Lazada Sandbox SG',
    region: 'SG',
    currency: 'SGD',
  });
});

const worldNow = () => new Date(sandbox.world.now());
const ctxOf = (grant: ShopGrant, appConfig = app): CallContext => ({
  app: appConfig,
  grant,
  fetch,
  now: worldNow,
});

function connect(): Promise<ShopGrant> {
  return grantByCode(sandbox, app, lazadaConnector, { shopId: SHOP, redirectUri: REDIRECT });
}

/** Every page of one window, the pages' orders in the order they came. */
async function listAll(
  grant: ShopGrant,
  from: Date,
  to: Date,
): Promise<{ orders: MarketplaceOrder[]; pages: number }> {
  const orders: MarketplaceOrder[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page = await lazadaConnector.listOrders(ctxOf(grant), { updatedFrom: from, updatedTo: to, cursor });
    orders.push(...page.orders);
    cursor = page.nextCursor;
    pages += 1;
  } while (cursor !== null);
  return { orders, pages };
}

/** One request signed by hand, optionally tampered with after signing. */
async function rawCall(
  apiPath: string,
  business: Record<string, string>,
  options: {
    accessToken?: string;
    timestampMs?: number;
    tamper?: (params: Record<string, string>) => void;
  } = {},
) {
  const params = signedLazadaParams(apiPath, business, {
    ...SANDBOX_APPS.lazada,
    timestampMs: options.timestampMs ?? sandbox.world.now(),
    ...(options.accessToken === undefined ? {} : { accessToken: options.accessToken }),
  });
  options.tamper?.(params);
  const response = await fetch(
    `${sandbox.platformUrl('lazada')}/rest${apiPath}?${new URLSearchParams(params).toString()}`,
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

function expectMatchesWorld(order: MarketplaceOrder, source: SandboxOrder): void {
  expect(order.platformStatus).toBe(EXPECTED_STATUS[source.status]);
  expect(order.currency).toBe('SGD');
  expect(order.lines).toEqual(
    source.lines.map((line) => ({
      itemId: line.item.itemId,
      variationId: line.item.variationId,
      sellerSku: line.item.sellerSku,
      barcode: '',
      title: line.item.title,
      quantity: line.quantity,
      unitPrice: line.item.unitPrice,
    })),
  );
  // price + shipping_fee − voucher, as the world holds them.
  expect(order.amounts).toEqual(source.amounts);
  expect(Date.parse(order.updatedAt)).toBe(Math.floor(source.updatedAt / 1000) * 1000);
}

describe('Lazada sandbox: authorisation', () => {
  it('authorises through the page, hands back code and state, and the grant works for a call', async () => {
    const url = lazadaConnector.authoriseUrl(app, {
      redirectUri: REDIRECT,
      state: 'st-123',
      now: worldNow(),
    });
    expect(url).toContain('/oauth/authorize?response_type=code&force_auth=true');
    const page = await fetch(url);
    const html = await page.text();
    expect(page.status).toBe(200);
    const decode = (text: string) =>
      text.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
    const action = decode(/action="([^"]+)"/.exec(html)?.[1] ?? '');
    const form = new URLSearchParams(
      [...html.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map(([, name = '', value = '']) => [
        name,
        decode(value),
      ]),
    );
    form.set('shop_id', SHOP);
    const posted = await fetch(new URL(action, sandbox.platformUrl('lazada')), {
      method: 'POST',
      body: form,
      redirect: 'manual',
    });
    expect(posted.status).toBe(302);
    const location = new URL(posted.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
    expect(location.searchParams.get('state')).toBe('st-123');

    const query = Object.fromEntries(location.searchParams);
    const grant = await lazadaConnector.exchangeCode(app, {
      query,
      redirectUri: REDIRECT,
      fetch,
      now: worldNow(),
    });
    expect(grant).toMatchObject({
      platformShopId: SHOP,
      shopName: 'Lazada Sandbox SG',
      extra: { country: 'sg' },
    });
    const expiresIn = (grant.accessExpiresAt?.getTime() ?? 0) - sandbox.world.now();
    expect(Math.abs(expiresIn - sandbox.world.auth.lifetimes.accessSeconds * 1000)).toBeLessThan(2000);
    const page1 = await lazadaConnector.listOrders(ctxOf(grant), {
      updatedFrom: new Date(sandbox.world.now() - DAY),
      updatedTo: worldNow(),
      cursor: null,
    });
    expect(page1).toEqual({ orders: [], nextCursor: null });

    const reused = await failure(
      lazadaConnector.exchangeCode(app, { query, redirectUri: REDIRECT, fetch, now: worldNow() }),
    );
    expect(reused).toMatchObject({ code: 'rejected', detail: { platformCode: 'InvalidCode' } });
  });
});

describe('Lazada sandbox: order sync', () => {
  it('pages a first sync of more than two pages, every order once, lines, prices and statuses right', async () => {
    const grant = await connect();
    const now = sandbox.world.now();
    const seeded = sandbox.world.seedOrders('lazada', SHOP, 250, now - 5 * DAY, now - 3600_000);
    const { orders, pages } = await listAll(grant, new Date(now - 6 * DAY), new Date(now));
    expect(pages).toBe(3);
    expect(orders.map((order) => order.orderNo).sort()).toEqual(seeded.map((order) => order.orderId).sort());
    const byId = new Map(seeded.map((order) => [order.orderId, order]));
    for (const order of orders) {
      const source = byId.get(order.orderNo);
      if (!source) throw new Error(`unknown ${order.orderNo}`);
      expectMatchesWorld(order, source);
    }
  });

  it('never asks for a window longer than maxWindowMs, and the sandbox refuses what Lazada documents', async () => {
    const grant = await connect();
    const before = sandbox.world.traffic.requests.length;
    const tooLong = await failure(
      lazadaConnector.listOrders(ctxOf(grant), {
        updatedFrom: new Date(sandbox.world.now() - lazadaConnector.maxWindowMs - 1000),
        updatedTo: worldNow(),
        cursor: null,
      }),
    );
    expect(tooLong).toMatchObject({ code: 'rejected', detail: { platformCode: 'window_too_long' } });
    expect(sandbox.world.traffic.requests.length).toBe(before);
    // Lazada documents no window cap; it does document these refusals of GetOrders.
    const since = { update_after: '2025-01-01T00:00:00+08:00' };
    const token = { accessToken: grant.accessToken };
    expect((await rawCall('/orders/get', { ...since, limit: '101' }, token)).body).toMatchObject({
      code: '19',
    });
    expect((await rawCall('/orders/get', { ...since, offset: '4501' }, token)).body).toMatchObject({
      code: '14',
    });
    expect((await rawCall('/orders/get', { update_after: '2025-01-01' }, token)).body).toMatchObject({
      code: '17',
    });
    expect((await rawCall('/orders/get', { limit: '10' }, token)).body).toMatchObject({
      code: 'MissingParameter',
    });
  });

  it('brings back only what changed after the first sync in the next window', async () => {
    const grant = await connect();
    const start = sandbox.world.now();
    const seeded = sandbox.world.seedOrders('lazada', SHOP, 40, start - 3 * DAY, start - 3600_000);
    const firstEnd = new Date(start);
    expect((await listAll(grant, new Date(start - 4 * DAY), firstEnd)).orders).toHaveLength(40);

    sandbox.world.moveClock(15 * 60_000);
    const changed = seeded.filter((order) => order.status === 'ready_to_ship').slice(0, 3);
    for (const order of changed) sandbox.world.changeOrder(order, { status: 'cancelled' });
    const created = sandbox.world.createOrder('lazada', SHOP, { status: 'ready_to_ship' });
    const next = await listAll(grant, firstEnd, new Date(sandbox.world.now() + 5 * 60_000));
    expect(next.orders.map((order) => order.orderNo).sort()).toEqual(
      [...changed.map((order) => order.orderId), created.orderId].sort(),
    );
    for (const order of next.orders.filter((candidate) => candidate.orderNo !== created.orderId))
      expect(order.platformStatus).toBe('CANCELLED');
  });

  it('resumes a window from the cursor of a page that failed, without loss or duplicate', async () => {
    const grant = await connect();
    const now = sandbox.world.now();
    const seeded = sandbox.world.seedOrders('lazada', SHOP, 250, now - 2 * DAY, now - 3600_000);
    const window = { updatedFrom: new Date(now - 3 * DAY), updatedTo: new Date(now) };
    sandbox.world.traffic.injectFault({
      platform: 'lazada',
      kind: 'http_500',
      pathContains: '/orders/get',
      skip: 1,
    });
    const first = await lazadaConnector.listOrders(ctxOf(grant), { ...window, cursor: null });
    const failed = await failure(
      lazadaConnector.listOrders(ctxOf(grant), { ...window, cursor: first.nextCursor }),
    );
    expect(failed.code).toBe('unavailable');
    const ids = first.orders.map((order) => order.orderNo);
    let cursor = first.nextCursor;
    while (cursor !== null) {
      const page = await lazadaConnector.listOrders(ctxOf(grant), { ...window, cursor });
      ids.push(...page.orders.map((order) => order.orderNo));
      cursor = page.nextCursor;
    }
    expect(ids).toHaveLength(250);
    expect(new Set(ids)).toEqual(new Set(seeded.map((order) => order.orderId)));
  });

  it('skips nothing when orders read earlier in the same second leave the window between pages', async () => {
    const grant = await connect();
    const now = sandbox.world.now();
    // 250 orders updated within two seconds: offsets inside one second carry the paging.
    const seeded = sandbox.world.seedOrders('lazada', SHOP, 250, now - DAY, now - DAY);
    const window = { updatedFrom: new Date(now - 2 * DAY), updatedTo: new Date(now - 3600_000) };
    const first = await lazadaConnector.listOrders(ctxOf(grant), { ...window, cursor: null });
    expect(first.orders).toHaveLength(100);
    for (const order of first.orders.slice(60, 90)) {
      const source = sandbox.world.order('lazada', SHOP, order.orderNo);
      if (source) sandbox.world.changeOrder(source, { buyerMessage: 'changed' });
    }
    const ids = new Set(first.orders.map((order) => order.orderNo));
    let cursor = first.nextCursor;
    while (cursor !== null) {
      const page = await lazadaConnector.listOrders(ctxOf(grant), { ...window, cursor });
      for (const order of page.orders) ids.add(order.orderNo);
      cursor = page.nextCursor;
    }
    expect(ids).toEqual(new Set(seeded.map((order) => order.orderId)));
  });

  it('calls a truncated reply malformed', async () => {
    const grant = await connect();
    sandbox.world.seedOrders('lazada', SHOP, 3, sandbox.world.now() - DAY, sandbox.world.now() - 3600_000);
    sandbox.world.traffic.injectFault({ platform: 'lazada', kind: 'truncated', pathContains: '/orders/get' });
    const window = {
      updatedFrom: new Date(sandbox.world.now() - 2 * DAY),
      updatedTo: worldNow(),
      cursor: null,
    };
    expect((await failure(lazadaConnector.listOrders(ctxOf(grant), window))).code).toBe('malformed');
  });

  it('returns the named orders and leaves out unknown numbers', async () => {
    const grant = await connect();
    const [one, two] = sandbox.world.seedOrders(
      'lazada',
      SHOP,
      5,
      sandbox.world.now() - DAY,
      sandbox.world.now(),
    );
    if (!one || !two) throw new Error('seed failed');
    const orders = await lazadaConnector.getOrders(ctxOf(grant), [
      one.orderId,
      '499999999999999',
      two.orderId,
    ]);
    expect(orders.map((order) => order.orderNo)).toEqual([one.orderId, two.orderId]);
    expectMatchesWorld(orders[0] as MarketplaceOrder, one);
  });
});

describe('Lazada sandbox: refusals', () => {
  const window = () => ({
    updatedFrom: new Date(sandbox.world.now() - DAY),
    updatedTo: worldNow(),
    cursor: null,
  });

  it('reads HTTP 429 and Lazada ApiCallLimit as rate_limited with the wait', async () => {
    const grant = await connect();
    sandbox.world.traffic.injectFault({ platform: 'lazada', kind: 'http_429', pathContains: '/orders/get' });
    const http = await failure(lazadaConnector.listOrders(ctxOf(grant), window()));
    expect(http).toMatchObject({ code: 'rate_limited', detail: { retryAfterMs: 1000 } });
    sandbox.world.traffic.injectFault({ platform: 'lazada', kind: 'throttle', pathContains: '/orders/get' });
    const own = await failure(lazadaConnector.listOrders(ctxOf(grant), window()));
    expect(own).toMatchObject({
      code: 'rate_limited',
      detail: { platformCode: 'ApiCallLimit', retryAfterMs: 1000 },
    });
  });

  it('reads an expired access token as token_expired; the refreshed grant then works', async () => {
    const grant = await connect();
    sandbox.world.moveClock(sandbox.world.auth.lifetimes.accessSeconds * 1000 + 1000);
    const expired = await failure(lazadaConnector.listOrders(ctxOf(grant), window()));
    expect(expired).toMatchObject({ code: 'token_expired', detail: { platformCode: 'IllegalAccessToken' } });
    const refreshed = await lazadaConnector.refreshGrant(ctxOf(grant));
    expect(refreshed.accessToken).not.toBe(grant.accessToken);
    expect(refreshed.platformShopId).toBe(SHOP);
    expect((await lazadaConnector.listOrders(ctxOf(refreshed), window())).orders).toEqual([]);
  });

  it('reads a revoked authorisation as revoked when its refresh is refused', async () => {
    const grant = await connect();
    sandbox.world.revokeShop('lazada', SHOP);
    // Lazada answers IllegalAccessToken for any dead token; the refresh tells revoked apart.
    expect((await failure(lazadaConnector.listOrders(ctxOf(grant), window()))).code).toBe('token_expired');
    const refused = await failure(lazadaConnector.refreshGrant(ctxOf(grant)));
    expect(refused).toMatchObject({ code: 'revoked', detail: { platformCode: 'IllegalRefreshToken' } });
  });

  it('refuses a wrong signature, a stale timestamp and a missing sign inside HTTP 200', async () => {
    const grant = await connect();
    const business = { update_after: '2025-01-01T00:00:00+08:00' };
    const token = { accessToken: grant.accessToken };
    const tampered = await rawCall('/orders/get', business, {
      ...token,
      tamper: (params) => {
        params.update_after = '2025-01-02T00:00:00+08:00';
      },
    });
    expect(tampered).toMatchObject({ status: 200, body: { type: 'ISV', code: 'IncompleteSignature' } });
    const stale = await rawCall('/orders/get', business, {
      ...token,
      timestampMs: sandbox.world.now() - 7201_000,
    });
    expect(stale).toMatchObject({ status: 200, body: { code: 'InvalidTimestamp' } });
    const unsigned = await rawCall('/orders/get', business, {
      ...token,
      tamper: (params) => {
        delete params.sign;
      },
    });
    expect(unsigned).toMatchObject({ status: 200, body: { code: 'MissingParameter' } });
    const wrongSecret = await failure(
      lazadaConnector.listOrders(ctxOf(grant, { ...app, appSecret: 'not-the-secret' }), window()),
    );
    expect(wrongSecret.code).toBe('signature');
  });
});

describe('Lazada sandbox: push', () => {
  let server: Server;
  const received: { headers: IncomingHttpHeaders; body: Buffer; url: string }[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({ headers: request.headers, body: Buffer.concat(chunks), url: request.url ?? '' });
        response.end('ok');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('signs a push for a change that verifyWebhook accepts; a changed body or another key is refused', async () => {
    const target = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/lazada`;
    sandbox.world.webhookTargets.set('lazada', target);
    const order = sandbox.world.createOrder('lazada', SHOP, { status: 'ready_to_ship', silent: true });
    sandbox.world.changeOrder(order, { status: 'shipped' });
    await sandbox.settled();
    const push = received.at(-1);
    if (!push) throw new Error('no push arrived');
    const headers = Object.fromEntries(
      Object.entries(push.headers).map(([name, value]) => [
        name,
        Array.isArray(value) ? value.join(',') : value,
      ]),
    );
    const request = { rawBody: push.body, headers, url: target };
    expect(lazadaConnector.verifyWebhook(app, request)).toEqual({
      platformShopId: SHOP,
      orderNos: [order.orderId],
      kind: 'order',
      // Stamped (in milliseconds) with the change's time; keyed by its signed body.
      sentAt: new Date(order.updatedAt),
      deliveryKey: expect.stringMatching(/^sha256:[0-9a-f]{64}$/),
    });
    const forged = Buffer.from(push.body.toString('utf8').replace('"shipped"', '"canceled"'), 'utf8');
    expect(lazadaConnector.verifyWebhook(app, { ...request, rawBody: forged })).toBeNull();
    expect(lazadaConnector.verifyWebhook({ ...app, appSecret: 'another-secret' }, request)).toBeNull();
  });
});
