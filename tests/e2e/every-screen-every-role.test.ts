/**
 * Every admin screen as every role: in Chromium against the real server, each demo
 * role signs in once and opens every screen of the menu the app is given, then types the address
 * of each screen of the product's catalogue its menu leaves out. A screen shows only what the
 * role may do: any API reply 403 or 5xx, and any console error or uncaught page error, fails
 * the test, named by role, screen and call. A screen outside the menu does not open: its
 * address goes to the home page (spec 01 §2, the server menu), asking the server for nothing of it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MenuItem } from '@shared/contract/identity.js';
import { localFileStorage } from '@server/modules/files/index.js';
import { writeDemoPhotos } from '@server/seed/demo-photos.js';
import type { UserRole } from '@shared/domain/roles.js';
import { GROUP_COMPONENT, MENU_CATALOG } from '@shared/menu.js';
import {
  closeAnnouncements,
  hasChromium,
  launchBrowser,
  loginThroughUi,
  newContext,
  startLiveServer,
  type LiveServer,
} from './browser.js';

/** One demo user of each role the seed makes (src/server/seed/demo.ts). */
const ROLES: readonly { username: string; role: UserRole }[] = [
  { username: 'admin', role: 'admin' },
  { username: 'agent', role: 'agent_manager' },
  { username: 'seller', role: 'seller' },
  { username: 'sellerstaff', role: 'seller_staff' },
  { username: 'waremanager', role: 'ware_manager' },
  { username: 'warestaff', role: 'ware_staff' },
  { username: 'service', role: 'customer_service' },
];
const PERMISSION_CALL = '/api/sys/permission/getUserPermissionByToken';
/** How long the page must ask the server nothing before a screen counts as loaded. */
const QUIET_MS = 500;
const UI_WAIT = { timeout: 30_000 };

let server: LiveServer;
let browser: Browser;
let filesDir: string | undefined;

beforeAll(async () => {
  if (!hasChromium) return;
  filesDir = mkdtempSync(join(tmpdir(), 'every-screen-files-'));
  server = await startLiveServer({ filesDir });
  // The demo products' photos, as `npm start` writes them beside the demo data: a missing one
  // would be a 404 (and a console error) that no user of the product meets.
  const files = localFileStorage(filesDir);
  const sellers = await server.world.database.ownerPool.query<{ tenant_id: string; id: string }>(
    "select tenant_id, id from users where user_role = 'seller'",
  );
  for (const seller of sellers.rows) await writeDemoPhotos(files, seller.tenant_id, seller.id);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (filesDir) rmSync(filesDir, { recursive: true, force: true });
});

/** Every routed page of a menu tree (hidden ones too), by path. */
function menuPaths(menu: MenuItem[]): { path: string; hidden: boolean }[] {
  const found: { path: string; hidden: boolean }[] = [];
  const visit = (items: MenuItem[], isHidden: boolean) => {
    for (const item of items) {
      const hidden = isHidden || item.hidden;
      const isPage =
        item.route !== '0' &&
        item.path.startsWith('/') &&
        !item.meta.internalOrExternal &&
        item.component !== '' &&
        item.component !== GROUP_COMPONENT;
      if (isPage) found.push({ path: item.path, hidden });
      if (item.children) visit(item.children, hidden);
    }
  };
  visit(menu, false);
  return found;
}

/** The product's screens (catalogue entries that open a page) a menu does not route. */
function screensOutside(paths: Set<string>): string[] {
  return MENU_CATALOG.filter(
    (entry) =>
      entry.menuType !== 2 &&
      entry.path !== undefined &&
      entry.component !== undefined &&
      entry.component !== GROUP_COMPONENT &&
      !entry.hidden &&
      !paths.has(entry.path),
  ).map((entry) => entry.path ?? '');
}

/**
 * Watches a page: what it asks the server (to know when a screen has loaded) and every
 * problem, each tagged with the screen open when it happened.
 */
function watch(page: Page, username: string) {
  const problems: string[] = [];
  let screen = '/user/login';
  let inFlight = 0;
  let lastActivity = Date.now();
  const isApi = (url: string) => new URL(url).pathname.startsWith('/api/');
  page.on('request', (request) => {
    if (!isApi(request.url())) return;
    inFlight += 1;
    lastActivity = Date.now();
  });
  const settle = (url: string) => {
    if (!isApi(url)) return;
    inFlight = Math.max(0, inFlight - 1);
    lastActivity = Date.now();
  };
  page.on('requestfinished', (request) => settle(request.url()));
  page.on('requestfailed', (request) => settle(request.url()));
  page.on('response', (response) => {
    const status = response.status();
    if (!isApi(response.url()) || (status !== 403 && status < 500)) return;
    const { pathname } = new URL(response.url());
    problems.push(`${username} on ${screen}: ${response.request().method()} ${pathname} answered ${status}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error')
      problems.push(`${username} on ${screen}: console error: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`${username} on ${screen}: page error: ${error.message}`));
  return {
    problems,
    at(path: string) {
      screen = path;
    },
    /** Resolves once no API call has been in flight for QUIET_MS. */
    async quiet() {
      await expect
        .poll(() => inFlight === 0 && Date.now() - lastActivity >= QUIET_MS, { interval: 100, ...UI_WAIT })
        .toBe(true);
    },
  };
}

/** Opens `path` inside the running admin, as its side menu does (no reload). */
async function openInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

describe.skipIf(!hasChromium)('every admin screen as every role', () => {
  it.each(ROLES)(
    'shows $username ($role) only what the role may do',
    async ({ username }) => {
      const context = await newContext(browser);
      const page = await context.newPage();
      const watcher = watch(page, username);
      const menu = page
        .waitForResponse((response) => new URL(response.url()).pathname === PERMISSION_CALL)
        .then(async (response) => ((await response.json()) as { result: { menu: MenuItem[] } }).result.menu);
      await loginThroughUi(page, server.baseUrl, username);
      await closeAnnouncements(page);
      const routed = menuPaths(await menu);
      const screens = routed.filter((entry) => !entry.hidden).map((entry) => entry.path);
      expect(screens.length).toBeGreaterThan(1);

      const opened: string[] = [];
      for (const path of screens) {
        watcher.at(path);
        await openInApp(page, path);
        await page.locator(`[data-tab-path="${path}"]`).waitFor(UI_WAIT);
        await page
          .locator('.ant-layout-content .ant-spin-spinning')
          .first()
          .waitFor({ state: 'detached', ...UI_WAIT });
        await watcher.quiet();
        opened.push(path);
      }
      expect(opened).toEqual(screens);

      // Typed addresses of the product's screens this role's menu leaves out.
      const outside = screensOutside(new Set(routed.map((entry) => entry.path)));
      for (const [index, path] of outside.entries()) {
        watcher.at(`${path} (outside the menu)`);
        if (index === 0) await page.goto(`${server.baseUrl}${path}`);
        else await openInApp(page, path);
        // Spec 01 §2 (server menu): a path the menu does not route goes to the home page, or the
        // failure page for a role without one; the screen's page never opens.
        const home = `${server.baseUrl}/dashboard/analysis`;
        const hasHome = routed.some((entry) => entry.path === '/dashboard/analysis');
        const landed = await (
          hasHome
            ? page.waitForURL(home, UI_WAIT)
            : page.locator('.ant-layout-content .ant-result-404').waitFor(UI_WAIT)
        ).then(
          () => true,
          () => false,
        );
        await watcher.quiet();
        if (!landed) watcher.problems.push(`${username} typed ${path}: not sent home (at ${page.url()})`);
        if ((await page.locator(`[data-tab-path="${path}"]`).count()) > 0)
          watcher.problems.push(`${username} typed ${path}: the screen opened outside the menu`);
      }
      expect(outside.length).toBeGreaterThan(0);
      await context.close();
      expect(watcher.problems).toEqual([]);
    },
    540_000,
  );
});
