/**
 * Pruning of the PDA sync logs, across tenants, by a scheduled job (src/server/jobs).
 *
 * - pda_changes (the pull's change log) keeps PDA_RETENTION.changesDays. A device whose cursor
 *   is older than the pruned changes gets a full pull (reset) instead of a delta that would miss
 *   them: app_pda_prune records per tenant the largest xid it pruned (pda_prune_marks), and the
 *   pull compares the cursor with it (pull.service.ts).
 * - pda_processed_ops (what a replayed op is answered) keeps PDA_RETENTION.processedOpsDays,
 *   far longer than a device may stay offline. An op replayed after its row was pruned is no
 *   longer known; its seq is at or below the device's last seq, so it is answered
 *   'pda.sequence_reused' and not applied again (see pda.tables.ts).
 *
 * The app role sees one tenant at a time under RLS, so the work is the SECURITY DEFINER function
 * app_pda_prune (migration 0008); the job runner runs each scheduled slot on one node.
 */
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.js';
import type { JobDefinition } from '../../jobs/job-runner.js';

/** How long the sync logs are kept, in days. The one place these numbers live. */
export const PDA_RETENTION = { changesDays: 30, processedOpsDays: 90 } as const;

/** When the job runs: every four hours, on the job runner's schedule (UTC). */
export const PDA_PRUNE_CRON = '17 */4 * * *';

/** The job's queue name. */
export const PDA_PRUNE_JOB = 'pda-prune';

export interface PruneResult {
  changes: number;
  processedOps: number;
}

/** Deletes the sync log rows past retention in every tenant; returns how many went. */
export async function prunePdaLogs(db: Db, retention = PDA_RETENTION): Promise<PruneResult> {
  const [row] = rowsOf<{ changes_pruned: string; ops_pruned: string }>(
    await db.execute(
      sql`select changes_pruned::text, ops_pruned::text from app_pda_prune(${retention.changesDays}::int, ${retention.processedOpsDays}::int)`,
    ),
  );
  return { changes: Number(row?.changes_pruned ?? 0), processedOps: Number(row?.ops_pruned ?? 0) };
}

/**
 * The pruning as a scheduled job of the job runner (pg-boss): one node runs each slot, however
 * many work jobs. A failed run is logged and retried by the runner; the next slot comes as planned.
 */
export function pdaPruneJob(db: Db, log: FastifyBaseLogger): JobDefinition<Record<string, never>> {
  return {
    name: PDA_PRUNE_JOB,
    cron: PDA_PRUNE_CRON,
    retryLimit: 1,
    async handle() {
      const result = await prunePdaLogs(db);
      log.info(
        { pdaChangesPruned: result.changes, pdaProcessedOpsPruned: result.processedOps },
        'pda sync logs pruned',
      );
    },
  };
}
