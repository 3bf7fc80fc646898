/**
 * TikTok Shop Open API (202309+) signatures, written once for the connector and the sandbox
 *:
 * - a request: hex(HMAC-SHA256(app_secret, app_secret + path + sorted query k+v (without sign
 *   and access_token) + raw body (unless multipart) + app_secret)), sent as the `sign` query;
 * - a webhook: hex(HMAC-SHA256(app_secret, app_key + raw body)) in the Authorization header.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** Query parameters the signature leaves out (the token travels in a header anyway). */
const UNSIGNED_PARAMS = new Set(['sign', 'access_token', 'x-tts-access-token']);

export interface TiktokSignInput {
  appSecret: string;
  /** The path without the host, e.g. /order/202309/orders/search. */
  path: string;
  /** The query as sent, values decoded. */
  query: Readonly<Record<string, string>>;
  /** The raw body exactly as sent; '' for GET and for multipart uploads. */
  body: string | Buffer;
}

/** The string TikTok signs: secret, path, the sorted query's keys and values, the body, secret. */
export function tiktokStringToSign(input: TiktokSignInput): string {
  const pairs = Object.keys(input.query)
    .filter((key) => !UNSIGNED_PARAMS.has(key))
    .sort()
    .map((key) => `${key}${input.query[key] ?? ''}`)
    .join('');
  const body = typeof input.body === 'string' ? input.body : input.body.toString('utf8');
  return `${input.appSecret}${input.path}${pairs}${body}${input.appSecret}`;
}

/** A request's `sign`: lowercase hex HMAC-SHA256 keyed with the app secret (UTF-8 bytes). */
export function signTiktokRequest(input: TiktokSignInput): string {
  return createHmac('sha256', input.appSecret).update(tiktokStringToSign(input), 'utf8').digest('hex');
}

/** A webhook's Authorization value: hex HMAC-SHA256(app_secret, app_key + raw body bytes). */
export function signTiktokWebhook(appKey: string, appSecret: string, rawBody: string | Buffer): string {
  const body = typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : rawBody;
  return createHmac('sha256', appSecret)
    .update(Buffer.concat([Buffer.from(appKey, 'utf8'), body]))
    .digest('hex');
}

/** Compares two hex signatures in constant time; false for any length or case mismatch. */
export function sameSignature(expected: string, presented: string): boolean {
  const left = Buffer.from(expected, 'utf8');
  const right = Buffer.from(presented, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}
