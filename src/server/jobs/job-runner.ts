/**
 * Background jobs on pg-boss, in the same PostgreSQL as the data: a job sent by any server node
 * is taken by exactly one node that works (pg-boss takes jobs with SKIP LOCKED), and schedules
 * fire once per slot across nodes. pg-boss keeps its tables in its own schema (`pgboss`), made
 * and migrated by `start()` through the owner's connection; job handlers do their tenant work
 * through the app's pool like requests do.
 *
 * A node started with WORKERS=0 only sends jobs (a web-only node): it registers no handler and
 * runs no schedule.
 */
import PgBoss from 'pg-boss';
import type pg from 'pg';

export interface JobLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

/** One kind of job: its queue name, how it is retried, and its work. */
export interface JobDefinition<Data extends object> {
  name: string;
  handle(data: Data, job: { id: string }): Promise<void>;
  /** Attempts after the first failure (pg-boss retries with back-off). */
  retryLimit?: number;
  /** A cron expression (UTC) when the job also runs on a schedule. */
  cron?: string;
  /**
   * pg-boss's queue policy: 'short' keeps at most one job per singleton key waiting (a send with
   * the key of a job still queued is refused, answering null); 'standard' (the default) queues
   * every send.
   */
  policy?: 'standard' | 'short';
}

export interface JobRunner {
  /**
   * Queues a job; a job with the same singleton key still queued is not queued twice. A job sent
   * with `startAfterSeconds` waits that long before any node takes it.
   */
  send(
    name: string,
    data: object,
    options?: { singletonKey?: string; startAfterSeconds?: number },
  ): Promise<string | null>;
  /** Whether this node works jobs (WORKERS is not 0). */
  readonly works: boolean;
  stop(): Promise<void>;
}

export interface JobRunnerOptions {
  /** The owner's connection (pg-boss makes and migrates its schema). */
  connection: pg.ClientConfig;
  definitions: readonly JobDefinition<never>[];
  /** Jobs this node works at once per queue (a pg-boss worker each); 0: none (a web-only node). */
  workers: number;
  log: JobLog;
  /** How often an idle worker looks for work, in seconds (pg-boss's minimum is 0.5). */
  pollingIntervalSeconds?: number;
  /** Whether this node runs the cron schedules (default: when it works jobs). */
  schedules?: boolean;
  /**
   * How often the nodes look whether a schedule's slot has come, in seconds (pg-boss's default
   * 30, at least 1): a slot fires up to this late. Tests use 1 to see slots without waiting.
   */
  cronCheckSeconds?: number;
}

const SCHEMA = 'pgboss';

export async function startJobRunner(options: JobRunnerOptions): Promise<JobRunner> {
  const boss = new PgBoss({
    ...(typeof options.connection.connectionString === 'string'
      ? { connectionString: options.connection.connectionString }
      : {}),
    schema: SCHEMA,
    max: 3,
    application_name: 'wms-jobs',
    // Completed jobs are kept a week for diagnosis, then archived and deleted by pg-boss.
    deleteAfterDays: 7,
    schedule: options.workers > 0 && options.schedules !== false,
    supervise: options.workers > 0,
    ...(options.cronCheckSeconds
      ? {
          cronMonitorIntervalSeconds: options.cronCheckSeconds,
          cronWorkerIntervalSeconds: options.cronCheckSeconds,
        }
      : {}),
  });
  boss.on('error', (error: Error) => options.log.error({ err: error }, 'job runner error'));
  await boss.start();
  for (const definition of options.definitions) {
    await boss.createQueue(definition.name, {
      name: definition.name,
      policy: definition.policy ?? 'standard',
      retryLimit: definition.retryLimit ?? 2,
      retryBackoff: true,
    });
  }
  if (options.workers > 0) {
    for (const definition of options.definitions) {
      // One pg-boss worker works one job at a time: `workers` of them per queue work that many
      // at once (each takes its job with SKIP LOCKED, so no job is taken twice).
      for (let worker = 0; worker < options.workers; worker += 1) {
        await boss.work<object>(
          definition.name,
          { batchSize: 1, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 },
          async ([job]) => {
            if (!job) return;
            try {
              await definition.handle(job.data as never, { id: job.id });
            } catch (error) {
              options.log.warn({ err: error, job: definition.name, id: job.id }, 'job failed');
              throw error;
            }
          },
        );
      }
      if (definition.cron && options.schedules !== false)
        await boss.schedule(definition.name, definition.cron, {}, { tz: 'UTC' });
    }
  }
  return {
    works: options.workers > 0,
    async send(name, data, sendOptions = {}) {
      return boss.send(name, data, {
        ...(sendOptions.singletonKey ? { singletonKey: sendOptions.singletonKey } : {}),
        ...(sendOptions.startAfterSeconds ? { startAfter: sendOptions.startAfterSeconds } : {}),
      });
    },
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}

/**
 * Makes or migrates pg-boss's schema and stops: for a database that is copied before any node
 * starts (the test suite's template), so copies do not each make it.
 */
export async function installJobSchema(connection: pg.ClientConfig): Promise<void> {
  const boss = new PgBoss({
    ...(typeof connection.connectionString === 'string'
      ? { connectionString: connection.connectionString }
      : {}),
    schema: SCHEMA,
    max: 1,
    schedule: false,
    supervise: false,
  });
  boss.on('error', () => undefined);
  await boss.start();
  await boss.stop({ graceful: false, wait: true });
}
