/**
 * Lazada Open Platform as Lazada checks a call and writes its replies, stated from its documents
 * (docs/research/marketplace-apis.md §3.3, Lazada's "signature-algorithm.md" and
 * "http-request-sample.md"; §3.5, the order API samples; §3.8, "lazada-push-mechanism.md"):
 *
 * - sign: take every request parameter but `sign` (the official Java and C# samples leave out
 *   empty values), sort by name in ASCII order, concatenate name + value, put the API path
 *   (without `/rest`) in front, HMAC-SHA256 it with the app secret and write the digest as
 *   UPPER-case hex;
 * - a push's `Authorization`: lower-case hex HMAC-SHA256, keyed by the app secret, of the app key
 *   followed by the raw body;
 * - amounts are decimal strings with two fraction digits ("106.00", "0.54"), also for currencies
 *   without minor units;
 * - times are ISO-8601 at the venture's offset, to the second ("2018-02-09T22:44:30+08:00").
 */
import { hmacSha256 } from './hmac.js';

/** Steps 1 to 3 of the algorithm: the API path, then name + value of each non-empty parameter, by name. */
export function lazadaSignBase(apiPath: string, params: Readonly<Record<string, string>>): string {
  const signed = Object.entries(params)
    .filter(([name, value]) => name !== 'sign' && value !== '')
    // ASCII order of the names, as the algorithm's step 1 says (not a locale's collation).
    .sort(([left], [right]) => (left === right ? 0 : left < right ? -1 : 1));
  return apiPath + signed.map(([name, value]) => name + value).join('');
}

/** Step 4: the `sign` Lazada expects for these parameters on this API path. */
export function lazadaExpectedSign(
  appSecret: string,
  apiPath: string,
  params: Readonly<Record<string, string>>,
): string {
  return hmacSha256(appSecret, [lazadaSignBase(apiPath, params)])
    .toString('hex')
    .toUpperCase();
}

/** A push's `Authorization` header: over the app key and then the body exactly as sent. */
export function lazadaPushAuthorization(appKey: string, appSecret: string, rawBody: string): string {
  return hmacSha256(appSecret, [appKey, rawBody]).toString('hex');
}

/** An amount in minor units as Lazada writes it: the major unit with at least two fraction digits. */
export function lazadaAmount(minor: number, decimals: number): string {
  const scale = 10 ** decimals;
  const whole = Math.trunc(Math.abs(minor) / scale);
  const fraction = String(Math.abs(minor) % scale)
    .padStart(decimals, '0')
    .padEnd(2, '0');
  return `${minor < 0 ? '-' : ''}${whole}.${fraction}`;
}

/** An instant at a venture's UTC offset (minutes east), to the second, with the offset written out. */
export function lazadaTime(ms: number, offsetMinutes: number): string {
  const wall = new Date(Math.floor(ms / 1000) * 1000 + offsetMinutes * 60_000);
  const clock = wall.toISOString().slice(0, 19);
  const east = Math.abs(offsetMinutes);
  const hh = String(Math.floor(east / 60)).padStart(2, '0');
  const mm = String(east % 60).padStart(2, '0');
  return `${clock}${offsetMinutes < 0 ? '-' : '+'}${hh}:${mm}`;
}
