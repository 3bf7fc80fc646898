/**
 * Both web apps and the API documentation work under the content security policy: Chromium
 * reports no violation on the login page, the admin home, the PDA (signed in, its service
 * worker running) or /api/docs, and a script injected inline into a page does not run.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '@server/seed/demo.js';
import {
  hasChromium,
  launchBrowser,
  loginThroughUi,
  newContext,
  startLiveServer,
  type LiveServer,
} from './browser.js';

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

interface Violation {
  directive: string;
  blocked: string;
  source?: string;
}

/**
 * A page that records every CSP violation: the browser's securitypolicyviolation events
 * (the recorder is added by the test harness, outside the page's policy) and its console's
 * "Refused to …" errors.
 */
async function watchedPage(): Promise<{ page: Page; violations: () => Promise<Violation[]> }> {
  const context = await newContext(browser);
  await context.addInitScript(() => {
    const seen: { directive: string; blocked: string; source: string }[] = [];
    (window as unknown as { __csp: typeof seen }).__csp = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push({ directive: event.effectiveDirective, blocked: event.blockedURI, source: event.sourceFile }),
    );
  });
  const page = await context.newPage();
  const refused: Violation[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
      refused.push({ directive: 'console', blocked: message.text() });
  });
  const violations = async () => [
    ...refused,
    ...(await page.evaluate(() => (window as unknown as { __csp: Violation[] }).__csp)),
  ];
  return { page, violations };
}

describe.skipIf(!hasChromium)('the content security policy in Chromium', () => {
  it('lets the admin’s login page and home work without a violation', async () => {
    const { page, violations } = await watchedPage();
    await page.goto(`${server.baseUrl}/user/login`);
    await page.locator('button[type="submit"]').first().waitFor();
    expect(await violations()).toEqual([]);
    await loginThroughUi(page, server.baseUrl, 'agent');
    // The home with its menu, header and the unread announcement it opens on load.
    await page.locator('.ant-layout-header').waitFor();
    await page.locator('.ant-modal-wrap:visible').first().waitFor();
    expect(await violations()).toEqual([]);
    await page.context().close();
  });

  it('blocks a script injected inline into the page', async () => {
    const { page, violations } = await watchedPage();
    await page.goto(`${server.baseUrl}/user/login`);
    await page.locator('button[type="submit"]').first().waitFor();
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true;';
      document.body.appendChild(script);
      const image = document.createElement('img');
      image.setAttribute('src', 'data:,x');
      image.setAttribute('onerror', 'window.__handler = true');
      image.setAttribute('onload', 'window.__handler = true');
      document.body.appendChild(image);
    });
    await expect.poll(async () => (await violations()).map((v) => v.directive)).toContain('script-src-elem');
    expect(
      await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected),
    ).toBeUndefined();
    await expect.poll(async () => (await violations()).map((v) => v.directive)).toContain('script-src-attr');
    expect(
      await page.evaluate(() => (window as unknown as { __handler?: boolean }).__handler),
    ).toBeUndefined();
    await page.context().close();
  });

  it('lets the PDA sign in and run its service worker without a violation', async () => {
    const { page, violations } = await watchedPage();
    await page.goto(`${server.baseUrl}/pda/`);
    await page.getByPlaceholder('Username').fill('warestaff');
    await page.getByPlaceholder('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('Choose your warehouse').waitFor({ timeout: 30_000 });
    await page.getByText(/^DG01\b/).click();
    await page.getByRole('button', { name: 'Receive', exact: true }).waitFor({ timeout: 30_000 });
    // The home screen registers the worker; the first one controls pages loaded after it.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 30_000,
    });
    await page.getByRole('button', { name: 'Receive', exact: true }).waitFor({ timeout: 30_000 });
    expect(await violations()).toEqual([]);
    await page.context().close();
  });

  it('lets the API documentation render without a violation', async () => {
    const { page, violations } = await watchedPage();
    await page.goto(`${server.baseUrl}/api/docs`);
    await page.locator('.swagger-ui .opblock').first().waitFor({ timeout: 30_000 });
    expect(await violations()).toEqual([]);
    await page.context().close();
  });
});
