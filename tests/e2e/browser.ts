/**
 * Browser tests drive Debian's Chromium through playwright-core against the real server
 * (built admin, real PostgreSQL). Tests that need Chromium skip with a notice where it is
 * not installed.
 */
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import type { BuildAppOptions } from '../../src/server/app.js';
import { DEMO_PASSWORD } from '../../src/server/seed/demo.js';
import { createTestWorld, type TestWorld } from '../support/test-app.js';

export const CHROMIUM = '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM);

/** Chromium as CI runs it; `extraArgs` add flags (a fake camera, say). */
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      ...extraArgs,
    ],
  });
}

export interface LiveServer {
  world: TestWorld;
  baseUrl: string;
  close(): Promise<void>;
}

/**
 * The app on a free loopback port, on its own cloned database; `options` go to the app (such as
 * `filesDir`, to look at the files it stores).
 */
export async function startLiveServer(options: Partial<BuildAppOptions> = {}): Promise<LiveServer> {
  const world = await createTestWorld(options);
  await world.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = world.app.server.address() as AddressInfo;
  return { world, baseUrl: `http://localhost:${port}`, close: () => world.close() };
}

export async function newContext(browser: Browser, language = 'en-US'): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: language });
  await context.addInitScript((lang) => {
    if (!localStorage.getItem('language')) localStorage.setItem('language', lang);
  }, language);
  return context;
}

/** Signs in through the login page as a demo user, picks the first department if asked, and waits for the home page. */
export async function loginThroughUi(
  page: Page,
  baseUrl: string,
  username: string,
  password = DEMO_PASSWORD,
) {
  await page.goto(`${baseUrl}/user/login`);
  await page.getByPlaceholder(/username|用户名/i).fill(username);
  await page
    .getByPlaceholder(/password|密码/i)
    .first()
    .fill(password);
  await page.locator('button[type="submit"]').first().click();
  const departDialog = page.locator('.ant-modal').filter({ hasText: 'Select a department' });
  const home = page.waitForURL(/\/dashboard\/analysis/, { timeout: 20_000 });
  const asked = await Promise.race([
    departDialog.waitFor({ state: 'visible', timeout: 20_000 }).then(() => true),
    home.then(() => false),
  ]);
  if (asked) {
    await departDialog.locator('.ant-select').click();
    await page.locator('.ant-select-item-option').first().click();
    await departDialog.getByRole('button', { name: 'Confirm' }).click();
  }
  await home;
  await page.locator('.ant-layout-sider').waitFor();
}

/** Closes the announcement dialogs that open on load for unread announcements. */
export async function closeAnnouncements(page: Page) {
  for (let round = 0; round < 5; round += 1) {
    const modal = page
      .locator('.ant-modal-wrap:visible')
      .filter({ has: page.getByRole('button', { name: 'Close' }) });
    if ((await modal.count()) === 0) {
      await page.waitForTimeout(300);
      if ((await modal.count()) === 0) return;
    }
    await modal.first().getByRole('button', { name: 'Close' }).last().click();
    await page.waitForTimeout(300);
  }
}

export async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: `data/screenshots/${name}.png`, fullPage: false });
}
