/**
 * Sliding-window limits shared by every server node through PostgreSQL: the rate_limits row of
 * a key holds the times of the hits that still count (never more than the limit allows), so no
 * window of the limit's length, wherever it starts, holds more accepted hits than the limit.
 * Times come from the database's clock unless a caller passes `now` (tests move the clock).
 */
import { sql, type SQL } from 'drizzle-orm';
import { AppError, type ErrorCode } from '@shared/errors.js';
import type { Db, TenantTx } from '../../db/client.js';
import { rowsOf } from '../../db/client.js';

export interface RateLimit {
  attempts: number;
  windowMs: number;
}

export interface RateLimitState {
  /** Hits inside the window ending now. */
  count: number;
  /** Milliseconds until the oldest of them leaves the window (0 when there are none). */
  retryAfterMs: number;
}

const at = (now: Date | undefined): SQL => (now ? sql`${now.toISOString()}::timestamptz` : sql`now()`);
const windowOf = (limit: RateLimit): SQL => sql`make_interval(secs => ${limit.windowMs / 1000})`;

/** The hits of `key` inside the window ending at `now`, oldest first. */
function recentHits(now: SQL, limit: RateLimit): SQL {
  return sql`array(select h from unnest(rate_limits.hits) h where h > ${now} - ${windowOf(limit)} order by h)`;
}

function stateOf(
  row: { count: number | string; oldest: Date | string | null; now: Date | string },
  limit: RateLimit,
) {
  const count = Number(row.count);
  const retryAfterMs = row.oldest
    ? Math.max(0, new Date(row.oldest).getTime() + limit.windowMs - new Date(row.now).getTime())
    : 0;
  return { count, retryAfterMs };
}

/** Whole minutes to wait, at least one, for an error message. */
export function minutesOf(ms: number): number {
  return Math.max(1, Math.ceil(ms / 60_000));
}

/**
 * Records a hit for `key` if fewer than `limit.attempts` hits fall in the window ending now;
 * answers whether it was accepted and the state after it. A refused hit is not recorded.
 */
export async function countHit(
  db: Db | TenantTx,
  key: string,
  limit: RateLimit,
  now?: Date,
): Promise<RateLimitState & { accepted: boolean }> {
  const time = at(now);
  const recent = recentHits(time, limit);
  const [row] = rowsOf<{ accepted: boolean; count: number; oldest: Date | null; now: Date }>(
    await db.execute(sql`
      insert into rate_limits (key, hits, last_accepted, updated_at)
      values (${key}, array[${time}], true, ${time})
      on conflict (key) do update set
        hits = case when cardinality(${recent}) < ${limit.attempts} then ${recent} || ${time} else ${recent} end,
        last_accepted = cardinality(${recent}) < ${limit.attempts},
        updated_at = ${time}
      returning last_accepted as accepted, cardinality(hits) as count, hits[1] as oldest, ${time} as now`),
  );
  if (!row) throw new Error('rate limit row missing');
  return { accepted: row.accepted, ...stateOf(row, limit) };
}

/** The hits of `key` in the window ending now, without recording one. */
export async function rateLimitState(
  db: Db | TenantTx,
  key: string,
  limit: RateLimit,
  now?: Date,
): Promise<RateLimitState> {
  const time = at(now);
  const [row] = rowsOf<{ count: number; oldest: Date | null; now: Date }>(
    await db.execute(sql`
      select count(h) as count, min(h) as oldest, ${time} as now
      from rate_limits, unnest(rate_limits.hits) h
      where rate_limits.key = ${key} and h > ${time} - ${windowOf(limit)}`),
  );
  return row ? stateOf(row, limit) : { count: 0, retryAfterMs: 0 };
}

/** Forgets the hits of every key that matches the SQL LIKE `pattern`. */
export async function clearRateLimits(db: Db | TenantTx, pattern: string): Promise<void> {
  await db.execute(sql`delete from rate_limits where key like ${pattern}`);
}

/**
 * Counts one hit for `key` and refuses with `code` (and the minutes to wait) past the limit.
 */
export async function hitRateLimit(
  db: Db,
  key: string,
  limit: RateLimit,
  code: ErrorCode = 'common.rate_limited',
  now?: Date,
): Promise<void> {
  const hit = await countHit(db, key, limit, now);
  if (!hit.accepted) throw new AppError(code, { minutes: minutesOf(hit.retryAfterMs) });
}

/**
 * The longest window any limit of the product counts over is an hour (SMS_RATE_LIMIT); a row
 * untouched for a day holds no hit that still counts, and goes (sign-in records prune job).
 */
export const RATE_LIMIT_RETENTION_MS = 24 * 3_600_000;

/** Deletes the rows whose every hit has left its window; answers how many went. */
export async function pruneRateLimits(db: Db, now?: Date): Promise<number> {
  const gone = await db.execute(
    sql`delete from rate_limits where updated_at < ${at(now)} - make_interval(secs => ${RATE_LIMIT_RETENTION_MS / 1000})`,
  );
  return gone.rowCount ?? 0;
}
