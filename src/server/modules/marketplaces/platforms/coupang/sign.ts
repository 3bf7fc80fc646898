/**
 * Coupang Open API request signing. Coupang has no OAuth: each
 * vendor's own access key and secret key sign every call with an HMAC in the Authorization
 * header, `CEA algorithm=HmacSHA256, access-key=…, signed-date=yyMMdd'T'HHmmss'Z', signature=…`,
 * the signature being hex(HMAC-SHA256(secretKey, signedDate + METHOD + path + query)) with the
 * query exactly as sent and without its `?`; the body is not signed. Coupang documents no
 * webhooks, so there is no inbound signature to check.
 *
 * The sandbox checks requests with these same functions, so both sides stay tied to the vector.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The only algorithm Coupang's gateway names in the CEA header. */
export const COUPANG_ALGORITHM = 'HmacSHA256';

/** Coupang's signed-date: the UTC time as yyMMdd'T'HHmmss'Z' (e.g. 250101T000000Z). */
export function coupangSignedDate(at: Date): string {
  const iso = at.toISOString();
  return `${iso.slice(2, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}T${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z`;
}

/** The instant a signed-date names; null when it is not yyMMdd'T'HHmmss'Z' (years 2000–2099). */
export function parseCoupangSignedDate(signedDate: string): number | null {
  const match = /^(\d{2})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(signedDate);
  if (!match) return null;
  const [, year, month, day, hour, minute, second] = match;
  const at = Date.parse(`20${year}-${month}-${day}T${hour}:${minute}:${second}Z`);
  return Number.isNaN(at) ? null : at;
}

/** The message Coupang signs: signedDate + METHOD + path + query (query as sent, no `?`). */
export function coupangSignatureMessage(input: {
  signedDate: string;
  method: string;
  path: string;
  query: string;
}): string {
  return `${input.signedDate}${input.method.toUpperCase()}${input.path}${input.query}`;
}

/** hex(HMAC-SHA256(secretKey as UTF-8, message as UTF-8)), lowercase. */
export function coupangSignature(secretKey: string, message: string): string {
  return createHmac('sha256', secretKey).update(message, 'utf8').digest('hex');
}

/** The Authorization header value for one request, signed at `now`. */
export function coupangAuthorization(input: {
  accessKey: string;
  secretKey: string;
  method: string;
  path: string;
  query: string;
  now: Date;
}): string {
  const signedDate = coupangSignedDate(input.now);
  const signature = coupangSignature(
    input.secretKey,
    coupangSignatureMessage({ signedDate, method: input.method, path: input.path, query: input.query }),
  );
  return `CEA algorithm=${COUPANG_ALGORITHM}, access-key=${input.accessKey}, signed-date=${signedDate}, signature=${signature}`;
}

export interface CoupangAuthorizationParts {
  algorithm: string;
  accessKey: string;
  signedDate: string;
  signature: string;
}

/**
 * The parts of a CEA Authorization header; null when it is not one. Coupang's own samples write
 * the parts with and without a space after each comma, so both are read.
 */
export function parseCoupangAuthorization(header: string | undefined): CoupangAuthorizationParts | null {
  if (!header?.startsWith('CEA ')) return null;
  const parts = new Map<string, string>();
  for (const piece of header.slice(4).split(',')) {
    const index = piece.indexOf('=');
    if (index <= 0) return null;
    parts.set(piece.slice(0, index).trim(), piece.slice(index + 1).trim());
  }
  const algorithm = parts.get('algorithm');
  const accessKey = parts.get('access-key');
  const signedDate = parts.get('signed-date');
  const signature = parts.get('signature');
  if (!algorithm || !accessKey || !signedDate || !signature) return null;
  return { algorithm, accessKey, signedDate, signature };
}

/** Whether a presented hex signature equals the expected one (constant time). */
export function coupangSignatureMatches(expected: string, presented: string): boolean {
  const left = Buffer.from(expected, 'utf8');
  const right = Buffer.from(presented.toLowerCase(), 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}
