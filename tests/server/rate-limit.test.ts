/**
 * The per-address limits are sliding windows kept in PostgreSQL: no window of the limit's
 * length holds more accepted hits than the limit, wherever it starts. The clock is moved by
 * passing the time, never by sleeping.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pruneSignInRecords } from '@server/modules/identity/index.js';
import { countHit, hitRateLimit, rateLimitState } from '@server/modules/system/rate-limit.js';
import { ACCOUNT_LOCK_FAILURES } from '@shared/domain/session.js';
import { createTestWorld, type TestWorld } from '../support/test-app.js';

let world: TestWorld;
beforeAll(async () => {
  world = await createTestWorld();
});
afterAll(() => world.close());

const LIMIT = { attempts: 30, windowMs: 10 * 60_000 };
/** Ten seconds before the edge of a 10-minute fixed window. */
const BEFORE_EDGE = Date.parse('2030-01-01T00:09:50Z');
const at = (ms: number) => new Date(BEFORE_EDGE + ms);

async function acceptedOf(key: string, times: number[]): Promise<number> {
  let accepted = 0;
  for (const time of times)
    if ((await countHit(world.database.db, key, LIMIT, at(time))).accepted) accepted += 1;
  return accepted;
}

describe('sliding-window rate limit', () => {
  it('accepts no more than the limit in 17 s across the edge of a fixed window', async () => {
    const key = 'test:edge';
    const beforeEdge = Array.from({ length: 30 }, (_, i) => i * 100);
    const afterEdge = Array.from({ length: 30 }, (_, i) => 15_000 + i * 100);
    expect(await acceptedOf(key, beforeEdge)).toBe(30);
    expect(await acceptedOf(key, afterEdge)).toBe(0);
  });

  it('frees one hit as each accepted hit leaves the window', async () => {
    const key = 'test:slide';
    expect(
      await acceptedOf(
        key,
        Array.from({ length: 30 }, (_, i) => i * 1000),
      ),
    ).toBe(30);
    // Just after the first hit is 10 minutes old, one more fits, and only one.
    expect(await acceptedOf(key, [LIMIT.windowMs + 500, LIMIT.windowMs + 600])).toBe(1);
    // Ten seconds later ten more of the first hits have left.
    expect(
      await acceptedOf(
        key,
        Array.from({ length: 12 }, () => LIMIT.windowMs + 10_500),
      ),
    ).toBe(10);
    const state = await rateLimitState(world.database.db, key, LIMIT, at(LIMIT.windowMs + 10_500));
    expect(state.count).toBe(30);
  });

  it('does not count refused hits, so a steady stream gets the limit and no more', async () => {
    const key = 'test:steady';
    // One attempt every 5 s for 30 minutes: 360 attempts, 30 per 10 minutes at most.
    const times = Array.from({ length: 360 }, (_, i) => i * 5000);
    expect(await acceptedOf(key, times)).toBe(90);
  });

  it('refuses with the minutes until the oldest hit leaves the window', async () => {
    const key = 'test:minutes';
    for (let i = 0; i < 30; i += 1) await hitRateLimit(world.database.db, key, LIMIT, undefined, at(0));
    await expect(
      hitRateLimit(world.database.db, key, LIMIT, undefined, at(4 * 60_000)),
    ).rejects.toMatchObject({ code: 'common.rate_limited', params: { minutes: 6 } });
  });
});

describe('the sign-in records prune job', () => {
  it('forgets limits whose hits all left their windows and stale failures, never a locked account', async () => {
    const owner = world.database.ownerPool;
    const day = 86_400_000;
    const now = new Date('2031-06-01T12:00:00Z');
    const ago = (ms: number) => new Date(now.getTime() - ms);
    await countHit(world.database.db, 'prune:old', LIMIT, ago(2 * day));
    await countHit(world.database.db, 'prune:recent', LIMIT, ago(3_600_000));
    const failure = (key: string, failures: number, lastAt: Date) =>
      owner.query(
        `insert into login_failures (key, failures, uncounted, checked_at, last_at) values ($1, $2, 0, $3, $3)`,
        [key, failures, lastAt],
      );
    await failure('prune:stale', 3, ago(31 * day));
    await failure('prune:fresh', 3, ago(29 * day));
    await failure('prune:locked', ACCOUNT_LOCK_FAILURES, ago(400 * day));

    const pruned = await pruneSignInRecords(world.database.db, now);
    // The other tests' limits (their clock is in 2030) went as well.
    expect(pruned.loginFailures).toBe(1);
    expect(pruned.rateLimits).toBeGreaterThanOrEqual(1);
    const left = async (table: string) =>
      (
        await owner.query<{ key: string }>(`select key from ${table} where key like 'prune:%' order by key`)
      ).rows.map((row) => row.key);
    expect(await left('rate_limits')).toEqual(['prune:recent']);
    expect(await left('login_failures')).toEqual(['prune:fresh', 'prune:locked']);
  });
});
