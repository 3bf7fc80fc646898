/**
 * One signed call to the TikTok Shop API host: app_key, a unix-second timestamp and the HMAC
 * `sign` in the query (shop_cipher too for shop-scoped APIs), the access token in the
 * `x-tts-access-token` header, a JSON body serialised once so the bytes signed are the bytes sent,
 * and the envelope read by readTiktokEnvelope. Nothing is retried here.
 */
import { MarketplaceError, type CallContext } from '../../connector.js';
import { requestJson } from '../../http.js';
import { readTiktokEnvelope } from './errors.js';
import { signTiktokRequest } from './sign.js';

export const TIKTOK_PATHS = {
  authorize: '/oauth/authorize',
  openAuthorize: '/open/authorize',
  tokenGet: '/api/v2/token/get',
  tokenRefresh: '/api/v2/token/refresh',
  shops: '/authorization/202309/shops',
  searchOrders: '/order/202309/orders/search',
  orderDetail: '/order/202309/orders',
} as const;

function seconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

/** One signed API call; `shopScoped` adds the grant's shop_cipher. Returns the envelope's data. */
export async function callApi(
  ctx: CallContext,
  input: {
    method: 'GET' | 'POST';
    path: string;
    query?: Record<string, string>;
    body?: unknown;
    shopScoped: boolean;
  },
): Promise<Record<string, unknown>> {
  const query: Record<string, string> = {
    ...input.query,
    app_key: ctx.app.appKey,
    timestamp: String(seconds(ctx.now())),
  };
  if (input.shopScoped) {
    const cipher = ctx.grant.extra.shopCipher;
    if (!cipher)
      throw new MarketplaceError('rejected', 'the grant has no shop_cipher; authorise the shop again');
    query.shop_cipher = cipher;
  }
  // Serialised once: the bytes signed are the bytes sent.
  const body = input.method === 'GET' ? '' : JSON.stringify(input.body ?? {});
  const sign = signTiktokRequest({ appSecret: ctx.app.appSecret, path: input.path, query, body });
  const url = `${ctx.app.apiUrl}${input.path}?${new URLSearchParams({ ...query, sign }).toString()}`;
  const reply = await requestJson(ctx.fetch, url, {
    method: input.method,
    headers: { 'x-tts-access-token': ctx.grant.accessToken, 'content-type': 'application/json' },
    ...(input.method === 'GET' ? {} : { body }),
  });
  return readTiktokEnvelope(reply, 'api');
}
