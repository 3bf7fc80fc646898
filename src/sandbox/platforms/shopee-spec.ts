/**
 * Shopee Open Platform v2 as Shopee itself checks and signs, stated from its documents
 * (docs/research/marketplace-apis.md §1.3, Shopee's "api-calls.md"; §1.8,
 * "push-mechanism-notifications.md"):
 *
 * - a call's `sign` is the lowercase hex HMAC-SHA256, keyed by the partner key, of the base string
 *   partner_id + api_path + timestamp, to which a shop API adds access_token + shop_id, with no
 *   separators; api_path has no host and no query, and the body is not signed;
 * - a push carries in `Authorization` the hex HMAC-SHA256 of the registered callback URL, "|",
 *   then the raw body bytes.
 */
import { hmacSha256 } from './hmac.js';

/** What Shopee reads off a call to check its sign: the query's values as sent and the path called. */
export interface ShopeeCall {
  partnerId: string;
  /** The API path, e.g. /api/v2/order/get_order_list. */
  path: string;
  /** The query's timestamp, as sent (unix seconds). */
  timestamp: string;
  /** Shop APIs only: the query's access_token and shop_id. */
  shop?: { accessToken: string; shopId: string };
}

/** The documented base string: public APIs end at the timestamp; shop APIs add access_token and shop_id. */
export function shopeeBaseString(call: ShopeeCall): string {
  const shop = call.shop ? `${call.shop.accessToken}${call.shop.shopId}` : '';
  return `${call.partnerId}${call.path}${call.timestamp}${shop}`;
}

/** The sign Shopee expects in the query of this call (and of the auth_partner link). */
export function shopeeExpectedSign(partnerKey: string, call: ShopeeCall): string {
  return hmacSha256(partnerKey, [shopeeBaseString(call)]).toString('hex');
}

/** The `Authorization` of a push to `callbackUrl`: over the URL as registered, "|", then the exact body. */
export function shopeePushAuthorization(partnerKey: string, callbackUrl: string, rawBody: string): string {
  return hmacSha256(partnerKey, [`${callbackUrl}|`, rawBody]).toString('hex');
}
