/**
 * The sandbox as the platforms' own npm clients see it: each client is given the sandbox
 * platform's base URL where it would take the live host, signs as it signs for the live API,
 * and is answered — or refused, with a wrong secret, as the platform refuses.
 *
 * - Shopee: @congminh1254/shopee-sdk (the maintained Open Platform v2 SDK), `base_url` is the
 *   sandbox port's `/api/v2`; it signs `url.pathname`, the path the sandbox checks.
 * - Lazada: lazada-open-platform-sdk. Its API calls take the venture's gateway and a protocol
 *   (`LazadaClient.getOrders(…, gateway, token, payload, 'GET', 'HTTP')`); its token call has the
 *   auth host written in (https://auth.lazada.com/rest), so the test makes that call with the
 *   SDK's own request function (`LazadaRequest.post`) given the sandbox's auth base instead.
 * - Shopify: @shopify/admin-api-client, its store domain the sandbox port. The client always
 *   builds an https:// URL (it sets the protocol itself), so its `customFetchApi` sends the same
 *   request over http; nothing else of the request is changed. The shop is the one the access
 *   token was issued for, as a loopback address cannot name the shop.
 * - TikTok Shop, Joom, Coupang: no credible npm client exists (none published by the platforms,
 *   none maintained with a base-URL option); the connectors' own clients are tested against the
 *   sandbox in platforms/*.test.ts.
 */
import { createRequire } from 'node:module';
import { ShopeeSDK } from '@congminh1254/shopee-sdk';
import { createAdminApiClient } from '@shopify/admin-api-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ordersQueryCost,
  ORDERS_PAGE_SIZE,
  SHOPIFY_API_VERSION,
  SHOPIFY_ORDERS_QUERY,
  SHOPIFY_SHOP_QUERY,
} from '@server/modules/marketplaces/platforms/shopify/queries.js';
import { SANDBOX_APPS } from './apps.js';
import { SANDBOX_PLATFORMS } from './platforms/index.js';
import { startSandbox, type RunningSandbox } from './server.js';

type LazadaReply = { code: string; message?: string; data?: Record<string, unknown> };
interface LazadaSdk {
  client: {
    getOrders(
      appKey: string,
      appSecret: string,
      gateway: string,
      accessToken: string,
      payload: Record<string, unknown>,
      action: 'GET',
      protocol: 'HTTP',
    ): Promise<LazadaReply>;
  };
  request: {
    post(
      base: string,
      appKey: string,
      appSecret: string,
      apiPath: string,
      accessToken: undefined,
      body: Record<string, string>,
    ): Promise<LazadaReply & { access_token?: string }>;
  };
}

/** The Lazada SDK is CommonJS without types: its client and request modules, as it ships them. */
function lazadaSdk(): LazadaSdk {
  const require = createRequire(import.meta.url);
  return {
    client: require('lazada-open-platform-sdk/lib/LazadaClient') as LazadaSdk['client'],
    request: require('lazada-open-platform-sdk/lib/LazadaRequest') as LazadaSdk['request'],
  };
}

const SHOPEE_SHOP = 600000;
const LAZADA_SHOP = 'lazada-real-1';
const SHOPIFY_SHOP = 'real-client.myshopify.com';
const DAY = 86_400_000;

let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ platforms: SANDBOX_PLATFORMS });
});

afterAll(async () => {
  await sandbox.close();
});

beforeEach(() => {
  const world = sandbox.world;
  world.reset();
  const now = world.now();
  const shops = [
    { platform: 'shopee', shopId: String(SHOPEE_SHOP), currency: 'THB' },
    { platform: 'lazada', shopId: LAZADA_SHOP, currency: 'THB' },
    { platform: 'shopify', shopId: SHOPIFY_SHOP, currency: 'USD' },
  ] as const;
  for (const shop of shops) {
    world.addShop({ ...shop, name: `Real client ${shop.platform}`, region: 'TH' });
    world.seedOrders(shop.platform, shop.shopId, 30, now - 5 * DAY, now - DAY);
  }
});

describe('Shopee Open Platform SDK (@congminh1254/shopee-sdk) against the sandbox', () => {
  const sdk = (partnerKey: string) =>
    new ShopeeSDK({
      partner_id: Number(SANDBOX_APPS.shopee.appKey),
      partner_key: partnerKey,
      base_url: `${sandbox.platformUrl('shopee')}/api/v2`,
    });

  it('trades a code, reads the shop and lists its orders, signed as it signs for the live API', async () => {
    const client = sdk(SANDBOX_APPS.shopee.appSecret);
    const code = sandbox.world.auth.issueCode('shopee', String(SHOPEE_SHOP));
    const token = await client.authenticateWithCode(code, SHOPEE_SHOP);
    expect(token?.access_token).toMatch(/\S/);

    const info = await client.shop.getShopInfo();
    expect(info.error).toBe('');
    expect(info.shop_name).toBe('Real client shopee');

    const now = Math.floor(sandbox.world.now() / 1000);
    const list = await client.order.getOrderList({
      time_range_field: 'create_time',
      time_from: now - 10 * 86_400,
      time_to: now,
      page_size: 20,
    });
    expect(list.response?.order_list?.length).toBe(20);
    expect(list.response?.more).toBe(true);
    expect(sandbox.world.traffic.requestCounts('shopee')['/api/v2/order/get_order_list']).toBe(1);
  });

  it('is refused with error_sign when it signs with a wrong partner key', async () => {
    const code = sandbox.world.auth.issueCode('shopee', String(SHOPEE_SHOP));
    await expect(sdk('not-the-partner-key').authenticateWithCode(code, SHOPEE_SHOP)).rejects.toMatchObject({
      name: 'ShopeeApiError',
      data: { error: 'error_sign', message: 'Wrong sign.' },
    });
  });
});

describe('Lazada Open Platform SDK (lazada-open-platform-sdk) against the sandbox', () => {
  const { client, request } = lazadaSdk();
  const { appKey, appSecret } = SANDBOX_APPS.lazada;
  // The SDK takes a gateway without its scheme (api.lazada.co.th/rest) and the protocol apart.
  const gateway = () => `${sandbox.platformUrl('lazada').replace(/^http:\/\//, '')}/rest`;
  const accessToken = async () => {
    const code = sandbox.world.auth.issueCode('lazada', LAZADA_SHOP);
    const reply = await request.post(
      `${sandbox.platformUrl('lazada')}/rest`,
      appKey,
      appSecret,
      '/auth/token/create',
      undefined,
      { code },
    );
    expect(reply.code).toBe('0');
    return String(reply.access_token);
  };
  const createdAfter = () =>
    new Date(sandbox.world.now() - 10 * DAY).toISOString().replace(/\.\d{3}Z$/, '+00:00');

  it('trades a code and lists the seller’s orders', async () => {
    const token = await accessToken();
    const reply = await client.getOrders(
      appKey,
      appSecret,
      gateway(),
      token,
      { created_after: createdAfter(), limit: 10, offset: 0 },
      'GET',
      'HTTP',
    );
    expect(reply.code).toBe('0');
    expect(reply.data?.countTotal).toBe('30');
    expect((reply.data?.orders as unknown[]).length).toBe(10);
  });

  it('is refused with IncompleteSignature when it signs with a wrong app secret', async () => {
    const token = await accessToken();
    await expect(
      client.getOrders(
        appKey,
        'not-the-app-secret',
        gateway(),
        token,
        { created_after: createdAfter(), limit: 10 },
        'GET',
        'HTTP',
      ),
    ).rejects.toMatchObject({ code: 'IncompleteSignature' });
  });
});

describe('Shopify Admin API client (@shopify/admin-api-client) against the sandbox', () => {
  const overHttp: typeof fetch = (url, init) => fetch(String(url).replace(/^https:/, 'http:'), init);
  const clientWith = (accessToken: string) =>
    createAdminApiClient({
      storeDomain: sandbox.platformUrl('shopify').replace(/^http:\/\//, ''),
      apiVersion: SHOPIFY_API_VERSION,
      accessToken,
      customFetchApi: overHttp,
    });
  /** The offline token of the OAuth code exchange (the admin client does not do OAuth itself). */
  const accessToken = async (clientSecret = SANDBOX_APPS.shopify.appSecret) => {
    const code = sandbox.world.auth.issueCode('shopify', SHOPIFY_SHOP);
    return fetch(`${sandbox.platformUrl('shopify')}/admin/oauth/access_token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_id: SANDBOX_APPS.shopify.appKey, client_secret: clientSecret, code }),
    });
  };

  it('reads the shop with the token from the code exchange, the Standard bucket in its extensions', async () => {
    const token = (await (await accessToken()).json()) as { access_token: string };
    const reply = await clientWith(token.access_token).request(SHOPIFY_SHOP_QUERY);
    expect(reply.errors).toBeUndefined();
    expect(reply.data).toEqual({ shop: { name: 'Real client shopify', currencyCode: 'USD' } });
    expect(reply.extensions?.cost).toMatchObject({
      requestedQueryCost: 1,
      throttleStatus: { maximumAvailable: 2000, restoreRate: 100 },
    });
  });

  it('is refused with invalid_client for a wrong client secret, and 401 for a wrong token', async () => {
    const refused = await accessToken('not-the-client-secret');
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: 'invalid_client' });
    const reply = await clientWith('shpat_not_a_token').request(SHOPIFY_SHOP_QUERY);
    expect(reply.errors?.networkStatusCode).toBe(401);
  });

  it('is THROTTLED once the calls’ cost outruns the 2,000-point bucket, with what is left', async () => {
    const token = (await (await accessToken()).json()) as { access_token: string };
    const client = clientWith(token.access_token);
    const cost = ordersQueryCost(ORDERS_PAGE_SIZE);
    const variables = { first: ORDERS_PAGE_SIZE, query: 'updated_at:>=2020-01-01T00:00:00Z', after: null };
    const first = await client.request(SHOPIFY_ORDERS_QUERY, { variables });
    const second = await client.request(SHOPIFY_ORDERS_QUERY, { variables });
    expect([first.errors, second.errors]).toEqual([undefined, undefined]);
    const available = (second.extensions?.cost as { throttleStatus: { currentlyAvailable: number } })
      .throttleStatus.currentlyAvailable;
    expect(available).toBeLessThan(cost);
    const third = await client.request(SHOPIFY_ORDERS_QUERY, { variables });
    expect(third.errors?.graphQLErrors?.[0]?.extensions?.code).toBe('THROTTLED');
    expect(third.extensions?.cost).toMatchObject({ requestedQueryCost: cost, actualQueryCost: null });
  });
});
