/**
 * TikTok Shop Open API (202309+) as TikTok checks a call and answers it, stated from its documents
 * (docs/research/marketplace-apis.md §4.3 "sign-your-api-request.md" and "common-parameters.md", §4.4
 * "common-errors.md", §4.5 the order API reference, §4.8 the webhook configuration guide):
 *
 * - sign: every query parameter but `sign` and `access_token`, sorted by name, concatenated as
 *   name + value after the path; then the raw body unless the call is multipart/form-data; the
 *   whole wrapped in the app secret on both sides; lowercase hex HMAC-SHA256 keyed by the app secret;
 * - a webhook's `Authorization`: hex HMAC-SHA256(app_secret, app_key + raw body), the formula
 *   EcomPHP's Webhook.php verifies (the guide names the header, not the formula: [UNCONFIRMED]
 *   against live traffic);
 * - errors come inside HTTP 200 with a non-zero `code`, the throttle as HTTP 429.
 */
import { hmacSha256 } from './hmac.js';

/** The error codes of "Common errors" (§4.4), and the auth host's, which no document names. */
export const TIKTOK_CODES = {
  tooManyRequests: 36009002,
  /** Invalid or missing credentials, timestamp or identifier; the message says which. */
  invalidCredentials: 36009004,
  invalidContentType: 36009022,
  /** The access token does not open the shop named by shop_cipher. */
  invalidTokenOrCipher: 101000,
  /** "access token is invalid; detail: your token has been deauthorized" (authorisation guide). */
  tokenDeauthorised: 105001,
  expiredAccessToken: 105002,
  invalidSign: 106001,
  missingShopCipher: 106013,
  /** Auth host, wrong app_key or app_secret: [UNCONFIRMED], no document gives the code. */
  invalidApp: 36004003,
  /** Auth host, an auth_code or refresh_token unknown, used or expired: [UNCONFIRMED] (§4.9, "e.g."). */
  invalidGrant: 36004004,
} as const;

/** Order statuses of the 202309 order object (§4.5); the webhook writes CANCEL for CANCELLED. */
export type TiktokStatus =
  | 'UNPAID'
  | 'ON_HOLD'
  | 'AWAITING_SHIPMENT'
  | 'PARTIALLY_SHIPPING'
  | 'AWAITING_COLLECTION'
  | 'IN_TRANSIT'
  | 'DELIVERED'
  | 'COMPLETED'
  | 'CANCELLED';

/** Query parameters the signature leaves out (step 1). */
const NOT_SIGNED: ReadonlySet<string> = new Set(['sign', 'access_token']);

/** What TikTok reads off a call to check its sign. */
export interface TiktokCall {
  /** The path without the host, e.g. /order/202309/orders/search. */
  path: string;
  /** The query's values, decoded. */
  query: Readonly<Record<string, string>>;
  /** The raw body as received; '' for GET and for multipart/form-data uploads (step 3). */
  body: string | Buffer;
}

/** Steps 1 to 4: secret + path + sorted name/value pairs + body + secret. */
export function tiktokSignBase(appSecret: string, call: TiktokCall): string {
  const pairs = Object.entries(call.query)
    .filter(([name]) => !NOT_SIGNED.has(name))
    .sort(([left], [right]) => (left === right ? 0 : left < right ? -1 : 1))
    .map(([name, value]) => name + value)
    .join('');
  const body = typeof call.body === 'string' ? call.body : call.body.toString('utf8');
  return `${appSecret}${call.path}${pairs}${body}${appSecret}`;
}

/** Step 5: the `sign` TikTok expects, lowercase hex. */
export function tiktokExpectedSign(appSecret: string, call: TiktokCall): string {
  return hmacSha256(appSecret, [tiktokSignBase(appSecret, call)]).toString('hex');
}

/** A webhook's `Authorization`: over the app key, then the body exactly as sent. */
export function tiktokWebhookAuthorization(appKey: string, appSecret: string, rawBody: string): string {
  return hmacSha256(appSecret, [appKey, rawBody]).toString('hex');
}
