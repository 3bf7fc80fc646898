/**
 * Shopify signs nothing we send (the access token alone authenticates an Admin API call); it signs
 * what it sends us, two ways:
 * - the OAuth redirect and app launch: hex HMAC-SHA256 of the query without `hmac` and `signature`,
 *   keys sorted, `key=value` URL-encoded with %20 for spaces, joined with `&`;
 * - webhooks: base64 HMAC-SHA256 of the raw body, in `X-Shopify-Hmac-Sha256`.
 * The key is the app's client secret as UTF-8 bytes. The sandbox signs with these same functions.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** Parameters Shopify leaves out of the signed query. */
const UNSIGNED_PARAMS = new Set(['hmac', 'signature']);

/**
 * The string Shopify signs on an OAuth redirect: every parameter but hmac and signature, sorted by
 * name (byte order), URL-encoded as URLSearchParams does with spaces as %20, joined with '&'.
 */
export function oauthQueryMessage(query: Readonly<Record<string, string>>): string {
  const params = new URLSearchParams();
  for (const key of Object.keys(query).sort()) {
    const value = query[key];
    if (UNSIGNED_PARAMS.has(key) || value === undefined) continue;
    params.append(key, value);
  }
  return params.toString().replace(/\+/g, '%20');
}

/** The hex HMAC-SHA256 Shopify puts in an OAuth redirect's `hmac` parameter. */
export function oauthQueryHmac(clientSecret: string, query: Readonly<Record<string, string>>): string {
  return createHmac('sha256', clientSecret).update(oauthQueryMessage(query), 'utf8').digest('hex');
}

/** The base64 HMAC-SHA256 of a webhook's raw body: what `X-Shopify-Hmac-Sha256` carries. */
export function webhookHmac(clientSecret: string, rawBody: Buffer | string): string {
  const body = typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : rawBody;
  return createHmac('sha256', clientSecret).update(body).digest('base64');
}

/** Compares two signatures in constant time; false when their lengths differ. */
export function signaturesMatch(expected: string, presented: string): boolean {
  const left = Buffer.from(expected, 'utf8');
  const right = Buffer.from(presented, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** True when an OAuth redirect's `hmac` is the one the client secret gives its other parameters. */
export function verifyOauthQuery(clientSecret: string, query: Readonly<Record<string, string>>): boolean {
  const presented = query.hmac;
  if (presented === undefined || presented === '') return false;
  return signaturesMatch(oauthQueryHmac(clientSecret, query), presented.toLowerCase());
}

/** True when a webhook's `X-Shopify-Hmac-Sha256` header is the HMAC of its raw body. */
export function verifyWebhookHmac(
  clientSecret: string,
  rawBody: Buffer,
  header: string | undefined,
): boolean {
  if (header === undefined || header === '') return false;
  return signaturesMatch(webhookHmac(clientSecret, rawBody), header.trim());
}
