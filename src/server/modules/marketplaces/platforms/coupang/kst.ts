/**
 * Coupang speaks Korea Standard Time without a zone: order times are `yyyy-MM-ddTHH:mm:ss`
 * (some fields `yyyy-MM-dd HH:mm:ss`), list windows are KST calendar days `yyyy-MM-dd`. Korea
 * keeps no daylight saving, so KST is always UTC+09:00. The connector and the sandbox both read
 * and write Coupang's times through these functions.
 */
const KST_OFFSET_MS = 9 * 3_600_000;

/** The KST calendar day of an instant, `yyyy-MM-dd`. */
export function kstDate(ms: number): string {
  return new Date(ms + KST_OFFSET_MS).toISOString().slice(0, 10);
}

/** An instant as Coupang writes it, KST without a zone: `yyyy-MM-ddTHH:mm:ss`. */
export function kstLocal(ms: number): string {
  return new Date(ms + KST_OFFSET_MS).toISOString().slice(0, 19);
}

/** An instant as ISO-8601 with the KST offset: `yyyy-MM-ddTHH:mm:ss+09:00`. */
export function kstIso(ms: number): string {
  return `${kstLocal(ms)}+09:00`;
}

/** The instant KST midnight starts a `yyyy-MM-dd` day; null when it is not such a day. */
export function kstDayStart(day: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const at = Date.parse(`${day}T00:00:00+09:00`);
  return Number.isNaN(at) || kstDate(at) !== day ? null : at;
}

/**
 * The instant a Coupang KST time names (`yyyy-MM-ddTHH:mm:ss` or with a space, seconds and a
 * fraction optional); null when the text is empty or not such a time.
 */
export function parseKst(text: unknown): number | null {
  if (typeof text !== 'string') return null;
  const match = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(:\d{2}(?:\.\d{1,9})?)?$/.exec(text.trim());
  if (!match) return null;
  const at = Date.parse(`${match[1]}T${match[2]}${(match[3] ?? ':00').slice(0, 7)}+09:00`);
  return Number.isNaN(at) ? null : at;
}
