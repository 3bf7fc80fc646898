/**
 * The sync on the job runner (pg-boss in the same PostgreSQL): every 30 minutes (spec 02 §9;
 * `syncIntervalMinutes` of the runtime)
 * the schedule — fired once per slot across all server nodes — queues one sync job per active
 * shop, with the shop as singleton key so a shop is never queued twice; any working node takes
 * each job once. 'Sync now' and webhooks queue the same job.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { JobDefinition } from '../../jobs/job-runner.js';
import type { MarketplaceRuntime } from './runtime.js';
import type { SyncRequest } from './sync-run.queries.js';
import { activeShops, syncShop } from './sync.service.js';

export const SYNC_JOB = 'marketplace-sync';
export const SYNC_SCHEDULE_JOB = 'marketplace-sync-schedule';

/**
 * Queues a job; answers whether it was queued (false when the shop already has one waiting).
 * `startAfterSeconds`: no node takes it before then.
 */
export type SyncSender = (request: SyncRequest, options?: { startAfterSeconds?: number }) => Promise<boolean>;

/**
 * A webhook's orders that arrive while the shop's run is under way wait for it: the job is sent
 * again to start this many seconds later, at most BUSY_DEFERRALS times (ten minutes), and
 * completes. Only then does it fail, and the next scheduled run brings the orders anyway. A
 * retry (pg-boss's three, seconds apart) would be spent before a long run ends, and a worker
 * waiting on the run would hold up the queue behind it.
 */
export const BUSY_DEFER_SECONDS = 5;
export const BUSY_DEFERRALS = 120;

/** The singleton key: one queued scheduled or manual sync per shop; a webhook's orders queue apart. */
export const syncKeyOf = (request: SyncRequest) =>
  request.orderNos ? `${request.shopId}:${request.orderNos.join(',').slice(0, 200)}` : request.shopId;

/** The schedule's cron (UTC): every `minutes` from the top of the hour, so slots are the same on every node. */
export function syncCronOf(minutes: number): string {
  if (!Number.isInteger(minutes) || minutes < 1 || 60 % minutes !== 0)
    throw new Error(`the sync interval must divide an hour, not ${minutes} minutes`);
  return minutes === 1 ? '* * * * *' : `*/${minutes} * * * *`;
}

export class SyncBusyError extends Error {
  constructor() {
    super('another sync of the shop is under way');
  }
}

export function marketplaceJobs(
  db: Db,
  runtime: MarketplaceRuntime,
  send: SyncSender,
  log: FastifyBaseLogger,
): JobDefinition<never>[] {
  const sync: JobDefinition<SyncRequest> = {
    name: SYNC_JOB,
    // One queued sync per shop (or per webhook's orders), whichever nodes ask.
    policy: 'short',
    retryLimit: 3,
    async handle(request) {
      const outcome = await syncShop(db, runtime, request);
      // A webhook's orders must not be lost to a run under way: the job waits for it to end.
      if (!outcome && request.orderNos) {
        const deferrals = request.deferrals ?? 0;
        if (deferrals >= BUSY_DEFERRALS) throw new SyncBusyError();
        const again = { ...request, deferrals: deferrals + 1 };
        if (!(await send(again, { startAfterSeconds: BUSY_DEFER_SECONDS }))) throw new SyncBusyError();
        return;
      }
      if (outcome?.state === 'failed')
        log.warn({ shopId: request.shopId, errorCode: outcome.errorCode }, 'shop sync failed');
      if (outcome && outcome.orderErrors.length > 0)
        log.error(
          { shopId: request.shopId, runId: outcome.runId, orders: outcome.orderErrors.slice(0, 20) },
          'shop sync could not store some orders (recorded on the run and the orders)',
        );
    },
  };
  const schedule: JobDefinition<Record<string, never>> = {
    name: SYNC_SCHEDULE_JOB,
    cron: syncCronOf(runtime.syncIntervalMinutes),
    retryLimit: 1,
    async handle() {
      const due = await activeShops(db);
      for (const shop of due) await send({ ...shop, trigger: 'schedule' });
      log.info({ shops: due.length }, 'shop syncs queued');
    },
  };
  return [sync, schedule] as JobDefinition<never>[];
}
