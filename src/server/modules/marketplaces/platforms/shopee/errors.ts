/**
 * Shopee's error envelope in our MarketplaceError codes. Every reply carries
 * `request_id`, `error` ("" on success) and `message`; the HTTP status of an error reply is not
 * documented, so the error name decides whatever the status (the SDKs do the same).
 */
import { MarketplaceError, type MarketplaceErrorCode } from '../../connector.js';
import { isRecord, isString, type PlatformReply } from '../../http.js';

/** The daily quota (error_limit) resets at 00:00 UTC+8. */
const QUOTA_RESET_OFFSET_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;

/** Milliseconds from `now` to the next 00:00 in UTC+8, when Shopee's daily quota resets. */
export function msToQuotaReset(now: Date): number {
  const local = now.getTime() + QUOTA_RESET_OFFSET_MS;
  return DAY_MS - (((local % DAY_MS) + DAY_MS) % DAY_MS);
}

/**
 * Our code for a Shopee error name (without its optional `common.` prefix) and message:
 * - error_rate_limit (too many requests) and error_limit (daily quota) → rate_limited;
 * - invalid_acceess_token (Shopee's own spelling), invalid_access_token, and error_auth about
 *   the access token → token_expired (Shopee does not tell an expired token from an unknown one);
 * - error_auth about the refresh token, or the shop's link to our partner gone → revoked;
 * - error_sign, and error_param "Timestamp is expired." (our clock: the signed timestamp) → signature;
 * - error_server, error_network, error_busi → unavailable;
 * - anything else → rejected, with Shopee's name kept as platformCode.
 */
export function shopeeErrorCode(name: string, message: string): MarketplaceErrorCode {
  const error = name.replace(/^common\./, '');
  if (error === 'error_rate_limit' || error === 'error_limit') return 'rate_limited';
  if (error === 'invalid_acceess_token' || error === 'invalid_access_token') return 'token_expired';
  if (error === 'error_sign') return 'signature';
  if (error === 'error_param' && /timestamp is expired/i.test(message)) return 'signature';
  if (error === 'error_server' || error === 'error_network' || error === 'error_busi') return 'unavailable';
  if (error === 'partner_shop_no_link' || error === 'shop_no_linked') return 'revoked';
  if (error === 'error_auth') {
    if (/refresh[_ ]token/i.test(message)) return 'revoked';
    if (/access[_ ]token/i.test(message)) return 'token_expired';
    if (/shop_?id/i.test(message)) return 'revoked';
  }
  return 'rejected';
}

/**
 * The reply's body when its `error` is empty; otherwise the MarketplaceError its error names
 * (with retryAfterMs until the quota reset for error_limit). A body that is not Shopee's envelope
 * is 'malformed' on a 2xx and 'rejected' with the HTTP status otherwise.
 */
export function readShopeeEnvelope(reply: PlatformReply, now: Date): Record<string, unknown> {
  const body = reply.body;
  if (!isRecord(body) || !isString(body.error)) {
    if (reply.status >= 200 && reply.status < 300)
      throw new MarketplaceError('malformed', `HTTP ${reply.status}: the reply is not Shopee's envelope`, {
        httpStatus: reply.status,
      });
    throw new MarketplaceError('rejected', `HTTP ${reply.status}`, { httpStatus: reply.status });
  }
  if (body.error === '') {
    if (reply.status >= 200 && reply.status < 300) return body;
    throw new MarketplaceError('rejected', `HTTP ${reply.status}`, { httpStatus: reply.status });
  }
  const message = isString(body.message) ? body.message : '';
  const code = shopeeErrorCode(body.error, message);
  const name = body.error.replace(/^common\./, '');
  throw new MarketplaceError(code, `${body.error}: ${message}`, {
    platformCode: body.error,
    httpStatus: reply.status,
    ...(name === 'error_limit' ? { retryAfterMs: msToQuotaReset(now) } : {}),
  });
}
