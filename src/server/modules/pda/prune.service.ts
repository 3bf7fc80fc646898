/**
 * Pruning of the PDA sync logs, across tenants, by a periodic job of the server.
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
 * app_pda_prune (migration 0008); when several nodes run the job, one prunes and the others get
 * zeros.
 */
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.js';

/** How long the sync logs are kept, in days. The one place these numbers live. */
export const PDA_RETENTION = { changesDays: 30, processedOpsDays: 90 } as const;

/** When the job runs: shortly after the server is ready, then every few hours. */
export const PDA_PRUNE_SCHEDULE = { firstDelayMs: 60_000, intervalMs: 4 * 60 * 60 * 1000 } as const;

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

export interface PdaPruneJobOptions {
  firstDelayMs?: number;
  intervalMs?: number;
  /** Called after each run that succeeded (tests, metrics). */
  onRun?: (result: PruneResult) => void;
}

export interface PdaPruneJob {
  start(): void;
  /** Clears the timer and waits for a run in progress; no run starts after it. */
  stop(): Promise<void>;
}

/**
 * The periodic prune: first after `firstDelayMs`, then every `intervalMs`, the next run timed
 * from the end of the last. Timers are unref'ed (they never keep the process alive); a failed
 * run is logged and the next one comes as planned.
 */
export function pdaPruneJob(db: Db, log: FastifyBaseLogger, options: PdaPruneJobOptions = {}): PdaPruneJob {
  const firstDelayMs = options.firstDelayMs ?? PDA_PRUNE_SCHEDULE.firstDelayMs;
  const intervalMs = options.intervalMs ?? PDA_PRUNE_SCHEDULE.intervalMs;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;

  const schedule = (delay: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      timer = null;
      running = run().finally(() => {
        running = null;
        schedule(intervalMs);
      });
    }, delay);
    timer.unref();
  };

  const run = async () => {
    try {
      const result = await prunePdaLogs(db);
      log.info(
        { pdaChangesPruned: result.changes, pdaProcessedOpsPruned: result.processedOps },
        'pda sync logs pruned',
      );
      options.onRun?.(result);
    } catch (error) {
      if (!stopped) log.error({ err: error }, 'pda sync log pruning failed');
    }
  };

  return {
    start() {
      if (timer === null && running === null && !stopped) schedule(firstDelayMs);
    },
    async stop() {
      stopped = true;
      if (timer !== null) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}
