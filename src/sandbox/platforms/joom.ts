/**
 * The Joom Merchant API v3 imitation, mounted under /joom. It plays Joom as THIRD-PARTY SOURCES
 * describe it: v2 OAuth endpoints with the `{code, data, message}` envelope, bearer
 * tokens on v3 calls, `orders/multi` paged by an `after` token inside an absolute `paging.next`
 * URL (joom-orders.ts), the merchant's own shipment by `orders/fulfill` (joom-fulfil.ts), Joom
 * Logistics by `orders/fulfillOnline` and its label by `orders/shippingLabel` (joom-logistics.ts),
 * `{errors: [{code, field, message}]}` with real HTTP statuses, 429 with X-Rate-Limit-* headers,
 * and no webhooks.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SANDBOX_APPS } from '../apps.js';
import { authorisePage, platformPath, type SandboxPlatform } from '../server.js';
import type { World } from '../world.js';
import { joomFulfilOrder } from './joom-fulfil.js';
import { joomFulfilOnline, joomShippingLabel } from './joom-logistics.js';
import { joomGetOrder, joomListOrders, type JoomQuery } from './joom-orders.js';
import { JOOM_PATHS, presentedBearer } from './joom-spec.js';

/**
 * [UNCONFIRMED] v2 OAuth envelope codes: the docs say only that non-zero means failure; these
 * numbers are ours. The HTTP statuses follow RFC 6749 §5.2 (invalid_client 401, others 400).
 */
export const JOOM_OAUTH_INVALID_CLIENT = 4000;
export const JOOM_OAUTH_INVALID_GRANT = 1015;
export const JOOM_OAUTH_UNSUPPORTED_GRANT = 1016;

/** Where each code's redirect_uri was given, per world (the token request must repeat it). */
const codeRedirects = new WeakMap<World, Map<string, string>>();

/** The OAuth parameters of a token request: the form body, or the query where a client sends them there. */
function oauthParams(request: FastifyRequest): JoomQuery {
  const body = typeof request.body === 'object' && request.body !== null ? (request.body as JoomQuery) : {};
  return { ...(request.query as JoomQuery), ...body };
}

function oauthError(reply: FastifyReply, status: number, code: number, message: string) {
  return reply.code(status).send({ code, data: {}, message });
}

function tokenReply(
  reply: FastifyReply,
  shopId: string,
  issued: ReturnType<World['auth']['issueTokens']>,
  now: number,
) {
  return reply.send({
    code: 0,
    data: {
      access_token: issued.accessToken,
      refresh_token: issued.refreshToken,
      expires_in: Math.floor((issued.accessExpiresAt - now) / 1000),
      expiry_time: Math.floor(issued.accessExpiresAt / 1000),
      merchant_user_id: shopId,
    },
    message: '',
  });
}

function knownClient(params: JoomQuery): boolean {
  return (
    params.client_id === SANDBOX_APPS.joom.appKey && params.client_secret === SANDBOX_APPS.joom.appSecret
  );
}

export const joomSandbox: SandboxPlatform = {
  platform: 'joom',

  routes(app, world) {
    app.get(JOOM_PATHS.authorize, async (request, reply) => {
      const query = request.query as JoomQuery;
      if (
        query.client_id !== SANDBOX_APPS.joom.appKey ||
        query.response_type !== 'code' ||
        !query.redirect_uri
      )
        return reply
          .code(400)
          .type('text/plain')
          .send('invalid_request: client_id, response_type=code and redirect_uri are required');
      return reply.type('text/html').send(
        authorisePage({
          platform: 'joom',
          shops: world.shopsOf('joom').map((shop) => ({ shopId: shop.shopId, name: shop.name })),
          action: JOOM_PATHS.authorize,
          hidden: {
            client_id: query.client_id,
            response_type: 'code',
            redirect_uri: query.redirect_uri,
            state: query.state ?? '',
          },
        }),
      );
    });

    app.post(JOOM_PATHS.authorize, async (request, reply) => {
      const form = oauthParams(request);
      const shopId = form.shop_id ?? '';
      if (!form.redirect_uri || !URL.canParse(form.redirect_uri) || !world.shop('joom', shopId))
        return reply.code(400).type('text/plain').send('invalid_request: unknown shop or redirect_uri');
      const code = world.auth.issueCode('joom', shopId);
      const redirects = codeRedirects.get(world) ?? new Map<string, string>();
      codeRedirects.set(world, redirects.set(code, form.redirect_uri));
      const location = new URL(form.redirect_uri);
      location.searchParams.set('code', code);
      if (form.state) location.searchParams.set('state', form.state);
      return reply.redirect(location.toString(), 302);
    });

    app.post(JOOM_PATHS.accessToken, async (request, reply) => {
      const params = oauthParams(request);
      if (!knownClient(params))
        return oauthError(reply, 401, JOOM_OAUTH_INVALID_CLIENT, 'Invalid client credentials');
      if (params.grant_type !== 'authorization_code')
        return oauthError(reply, 400, JOOM_OAUTH_UNSUPPORTED_GRANT, 'Unsupported grant_type');
      const code = params.code ?? '';
      // A code issued by the authorise page must come back with its redirect_uri (RFC 6749 §4.1.3);
      // one issued through /__control/authorise has none to compare.
      const redirect = codeRedirects.get(world)?.get(code);
      if (redirect !== undefined && redirect !== params.redirect_uri)
        return oauthError(
          reply,
          400,
          JOOM_OAUTH_INVALID_GRANT,
          'redirect_uri does not match the authorization',
        );
      const shopId = world.auth.useCode('joom', code);
      if (shopId === null)
        return oauthError(
          reply,
          400,
          JOOM_OAUTH_INVALID_GRANT,
          'Authorization code is invalid, used or expired',
        );
      return tokenReply(reply, shopId, world.auth.issueTokens('joom', shopId), world.now());
    });

    app.post(JOOM_PATHS.refreshToken, async (request, reply) => {
      const params = oauthParams(request);
      if (!knownClient(params))
        return oauthError(reply, 401, JOOM_OAUTH_INVALID_CLIENT, 'Invalid client credentials');
      if (params.grant_type !== 'refresh_token')
        return oauthError(reply, 400, JOOM_OAUTH_UNSUPPORTED_GRANT, 'Unsupported grant_type');
      const refreshed = world.auth.refreshTokens('joom', params.refresh_token ?? '');
      if ('refused' in refreshed)
        return oauthError(reply, 400, JOOM_OAUTH_INVALID_GRANT, `Refresh token is ${refreshed.refused}`);
      return tokenReply(reply, refreshed.shopId, refreshed, world.now());
    });

    app.get(JOOM_PATHS.ordersMulti, async (request, reply) => joomListOrders(world, request, reply));
    app.get(JOOM_PATHS.order, async (request, reply) => joomGetOrder(world, request, reply));
    app.post(JOOM_PATHS.fulfil, async (request, reply) => joomFulfilOrder(world, request, reply));
    app.post(JOOM_PATHS.fulfilOnline, async (request, reply) => joomFulfilOnline(world, request, reply));
    app.get(JOOM_PATHS.shippingLabel, async (request, reply) => joomShippingLabel(world, request, reply));
  },

  /** The v3 docs: HTTP 429 until the window ends, X-Rate-Limit-Reset = seconds left (no Retry-After). */
  throttled(rate) {
    // Seconds until the bucket holds the call again (a minute's quota refilling continuously).
    const reset = Math.max(1, Math.ceil((rate.requested - rate.available) / rate.perSecond));
    return {
      status: 429,
      body: { errors: [{ code: 'rate_limit_exceeded', message: 'Request rate quota exceeded' }] },
      headers: {
        'x-rate-limit-limit': String(Math.round(rate.capacity)),
        'x-rate-limit-remaining': '0',
        'x-rate-limit-reset': String(reset),
      },
    };
  },

  /** Joom's limits are per store and API (orders/multi: 50 a minute [3P]): the token, else the address, and the path. */
  caller(request) {
    return `${presentedBearer(request.headers.authorization) ?? request.ip}:${platformPath(request)}`;
  },
  bucketSeconds: 60,

  /** Joom documents no webhooks [UNCONFIRMED]: nothing is ever posted. */
  webhook() {
    return null;
  },
};
