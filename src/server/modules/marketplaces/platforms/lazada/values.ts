/**
 * How Lazada spells amounts and times. Amounts are decimal strings ("106.00"), read into integer
 * minor units by decimalToMinor (../../amounts.ts) and written back here. Times come in
 * three spellings across the documents' samples: ISO-8601 with an offset
 * ("2018-02-09T22:44:30+08:00"), "2014-10-15 19:12:15 +0800", and epoch milliseconds as a string
 * ("1413786247000"); all are rendered as ISO-8601 with an offset.
 */
import { MarketplaceError } from '../../connector.js';

/** Minor units as the decimal string Lazada writes: always two fraction digits ("150000.00"). */
export function minorToDecimal(minor: number, decimals: number): string {
  const negative = minor < 0;
  const digits = String(Math.abs(minor)).padStart(decimals + 1, '0');
  const whole = decimals === 0 ? digits : digits.slice(0, -decimals);
  const fraction = (decimals === 0 ? '' : digits.slice(-decimals)).padEnd(2, '0');
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}

const ISO = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}:\d{2}(?:\.\d+)?)(Z|[+-]\d{2}:?\d{2})$/;
const SPACED = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2}) ?([+-]\d{2}:?\d{2})$/;

function offsetWithColon(offset: string): string {
  if (offset === 'Z') return '+00:00';
  return offset.includes(':') ? offset : `${offset.slice(0, 3)}:${offset.slice(3)}`;
}

/** An instant as ISO-8601 with an explicit +00:00 offset. */
export function isoFromMs(ms: number): string {
  return new Date(ms).toISOString().replace('.000Z', 'Z').replace('Z', '+00:00');
}

/**
 * A Lazada time as ISO-8601 with its offset; null when it is absent or not a time (the samples
 * hold placeholders such as "null" or "shipping_time" in optional time fields).
 */
export function lazadaTimeOrNull(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return isoFromEpoch(value);
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (/^\d{10}$|^\d{13}$/.test(text)) return isoFromEpoch(Number(text));
  const match = ISO.exec(text) ?? SPACED.exec(text);
  if (!match) return null;
  const [, date = '', time = '', offset = ''] = match;
  const iso = `${date}T${time}${offsetWithColon(offset)}`;
  return Number.isNaN(Date.parse(iso)) ? null : iso;
}

/** A required Lazada time as ISO-8601 with its offset; 'malformed' when it is missing or not a time. */
export function lazadaTime(value: unknown, what: string): string {
  const iso = lazadaTimeOrNull(value);
  if (iso === null) throw new MarketplaceError('malformed', `${what} is not a time: ${String(value)}`);
  return iso;
}

/** Seconds (10 digits) or milliseconds (13 digits) since the epoch, as ISO-8601. */
function isoFromEpoch(value: number): string {
  return isoFromMs(value < 100_000_000_000 ? value * 1000 : value);
}

/** A time Lazada accepts in a query (YYYY-MM-DDTHH:mm:ss±HH:MM), in UTC, to the second. */
export function lazadaQueryTime(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19) + '+00:00';
}

/** An instant rendered at a venture's UTC offset, to the second ("2018-02-09T22:44:30+08:00"). */
export function lazadaTimeAt(ms: number, offsetMinutes: number): string {
  const local = new Date(Math.floor(ms / 1000) * 1000 + offsetMinutes * 60_000).toISOString().slice(0, 19);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const hours = String(Math.floor(Math.abs(offsetMinutes) / 60)).padStart(2, '0');
  const minutes = String(Math.abs(offsetMinutes) % 60).padStart(2, '0');
  return `${local}${sign}${hours}:${minutes}`;
}

/** A number Lazada may write as a string ("10") or a number (10); NaN when neither. */
export function lenientNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '') return Number(value);
  return Number.NaN;
}

/** An id Lazada may write as a string or a (safe) number, as a string; null when neither. */
export function idString(value: unknown): string | null {
  if (typeof value === 'string' && value.trim() !== '') return value.trim();
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  return null;
}
