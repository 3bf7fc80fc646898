/**
 * Coupang Open API as its gateway checks a call and its order APIs write times, stated from the
 * developer portal's pages (docs/research/marketplace-apis.md §5, a 2019 mirror of the official site: the
 * python, php and pre-script HMAC examples and the delivery API documents):
 *
 * - every call carries `Authorization: CEA algorithm=HmacSHA256, access-key={accessKey},
 *   signed-date={signedDate}, signature={signature}`, the signed-date being the UTC time as
 *   yyMMdd'T'HHmmss'Z' and the signature hex(HMAC-SHA256(secretKey, signedDate + METHOD + path +
 *   query)), the query exactly as sent without its `?` (empty when there is none); the body is
 *   not signed;
 * - times are Korea Standard Time without a zone (`2017-10-10T10:20:16`) and the list windows
 *   KST calendar days (`yyyy-MM-dd`); Korea keeps no daylight saving, so KST is UTC+09:00.
 */
import { hmacSha256 } from './hmac.js';

/** The one algorithm the CEA header names. */
export const CEA_ALGORITHM = 'HmacSHA256';

/** Shipment-box statuses of the ordersheets listing (§5 "Orders"): its `status` filter takes one of them. */
export const COUPANG_BOX_STATUSES = [
  'ACCEPT',
  'INSTRUCT',
  'DEPARTURE',
  'DELIVERING',
  'FINAL_DELIVERY',
  'NONE_TRACKING',
] as const;
export type CoupangBoxStatus = (typeof COUPANG_BOX_STATUSES)[number];

/** The four named parts of a CEA Authorization header. */
export interface CeaHeader {
  algorithm: string;
  accessKey: string;
  signedDate: string;
  signature: string;
}

/**
 * Reads `CEA name=value, name=value…`; null when a part is missing or the scheme is not CEA. The
 * portal's examples write the parts both with and without a space after each comma.
 */
export function readCeaHeader(header: string | undefined): CeaHeader | null {
  const match = /^CEA\s+(.*)$/.exec(header ?? '');
  if (!match?.[1]) return null;
  const named: Record<string, string> = {};
  for (const part of match[1].split(',')) {
    const [name, ...value] = part.split('=');
    if (name === undefined || value.length === 0) return null;
    named[name.trim()] = value.join('=').trim();
  }
  const { algorithm, 'access-key': accessKey, 'signed-date': signedDate, signature } = named;
  if (!algorithm || !accessKey || !signedDate || !signature) return null;
  return { algorithm, accessKey, signedDate, signature };
}

/** A UTC instant as a signed-date: yyMMdd'T'HHmmss'Z'. */
export function signedDateOf(ms: number): string {
  const iso = new Date(ms).toISOString();
  return `${iso.slice(2, 10).replaceAll('-', '')}T${iso.slice(11, 19).replaceAll(':', '')}Z`;
}

/** The instant a signed-date names (this century); null when it is not one or names no real time. */
export function signedDateInstant(signedDate: string): number | null {
  const digits = /^(\d\d)(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/.exec(signedDate);
  if (!digits) return null;
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0] = digits.slice(1).map(Number);
  const at = Date.UTC(2000 + year, month - 1, day, hour, minute, second);
  // Date.UTC rolls an impossible time over (month 13, 31 April, 24:00); written back it differs.
  return signedDateOf(at) === signedDate ? at : null;
}

/** The signature the gateway expects: over signed-date, method, path and the query as sent. */
export function coupangExpectedSignature(
  secretKey: string,
  call: { signedDate: string; method: string; path: string; query: string },
): string {
  return hmacSha256(secretKey, [call.signedDate, call.method.toUpperCase(), call.path, call.query]).toString(
    'hex',
  );
}

const KST_MS = 9 * 3_600_000;

/** An instant as Coupang writes a time: KST, to the second, with no zone. */
export function kstTime(ms: number): string {
  return new Date(ms + KST_MS).toISOString().slice(0, 19);
}

/** The KST calendar day an instant falls on. */
export function kstDay(ms: number): string {
  return kstTime(ms).slice(0, 10);
}

/** The instant a KST calendar day begins; null when the text is not a real `yyyy-MM-dd` day. */
export function kstMidnight(day: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const at = Date.parse(`${day}T00:00:00Z`) - KST_MS;
  return Number.isNaN(at) || kstDay(at) !== day ? null : at;
}
