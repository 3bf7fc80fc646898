/**
 * Sign-in's records do not grow for ever (a scheduled job of the job runner, one node a slot):
 * - rate_limits rows whose hits have all left their windows (system/rate-limit.ts);
 * - login_failures rows of accounts neither locked nor tried for LOGIN_FAILURE_RETENTION_DAYS:
 *   their wait is long over, and a spray of made-up usernames leaves one row each. A locked
 *   account's row stays until its owner or an administrator lifts the lock; an account's owner
 *   who signs in after the retention is no longer told of attempts that old.
 */
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import { ACCOUNT_LOCK_FAILURES } from '@shared/domain/session.js';
import type { Db } from '../../../db/client.js';
import type { JobDefinition } from '../../../jobs/job-runner.js';
import { pruneRateLimits } from '../../system/index.js';

/** Days a failed attempt of an account that is not locked is remembered. */
export const LOGIN_FAILURE_RETENTION_DAYS = 30;

/** Every hour at minute 41 (UTC), on the job runner's schedule. */
export const SIGN_IN_PRUNE_CRON = '41 * * * *';
export const SIGN_IN_PRUNE_JOB = 'sign-in-prune';

export interface SignInPruneResult {
  rateLimits: number;
  loginFailures: number;
}

/** Deletes the sign-in records past retention; answers how many of each went. */
export async function pruneSignInRecords(db: Db, now?: Date): Promise<SignInPruneResult> {
  const time = now ? sql`${now.toISOString()}::timestamptz` : sql`now()`;
  const rateLimits = await pruneRateLimits(db, now);
  const gone = await db.execute(sql`
    delete from login_failures
    where failures < ${ACCOUNT_LOCK_FAILURES}::integer
      and last_at < ${time} - make_interval(days => ${LOGIN_FAILURE_RETENTION_DAYS}::integer)`);
  return { rateLimits, loginFailures: gone.rowCount ?? 0 };
}

export function signInPruneJob(db: Db, log: FastifyBaseLogger): JobDefinition<Record<string, never>> {
  return {
    name: SIGN_IN_PRUNE_JOB,
    cron: SIGN_IN_PRUNE_CRON,
    retryLimit: 1,
    async handle() {
      const result = await pruneSignInRecords(db);
      log.info(
        { rateLimitsPruned: result.rateLimits, loginFailuresPruned: result.loginFailures },
        'sign-in records pruned',
      );
    },
  };
}
