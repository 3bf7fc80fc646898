/**
 * Shopee Open Platform v2 signatures.
 * Requests: lowercase hex HMAC-SHA256 over partner_id + api_path + timestamp, followed by
 * access_token + shop_id for shop APIs; the key is the partner key's UTF-8 bytes (never
 * hex-decoded), the path has no host and no query, and the body is not signed.
 * Push: hex HMAC-SHA256 over the callback URL + "|" + the raw body bytes, in `Authorization`.
 * The connector and the sandbox both sign with these functions, so both stay tied to the vectors.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** Lowercase hex HMAC-SHA256 of the parts joined with no separator (Shopee's one primitive). */
export function shopeeSign(partnerKey: string, parts: readonly (string | number)[]): string {
  return createHmac('sha256', partnerKey).update(parts.join(''), 'utf8').digest('hex');
}

export interface ShopeeSignInput {
  partnerId: string;
  /** The API path, e.g. /api/v2/order/get_order_list (no host, no query). */
  path: string;
  /** Unix seconds, as sent in the query. */
  timestamp: number;
  /** Shop APIs only: the shop's access token and id. Public APIs (auth, auth_partner) leave them out. */
  shop?: { accessToken: string; shopId: string };
}

/** The documented base string: public APIs end at the timestamp, shop APIs add token and shop id. */
export function shopeeBaseString(input: ShopeeSignInput): string {
  const parts = [input.partnerId, input.path, String(input.timestamp)];
  if (input.shop) parts.push(input.shop.accessToken, input.shop.shopId);
  return parts.join('');
}

/** The `sign` query parameter of a request (and of the auth_partner link). */
export function signShopeeRequest(partnerKey: string, input: ShopeeSignInput): string {
  return shopeeSign(partnerKey, [shopeeBaseString(input)]);
}

/** A push's `Authorization` header: HMAC over the registered callback URL, "|", then the raw bytes. */
export function shopeePushSignature(
  partnerKey: string,
  callbackUrl: string,
  rawBody: Buffer | string,
): string {
  const body = typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : rawBody;
  return createHmac('sha256', partnerKey)
    .update(Buffer.concat([Buffer.from(`${callbackUrl}|`, 'utf8'), body]))
    .digest('hex');
}

/** True when `presented` is the push signature of exactly these bytes (compared in constant time). */
export function verifyShopeePush(
  partnerKey: string,
  callbackUrl: string,
  rawBody: Buffer,
  presented: string | undefined,
): boolean {
  if (!presented) return false;
  const expected = Buffer.from(shopeePushSignature(partnerKey, callbackUrl, rawBody), 'utf8');
  const given = Buffer.from(presented.trim().toLowerCase(), 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
