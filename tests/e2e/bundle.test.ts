import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hasChromium,
  launchBrowser,
  loginThroughUi,
  newContext,
  startLiveServer,
  type LiveServer,
} from './browser.js';
import {
  LOGIN_PAGE_BUDGET_BYTES,
  PDA_FIRST_LOAD_BUDGET_BYTES,
  recordScripts,
  totalBytes,
} from './bundle-size.js';

let server: LiveServer;
let browser: Browser;
beforeAll(async () => {
  if (!hasChromium) return;
  server = await startLiveServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe.skipIf(!hasChromium)('what the pages load', () => {
  it('keeps the login page within 300 KB of gzipped JavaScript, and loads the shell and charts only after login', async () => {
    const page = await (await newContext(browser)).newPage();
    const scripts = recordScripts(page);
    await page.goto(`${server.baseUrl}/user/login`);
    await page.getByPlaceholder(/username/i).waitFor();
    const login = scripts();
    expect(totalBytes(login)).toBeLessThanOrEqual(LOGIN_PAGE_BUDGET_BYTES);
    // The chart kit marks every chart with data-chart-kit: no script of the login page draws one.
    const charts = (loads: { path: string }[]) =>
      loads.filter((load) => readFileSync(join('dist/admin', load.path), 'utf8').includes('data-chart-kit'));
    expect(charts(login)).toEqual([]);
    await loginThroughUi(page, server.baseUrl, 'seller');
    await page.getByTestId('card-orders-chart').waitFor();
    const home = scripts();
    expect(home.length).toBeGreaterThan(login.length);
    // The dashboard draws with the chart kit, fetched on its own once the figures are there.
    expect(charts(home).length).toBeGreaterThan(0);
    await page.context().close();
  });

  it("keeps the PDA's first load within 200 KB of gzipped JavaScript", async () => {
    const page = await (await newContext(browser)).newPage();
    const scripts = recordScripts(page);
    await page.goto(`${server.baseUrl}/pda/`);
    await page.getByPlaceholder(/username/i).waitFor();
    expect(totalBytes(scripts())).toBeLessThanOrEqual(PDA_FIRST_LOAD_BUDGET_BYTES);
    await page.context().close();
  });
});
