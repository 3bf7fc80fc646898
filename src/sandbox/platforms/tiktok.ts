/**
 * The TikTok Shop Open API (202309+) imitation, mounted under /tiktok: the
 * authorisation page and the auth host's token get/refresh, the signed API host's authorised
 * shops, order search and order detail, and the fulfillment calls that ship a package and
 * print its label (tiktok-logistics.ts). Requests are refused as TikTok documents it (see
 * tiktok-checks.ts); the throttle is HTTP 429 with 36009002; webhooks are signed as TikTok's webhook guide says.
 */
import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SANDBOX_APPS } from '../apps.js';
import { authorisePage, platformPath, type SandboxPlatform } from '../server.js';
import type { SandboxShop } from '../world-model.js';
import type { World } from '../world.js';
import { registerTiktokLogistics } from './tiktok-logistics.js';
import {
  authenticate,
  header,
  ok,
  refuse,
  stringQuery,
  TIKTOK_SANDBOX_SERVICE_ID,
  tiktokShopCipher,
} from './tiktok-checks.js';
import {
  decodePageToken,
  renderTiktokOrder,
  searchMatching,
  searchPage,
  unixSeconds,
  webhookStatus,
  type SearchFilters,
} from './tiktok-orders.js';
import { TIKTOK_CODES, tiktokWebhookAuthorization } from './tiktok-spec.js';

export { TIKTOK_SANDBOX_SERVICE_ID, tiktokShopCipher } from './tiktok-checks.js';

const SCOPES = ['seller.order.info', 'seller.fulfillment.basic', 'seller.product.basic'];

function optionalSeconds(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isInteger(value) ? value : fallback;
}

function registerAuthRoutes(app: FastifyInstance, world: World): void {
  const sandboxApp = SANDBOX_APPS.tiktok;
  const page = async (request: FastifyRequest, reply: FastifyReply) => {
    const query = stringQuery(request);
    const known =
      query.service_id === TIKTOK_SANDBOX_SERVICE_ID ||
      (query.service_id === undefined && query.app_key === sandboxApp.appKey);
    if (!known) return reply.code(400).type('text/plain').send('Unknown app (service_id or app_key).');
    // TikTok redirects to the URL registered in Partner Center; the sandbox takes it from the link.
    if (!query.redirect_uri)
      return reply.code(400).type('text/plain').send('No redirect URL registered for this app.');
    return reply.type('text/html').send(
      authorisePage({
        platform: 'tiktok',
        shops: world.shopsOf('tiktok').map((shop) => ({ shopId: shop.shopId, name: shop.name })),
        action: '/oauth/grant',
        hidden: { state: query.state ?? '', redirect_uri: query.redirect_uri },
      }),
    );
  };
  app.get('/oauth/authorize', page);
  app.get('/open/authorize', page);

  app.post('/oauth/grant', async (request, reply) => {
    const form = (request.body ?? {}) as Record<string, unknown>;
    const shopId = typeof form.shop_id === 'string' ? form.shop_id : '';
    const redirect = typeof form.redirect_uri === 'string' ? form.redirect_uri : '';
    if (!world.shop('tiktok', shopId) || redirect === '')
      return reply.code(400).send('Unknown shop or redirect.');
    const target = new URL(redirect);
    target.searchParams.set('code', world.auth.issueCode('tiktok', shopId));
    target.searchParams.set('state', typeof form.state === 'string' ? form.state : '');
    return reply.redirect(target.toString(), 302);
  });

  const tokenReply = (shopId: string, tokens: ReturnType<World['auth']['issueTokens']>) => {
    const shop = world.shop('tiktok', shopId);
    return ok(world, {
      access_token: `TTP_${tokens.accessToken}`,
      access_token_expire_in: unixSeconds(tokens.accessExpiresAt),
      refresh_token: `TTP_${tokens.refreshToken}`,
      refresh_token_expire_in: unixSeconds(tokens.refreshExpiresAt),
      open_id: createHash('sha256').update(`open:${shopId}`).digest('base64url').slice(0, 32),
      seller_name: shop?.name ?? '',
      seller_base_region: shop?.region ?? '',
      user_type: 0,
      granted_scopes: SCOPES,
    });
  };
  const appCredentialsWrong = (query: Record<string, string>) =>
    query.app_key !== sandboxApp.appKey || query.app_secret !== sandboxApp.appSecret;

  app.get('/api/v2/token/get', async (request, reply) => {
    const query = stringQuery(request);
    if (appCredentialsWrong(query))
      return refuse(reply, world, TIKTOK_CODES.invalidApp, 'Invalid app_key or app_secret.');
    if (query.grant_type !== 'authorized_code')
      return refuse(
        reply,
        world,
        TIKTOK_CODES.invalidGrant,
        'Invalid grant_type. Only authorized_code is accepted.',
      );
    const shopId = world.auth.useCode('tiktok', query.auth_code ?? '');
    if (shopId === null)
      return refuse(
        reply,
        world,
        TIKTOK_CODES.invalidGrant,
        'Invalid auth_code: it is unknown, used or expired.',
      );
    return tokenReply(shopId, world.auth.issueTokens('tiktok', shopId));
  });

  app.get('/api/v2/token/refresh', async (request, reply) => {
    const query = stringQuery(request);
    if (appCredentialsWrong(query))
      return refuse(reply, world, TIKTOK_CODES.invalidApp, 'Invalid app_key or app_secret.');
    if (query.grant_type !== 'refresh_token')
      return refuse(
        reply,
        world,
        TIKTOK_CODES.invalidGrant,
        'Invalid grant_type. Only refresh_token is accepted.',
      );
    const refreshed = world.auth.refreshTokens('tiktok', (query.refresh_token ?? '').replace(/^TTP_/, ''));
    if ('refused' in refreshed)
      return refuse(
        reply,
        world,
        TIKTOK_CODES.invalidGrant,
        `Invalid refresh_token: it is ${refreshed.refused}.`,
      );
    return tokenReply(refreshed.shopId, refreshed);
  });
}

function registerApiRoutes(app: FastifyInstance, world: World): void {
  const { invalidCredentials } = TIKTOK_CODES;
  app.get('/authorization/202309/shops', async (request, reply) => {
    const caller = authenticate(request, reply, world, false);
    if (!caller) return reply;
    const shop = world.shop('tiktok', caller.shopId);
    return ok(world, {
      shops: shop
        ? [
            {
              id: shop.shopId,
              name: shop.name,
              region: shop.region,
              seller_type: 'LOCAL',
              cipher: tiktokShopCipher(shop.shopId),
              code: `${shop.region}LCSBX${shop.shopId.slice(-4)}`,
            },
          ]
        : [],
    });
  });

  app.post('/order/202309/orders/search', async (request, reply) => {
    const caller = authenticate(request, reply, world, true);
    if (!caller) return reply;
    const query = stringQuery(request);
    const pageSize = Number(query.page_size ?? '20');
    // [UNCONFIRMED] the code for an out-of-range page_size; the documented range is 1–100.
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 100)
      return refuse(
        reply,
        world,
        invalidCredentials,
        'Invalid parameter. `page_size` must be within [1, 100].',
      );
    const after = query.page_token ? decodePageToken(query.page_token) : null;
    if (query.page_token && !after)
      return refuse(reply, world, invalidCredentials, 'Invalid parameter. `page_token` is invalid.');
    const body = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Record<
      string,
      unknown
    >;
    const now = unixSeconds(world.now());
    // A missing lower bound is the shop's beginning, a missing upper bound now (the documented defaults).
    const filters: SearchFilters = {
      updateGe: optionalSeconds(body.update_time_ge, 0),
      updateLt: optionalSeconds(body.update_time_lt, now),
      createGe: optionalSeconds(body.create_time_ge, 0),
      createLt: optionalSeconds(body.create_time_lt, now),
      status: typeof body.order_status === 'string' ? body.order_status : null,
      sortField: query.sort_field === 'update_time' ? 'update_time' : 'create_time',
      descending: query.sort_order !== 'ASC',
    };
    const matching = world.listing('tiktok', caller.shopId, JSON.stringify(filters), () =>
      searchMatching(world.ordersOf('tiktok', caller.shopId), filters),
    );
    const result = searchPage(matching, filters, after, pageSize);
    return ok(world, {
      next_page_token: result.nextToken,
      total_count: result.total,
      orders: result.page.map(renderTiktokOrder),
    });
  });

  app.get('/order/202309/orders', async (request, reply) => {
    const caller = authenticate(request, reply, world, true);
    if (!caller) return reply;
    const ids = (stringQuery(request).ids ?? '').split(',').filter((id) => id !== '');
    if (ids.length === 0 || ids.length > 50)
      return refuse(
        reply,
        world,
        invalidCredentials,
        'Invalid parameter. `ids` must hold 1 to 50 order ids.',
      );
    // [UNCONFIRMED] whether another shop's id fails the call (21008111); the sandbox leaves it out.
    const orders = ids.flatMap((id) => {
      const order = world.order('tiktok', caller.shopId, id);
      return order ? [renderTiktokOrder(order)] : [];
    });
    return ok(world, { orders });
  });
}

export const tiktokSandbox: SandboxPlatform = {
  platform: 'tiktok',

  /** TikTok's paths under /tiktok; JSON bodies are kept raw here because their bytes are signed. */
  routes(app, world) {
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body: Buffer, done) => {
      request.rawBody = body;
      try {
        done(null, body.length > 0 ? JSON.parse(body.toString('utf8')) : undefined);
      } catch {
        done(null, undefined);
      }
    });
    registerAuthRoutes(app, world);
    registerApiRoutes(app, world);
    registerTiktokLogistics(app, world);
  },

  /** The documented throttle: HTTP 429 with code 36009002 (no Retry-After is documented). */
  throttled() {
    return {
      status: 429,
      body: {
        code: TIKTOK_CODES.tooManyRequests,
        message: "Too many requests. You've made too many requests in a short period of time.",
        request_id: randomBytes(16).toString('hex').toUpperCase(),
      },
    };
  },

  /** Limits are per app, shop and API: the shop's cipher (or token) and the path. */
  caller(request) {
    const query = stringQuery(request);
    const who = query.shop_cipher || header(request, 'x-tts-access-token') || request.ip;
    return `${who}:${platformPath(request)}`;
  },

  /**
   * Type 1 (order status change), signed hex HMAC(app_secret, app_key + body) in Authorization;
   * its tts_notification_id is one of its own (the change's millisecond and the order), as
   * TikTok's ids are one per notice.
   */
  webhook(order) {
    const body = JSON.stringify({
      type: 1,
      tts_notification_id: String(
        7_000_000_000_000_000_000n + BigInt(order.updatedAt) * 100_000n + BigInt(order.seq % 100_000),
      ),
      shop_id: order.shopId,
      timestamp: unixSeconds(order.updatedAt),
      data: {
        order_id: order.orderId,
        order_status: webhookStatus(order),
        is_on_hold_order: false,
        update_time: unixSeconds(order.updatedAt),
      },
    });
    return signedNotice(body);
  },

  /**
   * Type 6, seller deauthorisation, stamped `at` (the data's fields are [UNCONFIRMED]: the
   * document names the type, not its data).
   */
  deauthorisation(shop: SandboxShop, at: number) {
    const body = JSON.stringify({
      type: 6,
      tts_notification_id: String(7_400_000_000_000_000_000n + BigInt(at) * 1000n + BigInt(randomInt(1000))),
      shop_id: shop.shopId,
      timestamp: unixSeconds(at),
      data: { message: 'The seller deauthorized the app', update_time: unixSeconds(at) },
    });
    return signedNotice(body);
  },
};

/** A notice signed hex HMAC(app_secret, app_key + body) in Authorization, as TikTok signs them. */
function signedNotice(body: string): { headers: Record<string, string>; body: string } {
  const app = SANDBOX_APPS.tiktok;
  return {
    headers: {
      'content-type': 'application/json',
      authorization: tiktokWebhookAuthorization(app.appKey, app.appSecret, body),
    },
    body,
  };
}
