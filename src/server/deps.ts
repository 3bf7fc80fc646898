import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db/client.js';
import type { FileStorage } from './modules/files/index.js';
import type { SmsSender } from './modules/identity/index.js';
import type { JobRunner } from './jobs/job-runner.js';

/** What the app's services need from outside: built once in buildApp, passed explicitly. */
export interface AppDeps {
  db: Db;
  sms: SmsSender;
  casServerUrl: string | undefined;
  log: FastifyBaseLogger;
  files: FileStorage;
  /** Queues background jobs (pg-boss); any node may send, working nodes take them. */
  jobs: Pick<JobRunner, 'send'>;
}
