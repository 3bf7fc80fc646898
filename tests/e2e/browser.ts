/**
 * Browser tests drive Debian's Chromium through playwright-core against the real server
 * (built admin, real PostgreSQL). Tests that need Chromium skip with a notice where it is
 * not installed.
 */
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type BrowserContext, type Page, type Request } from 'playwright-core';
import type { BuildAppOptions } from '@server/app.js';
import { expect } from 'vitest';
import { DEMO_PASSWORD } from '@server/seed/demo.js';
import { createTestWorld, type TestWorld } from '../support/test-app.js';

export const CHROMIUM = '/usr/bin/chromium';
/** How long a browser wait may take: just under the browser tier's test time limit. */
export const WAIT_LIMIT_MS = 50_000;
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

/**
 * Per page, whether the newest unread announcement the admin asked for since the page's last
 * document load exists (it then opens in a dialog); pending until the admin has been answered.
 */
interface Answer {
  hasUnread: Promise<boolean>;
  settle: (hasUnread: boolean) => void;
}
const lastUnread = new WeakMap<Page, Answer>();
const LAST_UNREAD_CALL = '/api/sys/annountCement/queryLastUnRead';

function pendingAnswer(): Answer {
  let settle: (hasUnread: boolean) => void = () => undefined;
  const hasUnread = new Promise<boolean>((resolve) => {
    settle = resolve;
  });
  return { hasUnread, settle };
}

function followLastUnread(page: Page) {
  lastUnread.set(page, pendingAnswer());
  // Each ask is tied to the document load current when it was sent. An ask the previous document
  // sent can be answered after a navigation has begun (a goto straight after login), and its
  // answer, or its body gone with the old page, must not stand for the new document's (CI,
  // 2026-11-29: the dialog then opened after the test had been told there was none).
  const askedFor = new WeakMap<Request, Answer>();
  page.on('request', (request) => {
    // A new document asks again: any earlier answer is about the page that went away.
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) {
      lastUnread.set(page, pendingAnswer());
    } else if (request.url().includes(LAST_UNREAD_CALL)) {
      const answer = lastUnread.get(page);
      if (answer) askedFor.set(request, answer);
    }
  });
  page.on('response', (response) => {
    const answer = askedFor.get(response.request());
    if (!answer) return;
    // A body that cannot be read (its page went away) says nothing: the document's own ask answers.
    void response.json().then(
      (body: { result?: unknown }) => answer.settle(Boolean(body.result)),
      () => undefined,
    );
  });
}

export async function newContext(browser: Browser, language = 'en-US'): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: language });
  // Waits give up near the test's own limit (60 s), never after Playwright's default 30 s: on a
  // loaded machine a reload of the admin can take longer than that and still be right.
  context.setDefaultTimeout(WAIT_LIMIT_MS);
  context.on('page', followLastUnread);
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
  const home = page.waitForURL(/\/dashboard\/analysis/);
  const asked = await Promise.race([
    departDialog.waitFor({ state: 'visible' }).then(() => true),
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

/**
 * Closes the announcement dialog that opens on load for the newest unread announcement: waits
 * until the admin has asked the server for it, then, if there is one, for its dialog, and closes it.
 */
export async function closeAnnouncements(page: Page) {
  const answer = lastUnread.get(page);
  if (!answer) throw new Error('closeAnnouncements needs a page of newContext()');
  if (!(await answer.hasUnread)) return;
  const close = page
    .locator('.ant-modal-wrap:visible')
    .filter({ has: page.locator('.announcement-content') })
    .locator('.ant-modal-footer .ant-btn-primary');
  await close.waitFor({ state: 'visible' });
  await close.click();
  await close.waitFor({ state: 'hidden' });
  // One dialog per load: a second call on the same page has nothing left to close.
  const closed = pendingAnswer();
  closed.settle(false);
  lastUnread.set(page, closed);
}

export async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: `data/screenshots/${name}.png`, fullPage: false });
}

/**
 * Waits until the page's opening and closing animations (drawers, dialogs) have run: for a
 * screenshot, and before a click on a dialog still zooming in (the click can miss it).
 */
export async function settled(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          document
            .getAnimations()
            .filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity).length,
      ),
    )
    .toBe(0);
}
