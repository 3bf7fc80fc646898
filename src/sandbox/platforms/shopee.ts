/**
 * The sandbox's Shopee Open Platform v2, mounted under /shopee: the
 * auth_partner page and its redirect with `code` and `shop_id`, token/get and access_token/get
 * (single-use codes and refresh tokens), get_shop_info, get_order_list and get_order_detail
 * (shopee-orders.ts), the logistics calls that arrange a shipment and print its air waybill
 * (shopee-logistics.ts), requests checked in Shopee's documented order (partner_id, timestamp within 5
 * minutes, sign, then access_token and shop_id) and refused with Shopee's envelope, pushes signed
 * over the callback URL and raw body. Signatures are Shopee's documented ones, stated in
 * shopee-spec.ts and tested there against the published vectors (signing-vectors.test.ts).
 *
 * HTTP statuses of Shopee's errors are [UNCONFIRMED]: the sandbox answers the
 * common checks (parameters, timestamp, sign, partner, token) with 403, the throttle with 429 and
 * business errors (windows, unknown orders) inside HTTP 200; the envelope is what a caller reads.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SANDBOX_APPS } from '../apps.js';
import { authorisePage, platformPath, type SandboxPlatform } from '../server.js';
import type { SandboxOrder, SandboxShop } from '../world-model.js';
import type { World } from '../world.js';
import { presentedMatches } from './hmac.js';
import { registerShopeeLogistics } from './shopee-logistics.js';
import {
  SHOPEE_STATUS_OF,
  idNumber,
  orderDetail,
  orderListPage,
  seconds,
  type ShopeeRefusal,
} from './shopee-orders.js';
import { shopeeExpectedSign, shopeePushAuthorization } from './shopee-spec.js';

const APP = SANDBOX_APPS.shopee;
/** The timestamp of a request or an auth link is good for 5 minutes. */
const TIMESTAMP_WINDOW_SECONDS = 300;
/** Where the sandbox's consent page posts the seller's choice (a sandbox route, not Shopee's). */
const GRANT_ROUTE = '/__sandbox/auth_partner/grant';
const COMMON = 403;

const requestId = (): string => randomBytes(16).toString('hex');

function send(reply: FastifyReply, refusal: ShopeeRefusal): FastifyReply {
  return reply
    .code(refusal.status)
    .send({ request_id: requestId(), error: refusal.error, message: refusal.message });
}

function ok(reply: FastifyReply, body: Record<string, unknown>): FastifyReply {
  return reply.code(200).send({ request_id: requestId(), error: '', message: '', ...body });
}

function queryOf(request: FastifyRequest): (name: string) => string | undefined {
  const query = (request.query ?? {}) as Record<string, string | string[] | undefined>;
  return (name) => {
    const value = query[name];
    return Array.isArray(value) ? value[0] : value;
  };
}

/**
 * The common checks in Shopee's documented order; the refusal, or the shop the access token is for
 * (null for public APIs).
 */
function checkCommon(
  request: FastifyRequest,
  world: World,
  kind: 'public' | 'shop',
): ShopeeRefusal | { shopId: string | null } {
  const query = queryOf(request);
  const refuse = (error: string, message: string): ShopeeRefusal => ({ status: COMMON, error, message });
  const partnerId = query('partner_id');
  if (!partnerId) return refuse('error_param', 'There is no partner_id in query.');
  if (partnerId !== APP.appKey) return refuse('invalid_partner_id', 'Invalid partner_id.');
  const timestamp = query('timestamp');
  if (!timestamp) return refuse('error_param', 'There is no timestamp in query.');
  if (!/^\d+$/.test(timestamp)) return refuse('error_param', 'Invalid timestamp.');
  if (seconds(world.now()) - Number(timestamp) > TIMESTAMP_WINDOW_SECONDS)
    return refuse('error_param', 'Timestamp is expired.');
  const sign = query('sign');
  if (!sign) return refuse('error_param', 'There is no sign in query.');
  const accessToken = query('access_token');
  const shopId = query('shop_id');
  if (kind === 'shop' && !accessToken) return refuse('error_param', 'There is no access_token in query.');
  if (kind === 'shop' && !shopId) return refuse('error_param', 'There is no shop_id in query.');
  const path = platformPath(request);
  const shop = kind === 'shop' ? { accessToken: accessToken ?? '', shopId: shopId ?? '' } : undefined;
  const expected = shopeeExpectedSign(APP.appSecret, {
    partnerId,
    path,
    timestamp,
    ...(shop ? { shop } : {}),
  });
  if (!presentedMatches(expected, sign))
    return { status: COMMON, error: 'error_sign', message: 'Wrong sign.' };
  if (!shop) return { shopId: null };
  const checked = world.auth.checkToken('shopee', shop.accessToken, 'access');
  if ('refused' in checked) {
    // The seller cancelled the authorisation: the link between partner and shop is gone.
    if (checked.refused === 'revoked') return refuse('error_auth', 'Invalid partner_id or shopid.');
    return refuse('invalid_acceess_token', 'Invalid access_token.');
  }
  if (checked.shopId !== shop.shopId) return refuse('error_auth', 'Invalid access_token.');
  return { shopId: checked.shopId };
}

/** A POST's JSON body as an object; null when it is not one (Shopee's POST bodies are JSON). */
function jsonBody(request: FastifyRequest): Record<string, unknown> | null {
  const body: unknown = request.body;
  return typeof body === 'object' && body !== null && !Array.isArray(body) && !Buffer.isBuffer(body)
    ? (body as Record<string, unknown>)
    : null;
}

function tokenReply(
  world: World,
  issued: { accessToken: string; refreshToken: string; accessExpiresAt: number },
) {
  return {
    access_token: issued.accessToken,
    refresh_token: issued.refreshToken,
    expire_in: Math.round((issued.accessExpiresAt - world.now()) / 1000),
  };
}

export const shopeeSandbox: SandboxPlatform = {
  platform: 'shopee',

  routes(app, world) {
    app.get('/api/v2/shop/auth_partner', async (request, reply) => {
      const checked = checkCommon(request, world, 'public');
      if ('error' in checked) return send(reply, checked);
      const redirect = queryOf(request)('redirect');
      if (!redirect)
        return send(reply, {
          status: COMMON,
          error: 'error_param',
          message: 'There is no redirect in query.',
        });
      const page = authorisePage({
        platform: 'shopee',
        shops: world.shopsOf('shopee').map((shop) => ({ shopId: shop.shopId, name: shop.name })),
        action: GRANT_ROUTE,
        hidden: { redirect },
      });
      return reply.code(200).type('text/html; charset=utf-8').send(page);
    });

    // The consent form: Shopee appends code and shop_id to the redirect, keeping its own query.
    app.post(GRANT_ROUTE, async (request, reply) => {
      const form = jsonBody(request) ?? {};
      const redirect = typeof form.redirect === 'string' ? form.redirect : '';
      const shopId = typeof form.shop_id === 'string' ? form.shop_id : '';
      if (!redirect || !world.shop('shopee', shopId)) return reply.code(400).send('Choose a sandbox shop.');
      const code = world.auth.issueCode('shopee', shopId);
      const joiner = redirect.includes('?') ? '&' : '?';
      const query = new URLSearchParams({ code, shop_id: shopId }).toString();
      return reply.redirect(`${redirect}${joiner}${query}`, 302);
    });

    app.post('/api/v2/auth/token/get', async (request, reply) => {
      const checked = checkCommon(request, world, 'public');
      if ('error' in checked) return send(reply, checked);
      const body = jsonBody(request);
      if (!body || typeof body.code !== 'string' || body.shop_id === undefined)
        return send(reply, {
          status: COMMON,
          error: 'error_param',
          message: 'Wrong parameters, detail: code and shop_id are required.',
        });
      if (String(body.partner_id) !== APP.appKey)
        return send(reply, {
          status: COMMON,
          error: 'error_param',
          message: 'Wrong parameters, detail: partner_id does not match.',
        });
      const shopId = world.auth.useCode('shopee', body.code);
      if (shopId === null || shopId !== String(body.shop_id))
        return send(reply, { status: COMMON, error: 'error_auth', message: 'Invalid code' });
      return ok(reply, tokenReply(world, world.auth.issueTokens('shopee', shopId)));
    });

    app.post('/api/v2/auth/access_token/get', async (request, reply) => {
      const checked = checkCommon(request, world, 'public');
      if ('error' in checked) return send(reply, checked);
      const body = jsonBody(request);
      if (!body || typeof body.refresh_token !== 'string' || body.shop_id === undefined)
        return send(reply, {
          status: COMMON,
          error: 'error_param',
          message: 'Wrong parameters, detail: refresh_token and shop_id are required.',
        });
      const invalid: ShopeeRefusal = {
        status: COMMON,
        error: 'error_auth',
        message: 'Invalid refresh_token.',
      };
      const current = world.auth.checkToken('shopee', body.refresh_token, 'refresh');
      if ('refused' in current || current.shopId !== String(body.shop_id)) return send(reply, invalid);
      const refreshed = world.auth.refreshTokens('shopee', body.refresh_token);
      if ('refused' in refreshed) return send(reply, invalid);
      return ok(reply, {
        partner_id: idNumber(APP.appKey),
        shop_id: idNumber(refreshed.shopId),
        ...tokenReply(world, refreshed),
      });
    });

    app.get('/api/v2/shop/get_shop_info', async (request, reply) => {
      const checked = checkCommon(request, world, 'shop');
      if ('error' in checked) return send(reply, checked);
      const shop = world.shop('shopee', checked.shopId ?? '');
      return ok(reply, {
        shop_name: shop?.name ?? '',
        region: shop?.region ?? '',
        status: 'NORMAL',
        is_cb: false,
        is_sip: false,
        is_cnsc: false,
      });
    });

    app.get('/api/v2/order/get_order_list', async (request, reply) => {
      const checked = checkCommon(request, world, 'shop');
      if ('error' in checked) return send(reply, checked);
      const page = orderListPage(world, checked.shopId ?? '', queryOf(request));
      return 'error' in page ? send(reply, page) : ok(reply, page);
    });

    app.get('/api/v2/order/get_order_detail', async (request, reply) => {
      const checked = checkCommon(request, world, 'shop');
      if ('error' in checked) return send(reply, checked);
      const detail = orderDetail(world, checked.shopId ?? '', queryOf(request));
      return 'error' in detail ? send(reply, detail) : ok(reply, detail);
    });

    registerShopeeLogistics(app, world, {
      shop(request) {
        const checked = checkCommon(request, world, 'shop');
        return 'error' in checked ? checked : { shopId: checked.shopId ?? '' };
      },
      send,
      ok,
      query: queryOf,
      body: jsonBody,
    });

    app.setNotFoundHandler(async (_request, reply) =>
      send(reply, {
        status: 404,
        error: 'error_param',
        message: 'Permission denied. This API is currently offline or the request path is incorrect.',
      }),
    );
  },

  throttled() {
    return {
      status: 429,
      body: {
        request_id: requestId(),
        error: 'error_rate_limit',
        message: 'Too many requests. You have reached the rate limit.',
      },
    };
  },

  caller(request) {
    const query = queryOf(request);
    return query('shop_id') ?? query('partner_id') ?? request.ip;
  },

  /** Push code 3 (order status update), signed over the callback URL and the exact body sent. */
  webhook(order: SandboxOrder, targetUrl: string) {
    const body = JSON.stringify({
      shop_id: idNumber(order.shopId),
      code: 3,
      timestamp: seconds(order.updatedAt),
      data: {
        ordersn: order.orderId,
        status: SHOPEE_STATUS_OF[order.status].order,
        completed_scenario: '',
        update_time: seconds(order.updatedAt),
        items: [],
      },
    });
    return signedPush(targetUrl, body);
  },

  /** Push code 2 (the seller cancelled the authorisation), stamped `at`; its data is [UNCONFIRMED]. */
  deauthorisation(shop: SandboxShop, at: number, targetUrl: string) {
    const body = JSON.stringify({
      shop_id: idNumber(shop.shopId),
      code: 2,
      timestamp: seconds(at),
      data: { shop_id: idNumber(shop.shopId), success: 1, extra: 'the seller cancelled the authorisation' },
    });
    return signedPush(targetUrl, body);
  },
};

/** A push signed over the callback URL and the exact body sent, as Shopee signs them. */
function signedPush(targetUrl: string, body: string): { headers: Record<string, string>; body: string } {
  return {
    headers: {
      'content-type': 'application/json',
      authorization: shopeePushAuthorization(APP.appSecret, targetUrl, body),
    },
    body,
  };
}
