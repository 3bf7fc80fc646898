/**
 * Part of `npm run bench`: the gzipped JavaScript the admin's login page and home page and the
 * PDA's first screen load, measured in Chromium against the built apps, each beside its budget
 * (login page 300 KB, PDA first load 200 KB).
 */
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { buildApp } from '@server/app.js';
import { connectDatabase } from '@server/db/client.js';
import { runMigrations } from '@server/db/migrate.js';
import { seedDemo } from '@server/seed/demo.js';
import { ensureWebBuild } from '../scripts/web-build.js';
import { hasChromium, launchBrowser, loginThroughUi } from '../tests/e2e/browser.js';
import {
  LOGIN_PAGE_BUDGET_BYTES,
  PDA_FIRST_LOAD_BUDGET_BYTES,
  recordScripts,
  totalBytes,
} from '../tests/e2e/bundle-size.js';

const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const kb = (bytes: number) => `${(bytes / 1024).toFixed(2)} KB`;

if (!hasChromium) {
  console.log('bundle sizes: skipped (no Chromium at /usr/bin/chromium)');
  process.exit(0);
}
if (!ensureWebBuild()) process.exit(1);

const name = `wms_bench_web_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`create database ${name}`);
const url = new URL(serverUrl);
url.pathname = `/${name}`;
const database = connectDatabase({ url: url.toString(), poolSize: 4 });
try {
  await runMigrations(database.ownerPool);
  await seedDemo(database.db);
  const app = await buildApp({ db: database.db, logLevel: 'silent' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://localhost:${(app.server.address() as AddressInfo).port}`;
  const browser = await launchBrowser();
  const page = await browser.newPage();
  const scripts = recordScripts(page);
  await page.goto(`${base}/user/login`);
  await page.getByPlaceholder(/username|用户名/i).waitFor();
  const login = totalBytes(scripts());
  await loginThroughUi(page, base, 'seller');
  await page.waitForLoadState('networkidle');
  const home = totalBytes(scripts());
  const pdaPage = await browser.newPage();
  const pdaScripts = recordScripts(pdaPage);
  await pdaPage.goto(`${base}/pda/`);
  await pdaPage.getByPlaceholder(/username|用户名/i).waitFor();
  const pda = totalBytes(pdaScripts());
  await browser.close();
  await app.close();
  console.log('\nJavaScript loaded (gzip -9 of the built files):');
  const verdict = (bytes: number, budget: number) =>
    `target ≤ ${kb(budget)}: ${bytes <= budget ? 'met' : 'NOT met'}`;
  console.log(`  login page       ${kb(login).padStart(10)}   ${verdict(login, LOGIN_PAGE_BUDGET_BYTES)}`);
  console.log(`  home page        ${kb(home).padStart(10)}   (login page plus the shell and the dashboard)`);
  console.log(`  PDA first load   ${kb(pda).padStart(10)}   ${verdict(pda, PDA_FIRST_LOAD_BUDGET_BYTES)}`);
} finally {
  await database.close();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
