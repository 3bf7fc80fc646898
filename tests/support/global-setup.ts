/**
 * Prepares one template database per run: migrated and seeded with the demo data. Each
 * test file clones it (CREATE DATABASE … TEMPLATE), so files run in parallel on their own
 * data. TEST_DATABASE_URL names the server; without it an embedded PostgreSQL is started.
 */
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { connectDatabase } from '@server/db/client.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '@server/db/embedded.js';
import { runMigrations } from '@server/db/migrate.js';
import { installJobSchema } from '@server/jobs/job-runner.js';
import { seedDemo } from '@server/seed/demo.js';
import { databaseUrl, newRunPrefix, templateName } from './database-names.js';

let embedded: EmbeddedDatabase | null = null;

export default async function setup(project: TestProject) {
  let serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    embedded = await startEmbeddedPostgres('./data/test', 54330, (message) => console.warn(message));
    serverUrl = embedded.url;
  }
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const runPrefix = newRunPrefix();
  const template = templateName(runPrefix);
  await admin.query(`create database ${template}`);
  const templateUrl = databaseUrl(serverUrl, template);
  const database = connectDatabase({ url: templateUrl, poolSize: 2 });
  await runMigrations(database.ownerPool);
  await seedDemo(database.db);
  await installJobSchema(database.ownerConnection);
  await database.close();
  await admin.end();
  project.provide('databaseServerUrl', serverUrl);
  project.provide('databaseRunPrefix', runPrefix);

  return async () => {
    const cleanup = new pg.Client({ connectionString: serverUrl });
    await cleanup.connect();
    const { rows } = await cleanup.query<{ datname: string }>(
      `select datname from pg_database where starts_with(datname, $1)`,
      [runPrefix],
    );
    for (const row of rows) await cleanup.query(`drop database if exists ${row.datname} with (force)`);
    await cleanup.end();
    await embedded?.stop();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseServerUrl: string;
    databaseRunPrefix: string;
  }
}
