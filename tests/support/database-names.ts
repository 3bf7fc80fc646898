import { randomBytes } from 'node:crypto';

/** Databases of one test run share its prefix, so parallel runs never touch each other's. */
export function newRunPrefix(): string {
  return `wms_test_${randomBytes(4).toString('hex')}`;
}

export function templateName(runPrefix: string): string {
  return `${runPrefix}_template`;
}

/** The same server URL pointing at another database. */
export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}
