import { sql } from 'drizzle-orm';
import { AppError, type ErrorCode } from '../../../shared/errors.js';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/client.js';

/**
 * Counts one hit for `key` in the current fixed window and refuses past the limit. The
 * counters live in PostgreSQL so every server node shares them.
 */
export async function hitRateLimit(
  db: Db,
  key: string,
  limit: { attempts: number; windowMs: number },
  code: ErrorCode = 'common.rate_limited',
): Promise<void> {
  const windowSeconds = Math.ceil(limit.windowMs / 1000);
  const result = await db.execute(sql`
    with cleared as (
      delete from rate_limits
      where key = ${key} and window_start < to_timestamp(floor(extract(epoch from now()) / ${windowSeconds}) * ${windowSeconds})
    )
    insert into rate_limits (key, window_start, hits)
    values (${key}, to_timestamp(floor(extract(epoch from now()) / ${windowSeconds}) * ${windowSeconds}), 1)
    on conflict (key, window_start) do update set hits = rate_limits.hits + 1
    returning hits`);
  const [row] = rowsOf<{ hits: number }>(result);
  if ((row?.hits ?? 0) > limit.attempts) {
    throw new AppError(code, { minutes: Math.ceil(limit.windowMs / 60000) });
  }
}
