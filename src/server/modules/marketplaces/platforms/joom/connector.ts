/**
 * The Joom Merchant API v3 connector. THIRD-PARTY SOURCES ONLY. Where a behaviour stays unknown, the line says [UNCONFIRMED] and what was chosen.
 *
 * - Authorisation: OAuth 2 authorisation code on Joom's v2 OAuth endpoints; the token replies
 *   use the v2 envelope `{code: 0, data: {access_token, refresh_token, expires_in, expiry_time,
 *   merchant_user_id}, message}`. Calls carry `Authorization: Bearer`; nothing is signed.
 * - Orders: `GET /api/v3/orders/multi?updatedFrom&updatedTo&limit&after` (limit ≤ 500, RFC 3339
 *   times), `paging.next` an absolute URL whose `after` token continues the listing; one order by
 *   `GET /api/v3/orders?id=`. Replies are `{data, paging}`; errors `{errors: [{code, field,
 *   message}]}` with real HTTP statuses (400, 401, 403, 404, 429, 5xx).
 * - Shipping with the seller's own carrier: `POST /api/v3/orders/fulfill?id=` with JSON
 *   `{provider, trackingNumber}`, for an order still `approved` (pushTracking below).
 * - Webhooks: Joom documents none [UNCONFIRMED]; sync is by polling only.
 */
import {
  MarketplaceError,
  type AppConfig,
  type CallContext,
  type Connector,
  type MarketplaceOrder,
  type ShipmentRefusalCode,
  type ShopGrant,
} from '../../connector.js';
import { field, isArray, isNumber, isRecord, isString, requestJson, type PlatformReply } from '../../http.js';
import { normaliseJoomOrder } from './normalise.js';
import {
  JOOM_ACCESS_TOKEN_PATH,
  JOOM_REFRESH_TOKEN_PATH,
  joomAccessTokenForm,
  joomAuthorization,
  joomAuthoriseUrl,
  joomRefreshTokenForm,
} from './sign.js';

export const JOOM_ORDERS_MULTI_PATH = '/api/v3/orders/multi';
export const JOOM_ORDER_PATH = '/api/v3/orders';
/** Marks an approved order shipped by the merchant's own carrier: `?id=`, JSON {provider, trackingNumber}. */
export const JOOM_FULFIL_PATH = '/api/v3/orders/fulfill';
/** The v3 pagination page: "Maximum limit is 500 items per request". */
export const JOOM_PAGE_LIMIT = 500;
/**
 * [UNCONFIRMED] Joom documents no cap on an orders/multi window. We ask for at most 30 days:
 * twice the first sync's 15 days (one window covers it), and short enough that one cursor's
 * pages end within minutes at the documented 50 requests a minute for orders/multi.
 */
export const JOOM_MAX_WINDOW_MS = 30 * 86_400_000;
/** Error codes a 401 carries. Joom documents only `unauthorized` [3P]; the two others are our
 * [UNCONFIRMED] choice so an expired token and a revoked authorisation can be told apart. */
export const JOOM_TOKEN_EXPIRED = 'token_expired';
export const JOOM_TOKEN_REVOKED = 'token_revoked';

interface JoomError {
  code: string;
  field: string;
  message: string;
}

/** The first entry of a v3 `errors` array; empty strings when the body has none. */
function joomErrorOf(body: unknown): JoomError {
  const first = isRecord(body) && isArray(body.errors) ? body.errors[0] : undefined;
  const entry = isRecord(first) ? first : {};
  return {
    code: isString(entry.code) ? entry.code : '',
    field: isString(entry.field) ? entry.field : '',
    message: isString(entry.message) ? entry.message : '',
  };
}

/**
 * A v3 error reply as our code. 401: `token_revoked` → revoked; `token_expired`, and any other
 * 401 (e.g. the documented `unauthorized`) → token_expired, so the engine refreshes and the
 * refresh itself says whether the authorisation is gone. Other 4xx → rejected.
 */
function v3Failure(reply: PlatformReply): MarketplaceError {
  const error = joomErrorOf(reply.body);
  const detail = { platformCode: error.code, httpStatus: reply.status };
  const message = `Joom HTTP ${reply.status} ${error.code}: ${error.message}`.trim();
  if (reply.status === 401) {
    return new MarketplaceError(
      error.code === JOOM_TOKEN_REVOKED ? 'revoked' : 'token_expired',
      message,
      detail,
    );
  }
  return new MarketplaceError('rejected', message, detail);
}

/**
 * One request, with Joom's throttle hint kept: the v3 docs name X-Rate-Limit-Reset (seconds to
 * the end of the window) rather than Retry-After, and requestJson reads only the latter.
 */
async function send(fetcher: typeof fetch, url: string, init: RequestInit): Promise<PlatformReply> {
  let resetSeconds: string | null = null;
  const watching: typeof fetch = async (input, options) => {
    const response = await fetcher(input, options);
    resetSeconds = response.headers.get('x-rate-limit-reset');
    return response;
  };
  try {
    return await requestJson(watching, url, init);
  } catch (error) {
    const reset = Number(resetSeconds ?? Number.NaN);
    if (
      error instanceof MarketplaceError &&
      error.code === 'rate_limited' &&
      error.detail.retryAfterMs === undefined &&
      Number.isFinite(reset)
    ) {
      throw new MarketplaceError('rate_limited', error.message, {
        ...error.detail,
        retryAfterMs: Math.max(0, reset * 1000),
      });
    }
    throw error;
  }
}

/** A v3 GET with the shop's bearer token. */
function getV3(ctx: CallContext, path: string, query: Record<string, string>): Promise<PlatformReply> {
  const url = `${ctx.app.apiUrl}${path}?${new URLSearchParams(query).toString()}`;
  return send(ctx.fetch, url, {
    method: 'GET',
    headers: { authorization: joomAuthorization(ctx.grant.accessToken), accept: 'application/json' },
  });
}

/**
 * Tells Joom an order shipped with our carrier: `GET /orders?id=` first, then `POST
 * /orders/fulfill?id=` with `{provider, trackingNumber}` only while the order is `approved`.
 * Joom fulfils an order once and says nothing of fulfilling it again [UNCONFIRMED], so the state
 * read first makes the same number again a no-op: `shipped` (or `fulfilledOnline`) with that
 * number returns; with another number it is 'already_shipped'; `cancelled`, `refunded` and
 * `paidByJoomRefund` are 'cancelled'; a return state is 'already_shipped'.
 */
async function pushTracking(
  ctx: CallContext,
  input: { orderNo: string; trackingNo: string; carrierName: string },
): Promise<void> {
  const refusal = (code: ShipmentRefusalCode, message: string) =>
    new MarketplaceError('rejected', message, { platformCode: code });
  const read = await getV3(ctx, JOOM_ORDER_PATH, { id: input.orderNo });
  if (read.status === 404 || (read.status === 400 && joomErrorOf(read.body).field === 'id'))
    throw refusal('not_found', `Joom has no order ${input.orderNo}`);
  if (read.status !== 200) throw v3Failure(read);
  const order = field(isRecord(read.body) ? read.body.data : undefined, isRecord, 'data of the order');
  const status = field(order.status, isString, 'status of the order');
  const shipment = isRecord(order.shipment) ? order.shipment : {};
  const current = isString(shipment.trackingNumber) ? shipment.trackingNumber : order.trackingNumber;
  if (status === 'shipped' || status === 'fulfilledOnline') {
    if (current === input.trackingNo) return;
    throw refusal(
      'already_shipped',
      `Joom order ${input.orderNo} already shipped with another tracking number`,
    );
  }
  if (status === 'cancelled' || status === 'refunded' || status === 'paidByJoomRefund')
    throw refusal('cancelled', `Joom order ${input.orderNo} is ${status}`);
  if (status !== 'approved') throw refusal('already_shipped', `Joom order ${input.orderNo} is ${status}`);
  const url = `${ctx.app.apiUrl}${JOOM_FULFIL_PATH}?${new URLSearchParams({ id: input.orderNo }).toString()}`;
  const reply = await send(ctx.fetch, url, {
    method: 'POST',
    headers: {
      authorization: joomAuthorization(ctx.grant.accessToken),
      'content-type': 'application/json',
      accept: 'application/json',
    },
    // [UNCONFIRMED] Joom also takes a providerId from its /shippers list; our carrier's name is sent as provider.
    body: JSON.stringify({ provider: input.carrierName, trackingNumber: input.trackingNo }),
  });
  if (reply.status !== 200) throw v3Failure(reply);
}

/**
 * A token reply's `data`. Failures follow RFC 6749 §5.2 by HTTP status: 400 (invalid_grant:
 * the code or refresh token is bad, spent, expired or revoked) is the seller's grant; 401
 * (invalid_client) and anything else is our app's problem → rejected. Envelope codes are kept.
 */
function tokenData(reply: PlatformReply, grantFailure: 'revoked' | 'rejected'): Record<string, unknown> {
  const body = isRecord(reply.body) ? reply.body : {};
  const ok = reply.status >= 200 && reply.status < 300 && body.code === 0;
  if (ok) return field(body.data, isRecord, 'data of the token reply');
  const platformCode = isNumber(body.code) || isString(body.code) ? String(body.code) : '';
  const message = `Joom token HTTP ${reply.status} ${platformCode}: ${isString(body.message) ? body.message : ''}`;
  const code = reply.status === 400 ? grantFailure : 'rejected';
  throw new MarketplaceError(code, message.trim(), { platformCode, httpStatus: reply.status });
}

/** A grant from a token reply; expiry from expiry_time (unix seconds) or expires_in. */
function grantOf(data: Record<string, unknown>, now: Date, previous: ShopGrant | null): ShopGrant {
  const merchant = isString(data.merchant_user_id) ? data.merchant_user_id : previous?.platformShopId;
  const expiresAt = isNumber(data.expiry_time)
    ? new Date(data.expiry_time * 1000)
    : isNumber(data.expires_in)
      ? new Date(now.getTime() + data.expires_in * 1000)
      : null;
  return {
    platformShopId: field(merchant, isString, 'merchant_user_id of the token reply'),
    // Joom's token reply names no store; the shop keeps the name the seller gave it.
    shopName: previous?.shopName ?? '',
    accessToken: field(data.access_token, isString, 'access_token of the token reply'),
    refreshToken: field(data.refresh_token, isString, 'refresh_token of the token reply'),
    accessExpiresAt: expiresAt,
    // [UNCONFIRMED] the refresh token's lifetime is not documented.
    refreshExpiresAt: null,
    extra: previous?.extra ?? {},
  };
}

function postForm(fetcher: typeof fetch, url: string, form: string): Promise<PlatformReply> {
  return send(fetcher, url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: form,
  });
}

/** The `after` token of a `paging.next` URL (read, never followed: it names a host). */
function afterOf(paging: unknown): string | null {
  const next = isRecord(paging) ? paging.next : undefined;
  if (next === undefined || next === null || next === '') return null;
  const url = field(next, isString, 'paging.next');
  const after = URL.canParse(url) ? new URL(url).searchParams.get('after') : null;
  if (!after) throw new MarketplaceError('malformed', 'paging.next carries no after token');
  return after;
}

/** The orders of a list reply: `data.items`, or `data` itself where a reply gives a bare array. */
function itemsOf(body: unknown): unknown[] {
  const data = isRecord(body) ? body.data : undefined;
  if (isArray(data)) return data;
  return field(isRecord(data) ? data.items : undefined, isArray, 'data.items of orders/multi');
}

export const joomConnector: Connector = {
  platform: 'joom',
  authorisation: 'redirect',
  logistics: 'seller',
  maxWindowMs: JOOM_MAX_WINDOW_MS,

  authoriseUrl(app: AppConfig, input) {
    return joomAuthoriseUrl(app.authUrl, {
      clientId: app.appKey,
      redirectUri: input.redirectUri,
      state: input.state,
    });
  },

  async exchangeCode(app, input) {
    const refused = input.query.error;
    if (refused !== undefined)
      throw new MarketplaceError('rejected', `Joom authorisation refused: ${refused}`, {
        platformCode: refused,
      });
    const code = input.query.code;
    if (!code) throw new MarketplaceError('rejected', 'the Joom redirect carries no code');
    const reply = await postForm(
      input.fetch,
      `${app.apiUrl}${JOOM_ACCESS_TOKEN_PATH}`,
      joomAccessTokenForm({
        clientId: app.appKey,
        clientSecret: app.appSecret,
        code,
        redirectUri: input.redirectUri,
      }),
    );
    return grantOf(tokenData(reply, 'rejected'), input.now, null);
  },

  async refreshGrant(ctx) {
    const reply = await postForm(
      ctx.fetch,
      `${ctx.app.apiUrl}${JOOM_REFRESH_TOKEN_PATH}`,
      joomRefreshTokenForm({
        clientId: ctx.app.appKey,
        clientSecret: ctx.app.appSecret,
        refreshToken: ctx.grant.refreshToken,
      }),
    );
    return grantOf(tokenData(reply, 'revoked'), ctx.now(), ctx.grant);
  },

  async listOrders(ctx, input) {
    const span = input.updatedTo.getTime() - input.updatedFrom.getTime();
    // An empty window holds nothing; one past the cap is never sent (the caller's contract).
    if (span <= 0) return { orders: [], nextCursor: null };
    if (span > JOOM_MAX_WINDOW_MS)
      throw new MarketplaceError('rejected', `a Joom window may span ${JOOM_MAX_WINDOW_MS} ms, not ${span}`);
    const query: Record<string, string> = {
      updatedFrom: input.updatedFrom.toISOString(),
      updatedTo: input.updatedTo.toISOString(),
      limit: String(JOOM_PAGE_LIMIT),
    };
    // The after token carries Joom's place in the listing; resending it resumes exactly there.
    if (input.cursor !== null) query.after = input.cursor;
    const reply = await getV3(ctx, JOOM_ORDERS_MULTI_PATH, query);
    if (reply.status !== 200) throw v3Failure(reply);
    const orders = itemsOf(reply.body).map(normaliseJoomOrder);
    const body = isRecord(reply.body) ? reply.body : {};
    return { orders, nextCursor: afterOf(body.paging) };
  },

  async getOrders(ctx, orderNos) {
    const found: MarketplaceOrder[] = [];
    for (const id of new Set(orderNos)) {
      const reply = await getV3(ctx, JOOM_ORDER_PATH, { id });
      // Unknown numbers are left out: 404 not_found, or 400 on an id Joom could never issue.
      if (reply.status === 404) continue;
      if (reply.status === 400 && joomErrorOf(reply.body).field === 'id') continue;
      if (reply.status !== 200) throw v3Failure(reply);
      found.push(normaliseJoomOrder(isRecord(reply.body) ? reply.body.data : undefined));
    }
    return found;
  },

  pushTracking,

  /** Joom documents no webhooks [UNCONFIRMED], so no request is ever a valid Joom notice. */
  verifyWebhook() {
    return null;
  },
};
