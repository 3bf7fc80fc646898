/**
 * The Lazada Open Platform connector: the seller authorises at
 * auth.lazada.com, the code becomes tokens at /auth/token/create, orders are listed with
 * /orders/get by updated time and their items read fifty orders at a time with
 * /orders/items/get (GetMultipleOrderItems), and pushes are checked by their Authorization HMAC.
 * Packing, ready-to-ship and the shipping label go through the Fulfillment API (logistics.ts).
 * It keeps no state and retries nothing (connector.ts).
 */
import {
  MarketplaceError,
  type AppConfig,
  type CallContext,
  type Connector,
  type MarketplaceOrder,
  type ShopGrant,
  type WebhookNotice,
  type WebhookRequest,
} from '../../connector.js';
import { isArray, isRecord } from '../../http.js';
import { callLazada, callLazadaSeller } from './client.js';
import {
  advance,
  offsetOf,
  PAGE_SIZE,
  readCursor,
  secondWindow,
  writeCursor,
  type ListPosition,
} from './cursor.js';
import {
  arrangeLazadaShipment,
  fetchLazadaLabel,
  getLazadaShipment,
  pushLazadaTracking,
} from './logistics.js';
import { normaliseLazadaOrder } from './normalise.js';
import { sameSignature, signLazadaWebhook } from './sign.js';
import { idString, lazadaQueryTime, lazadaTime, lenientNumber } from './values.js';
import { WEBHOOK_CLOCK_SKEW_MS, bodyKey, dateOfUnix, type WebhookWindow } from '../../webhook-window.js';

const DAY_MS = 86_400_000;
/** GetMultipleOrderItems takes at most 50 order ids. */
const ITEMS_BATCH = 50;
/** Push message types that name a trade order: 0 trade order, 10 reverse order, 14 fulfilment package. */
const ORDER_MESSAGES = new Set([0, 10, 14]);
/**
 * A push is taken within 6 hours 15 minutes of its signed `timestamp` (milliseconds): Lazada
 * retries an unacknowledged push every 30 minutes, up to 12 times, so its last retry comes about
 * 6 hours after the first delivery.
 */
export const LAZADA_WEBHOOK_WINDOW: WebhookWindow = {
  pastMs: 6 * 3_600_000 + 15 * 60_000,
  futureMs: WEBHOOK_CLOCK_SKEW_MS,
};

/** The tokens of a /auth/token/create or /auth/token/refresh reply (numbers may be strings). */
function readTokens(body: Record<string, unknown>, now: Date) {
  const accessToken = body.access_token;
  const refreshToken = body.refresh_token;
  const expiresIn = lenientNumber(body.expires_in);
  const refreshExpiresIn = lenientNumber(body.refresh_expires_in);
  if (typeof accessToken !== 'string' || accessToken === '' || typeof refreshToken !== 'string')
    throw new MarketplaceError('malformed', 'the token reply lacks its tokens');
  if (!Number.isFinite(expiresIn) || !Number.isFinite(refreshExpiresIn))
    throw new MarketplaceError('malformed', 'the token reply lacks expires_in');
  const country = typeof body.country === 'string' ? body.country.toLowerCase() : '';
  // create says country_user_info, refresh country_user_info_list (the API reference).
  const infoList = isArray(body.country_user_info) ? body.country_user_info : body.country_user_info_list;
  const sellers = (isArray(infoList) ? infoList : []).filter(isRecord).flatMap((info) => {
    const sellerId = idString(info.seller_id);
    const infoCountry = typeof info.country === 'string' ? info.country.toLowerCase() : '';
    return sellerId === null
      ? []
      : [{ country: infoCountry, sellerId, shortCode: String(info.short_code ?? '') }];
  });
  return {
    accessToken,
    refreshToken,
    accessExpiresAt: new Date(now.getTime() + expiresIn * 1000),
    // refresh_expires_in 0: the token cannot be refreshed (service-market apps).
    refreshExpiresAt: new Date(now.getTime() + Math.max(0, refreshExpiresIn) * 1000),
    country,
    account: typeof body.account === 'string' ? body.account : '',
    sellers,
  };
}

function extraOf(
  tokens: ReturnType<typeof readTokens>,
  previous: Record<string, string>,
): Record<string, string> {
  const chosen = tokens.sellers.find((entry) => entry.country === tokens.country) ?? tokens.sellers[0];
  return {
    ...previous,
    ...(tokens.country ? { country: tokens.country } : {}),
    ...(tokens.account ? { account: tokens.account } : {}),
    ...(chosen?.shortCode ? { shortCode: chosen.shortCode } : {}),
    // A cross-border seller's one authorisation covers every venture, each with its seller id.
    ...(tokens.sellers.length > 0
      ? {
          sellers: JSON.stringify(
            Object.fromEntries(tokens.sellers.map((entry) => [entry.country, entry.sellerId])),
          ),
        }
      : {}),
  };
}

/** The orders of a list or detail reply with their items, read in batches of fifty, normalised. */
async function withItems(
  ctx: CallContext,
  orders: readonly Record<string, unknown>[],
): Promise<MarketplaceOrder[]> {
  const itemsById = new Map<string, unknown[]>();
  for (let start = 0; start < orders.length; start += ITEMS_BATCH) {
    const ids = orders.slice(start, start + ITEMS_BATCH).map((order) => idString(order.order_id) ?? '');
    const reply = await callLazadaSeller(ctx, '/orders/items/get', { order_ids: `[${ids.join(',')}]` });
    if (!isArray(reply.data))
      throw new MarketplaceError('malformed', '/orders/items/get: data is not a list');
    for (const entry of reply.data) {
      if (!isRecord(entry) || !isArray(entry.order_items)) continue;
      const id = idString(entry.order_id);
      if (id !== null) itemsById.set(id, entry.order_items);
    }
  }
  return orders.map((order) =>
    normaliseLazadaOrder(order, itemsById.get(idString(order.order_id) ?? '') ?? []),
  );
}

function listedOrders(reply: Record<string, unknown>): Record<string, unknown>[] {
  const data = reply.data;
  if (!isRecord(data) || !isArray(data.orders))
    throw new MarketplaceError('malformed', '/orders/get: data.orders is not a list');
  return data.orders.map((order) => {
    if (!isRecord(order) || idString(order.order_id) === null)
      throw new MarketplaceError('malformed', '/orders/get: an order without order_id');
    return order;
  });
}

export const lazadaConnector: Connector = {
  platform: 'lazada',
  authorisation: 'redirect',
  logistics: 'platform',
  // Lazada documents no window cap on GetOrders. Seven days keeps a window's pages few (a
  // listing's offset stops at 4500, though the cursor's offsets stay within one second) and a
  // failed window cheap to redo; the first sync's 15 days are three windows.
  maxWindowMs: 7 * DAY_MS,

  authoriseUrl(app, input) {
    // state is documented: "the same for input and response".
    const query = new URLSearchParams({
      response_type: 'code',
      force_auth: 'true',
      redirect_uri: input.redirectUri,
      client_id: app.appKey,
      state: input.state,
    });
    return `${app.authUrl}/oauth/authorize?${query.toString()}`;
  },

  async exchangeCode(app, input) {
    const code = input.query.code;
    if (!code)
      throw new MarketplaceError('rejected', 'the redirect carries no code', { platformCode: 'InvalidCode' });
    const body = await callLazada({
      fetch: input.fetch,
      baseUrl: `${app.authUrl}/rest`,
      apiPath: '/auth/token/create',
      params: { code },
      appKey: app.appKey,
      appSecret: app.appSecret,
      now: input.now,
    });
    const tokens = readTokens(body, input.now);
    const chosen = tokens.sellers.find((entry) => entry.country === tokens.country) ?? tokens.sellers[0];
    if (!chosen) throw new MarketplaceError('malformed', 'the token reply names no seller');
    const grant: ShopGrant = {
      platformShopId: chosen.sellerId,
      shopName: '',
      accessToken: tokens.accessToken,
      refreshToken: tokens.refreshToken,
      accessExpiresAt: tokens.accessExpiresAt,
      refreshExpiresAt: tokens.refreshExpiresAt,
      extra: extraOf(tokens, {}),
    };
    // The token reply has no shop name; GetSeller has, and proves the grant works.
    const sellerReply = await callLazadaSeller(
      { app, grant, fetch: input.fetch, now: () => input.now },
      '/seller/get',
      {},
    );
    const data = isRecord(sellerReply.data) ? sellerReply.data : {};
    return { ...grant, shopName: typeof data.name === 'string' ? data.name : '' };
  },

  async refreshGrant(ctx) {
    const now = ctx.now();
    const body = await callLazada({
      fetch: ctx.fetch,
      baseUrl: `${ctx.app.authUrl}/rest`,
      apiPath: '/auth/token/refresh',
      params: { refresh_token: ctx.grant.refreshToken },
      appKey: ctx.app.appKey,
      appSecret: ctx.app.appSecret,
      now,
    });
    const tokens = readTokens(body, now);
    return {
      ...ctx.grant,
      accessToken: tokens.accessToken,
      refreshToken: tokens.refreshToken,
      accessExpiresAt: tokens.accessExpiresAt,
      refreshExpiresAt: tokens.refreshExpiresAt,
      extra: extraOf(tokens, ctx.grant.extra),
    };
  },

  async listOrders(ctx, input) {
    if (input.updatedTo.getTime() - input.updatedFrom.getTime() > lazadaConnector.maxWindowMs)
      throw new MarketplaceError('rejected', 'the window is longer than maxWindowMs', {
        platformCode: 'window_too_long',
      });
    const window = secondWindow(input.updatedFrom, input.updatedTo);
    if (window.beforeMs < window.afterMs) return { orders: [], nextCursor: null };
    const position: ListPosition = input.cursor
      ? readCursor(input.cursor, window)
      : { atMs: window.afterMs, passed: 0, seen: [] };
    const offset = offsetOf(position);
    const reply = await callLazadaSeller(ctx, '/orders/get', {
      update_after: lazadaQueryTime(position.atMs),
      update_before: lazadaQueryTime(window.beforeMs),
      sort_by: 'updated_at',
      sort_direction: 'ASC',
      offset: String(offset),
      limit: String(PAGE_SIZE),
    });
    const listed = listedOrders(reply);
    const seen = new Set(position.seen);
    const fresh = listed.filter((order) => !seen.has(idString(order.order_id) ?? ''));
    // /orders/get lists each order with its updated_at; its items are a call of their own, made
    // only for orders we do not already hold at that time.
    const held = input.known
      ? await input.known(
          fresh.map((order) => ({
            orderNo: idString(order.order_id) ?? '',
            updatedAt: Date.parse(lazadaTime(order.updated_at, 'updated_at')),
          })),
        )
      : new Set<string>();
    const toRead = fresh.filter((order) => !held.has(idString(order.order_id) ?? ''));
    const orders = await withItems(ctx, toRead);
    const known = fresh.length - toRead.length > 0 ? { knownCount: fresh.length - toRead.length } : {};
    if (listed.length < PAGE_SIZE) return { orders, ...known, nextCursor: null };
    const keyed = listed.map((order) => ({
      id: idString(order.order_id) ?? '',
      second: Math.floor(Date.parse(lazadaTime(order.updated_at, 'updated_at')) / 1000) * 1000,
    }));
    return { orders, ...known, nextCursor: writeCursor(window, advance(position, offset, keyed)) };
  },

  async getOrders(ctx, orderNos) {
    const found: Record<string, unknown>[] = [];
    for (const orderNo of new Set(orderNos)) {
      try {
        const reply = await callLazadaSeller(ctx, '/order/get', { order_id: orderNo });
        if (!isRecord(reply.data))
          throw new MarketplaceError('malformed', '/order/get: data is not an order');
        found.push({ order_id: orderNo, ...reply.data });
      } catch (error) {
        // E016 Invalid Order ID: not an order of this seller; unknown numbers are left out.
        if (error instanceof MarketplaceError && error.detail.platformCode === '16') continue;
        throw error;
      }
    }
    return withItems(ctx, found);
  },

  /** providers/get → pack → rts; the tracking number comes with the pack. */
  arrangeShipment: (ctx, input) => arrangeLazadaShipment(ctx, input.orderNo),
  getShipment: (ctx, input) => getLazadaShipment(ctx, input.orderNo),
  /** /order/package/document/get, the PDF base64 in `file`. */
  fetchLabel: (ctx, input) => fetchLazadaLabel(ctx, input),
  /** Lazada documents no way: a refusal saying so (see logistics.ts). */
  pushTracking: (ctx, input) => pushLazadaTracking(ctx, input),

  webhookWindow: LAZADA_WEBHOOK_WINDOW,

  /**
   * A push whose Authorization is hex HMAC(app_secret, app_key + raw body). Lazada sends no
   * delivery id: the signed body is the delivery's key, its `timestamp` its time. Lazada has no
   * deauthorisation push (message 8 only warns of a token's expiry).
   */
  verifyWebhook(app: AppConfig, request: WebhookRequest): WebhookNotice | null {
    const header = Object.entries(request.headers).find(
      ([name]) => name.toLowerCase() === 'authorization',
    )?.[1];
    if (!header) return null;
    if (!sameSignature(signLazadaWebhook(app.appKey, app.appSecret, request.rawBody), header.trim()))
      return null;
    let body: unknown;
    try {
      body = JSON.parse(request.rawBody.toString('utf8'));
    } catch {
      return null;
    }
    if (!isRecord(body)) return null;
    const data = isRecord(body.data) ? body.data : {};
    const sellerId =
      idString(body.seller_id === 'null' ? null : body.seller_id) ?? idString(data.seller_id) ?? '';
    const orderNo = idString(data.trade_order_id);
    const delivery = {
      sentAt: dateOfUnix(body.timestamp, 'milliseconds'),
      deliveryKey: bodyKey(request.rawBody),
    };
    if (ORDER_MESSAGES.has(lenientNumber(body.message_type)) && orderNo !== null)
      return { platformShopId: sellerId, orderNos: [orderNo], kind: 'order', ...delivery };
    return { platformShopId: sellerId, orderNos: [], kind: 'other', ...delivery };
  },
};
