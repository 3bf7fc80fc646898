/**
 * Accessibility (WCAG 2.1 AA) of both web apps, checked by axe-core in Chromium against the real
 * server: the admin's sign-in pages; every screen of the menu the server gives each demo role
 * below, walked from that menu (a screen added to it is checked without a change here), with
 * the add form and the first row's edit form each screen opens; and every PDA screen (login,
 * warehouse, home, receiving with its feedback, undo dialog and difference form, shelving,
 * needs attention). Any critical or serious violation fails the test, which names the rule, the
 * screen and the elements (axe.ts). Beside axe's rules: each admin screen has one h1, its title,
 * and each PDA state one main landmark.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDA_DB_NAME } from '@pda/data/db.js';
import type { MenuItem } from '@shared/contract/identity.js';
import { audit, describeFindings, type Finding } from './axe.js';
import {
  closeAnnouncements,
  hasChromium,
  launchBrowser,
  loginThroughUi,
  newContext,
  startLiveServer,
  type LiveServer,
} from './browser.js';
import {
  chooseWarehouse,
  DEMO_SKUS,
  newPdaContext,
  openPdaLogin,
  pdaSignIn,
  scan,
  shows,
  UI_WAIT,
} from './pda-driver.js';

/** Demo users whose menus are walked: the administrator, a seller, a warehouse manager and an agent. */
const ROLES = ['admin', 'seller', 'waremanager', 'agent'] as const;
/** The admin's pages outside the shell, before sign-in. */
const SIGN_IN_PAGES = ['/user/login', '/user/register', '/user/alteration'];
/** The overlays a screen opens: an antd drawer or dialog that is open. */
const OVERLAY =
  '.ant-drawer-open .ant-drawer-content-wrapper, .ant-modal-wrap:not([style*="display: none"]) .ant-modal';

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

interface Screen {
  path: string;
  title: string;
}

/** The pages of a menu tree a person can open from the side menu, in menu order. */
function menuScreens(menu: MenuItem[]): Screen[] {
  const screens: Screen[] = [];
  const visit = (items: MenuItem[]) => {
    for (const item of items) {
      if (item.hidden) continue;
      if (item.children && item.children.length > 0) {
        visit(item.children);
        continue;
      }
      const isPage =
        item.route !== '0' &&
        item.path.startsWith('/') &&
        !item.path.includes(':') &&
        !item.meta.internalOrExternal &&
        item.component !== '' &&
        !item.component.startsWith('layouts/');
      if (isPage) screens.push({ path: item.path, title: item.meta.title });
    }
  };
  visit(menu);
  return screens;
}

/** The menu the server gives `username`, as the admin asks for it after sign-in. */
async function menuOf(username: string): Promise<Screen[]> {
  const token = await server.world.login(username);
  const answer = await server.world.request({
    method: 'GET',
    url: '/api/sys/permission/getUserPermissionByToken?lang=en-US',
    token,
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return menuScreens((answer.json() as { result: { menu: MenuItem[] } }).result.menu);
}

/**
 * True once the page has settled: its loading spinners gone, each table answered (rows or its
 * empty placeholder), and no animation left to finish (a drawer sliding in, a dialog zooming, a
 * mask fading in), as colours are measured on what is drawn.
 */
function settled(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const spinning = document.querySelector(
      '.ant-spin-spinning, .ant-skeleton-active, .adm-spin-loading, .pda-spinner',
    );
    if (spinning && (spinning as HTMLElement).offsetParent !== null) return false;
    const tables = Array.from(document.querySelectorAll('.ant-table-wrapper'));
    const answered = tables.every(
      (table) => table.querySelector('tbody tr.ant-table-row, tbody tr.ant-table-placeholder') !== null,
    );
    const moving = document
      .getAnimations()
      .some(
        (animation) =>
          animation.playState === 'running' && animation.effect?.getTiming().iterations !== Infinity,
      );
    // antd-mobile fades its dialogs and masks in by script, not by CSS animation.
    const fading = Array.from(
      document.querySelectorAll('.adm-mask, .adm-center-popup-body, .adm-popup-body'),
    ).some((element) => element.getClientRects().length > 0 && getComputedStyle(element).opacity !== '1');
    return answered && !moving && !fading;
  });
}

async function waitSettled(page: Page): Promise<void> {
  await expect.poll(() => settled(page), { timeout: 30_000 }).toBe(true);
}

/** Everything found, by where: the test fails with all of it at once. */
type Report = Map<string, Finding[]>;

async function check(report: Report, where: string, page: Page, include?: string): Promise<void> {
  const findings = await audit(page, include ? { include } : {});
  if (findings.length > 0) report.set(where, findings);
}

function failures(report: Report): string {
  return [...report].map(([where, findings]) => describeFindings(where, findings)).join('\n');
}

/** Opens the overlay `opener` opens, checks it, and closes it again (Escape). */
async function checkOverlay(report: Report, where: string, page: Page, opener: Locator) {
  await opener.click();
  const overlay = page.locator(OVERLAY).last();
  await overlay.waitFor({ state: 'visible', timeout: UI_WAIT });
  await waitSettled(page);
  await check(report, where, page, OVERLAY);
  // Escape reaches an overlay only once it holds the focus, which a busy page may give it late:
  // pressed again until the overlay is gone.
  await expect
    .poll(
      async () => {
        if ((await page.locator(OVERLAY).count()) === 0) return true;
        await page.keyboard.press('Escape');
        return false;
      },
      { timeout: UI_WAIT, interval: 1000 },
    )
    .toBe(true);
  await waitSettled(page);
}

describe.skipIf(!hasChromium)('accessibility of the admin (axe-core, WCAG 2.1 AA)', () => {
  it('has no critical or serious violation on the sign-in pages', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const report: Report = new Map();
    for (const path of SIGN_IN_PAGES) {
      await page.goto(`${server.baseUrl}${path}`);
      await page.locator('form, .ant-form').first().waitFor({ timeout: UI_WAIT });
      await waitSettled(page);
      await check(report, path, page);
    }
    await context.close();
    expect(failures(report)).toBe('');
  });

  it.each(ROLES)(
    'has no critical or serious violation on any screen of the menu %s is given, nor in its forms',
    async (username) => {
      const screens = await menuOf(username);
      expect(screens.length).toBeGreaterThan(0);
      const context = await newContext(browser);
      const page = await context.newPage();
      await loginThroughUi(page, server.baseUrl, username);
      await closeAnnouncements(page);
      const report: Report = new Map();
      const forms: string[] = [];
      const titles: string[] = [];
      for (const screen of screens) {
        const where = `${username} ${screen.path} (${screen.title})`;
        await page.goto(`${server.baseUrl}${screen.path}`);
        await closeAnnouncements(page);
        await page.locator(`[data-tab-path="${screen.path}"]`).waitFor({ timeout: UI_WAIT });
        await waitSettled(page);
        await check(report, where, page);
        // One h1 a screen, its title (axe's page-has-heading-one is only a best practice).
        const headings = await page.locator('h1').allInnerTexts();
        if (headings.length !== 1 || headings[0]?.trim() !== screen.title) {
          titles.push(`${where}: h1 ${JSON.stringify(headings)}`);
        }
        const content = page.locator('.ant-layout-content');
        const add = content.locator('button.ant-btn-primary:has(.anticon-plus):visible:enabled').first();
        if ((await add.count()) > 0) {
          await checkOverlay(report, `${where}, its add form`, page, add);
          forms.push(`${screen.path} add`);
        }
        const edit = content.locator('tbody tr.ant-table-row').first().getByText('Edit', { exact: true });
        if ((await edit.count()) > 0) {
          await checkOverlay(report, `${where}, its first row's edit form`, page, edit);
          forms.push(`${screen.path} edit`);
        }
      }
      await context.close();
      expect(failures(report)).toBe('');
      expect(titles).toEqual([]);
      // The walk reached the forms: the administrator's product list opens its edit drawer.
      if (username === 'admin') expect(forms).toContain('/product/list edit');
    },
    600_000,
  );
});

/** Puts an op the server refused into the device's 'needs attention' list, as sync would. */
function plantAttention(page: Page): Promise<void> {
  return page.evaluate(
    (name) =>
      new Promise<void>((resolve, reject) => {
        const request = indexedDB.open(name);
        request.onupgradeneeded = () => request.transaction?.abort();
        request.onerror = () => reject(request.error ?? new Error(`cannot open ${name}`));
        request.onsuccess = () => {
          const db = request.result;
          const tx = db.transaction('attention', 'readwrite');
          tx.objectStore('attention').put({
            seq: 999_001,
            opId: '00000000-0000-4000-8000-000000000001',
            type: 'inbound.receive',
            payload: { quantity: 2 },
            createdAt: new Date().toISOString(),
            attempts: 1,
            code: 'inbound.box_finished',
            params: {},
            rejectedAt: Date.now(),
          });
          tx.oncomplete = () => {
            db.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error ?? new Error('writing the attention item failed'));
        };
      }),
    PDA_DB_NAME,
  );
}

describe.skipIf(!hasChromium)('accessibility of the PDA (axe-core, WCAG 2.1 AA)', () => {
  it('has no critical or serious violation on any PDA screen', async () => {
    const context = await newPdaContext(browser);
    const page = await context.newPage();
    const report: Report = new Map();
    const landmarks: string[] = [];
    const checkPda = async (where: string) => {
      await waitSettled(page);
      await check(report, `PDA ${where}`, page);
      // Every state is the page's main landmark (axe's landmark-one-main is only a best practice).
      const mains = await page.locator('main').count();
      if (mains !== 1) landmarks.push(`${where}: ${mains} main landmarks`);
    };

    await openPdaLogin(page, server.baseUrl);
    await checkPda('login');
    await page.getByPlaceholder('Username').fill('warestaff');
    await page.getByPlaceholder('Password').fill('Wrong0000');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('alert').first().waitFor({ timeout: UI_WAIT });
    await checkPda('login, refused');

    await pdaSignIn(page);
    await checkPda('warehouse choice');
    await chooseWarehouse(page);
    await checkPda('home');

    await page.getByRole('button', { name: 'Receive', exact: true }).click();
    const prompt = page.getByTestId('prompt');
    await shows(prompt, 'Scan the inbound order or a box label');
    await checkPda('receive, scan a target');
    await scan(page, 'BOX-001');
    await shows(prompt, 'Scan a SKU');
    await scan(page, DEMO_SKUS['TS-BLK-M']);
    await shows(page.getByTestId('count-TS-BLK-M'), /^\s*1 \/ 12\s*$/);
    // The count shows with the feedback; the undo button once the scan is stored, right after.
    await shows(page.getByTestId('undo'), 'Undo +1 TS-BLK-M');
    await checkPda('receive, a SKU counted');
    // The stepper's − and + named in the interface language, and the quantity named by its label.
    const stepper = page.locator('.pda-stepper');
    expect(await stepper.getByRole('button', { name: 'Decrease', exact: true }).count()).toBe(1);
    expect(await stepper.getByRole('button', { name: 'Increase', exact: true }).count()).toBe(1);
    const quantity = page.getByRole('spinbutton', { name: 'Quantity per scan' });
    expect(await quantity.count()).toBe(1);
    // A quantity out of range stays as typed, refused with a message the field is described by.
    await quantity.fill('0');
    await shows(page.locator('.pda-quantity-error'), 'Enter a number from 1 to');
    expect(await quantity.getAttribute('aria-invalid')).toBe('true');
    await checkPda('receive, a quantity refused');
    await quantity.fill('1');
    await page.locator('.pda-quantity-error').waitFor({ state: 'detached', timeout: UI_WAIT });
    // Scanning takes focus back once the field lets go of it.
    await quantity.blur();
    await scan(page, 'NOSUCH-4711');
    await shows(page.getByTestId('feedback'), 'Unknown code NOSUCH-4711');
    await checkPda('receive, an unknown code');
    await page.getByTestId('feedback').getByRole('button', { name: 'OK' }).click();
    await page.getByTestId('feedback').waitFor({ state: 'detached', timeout: UI_WAIT });
    await page.getByTestId('undo').click();
    await page.getByRole('dialog').waitFor({ timeout: UI_WAIT });
    await checkPda('receive, the undo question');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel', exact: true }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached', timeout: UI_WAIT });
    await page.getByRole('button', { name: 'Report a difference' }).click();
    await page.getByTestId('difference-form').waitFor({ timeout: UI_WAIT });
    await checkPda('receive, the difference form');
    await page.getByTestId('difference-form').getByRole('button', { name: 'Cancel' }).click();
    await shows(prompt, 'Scan a SKU');

    await page.getByText('Back', { exact: true }).click();
    await page.getByRole('button', { name: 'Shelve' }).click();
    await shows(prompt, 'Scan the inbound order or a box label');
    await checkPda('shelve, choose an order');
    await scan(page, 'BOX-001');
    await shows(prompt, 'Scan a SKU or a box label');
    await checkPda('shelve, scan a SKU');

    await page.getByText('Back', { exact: true }).click();
    await page.getByRole('button', { name: /Needs attention/ }).click();
    await page.getByText('Nothing needs attention').waitFor({ timeout: UI_WAIT });
    await checkPda('needs attention, empty');
    await plantAttention(page);
    await page.reload();
    await page.getByRole('button', { name: 'Dealt with' }).waitFor({ timeout: UI_WAIT });
    await checkPda('needs attention, one item');

    await context.close();
    expect(failures(report)).toBe('');
    expect(landmarks).toEqual([]);
  }, 180_000);
});
