/**
 * Waybill batches on the job runner (pg-boss in the same PostgreSQL): any working node takes a
 * batch once. A node lost midway leaves its batch 'running' with the orders it did not reach
 * still 'pending'; the retry works those (an order already arranged is skipped, not arranged twice).
 */
import type { Db } from '../../db/client.js';
import type { JobDefinition } from '../../jobs/job-runner.js';
import { runBatch, WAYBILL_BATCH_JOB, type BatchJob } from './batches.service.js';
import type { LogisticsRuntime } from './runtime.js';

export function logisticsJobs(db: Db, runtime: LogisticsRuntime): JobDefinition<never>[] {
  const batch: JobDefinition<BatchJob> = {
    name: WAYBILL_BATCH_JOB,
    retryLimit: 2,
    async handle(job) {
      await runBatch(db, runtime, job);
    },
  };
  return [batch] as JobDefinition<never>[];
}
