/**
 * Dates and times in an imported spreadsheet. Excel keeps no time zone: a date cell is a wall
 * clock (exceljs hands it over as that wall clock in UTC), and typed text usually has none
 * either. Both are read in the importer's time zone; text that carries an offset (Z, +07:00)
 * means exactly that instant. No I/O.
 */

const TYPED =
  /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;
const DAY_MS = 86_400_000;
/** Excel's day 0 of the 1900 date system (serial 25569 is 1970-01-01). */
const EXCEL_EPOCH_SERIAL = 25_569;

const pad = (value: number, size = 2) => String(value).padStart(size, '0');

/** A date cell's wall clock as text (YYYY-MM-DD HH:mm:ss). */
export function wallClockText(date: Date): string {
  return (
    `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ` +
    `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`
  );
}

/** An Excel serial day number (a date cell Excel shows as a number) as wall-clock text. */
export function serialWallClockText(serial: number): string | null {
  if (!Number.isFinite(serial) || serial < 1 || serial > 2_958_465) return null;
  const ms = Math.round(((serial - EXCEL_EPOCH_SERIAL) * DAY_MS) / 1000) * 1000;
  return wallClockText(new Date(ms));
}

/** How far the zone's wall clock is ahead of UTC at this instant, in ms. */
function zoneOffsetMs(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return wall - (instant - (instant % 1000));
}

/** The instant a wall clock (its fields read as UTC) shows in the zone; a time skipped by a clock change moves forward. */
export function instantOfWallClock(wallMs: number, timeZone: string): number {
  const first = wallMs - zoneOffsetMs(wallMs, timeZone);
  const second = wallMs - zoneOffsetMs(first, timeZone);
  if (first === second) return first;
  // Near a clock change the two guesses differ: take the one that shows this wall clock, or,
  // when none does (the clock skipped it), the later one.
  const shows = (instant: number) => instant + zoneOffsetMs(instant, timeZone) === wallMs;
  if (shows(second)) return second;
  if (shows(first)) return first;
  return Math.max(first, second);
}

/**
 * A typed date (YYYY-MM-DD, also with / or .) or date-time (HH:mm, HH:mm:ss, T or a space),
 * with an optional offset, as an instant (ISO 8601); a date alone is the start of that day.
 * Null when it is no such text or no real day (2024-02-30).
 */
export function readDateTime(text: string, timeZone: string): string | null {
  const match = TYPED.exec(text.trim());
  if (!match) return null;
  const [, year, month, day, hour = '0', minute = '0', second = '0', offset] = match;
  const fields = [year, month, day, hour, minute, second].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const [y, mo, d, h, mi, s] = fields;
  const wallMs = Date.UTC(y, mo - 1, d, h, mi, s);
  const check = new Date(wallMs);
  if (
    check.getUTCFullYear() !== y ||
    check.getUTCMonth() !== mo - 1 ||
    check.getUTCDate() !== d ||
    h > 23 ||
    mi > 59 ||
    s > 59
  )
    return null;
  if (!offset) return new Date(instantOfWallClock(wallMs, timeZone)).toISOString();
  if (offset.toUpperCase() === 'Z') return new Date(wallMs).toISOString();
  const sign = offset.startsWith('-') ? -1 : 1;
  const digits = offset.slice(1).replace(':', '');
  const offsetMs = sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2))) * 60_000;
  return new Date(wallMs - offsetMs).toISOString();
}
