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
 * - Shipping (logistics.ts): Joom Logistics by `POST /api/v3/orders/fulfillOnline` and its label
 *   from `GET /api/v3/orders/shippingLabel?id=`; or our own carrier, whose tracking number goes
 *   to `POST /api/v3/orders/fulfill?id=` with JSON `{provider, trackingNumber}`.
 * - Webhooks: Joom documents none [UNCONFIRMED]; sync is by polling only.
 */
import {
  MarketplaceError,
  normaliseUnknown,
  type AppConfig,
  type Connector,
  type MarketplaceOrder,
  type ShopGrant,
} from '../../connector.js';
import { field, isArray, isNumber, isRecord, isString, type PlatformReply } from '../../http.js';
import {
  JOOM_MAX_WINDOW_MS,
  JOOM_ORDERS_MULTI_PATH,
  JOOM_ORDER_PATH,
  JOOM_PAGE_LIMIT,
  getV3,
  joomErrorOf,
  send,
  v3Failure,
} from './client.js';
import { arrangeJoomShipment, fetchJoomLabel, getJoomShipment, pushJoomTracking } from './logistics.js';
import { listedJoomOrder, normaliseJoomOrder } from './normalise.js';
import {
  JOOM_ACCESS_TOKEN_PATH,
  JOOM_REFRESH_TOKEN_PATH,
  joomAccessTokenForm,
  joomAuthoriseUrl,
  joomRefreshTokenForm,
} from './sign.js';

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
  logistics: 'platform',
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
    // Whole orders with their updateTimestamp: those we hold at that time are not normalised again.
    const { orders, knownCount } = await normaliseUnknown(
      itemsOf(reply.body),
      listedJoomOrder,
      input.known,
      normaliseJoomOrder,
    );
    const body = isRecord(reply.body) ? reply.body : {};
    return { orders, ...(knownCount > 0 ? { knownCount } : {}), nextCursor: afterOf(body.paging) };
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

  arrangeShipment: (ctx, input) => arrangeJoomShipment(ctx, input.orderNo),
  getShipment: (ctx, input) => getJoomShipment(ctx, input.orderNo),
  fetchLabel: fetchJoomLabel,
  pushTracking: pushJoomTracking,

  /** Joom documents no webhooks [UNCONFIRMED], so no request is ever a valid Joom notice. */
  verifyWebhook() {
    return null;
  },
};
