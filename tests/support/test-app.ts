/**
 * A test file's own world: a fresh database cloned from the seeded template, the app built on
 * it, and helpers to sign in as the demo users. Real PostgreSQL throughout.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type BuildAppOptions } from '@server/app.js';
import { connectDatabase, type Database } from '@server/db/client.js';
import type { SmsSender } from '@server/modules/identity/sign-in/sms.js';
import { DEMO_PASSWORD } from '@server/seed/demo.js';
import { databaseUrl, templateName } from './database-names.js';

export interface SentSms {
  phone: string;
  text: string;
}

export interface TestWorld {
  app: FastifyInstance;
  database: Database;
  sentSms: SentSms[];
  /** Signs in a demo user (password Demo12345) and returns the token. */
  login(username: string, options?: { agentCode?: string; host?: string }): Promise<string>;
  request(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  /**
   * Builds another app on this world's database with its own pools, as a second server node
   * would be; it is closed with the world.
   */
  buildAnotherApp(options?: Partial<BuildAppOptions>): Promise<FastifyInstance>;
  close(): Promise<void>;
}

/** `jobWorkers`: jobs the app works at once (default 1; 0 makes it a node that only queues them). */
export async function createTestWorld(
  options: Partial<BuildAppOptions> = {},
  { jobWorkers = 1 }: { jobWorkers?: number } = {},
): Promise<TestWorld> {
  const serverUrl = inject('databaseServerUrl');
  const runPrefix = inject('databaseRunPrefix');
  const name = `${runPrefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${templateName(runPrefix)}`);
  await admin.end();
  const database = connectDatabase({ url: databaseUrl(serverUrl, name), poolSize: 10 });
  const sentSms: SentSms[] = [];
  const sms: SmsSender = {
    async send(phone, text) {
      sentSms.push({ phone, text });
    },
  };
  // Uploaded files go to a folder of this world's own, removed with it.
  const filesDir = mkdtempSync(join(tmpdir(), 'world-files-'));
  const app = await buildApp({
    db: database.db,
    logLevel: 'silent',
    sms,
    filesDir,
    listenConnection: database.appConnection,
    // Jobs are worked as sent; schedules are off, so no timed run lands in the middle of a test.
    jobs: {
      connection: database.ownerConnection,
      workers: jobWorkers,
      pollingIntervalSeconds: 0.5,
      schedules: false,
    },
    ...options,
  });
  await app.ready();
  const others: { app: FastifyInstance; database: Database }[] = [];

  const request: TestWorld['request'] = ({ token, headers, ...rest }) =>
    app.inject({ ...rest, headers: { ...(headers ?? {}), ...(token ? { 'x-access-token': token } : {}) } });

  return {
    app,
    database,
    sentSms,
    request,
    async login(username, { agentCode, host } = {}) {
      const response = await request({
        method: 'POST',
        url: '/api/sys/login',
        headers: host ? { host } : {},
        payload: { username, password: DEMO_PASSWORD, ...(agentCode ? { agentCode } : {}) },
      });
      const body = response.json();
      if (!body.success) throw new Error(`login ${username} failed: ${response.body}`);
      return body.result.token as string;
    },
    async buildAnotherApp(extra = {}) {
      const otherDatabase = connectDatabase({ url: databaseUrl(serverUrl, name), poolSize: 4 });
      const other = await buildApp({
        db: otherDatabase.db,
        logLevel: 'silent',
        sms,
        listenConnection: otherDatabase.appConnection,
        filesDir,
        ...extra,
      });
      others.push({ app: other, database: otherDatabase });
      await other.ready();
      return other;
    },
    async close() {
      for (const other of others) {
        await other.app.close();
        await other.database.close();
      }
      await app.close();
      await database.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
      rmSync(filesDir, { recursive: true, force: true });
    },
  };
}
