import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db/client.js';
import type { FileStorage } from './modules/files/local-storage.js';
import type { SmsSender } from './modules/identity/sign-in/sms.js';

/** What the app's services need from outside: built once in buildApp, passed explicitly. */
export interface AppDeps {
  db: Db;
  sms: SmsSender;
  casServerUrl: string | undefined;
  log: FastifyBaseLogger;
  files: FileStorage;
}

/** Where a pre-login request came from: for tenant resolution, rate limits and the session row. */
export interface RequestOrigin {
  domain: string;
  ip: string;
  userAgent: string;
}
