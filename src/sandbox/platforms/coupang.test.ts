import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PlatformStatus } from '@shared/domain/order.js';
import {
  MarketplaceError,
  type AppConfig,
  type CallContext,
  type MarketplaceOrder,
  type ShopGrant,
} from '@server/modules/marketplaces/connector.js';
import { coupangConnector } from '@server/modules/marketplaces/platforms/coupang/connector.js';
import { kstDate } from '@server/modules/marketplaces/platforms/coupang/kst.js';
import { COUPANG_SHEET_STATUSES } from '@server/modules/marketplaces/platforms/coupang/normalise.js';
import {
  coupangAuthorization,
  coupangSignedDate,
} from '@server/modules/marketplaces/platforms/coupang/sign.js';
import { SANDBOX_COUPANG_VENDORS } from '../apps.js';
import { startSandbox, type RunningSandbox } from '../server.js';
import type { SandboxOrder, SandboxStatus } from '../world-model.js';
import { coupangSandbox } from './coupang.js';

const DAY = 86_400_000;
const VENDOR = 'A00012345';
const KEYS = { vendorId: VENDOR, ...(SANDBOX_COUPANG_VENDORS[VENDOR] ?? { accessKey: '', secretKey: '' }) };
/** The listings one window (or one part of it) walks: six box statuses, then cancellations. */
const COUPANG_LISTINGS = 7;
const LISTING_ORDER: readonly string[] = [...COUPANG_SHEET_STATUSES, 'CANCEL'];
const LIST_PATH = `/v2/providers/openapi/apis/api/v4/vendors/${VENDOR}/ordersheets`;

/** What the connector must read each world status as (sandbox/platforms/coupang-render.ts). */
const EXPECTED_STATUS: Record<SandboxStatus, PlatformStatus | null> = {
  unpaid: null,
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
  sandbox = await startSandbox({ platforms: [coupangSandbox] });
  const apiUrl = sandbox.platformUrl('coupang');
  app = { appKey: '', appSecret: '', apiUrl, authUrl: apiUrl };
});
afterAll(async () => {
  await sandbox.close();
});
beforeEach(() => {
  sandbox.world.reset();
  // Paging tests send bursts well over Coupang's ten a second; the limit has its own test.
  sandbox.world.traffic.rateLimits.coupang = 1000;
  sandbox.world.addShop({
    platform: 'coupang',
    shopId: VENDOR,
    name: 'Sandbox Coupang',
    region: 'KR',
    currency: 'KRW',
  });
});

const now = () => new Date(sandbox.world.now());
const connect = () =>
  coupangConnector.connectWithKeys?.(app, { keys: KEYS, fetch, now: now() }) ??
  Promise.reject(new Error('no connectWithKeys'));
const ctxOf = (grant: ShopGrant, clock: () => Date = now): CallContext => ({ app, grant, fetch, now: clock });

async function caught(promise: Promise<unknown>): Promise<MarketplaceError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof MarketplaceError) return error;
    throw error;
  }
  throw new Error('expected a MarketplaceError');
}

/** Pages a window to its end; the orders in the order they came. */
async function syncWindow(ctx: CallContext, from: number, to: number) {
  const orders: MarketplaceOrder[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page = await coupangConnector.listOrders(ctx, {
      updatedFrom: new Date(from),
      updatedTo: new Date(to),
      cursor,
    });
    orders.push(...page.orders);
    cursor = page.nextCursor;
    pages += 1;
  } while (cursor !== null);
  return { orders, pages };
}

/** The listing calls (ordersheets by status, cancellations) made through the returned fetch, in the order sent. */
function notingListings(): { asked: { listing: string; from: string; to: string }[]; fetch: typeof fetch } {
  const asked: { listing: string; from: string; to: string }[] = [];
  return {
    asked,
    fetch: (input, init) => {
      const url = new URL(String(input instanceof Request ? input.url : input));
      const query = url.searchParams;
      if (url.pathname.endsWith(LIST_PATH) || url.pathname.endsWith('/returnRequests'))
        asked.push({
          listing: query.get('status') ?? query.get('cancelType') ?? '',
          from: query.get('createdAtFrom') ?? '',
          to: query.get('createdAtTo') ?? '',
        });
      return fetch(input, init);
    },
  };
}

/** A request signed by hand, as a tampering client would send it. */
async function signedGet(
  pathAndQuery: string,
  options: { at?: Date; secretKey?: string; header?: string } = {},
) {
  const [path = '', query = ''] = pathAndQuery.split('?');
  const authorization =
    options.header ??
    coupangAuthorization({
      accessKey: KEYS.accessKey,
      secretKey: options.secretKey ?? KEYS.secretKey,
      method: 'GET',
      path,
      query,
      now: options.at ?? now(),
    });
  const response = await fetch(`${app.apiUrl}${pathAndQuery}`, { headers: { Authorization: authorization } });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

function expectMatches(order: MarketplaceOrder | undefined, source: SandboxOrder): void {
  expect(order?.platformStatus).toBe(EXPECTED_STATUS[source.status]);
  expect(order?.currency).toBe('KRW');
  expect(
    order?.lines.map((line) => [line.sellerSku, line.variationId, line.quantity, line.unitPrice]),
  ).toEqual(
    source.lines.map(({ item, quantity }) => [
      item.sellerSku,
      String(Number(item.variationId)),
      quantity,
      item.unitPrice,
    ]),
  );
  expect(order?.orderedAt.endsWith('+09:00')).toBe(true);
  expect(order?.trackingNo).toBe(source.trackingNo);
  // The items' orderPrice + shippingPrice − their discountPrice, as the world holds them.
  expect(order?.amounts).toEqual(source.amounts);
}

describe('Coupang connector against the sandbox', () => {
  it('connects with typed keys (no redirect) and the grant works for a call', async () => {
    const grant = await connect();
    expect(grant).toMatchObject({
      platformShopId: VENDOR,
      accessToken: '',
      accessExpiresAt: null,
      extra: KEYS,
    });
    const page = await coupangConnector.listOrders(ctxOf(grant), {
      updatedFrom: new Date(sandbox.world.now() - DAY),
      updatedTo: now(),
      cursor: null,
    });
    expect(page.orders).toEqual([]);
    expect(await coupangConnector.refreshGrant(ctxOf(grant))).toBe(grant);
    expect(() =>
      coupangConnector.authoriseUrl(app, {
        redirectUri: 'https://erp.example.com/cb',
        state: 's',
        now: now(),
      }),
    ).toThrow(MarketplaceError);
    expect(
      (await caught(coupangConnector.exchangeCode(app, { query: {}, redirectUri: '', fetch, now: now() })))
        .code,
    ).toBe('rejected');
    const wrongSecret = coupangConnector.connectWithKeys?.(app, {
      keys: { ...KEYS, secretKey: 'nope' },
      fetch,
      now: now(),
    });
    expect((await caught(wrongSecret ?? Promise.resolve())).code).toBe('signature');
    const otherVendor = coupangConnector.connectWithKeys?.(app, {
      keys: { ...KEYS, vendorId: 'A00067890' },
      fetch,
      now: now(),
    });
    expect((await caught(otherVendor ?? Promise.resolve())).code).toBe('revoked');
    const missing = coupangConnector.connectWithKeys?.(app, {
      keys: { vendorId: VENDOR },
      fetch,
      now: now(),
    });
    expect((await caught(missing ?? Promise.resolve())).code).toBe('rejected');
  });

  it('first sync: pages every paid order of the window exactly once, lines, prices and statuses right', async () => {
    const world = sandbox.world;
    const end = world.now();
    const from = end - 25 * DAY;
    const seeded = world.seedOrders('coupang', VENDOR, 120, from, end - DAY);
    for (let index = 0; index < 110; index += 1)
      seeded.push(
        world.createOrder('coupang', VENDOR, {
          createdAt: from + index * 60_000,
          status: 'ready_to_ship',
          silent: true,
        }),
      );
    const grant = await connect();
    const listings = notingListings();
    const { orders, pages } = await syncWindow({ ...ctxOf(grant), fetch: listings.fetch }, from, end);
    const expected = seeded.filter((order) => order.paidAt !== null);
    expect(orders.map((order) => order.orderNo).sort()).toEqual(
      expected.map((order) => order.orderId).sort(),
    );
    for (const source of expected)
      expectMatches(
        orders.find((order) => order.orderNo === source.orderId),
        source,
      );
    expect(expected.filter((order) => order.status === 'ready_to_ship').length).toBeGreaterThan(100);
    expect(pages).toBeGreaterThan(COUPANG_LISTINGS);
    expect(expected.some((order) => order.status === 'cancelled')).toBe(true);
    // The window's 26 KST days walked in four parts side by side: whole days, adjacent, sharing
    // none, each part through the six statuses in lifecycle order and then its cancellations.
    const parts = [...new Set(listings.asked.map((call) => `${call.from} ${call.to}`))].sort();
    expect(parts).toHaveLength(4);
    expect(parts[0]?.startsWith(kstDate(from))).toBe(true);
    expect(parts[3]?.endsWith(kstDate(end - 1))).toBe(true);
    for (let index = 1; index < parts.length; index += 1) {
      const previousLast = Date.parse(`${parts[index - 1]?.split(' ')[1]}T00:00:00Z`);
      expect(parts[index]?.split(' ')[0]).toBe(new Date(previousLast + DAY).toISOString().slice(0, 10));
    }
    for (const part of parts) {
      const walked = listings.asked
        .filter((call) => `${call.from} ${call.to}` === part)
        .map((call) => call.listing);
      expect([...new Set(walked)]).toEqual([...COUPANG_SHEET_STATUSES, 'CANCEL']);
      expect([...walked].sort((a, b) => LISTING_ORDER.indexOf(a) - LISTING_ORDER.indexOf(b))).toEqual(walked);
    }
  });

  it('a cursor stored before windows were walked in parts resumes as its window’s one part', async () => {
    const world = sandbox.world;
    const end = world.now();
    const from = end - 20 * DAY;
    const seeded = world.seedOrders('coupang', VENDOR, 80, from, end - DAY);
    const grant = await connect();
    const listings = notingListings();
    const ctx = { ...ctxOf(grant), fetch: listings.fetch };
    const orders: MarketplaceOrder[] = [];
    let cursor: string | null = Buffer.from(JSON.stringify({ phase: 'ACCEPT', token: '' })).toString(
      'base64url',
    );
    do {
      const page = await coupangConnector.listOrders(ctx, {
        updatedFrom: new Date(from),
        updatedTo: new Date(end),
        cursor,
      });
      orders.push(...page.orders);
      cursor = page.nextCursor;
    } while (cursor !== null);
    expect(orders.map((order) => order.orderNo).sort()).toEqual(
      seeded
        .filter((order) => order.paidAt !== null)
        .map((order) => order.orderId)
        .sort(),
    );
    expect(listings.asked.every((call) => call.from === kstDate(from) && call.to === kstDate(end - 1))).toBe(
      true,
    );
  });

  it('never asks for more than 31 days, and the sandbox refuses a longer listing as Coupang does', async () => {
    const grant = await connect();
    const before = sandbox.world.traffic.requests.length;
    const error = await caught(
      coupangConnector.listOrders(ctxOf(grant), {
        updatedFrom: new Date(sandbox.world.now() - 32 * DAY),
        updatedTo: now(),
        cursor: null,
      }),
    );
    expect(error.code).toBe('rejected');
    expect(sandbox.world.traffic.requests.length).toBe(before);
    const refused = await signedGet(
      `${LIST_PATH}?createdAtFrom=2025-01-01&createdAtTo=2025-02-02&status=ACCEPT`,
    );
    expect(refused).toEqual({
      status: 400,
      body: { code: 400, message: 'The search period cannot exceed 31 days.', data: null },
    });
    const allowed = await signedGet(
      `${LIST_PATH}?createdAtFrom=2025-01-01&createdAtTo=2025-02-01&status=ACCEPT`,
    );
    expect(allowed.status).toBe(200);
    expect((await signedGet(`${LIST_PATH}?createdAtFrom=2025-01-01&createdAtTo=2025-01-02`)).status).toBe(
      400,
    );
  });

  it('incremental: new payments and cancellations come back in a later window, unchanged orders do not', async () => {
    const world = sandbox.world;
    const start = world.now() - 3 * DAY;
    const old = [
      world.createOrder('coupang', VENDOR, { createdAt: start, status: 'ready_to_ship', silent: true }),
      world.createOrder('coupang', VENDOR, {
        createdAt: start + 1000,
        status: 'ready_to_ship',
        silent: true,
      }),
      world.createOrder('coupang', VENDOR, {
        createdAt: start + 2000,
        status: 'ready_to_ship',
        silent: true,
      }),
      world.createOrder('coupang', VENDOR, { createdAt: start + 3000, status: 'unpaid', silent: true }),
    ];
    const grant = await connect();
    const firstEnd = world.now();
    expect((await syncWindow(ctxOf(grant), start, firstEnd)).orders).toHaveLength(3);

    world.moveClock(3_600_000);
    const [toCancel, toPrepare, , unpaid] = old;
    if (!toCancel || !toPrepare || !unpaid) throw new Error('seed failed');
    world.changeOrder(toCancel, { status: 'cancelled' });
    world.changeOrder(unpaid, { status: 'ready_to_ship' });
    world.changeOrder(toPrepare, { status: 'processed' });
    const fresh = world.createOrder('coupang', VENDOR, { status: 'ready_to_ship', silent: true });
    world.moveClock(120_000);

    const later = await syncWindow(ctxOf(grant), firstEnd - 10 * 60_000, world.now());
    expect(later.orders.map((order) => order.orderNo).sort()).toEqual(
      [toCancel.orderId, unpaid.orderId, fresh.orderId].sort(),
    );
    expect(later.orders.find((order) => order.orderNo === toCancel.orderId)?.platformStatus).toBe(
      'CANCELLED',
    );
    // Coupang lists by payment day and status, not by update: an earlier order moving to INSTRUCT
    // is not listed again (the sync re-reads open orders with getOrders).
    const [reread] = await coupangConnector.getOrders(ctxOf(grant), [toPrepare.orderId]);
    expect(reread?.rawStatus).toBe('INSTRUCT');
  });

  it('a page failing midway throws unavailable; the same cursor resumes with no loss or duplicate', async () => {
    const world = sandbox.world;
    const from = world.now() - 2 * DAY;
    const made = Array.from({ length: 130 }, (_, index) =>
      world.createOrder('coupang', VENDOR, {
        createdAt: from + index * 60_000,
        status: 'ready_to_ship',
        silent: true,
      }),
    );
    const grant = await connect();
    world.traffic.injectFault({
      platform: 'coupang',
      kind: 'http_500',
      pathContains: '/ordersheets',
      skip: 1,
    });
    const ctx = ctxOf(grant);
    const window = { updatedFrom: new Date(from), updatedTo: now() };
    const first = await coupangConnector.listOrders(ctx, { ...window, cursor: null });
    const failed = await caught(coupangConnector.listOrders(ctx, { ...window, cursor: first.nextCursor }));
    expect(failed.code).toBe('unavailable');
    const seen = [...first.orders];
    let cursor = first.nextCursor;
    while (cursor !== null) {
      const page = await coupangConnector.listOrders(ctx, { ...window, cursor });
      seen.push(...page.orders);
      cursor = page.nextCursor;
    }
    expect(seen.map((order) => order.orderNo)).toEqual(made.map((order) => order.orderId));

    world.traffic.injectFault({ platform: 'coupang', kind: 'truncated', pathContains: '/ordersheets' });
    expect((await caught(coupangConnector.listOrders(ctx, { ...window, cursor: null }))).code).toBe(
      'malformed',
    );
  });

  it('429 and Coupang’s throttle read as rate_limited (Retry-After honoured when present)', async () => {
    const grant = await connect();
    const ctx = ctxOf(grant);
    const window = { updatedFrom: new Date(sandbox.world.now() - DAY), updatedTo: now(), cursor: null };
    sandbox.world.traffic.injectFault({ platform: 'coupang', kind: 'http_429', retryAfterSeconds: 7 });
    const limited = await caught(coupangConnector.listOrders(ctx, window));
    expect(limited).toMatchObject({ code: 'rate_limited', detail: { httpStatus: 429, retryAfterMs: 7000 } });
    sandbox.world.traffic.injectFault({ platform: 'coupang', kind: 'throttle' });
    const throttled = await caught(coupangConnector.listOrders(ctx, window));
    expect(throttled).toMatchObject({
      code: 'rate_limited',
      detail: { httpStatus: 429, retryAfterMs: undefined },
    });
    sandbox.world.traffic.rateLimits.coupang = 1;
    await coupangConnector.listOrders(ctx, window).catch(() => undefined);
    expect((await caught(coupangConnector.listOrders(ctx, window))).code).toBe('rate_limited');
  });

  it('keys do not expire on our side; keys Coupang retired (180 days) or the seller revoked read as revoked', async () => {
    const grant = await connect();
    const window = () => ({
      updatedFrom: new Date(sandbox.world.now() - DAY),
      updatedTo: now(),
      cursor: null,
    });
    expect(await coupangConnector.refreshGrant(ctxOf(grant))).toEqual(grant);
    sandbox.world.moveClock(181 * DAY);
    expect((await caught(coupangConnector.listOrders(ctxOf(grant), window()))).code).toBe('revoked');

    sandbox.world.reset();
    sandbox.world.addShop({
      platform: 'coupang',
      shopId: VENDOR,
      name: 'Sandbox Coupang',
      region: 'KR',
      currency: 'KRW',
    });
    const again = await connect();
    sandbox.world.revokeShop('coupang', VENDOR);
    const revoked = await caught(coupangConnector.listOrders(ctxOf(again), window()));
    expect(revoked).toMatchObject({ code: 'revoked', detail: { httpStatus: 401, platformCode: 'ERROR' } });
  });

  it('the sandbox refuses a wrong signature and a stale signed-date with the gateway’s 401 bodies', async () => {
    const query = `${LIST_PATH}?createdAtFrom=2025-01-01&createdAtTo=2025-01-02&status=ACCEPT`;
    const wrong = await signedGet(query, { secretKey: 'cp_secret_tampered' });
    expect(wrong).toMatchObject({ status: 401, body: { code: 'ERROR', message: 'Invalid signature.' } });
    expect(typeof wrong.body.transactionId).toBe('string');
    const stale = await signedGet(query, { at: new Date(sandbox.world.now() - 6 * 60_000) });
    expect(stale).toMatchObject({
      status: 401,
      body: { code: 'ERROR', message: 'Specified signature is expired.' },
    });
    const fresh = await signedGet(query, { at: new Date(sandbox.world.now() - 4 * 60_000) });
    expect(fresh.status).toBe(200);
    const tamperedQuery = await signedGet(query.replace('ACCEPT', 'INSTRUCT'), {
      header: coupangAuthorization({
        ...KEYS,
        method: 'GET',
        path: LIST_PATH,
        query: query.split('?')[1] ?? '',
        now: now(),
      }),
    });
    expect(tamperedQuery.body.message).toBe('Invalid signature.');
    const badFormat = await signedGet(query, {
      header: `CEA algorithm=HmacSHA256, access-key=${KEYS.accessKey}, signed-date=${coupangSignedDate(now())}`,
    });
    expect(badFormat).toMatchObject({ status: 401, body: { message: 'HMAC format is invalid.' } });
    const noHeader = await fetch(`${app.apiUrl}${query}`);
    expect(noHeader.status).toBe(401);
    expect(((await noHeader.json()) as { message: string }).message).toBe('Request is not authorized.');

    const grant = await connect();
    const skewed = () => new Date(sandbox.world.now() + 10 * 60_000);
    const error = await caught(
      coupangConnector.listOrders(ctxOf(grant, skewed), {
        updatedFrom: new Date(sandbox.world.now() - DAY),
        updatedTo: now(),
        cursor: null,
      }),
    );
    expect(error).toMatchObject({ code: 'signature', detail: { httpStatus: 401 } });
  });

  it('has no webhooks: a change posts nothing, and verifyWebhook accepts nothing', async () => {
    const world = sandbox.world;
    world.webhookTargets.set('coupang', 'http://127.0.0.1:9/webhooks/coupang');
    const order = world.createOrder('coupang', VENDOR, { status: 'ready_to_ship' });
    world.changeOrder(order, { status: 'processed' });
    await sandbox.settled();
    expect(world.webhookDeliveries).toEqual([]);
    expect(coupangSandbox.webhook(order, 'http://127.0.0.1:9/')).toBeNull();
    const request = {
      rawBody: Buffer.from(JSON.stringify({ orderId: order.orderId })),
      headers: { authorization: 'CEA anything' },
      url: 'https://erp.example.com/webhooks/coupang',
    };
    expect(coupangConnector.verifyWebhook(app, request)).toBeNull();
  });

  it('reads more orders by id than the rate allows at once: each refused read waits and asks again (a bare context fails instead)', async () => {
    const world = sandbox.world;
    const made = Array.from({ length: 8 }, () =>
      world.createOrder('coupang', VENDOR, { status: 'ready_to_ship', silent: true }),
    );
    const grant = await connect();
    world.traffic.rateLimits.coupang = 4;
    const waits: number[] = [];
    const sleep = (ms: number) => {
      waits.push(ms);
      return new Promise<void>((resolve) => setTimeout(resolve, 250));
    };
    const orders = await coupangConnector.getOrders(
      { ...ctxOf(grant), sleep },
      made.map((order) => order.orderId),
    );
    expect(orders.map((order) => order.orderNo).sort()).toEqual(made.map((order) => order.orderId).sort());
    // Refused ones waited what Coupang names, else a second (the bucket refilled).
    expect(waits.length).toBeGreaterThan(0);
    expect(new Set(waits)).toEqual(new Set([1_000]));
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(
      (
        await caught(
          coupangConnector.getOrders(
            ctxOf(grant),
            made.map((order) => order.orderId),
          ),
        )
      ).code,
    ).toBe('rate_limited');
  });

  it('a page of several parts waits out a listing refused for the rate and asks again (a bare context fails instead)', async () => {
    const world = sandbox.world;
    const end = world.now();
    const from = end - 14 * DAY;
    const seeded = world.seedOrders('coupang', VENDOR, 40, from, end - DAY);
    const grant = await connect();
    world.traffic.rateLimits.coupang = 2;
    const waits: number[] = [];
    const sleep = (ms: number) => {
      waits.push(ms);
      return new Promise<void>((resolve) => setTimeout(resolve, 250));
    };
    const window = { updatedFrom: new Date(from), updatedTo: new Date(end), cursor: null };
    const page = await coupangConnector.listOrders({ ...ctxOf(grant), sleep }, window);
    // The first page is each part's first listing (ACCEPT): four calls, two over the rate.
    expect(waits.length).toBeGreaterThan(0);
    expect(new Set(waits)).toEqual(new Set([1_000]));
    const accepted = seeded.filter((order) => order.status === 'ready_to_ship' && order.paidAt !== null);
    expect(page.orders.map((order) => order.orderNo).sort()).toEqual(
      accepted.map((order) => order.orderId).sort(),
    );
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await caught(coupangConnector.listOrders(ctxOf(grant), window))).code).toBe('rate_limited');
  });

  it('getOrders returns the named orders whole, leaving out unknown and unpaid ones', async () => {
    const world = sandbox.world;
    const paid = world.createOrder('coupang', VENDOR, {
      status: 'ready_to_ship',
      silent: true,
      lines: [{ sellerSku: 'SBX-003', quantity: 2 }],
    });
    const shipped = world.createOrder('coupang', VENDOR, { status: 'shipped', silent: true });
    const cancelled = world.createOrder('coupang', VENDOR, { status: 'ready_to_ship', silent: true });
    world.changeOrder(cancelled, { status: 'cancelled' });
    const unpaid = world.createOrder('coupang', VENDOR, { status: 'unpaid', silent: true });
    const grant = await connect();
    const orders = await coupangConnector.getOrders(ctxOf(grant), [
      paid.orderId,
      '99999999999',
      shipped.orderId,
      unpaid.orderId,
      'not-a-number',
      cancelled.orderId,
    ]);
    expect(orders.map((order) => order.orderNo)).toEqual([paid.orderId, shipped.orderId, cancelled.orderId]);
    expectMatches(orders[0], paid);
    expectMatches(orders[1], shipped);
    expectMatches(orders[2], cancelled);
    expect(orders[1]?.logisticsChannel).toBe(shipped.carrier);
  });
});

describe('Coupang invoice upload against the sandbox', () => {
  const VENDOR_PATH = `/v2/providers/openapi/apis/api/v4/vendors/${VENDOR}`;
  const ACK_PATH = `${VENDOR_PATH}/ordersheets/acknowledgement`;
  const INVOICE_PATH = `${VENDOR_PATH}/orders/invoices`;
  const push = (ctx: CallContext, orderNo: string, trackingNo: string) =>
    coupangConnector.pushTracking?.(ctx, {
      orderNo,
      trackingNo,
      carrierCode: 'CJGLS',
      carrierName: 'CJ Logistics',
    }) ?? Promise.reject(new Error('no pushTracking'));
  const counts = () => sandbox.world.traffic.requestCounts('coupang');

  /** A POST signed by hand, as another client would send it. */
  async function signedPost(path: string, body: unknown) {
    const authorization = coupangAuthorization({ ...KEYS, method: 'POST', path, query: '', now: now() });
    const response = await fetch(`${app.apiUrl}${path}`, {
      method: 'POST',
      headers: { Authorization: authorization, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  it('acknowledges a paid box, uploads the invoice, and getOrders reads it shipped with the number', async () => {
    const ctx = ctxOf(await connect());
    const order = sandbox.world.createOrder('coupang', VENDOR, { status: 'ready_to_ship' });
    await push(ctx, order.orderId, '123456789012');
    expect(counts()[ACK_PATH]).toBe(1);
    expect(counts()[INVOICE_PATH]).toBe(1);
    const [found] = await coupangConnector.getOrders(ctx, [order.orderId]);
    expect(found).toMatchObject({
      platformStatus: 'SHIPPED',
      rawStatus: 'DEPARTURE',
      trackingNo: '123456789012',
      logisticsChannel: 'CJ 대한통운',
    });
    // A box already preparing (INSTRUCT) needs no acknowledgement.
    const preparing = sandbox.world.createOrder('coupang', VENDOR, { status: 'processed' });
    await push(ctx, preparing.orderId, '123456789013');
    expect(counts()[ACK_PATH]).toBe(1);
    expect(sandbox.world.order('coupang', VENDOR, preparing.orderId)?.status).toBe('shipped');
  });

  it('the same number again is a no-op: no error and one upload; another number is refused', async () => {
    const ctx = ctxOf(await connect());
    const order = sandbox.world.createOrder('coupang', VENDOR, { status: 'processed' });
    await push(ctx, order.orderId, '5550001');
    await push(ctx, order.orderId, '5550001');
    expect(counts()[INVOICE_PATH]).toBe(1);
    const other = await caught(push(ctx, order.orderId, '5550002'));
    expect(other).toMatchObject({ code: 'rejected', detail: { platformCode: 'already_shipped' } });
  });

  it('a cancelled order, or one with a cancellation under way, is refused as cancelled', async () => {
    const ctx = ctxOf(await connect());
    for (const status of ['cancelled', 'in_cancel'] as const) {
      const order = sandbox.world.createOrder('coupang', VENDOR, { status });
      const refused = await caught(push(ctx, order.orderId, `777${status.length}`));
      expect(refused).toMatchObject({ code: 'rejected', detail: { platformCode: 'cancelled' } });
      expect(sandbox.world.order('coupang', VENDOR, order.orderId)?.status).toBe(status);
    }
    expect((await caught(push(ctx, '29999999999', '7779'))).detail.platformCode).toBe('not_found');
    expect(counts()[INVOICE_PATH]).toBeUndefined();
  });

  it('a throttled upload is rate_limited and ships nothing; the push again finishes it', async () => {
    const ctx = ctxOf(await connect());
    const order = sandbox.world.createOrder('coupang', VENDOR, { status: 'ready_to_ship' });
    sandbox.world.traffic.injectFault({
      platform: 'coupang',
      kind: 'throttle',
      pathContains: '/orders/invoices',
    });
    expect((await caught(push(ctx, order.orderId, '888001'))).code).toBe('rate_limited');
    expect(sandbox.world.order('coupang', VENDOR, order.orderId)?.status).toBe('processed');
    await push(ctx, order.orderId, '888001');
    expect(counts()[ACK_PATH]).toBe(1);
    expect(sandbox.world.order('coupang', VENDOR, order.orderId)).toMatchObject({
      status: 'shipped',
      trackingNo: '888001',
    });
  });

  it('the gateway refuses a wrongly signed upload; the sandbox fails a box not preparing, or a reused number', async () => {
    const grant = await connect();
    const order = sandbox.world.createOrder('coupang', VENDOR, { status: 'ready_to_ship' });
    const forged = { ...grant, extra: { ...grant.extra, secretKey: 'not-the-secret' } };
    const refused = await caught(push(ctxOf(forged), order.orderId, '999001'));
    expect(refused).toMatchObject({ code: 'signature', detail: { httpStatus: 401 } });
    const entry = {
      shipmentBoxId: 448_000_000 + order.seq,
      orderId: Number(order.orderId),
      vendorItemId: Number(order.lines[0]?.item.variationId),
      deliveryCompanyCode: 'CJGLS',
      invoiceNumber: '999001',
      splitShipping: false,
      preSplitShipped: false,
      estimatedShippingDate: '',
    };
    const early = await signedPost(INVOICE_PATH, { vendorId: VENDOR, orderSheetInvoiceApplyDtos: [entry] });
    expect(early.status).toBe(200);
    expect(early.body).toMatchObject({
      code: 200,
      data: { responseCode: 99, responseList: [{ succeed: false, resultCode: 'INVALID_STATUS' }] },
    });
    const shipped = sandbox.world.createOrder('coupang', VENDOR, { status: 'processed' });
    await push(ctxOf(grant), shipped.orderId, '999002');
    sandbox.world.changeOrder(order, { status: 'processed' });
    const reused = await signedPost(INVOICE_PATH, {
      vendorId: VENDOR,
      orderSheetInvoiceApplyDtos: [{ ...entry, invoiceNumber: '999002' }],
    });
    expect(reused.body).toMatchObject({ data: { responseList: [{ resultCode: 'DUPLICATE_INVOICE' }] } });
    const unshaped = await signedPost(INVOICE_PATH, { vendorId: VENDOR });
    expect(unshaped.status).toBe(400);
  });
});
