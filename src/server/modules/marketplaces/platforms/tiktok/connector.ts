/**
 * The TikTok Shop Open API (202309+) connector: the seller authorises on
 * TikTok's page, the auth host trades the code for tokens, the shop's cipher comes from
 * `/authorization/202309/shops` and is kept in grant.extra.shopCipher; every API call carries
 * app_key, a unix-second timestamp and the HMAC `sign` in its query and the access token in the
 * `x-tts-access-token` header (client.ts). Orders are paged by update time with `page_token`;
 * TikTok's own logistics ships a package and prints its label (logistics.ts).
 */
import {
  MarketplaceError,
  normaliseUnknown,
  type AppConfig,
  type Connector,
  type MarketplaceOrder,
  type ShopGrant,
  type WebhookNotice,
} from '../../connector.js';
import { field, isArray, isNumber, isRecord, isString, requestJson } from '../../http.js';
import { callApi, TIKTOK_PATHS } from './client.js';
import { readTiktokEnvelope } from './errors.js';
import {
  arrangeTiktokShipment,
  fetchTiktokLabel,
  getTiktokShipment,
  pushTiktokTracking,
} from './logistics.js';
import { listedTiktokOrder, normaliseTiktokOrder } from './normalise.js';
import { sameSignature, signTiktokWebhook } from './sign.js';
import { bodyKey, dateOfUnix, deliveryIdKey, type WebhookWindow } from '../../webhook-window.js';

export { TIKTOK_PATHS } from './client.js';

/** The auth host that issues tokens (the Partner Center link's services host does not). */
export const TIKTOK_LIVE_AUTH_HOST = 'https://auth.tiktok-shops.com';
/** `page_size` is documented as 1–100. */
export const TIKTOK_PAGE_SIZE = 100;
/** `orders?ids=` takes at most 50 ids. */
export const TIKTOK_DETAIL_BATCH = 50;
/**
 * TikTok documents no limit on an update-time window. 30 days covers a first sync (15 days) in
 * one window while keeping a window's page tokens few and short-lived.
 */
export const TIKTOK_MAX_WINDOW_MS = 30 * 86_400_000;

/**
 * A notice is taken within 16 hours of its signed `timestamp` (seconds), 30 seconds ahead of our
 * clock at most (TikTok's own tolerance for signed timestamps): TikTok retries an unacknowledged
 * notice 2 minutes, 30 minutes, 3 hours and 12 hours after each failure, the last about 15½
 * hours after the first delivery.
 */
export const TIKTOK_WEBHOOK_WINDOW: WebhookWindow = {
  pastMs: 16 * 3_600_000,
  futureMs: 30_000,
};

/**
 * Where tokens are fetched: the auth host itself when authUrl is one (live, or the sandbox's
 * prefix), the live auth host when authUrl is the Partner Center's services link.
 */
export function tiktokTokenHost(app: AppConfig): string {
  const url = new URL(app.authUrl);
  if (/^services\.tiktokshops?\.(com|us)$/.test(url.hostname)) return TIKTOK_LIVE_AUTH_HOST;
  const base = url.pathname.replace(/\/(open|oauth)\/authorize\/?$/, '').replace(/\/$/, '');
  return `${url.origin}${base}`;
}

function seconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

interface TokenPair {
  accessToken: string;
  refreshToken: string;
  accessExpiresAt: Date;
  refreshExpiresAt: Date;
}

/** The auth host's token reply; `*_expire_in` are absolute unix times, not durations. */
async function fetchTokens(
  fetcher: typeof fetch,
  app: AppConfig,
  path: string,
  params: Record<string, string>,
  endpoint: 'token' | 'refresh',
): Promise<TokenPair> {
  const query = new URLSearchParams({ app_key: app.appKey, app_secret: app.appSecret, ...params });
  const reply = await requestJson(fetcher, `${tiktokTokenHost(app)}${path}?${query.toString()}`);
  const data = readTiktokEnvelope(reply, endpoint);
  return {
    accessToken: field(data.access_token, isString, 'access_token'),
    refreshToken: field(data.refresh_token, isString, 'refresh_token'),
    accessExpiresAt: new Date(field(data.access_token_expire_in, isNumber, 'access_token_expire_in') * 1000),
    refreshExpiresAt: new Date(
      field(data.refresh_token_expire_in, isNumber, 'refresh_token_expire_in') * 1000,
    ),
  };
}

/** The ids a webhook body names (order_id, or a package update's order_id_list). */
function noticeOrderIds(data: Record<string, unknown>): string[] {
  const ids = new Set<string>();
  if (isString(data.order_id) && data.order_id !== '') ids.add(data.order_id);
  const packages = isArray(data.package_list) ? data.package_list.filter(isRecord) : [];
  for (const item of packages) {
    const list = isArray(item.order_id_list) ? item.order_id_list : [];
    for (const id of list) if (isString(id) && id !== '') ids.add(id);
  }
  return [...ids];
}

export const tiktokConnector: Connector = {
  platform: 'tiktok',
  authorisation: 'redirect',
  logistics: 'platform',
  maxWindowMs: TIKTOK_MAX_WINDOW_MS,

  /**
   * The Partner Center link (authUrl with its service_id) or the auth host's /oauth/authorize
   * with app_key, plus state. TikTok sends the seller to the redirect URL registered in Partner
   * Center; redirect_uri is added for the sandbox, which has no Partner Center (assumed ignored
   * by TikTok [UNCONFIRMED]).
   */
  authoriseUrl(app, input) {
    const isPartnerLink = new URL(app.authUrl).searchParams.has('service_id');
    const url = new URL(isPartnerLink ? app.authUrl : `${app.authUrl}${TIKTOK_PATHS.authorize}`);
    if (!isPartnerLink) url.searchParams.set('app_key', app.appKey);
    url.searchParams.set('state', input.state);
    url.searchParams.set('redirect_uri', input.redirectUri);
    return url.toString();
  },

  /** Trades `code` for tokens, then reads the authorised shop and its cipher. */
  async exchangeCode(app, input) {
    const code = input.query.code ?? '';
    if (input.query.error || code === '' || code === 'null') {
      throw new MarketplaceError(
        'rejected',
        `the seller did not authorise (${input.query.error ?? 'no code'})`,
        {
          platformCode: input.query.error ?? 'no_code',
        },
      );
    }
    const tokens = await fetchTokens(
      input.fetch,
      app,
      TIKTOK_PATHS.tokenGet,
      { auth_code: code, grant_type: 'authorized_code' },
      'token',
    );
    const provisional: ShopGrant = {
      platformShopId: '',
      shopName: '',
      ...tokens,
      extra: {},
    };
    const data = await callApi(
      { app, grant: provisional, fetch: input.fetch, now: () => input.now },
      { method: 'GET', path: TIKTOK_PATHS.shops, shopScoped: false },
    );
    // A cross-border seller may authorise several regional shops with one token; the first is this shop.
    const shop = field(field(data.shops, isArray, 'shops')[0], isRecord, 'an authorised shop');
    return {
      ...provisional,
      platformShopId: field(shop.id, isString, 'shop id'),
      shopName: isString(shop.name) ? shop.name : '',
      extra: {
        shopCipher: field(shop.cipher, isString, 'shop cipher'),
        ...(isString(shop.region) ? { region: shop.region } : {}),
      },
    };
  },

  /** A new token pair from the refresh token; a refused refresh token means 'revoked'. */
  async refreshGrant(ctx) {
    const tokens = await fetchTokens(
      ctx.fetch,
      ctx.app,
      TIKTOK_PATHS.tokenRefresh,
      { refresh_token: ctx.grant.refreshToken, grant_type: 'refresh_token' },
      'refresh',
    );
    return { ...ctx.grant, ...tokens };
  },

  /**
   * One page of `orders/search` by update time, oldest first. The cursor is TikTok's own
   * next_page_token, so a failed page is asked again with the same token.
   */
  async listOrders(ctx, input) {
    const span = input.updatedTo.getTime() - input.updatedFrom.getTime();
    if (span <= 0 || span > TIKTOK_MAX_WINDOW_MS) {
      throw new MarketplaceError(
        'rejected',
        `a window of ${span} ms is outside (0, ${TIKTOK_MAX_WINDOW_MS}]`,
      );
    }
    const data = await callApi(ctx, {
      method: 'POST',
      path: TIKTOK_PATHS.searchOrders,
      query: {
        page_size: String(TIKTOK_PAGE_SIZE),
        sort_field: 'update_time',
        sort_order: 'ASC',
        ...(input.cursor ? { page_token: input.cursor } : {}),
      },
      // Whole seconds, widened outwards so no order inside [from, to) is missed.
      body: {
        update_time_ge: seconds(input.updatedFrom),
        update_time_lt: Math.ceil(input.updatedTo.getTime() / 1000),
      },
      shopScoped: true,
    });
    // An empty page leaves `orders` out; the last page's next_page_token is empty [UNCONFIRMED].
    const rawOrders = data.orders === undefined ? [] : field(data.orders, isArray, 'orders');
    // Whole orders with their update_time: those we hold at that time are not normalised again.
    const { orders, knownCount } = await normaliseUnknown(
      rawOrders,
      listedTiktokOrder,
      input.known,
      normaliseTiktokOrder,
    );
    const token = isString(data.next_page_token) ? data.next_page_token : '';
    return {
      orders,
      ...(knownCount > 0 ? { knownCount } : {}),
      nextCursor: token !== '' && rawOrders.length > 0 ? token : null,
    };
  },

  /** The named orders, 50 ids per `orders?ids=` call. */
  async getOrders(ctx, orderNos) {
    const unique = [...new Set(orderNos)];
    const found: MarketplaceOrder[] = [];
    for (let start = 0; start < unique.length; start += TIKTOK_DETAIL_BATCH) {
      const data = await callApi(ctx, {
        method: 'GET',
        path: TIKTOK_PATHS.orderDetail,
        query: { ids: unique.slice(start, start + TIKTOK_DETAIL_BATCH).join(',') },
        shopScoped: true,
      });
      const rawOrders = data.orders === undefined ? [] : field(data.orders, isArray, 'orders');
      found.push(...rawOrders.map(normaliseTiktokOrder));
    }
    return found;
  },

  /** Ships the order's package with TikTok's logistics (handover by pickup) and reads its tracking number. */
  arrangeShipment: (ctx, input) => arrangeTiktokShipment(ctx, input.orderNo),
  getShipment: (ctx, input) => getTiktokShipment(ctx, input.orderNo),
  /** The package's shipping_documents (A6 PDF label): its doc_url, downloaded. */
  fetchLabel: (ctx, input) => fetchTiktokLabel(ctx, input),
  /** A seller-shipped order's package with our carrier's number (shipping_type SELLER). */
  pushTracking: (ctx, input) => pushTiktokTracking(ctx, input),

  webhookWindow: TIKTOK_WEBHOOK_WINDOW,

  /**
   * Get Authorized Shops with the shop's token: a deauthorised token answers 105001 ('revoked'),
   * and a token whose shops no longer include this one has lost it too.
   */
  async checkAuthorisation(ctx) {
    const data = await callApi(ctx, { method: 'GET', path: TIKTOK_PATHS.shops, shopScoped: false });
    const listed = field(data.shops, isArray, 'shops').filter(isRecord);
    if (!listed.some((shop) => shop.id === ctx.grant.platformShopId))
      throw new MarketplaceError('revoked', 'the token no longer lists the shop as authorised');
  },

  /**
   * A push whose Authorization header is hex HMAC(app_secret, app_key + raw body); null otherwise.
   * Its key is tts_notification_id, signed with the body and the same on every retry (the body's
   * SHA-256 when it is missing); its time the signed `timestamp`.
   */
  verifyWebhook(app, request): WebhookNotice | null {
    const header = Object.entries(request.headers).find(
      ([name]) => name.toLowerCase() === 'authorization',
    )?.[1];
    if (!header) return null;
    const expected = signTiktokWebhook(app.appKey, app.appSecret, request.rawBody);
    if (!sameSignature(expected, header.trim().toLowerCase())) return null;
    let body: unknown;
    try {
      body = JSON.parse(request.rawBody.toString('utf8'));
    } catch {
      return null;
    }
    if (!isRecord(body)) return null;
    const shopId = isString(body.shop_id) ? body.shop_id : isNumber(body.shop_id) ? String(body.shop_id) : '';
    if (shopId === '') return null;
    const notificationId = isString(body.tts_notification_id) ? body.tts_notification_id : '';
    const delivery = {
      sentAt: dateOfUnix(body.timestamp, 'seconds'),
      deliveryKey: notificationId === '' ? bodyKey(request.rawBody) : deliveryIdKey(notificationId),
    };
    // Type 6: seller deauthorisation.
    if (body.type === 6) return { platformShopId: shopId, orderNos: [], kind: 'revoked', ...delivery };
    const orderNos = isRecord(body.data) ? noticeOrderIds(body.data) : [];
    return { platformShopId: shopId, orderNos, kind: orderNos.length > 0 ? 'order' : 'other', ...delivery };
  },
};
