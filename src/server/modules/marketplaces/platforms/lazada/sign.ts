/**
 * Lazada Open Platform signatures, as its documents give them:
 * - a request: HEX(HMAC-SHA256(app_secret, apiPath + key1value1key2value2…)) in upper case, over
 *   every parameter but `sign` sorted by name in ASCII order, empty values left out (the official
 *   Java and C# samples skip them), the API path without `/rest` in front;
 * - a push: hex(HMAC-SHA256(app_secret, app_key + raw body)) in lower case, in the Authorization
 *   header.
 * The connector signs with these and the sandbox checks with them, so both sides stay tied to the
 * test vectors.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The parameters every call carries besides its own (the access token only on seller APIs). */
export interface LazadaSystemParams {
  appKey: string;
  appSecret: string;
  /** Milliseconds since the epoch; Lazada refuses a timestamp more than 7200 s from UTC. */
  timestampMs: number;
  accessToken?: string;
}

/** The string Lazada signs: the API path, then each non-empty parameter's name and value, sorted by name. */
export function lazadaStringToSign(apiPath: string, params: Readonly<Record<string, string>>): string {
  const names = Object.keys(params)
    .filter((name) => name !== 'sign' && name !== '' && params[name] !== undefined && params[name] !== '')
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return apiPath + names.map((name) => `${name}${params[name] ?? ''}`).join('');
}

/** A request's `sign`: upper-case hex HMAC-SHA256 of the string to sign, keyed by the app secret. */
export function signLazadaRequest(
  appSecret: string,
  apiPath: string,
  params: Readonly<Record<string, string>>,
): string {
  return createHmac('sha256', appSecret)
    .update(lazadaStringToSign(apiPath, params), 'utf8')
    .digest('hex')
    .toUpperCase();
}

/**
 * All parameters of one call, signed: the business parameters plus app_key, timestamp (ms),
 * sign_method=sha256, access_token when given, and sign over all of them.
 */
export function signedLazadaParams(
  apiPath: string,
  business: Readonly<Record<string, string>>,
  system: LazadaSystemParams,
): Record<string, string> {
  const params: Record<string, string> = {
    ...business,
    app_key: system.appKey,
    timestamp: String(system.timestampMs),
    sign_method: 'sha256',
  };
  if (system.accessToken !== undefined) params.access_token = system.accessToken;
  params.sign = signLazadaRequest(system.appSecret, apiPath, params);
  return params;
}

/** A push's Authorization header: lower-case hex HMAC-SHA256 of app_key + the raw body. */
export function signLazadaWebhook(appKey: string, appSecret: string, rawBody: Buffer | string): string {
  return createHmac('sha256', appSecret)
    .update(Buffer.concat([Buffer.from(appKey, 'utf8'), Buffer.from(rawBody)]))
    .digest('hex');
}

/** Whether two hex signatures are equal, ignoring case, compared in constant time. */
export function sameSignature(expected: string, presented: string): boolean {
  const a = Buffer.from(expected.toLowerCase(), 'utf8');
  const b = Buffer.from(presented.toLowerCase(), 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}
