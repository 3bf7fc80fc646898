/**
 * Where a listing of Lazada orders stands inside one updated-time window.
 *
 * GetOrders pages by offset over a set that moves while we read it: an order updated meanwhile
 * leaves the window (its updated_at becomes now), everything behind it moves up one place, and a
 * plain offset would skip an order. So the listing is sorted by updated_at ascending and keyed on
 * the last second reached: each page asks `update_after = that second` (inclusive, as documented)
 * and an offset only within that second. The cursor keeps the ids of the last SLACK orders read at
 * that second and asks from SLACK places earlier, dropping those ids when they come again: up to
 * SLACK orders of that one second may leave between two pages without a skip (all of them when
 * fewer than SLACK share it). Orders of earlier seconds are not asked for again, so their leaving
 * shifts nothing. Duplicates (an order updated again later inside the window) are harmless: the
 * sync upserts.
 *
 * Limitation: Lazada documents no order among orders of the same second; the offset assumes the
 * platform keeps one between two calls. More than SLACK departures from one second between two
 * pages could still skip; the sync's overlapping windows and the push messages cover that.
 */
import { MarketplaceError } from '../../connector.js';

/** Orders per page: GetOrders' documented maximum limit. */
export const PAGE_SIZE = 100;
/** How many of the last orders read at the current second the cursor remembers (< PAGE_SIZE). */
export const SLACK = 50;

/** A window on whole seconds, both ends included, as GetOrders reads update_after/update_before. */
export interface SecondWindow {
  afterMs: number;
  beforeMs: number;
}

export interface ListPosition {
  /** The second (ms) the next page starts at. */
  atMs: number;
  /** Orders of that second already passed in the platform's order. */
  passed: number;
  /** Ids of the last of them (at most SLACK), asked for again and dropped. */
  seen: string[];
}

/**
 * The inclusive whole-second window that holds exactly the updated_at values (whole seconds)
 * falling in [from, to): from rounded up to its second, to rounded up less one second. Windows
 * that meet end to end therefore never share or miss a second.
 */
export function secondWindow(from: Date, to: Date): SecondWindow {
  return {
    afterMs: Math.ceil(from.getTime() / 1000) * 1000,
    beforeMs: Math.ceil(to.getTime() / 1000) * 1000 - 1000,
  };
}

/** The offset a page asks for: the position less the remembered ids, which it then drops. */
export function offsetOf(position: ListPosition): number {
  return Math.max(0, position.passed - position.seen.length);
}

/**
 * The position after a full page (orders sorted by updated_at ascending, as listed), given the
 * offset it was asked at: still inside the same second, or at the second of the page's last order.
 */
export function advance(
  position: ListPosition,
  offset: number,
  listed: readonly { id: string; second: number }[],
): ListPosition {
  const last = listed[listed.length - 1];
  if (!last) return position;
  if (last.second <= position.atMs) {
    return {
      atMs: position.atMs,
      passed: offset + listed.length,
      seen: listed.slice(-SLACK).map((order) => order.id),
    };
  }
  const tail = listed.filter((order) => order.second === last.second).map((order) => order.id);
  return { atMs: last.second, passed: tail.length, seen: tail.slice(-SLACK) };
}

interface CursorJson {
  w: [number, number];
  at: number;
  n: number;
  ids: string[];
}

/** The opaque cursor: the window it belongs to and the position, as base64url JSON. */
export function writeCursor(window: SecondWindow, position: ListPosition): string {
  const json: CursorJson = {
    w: [window.afterMs, window.beforeMs],
    at: position.atMs,
    n: position.passed,
    ids: position.seen,
  };
  return Buffer.from(JSON.stringify(json), 'utf8').toString('base64url');
}

/** The position a cursor holds; 'rejected' when it is not ours or belongs to another window. */
export function readCursor(cursor: string, window: SecondWindow): ListPosition {
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    json = null;
  }
  const candidate = json as Partial<CursorJson> | null;
  const isValid =
    candidate !== null &&
    typeof candidate === 'object' &&
    Array.isArray(candidate.w) &&
    candidate.w[0] === window.afterMs &&
    candidate.w[1] === window.beforeMs &&
    typeof candidate.at === 'number' &&
    typeof candidate.n === 'number' &&
    Array.isArray(candidate.ids) &&
    candidate.ids.every((id) => typeof id === 'string');
  if (!isValid || candidate.at === undefined || candidate.n === undefined || candidate.ids === undefined)
    throw new MarketplaceError('rejected', 'the cursor is not one of this window', {
      platformCode: 'cursor',
    });
  return { atMs: candidate.at, passed: candidate.n, seen: candidate.ids };
}
