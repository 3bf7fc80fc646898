/**
 * The order centre in Chromium against the real server, at 1366×768: a seller enters an order by
 * hand, passes its review and sees it reserved (the detail shows the frozen units, the stock list
 * the available units down), cancels it after the confirmation and sees the stock return; an
 * orders export started from the list completes in the download list. Each order screen (the
 * three role lists, the detail, the form, the batch scan, a merge, the stock's holders) is
 * screenshotted into data/screenshots.
 */
import { mkdirSync } from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeAnnouncements,
  hasChromium,
  launchBrowser,
  loginThroughUi,
  newContext,
  startLiveServer,
  type LiveServer,
  settled,
} from './browser.js';

let server: LiveServer;
let browser: Browser;

beforeAll(async () => {
  if (!hasChromium) return;
  mkdirSync('data/screenshots', { recursive: true });
  server = await startLiveServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const LAPTOP = { width: 1366, height: 768 };

async function signedIn(username: string): Promise<Page> {
  const context = await newContext(browser);
  const page = await context.newPage();
  await page.setViewportSize(LAPTOP);
  await loginThroughUi(page, server.baseUrl, username);
  await closeAnnouncements(page);
  return page;
}

async function open(page: Page, path: string) {
  await page.goto(`${server.baseUrl}${path}`);
  await closeAnnouncements(page);
}

/**
 * Picks an option of the antd select inside `field`, typing to narrow it when asked, until the
 * select shows it (a click on an option list that is being replaced by a search's answer is lost).
 */
async function choose(page: Page, field: Locator, option: RegExp, typed?: string) {
  const chosen = field.locator('.ant-select-selection-item');
  for (let attempt = 1; ; attempt += 1) {
    await field.locator('.ant-select-selector').click();
    if (typed) await field.locator('input').fill(typed);
    const item = page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: option });
    await item.first().click();
    const shown = await chosen
      .waitFor({ timeout: 5_000 })
      .then(() => chosen.innerText())
      .catch(() => '');
    if (option.test(shown)) return;
    if (attempt === 3) throw new Error(`the select did not take ${option}: it shows '${shown}'`);
  }
}

const formItem = (scope: Locator, label: string) =>
  scope.locator('.ant-form-item').filter({ has: scope.page().locator(`label:text-is("${label}")`) });

/** The available units of EB-BLACK in DG01, as the stock list shows them. */
async function availableInStockList(page: Page): Promise<number> {
  await open(page, '/stock/list');
  const search = page.getByRole('search');
  await search.getByLabel('SKU').fill('EB-BLACK');
  await search.getByRole('button', { name: /Search/ }).click();
  const row = page
    .locator('.ant-layout-content tbody tr.ant-table-row')
    .filter({ hasText: 'EB-BLACK' })
    .filter({ hasText: 'DG01' });
  await row.first().waitFor();
  // The header's first row: the columns before 'Available' span one cell each (the age buckets come later).
  const headers = await page.locator('.ant-layout-content thead tr').first().locator('th').allInnerTexts();
  const column = headers.findIndex((text) => text.trim() === 'Available');
  return Number((await row.first().locator('td').nth(column).innerText()).replace(/[^\d]/g, ''));
}

/**
 * Waits until no dialog is open. Dialogs are clicked only once their opening animation has run
 * (settled): one closed in the middle of it can stay on the page in Chromium.
 */
async function noDialog(page: Page) {
  await expect.poll(() => page.locator('.ant-modal-wrap:visible').count()).toBe(0);
}

/** The dialog on top, once it is open and its opening animation has run. */
async function openedDialog(page: Page): Promise<Locator> {
  const modal = dialog(page);
  await modal.waitFor();
  await settled(page);
  return modal;
}

const drawer = (page: Page) => page.locator('.ant-drawer-content:visible').last();
const dialog = (page: Page) => page.locator('.ant-modal:visible').last();

describe.skipIf(!hasChromium)('the order centre in Chromium', () => {
  it('enters an order by hand, reserves it, cancels it and gives the stock back', async () => {
    const page = await signedIn('seller');
    const before = await availableInStockList(page);

    await open(page, '/order/manage/seller');
    await expect
      .poll(() => page.locator('.ant-tabs-tab').filter({ hasText: 'Pending review' }).innerText())
      .toMatch(/\(\d+\)/);
    await page.getByRole('button', { name: 'Enter an order' }).click();
    const form = drawer(page);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => form.innerText()).toContain('Order No. cannot be empty');

    await form.getByLabel('Order No.').fill('E2E-HAND-0001');
    await choose(page, formItem(form, 'Warehouse'), /^DG01/);
    await formItem(form, 'Buyer').locator('input').fill('Somchai P.');
    await formItem(form, 'Recipient').locator('input').fill('Somchai P.');
    await formItem(form, 'Address').locator('input').fill('12 Sukhumvit Soi 11, Bangkok');
    await choose(
      page,
      form.locator('.ant-form-item').filter({ has: page.getByRole('combobox', { name: 'SKU' }) }),
      /EB-BLACK/,
      'EB-BLACK',
    );
    await form.getByLabel('Quantity').fill('2');
    await form.getByLabel('Unit price').fill('159');
    await settled(page);
    await page.screenshot({ path: 'data/screenshots/orders-form-1366.png' });
    await form.getByRole('button', { name: 'Save' }).click();

    // The new order opens in the drawer, to review.
    const detail = drawer(page);
    await expect.poll(() => detail.innerText()).toContain('Order E2E-HAND-0001');
    expect(await detail.innerText()).toContain('This order holds no stock now.');
    await detail.getByRole('button', { name: 'Pass review' }).click();
    await (await openedDialog(page)).getByRole('button', { name: 'Pass' }).click();
    await expect.poll(() => dialog(page).innerText()).toContain('result per order');
    const passed = await openedDialog(page);
    expect(await passed.innerText()).toContain('Pending shipment');
    await passed.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    await noDialog(page);
    await expect.poll(() => detail.innerText()).toContain('This order holds 2 units frozen in DG01.');
    const reserved = detail.getByRole('region', { name: 'Reserved stock' });
    expect(await reserved.innerText()).toContain('Held');
    await detail.getByRole('region', { name: 'Items (1)' }).scrollIntoViewIfNeeded();
    await settled(page);
    await page.screenshot({ path: 'data/screenshots/orders-detail-1366.png' });
    await page.keyboard.press('Escape');

    expect(await availableInStockList(page)).toBe(before - 2);
    // The frozen figure opens the orders holding it.
    await page
      .locator('.ant-layout-content tbody tr.ant-table-row')
      .filter({ hasText: 'DG01' })
      .first()
      .getByLabel(/Orders holding the frozen units of EB-BLACK/)
      .click();
    await expect.poll(() => dialog(page).innerText()).toContain('E2E-HAND-0001');
    const holders = await openedDialog(page);
    await page.screenshot({ path: 'data/screenshots/orders-stock-holders-1366.png' });
    await holders.locator('.ant-modal-close').click();
    await noDialog(page);

    await open(page, '/order/manage/seller?searchTrackingNo=E2E-HAND-0001&type=all');
    const row = page
      .locator('.ant-layout-content tbody tr.ant-table-row')
      .filter({ hasText: 'E2E-HAND-0001' });
    await row.waitFor();
    expect(await page.getByRole('search').getByLabel('Order / tracking No.').inputValue()).toBe(
      'E2E-HAND-0001',
    );
    await row.getByText('Cancel', { exact: true }).click();
    const asked = await openedDialog(page);
    expect(await asked.innerText()).toContain('Cancel 1 order(s)?');
    await asked.getByRole('button', { name: 'Keep as it is' }).click();
    await noDialog(page);
    await row.getByText('Cancel', { exact: true }).click();
    const confirm = await openedDialog(page);
    await confirm.getByLabel('Reason (optional)').fill('Buyer changed their mind');
    await confirm.getByRole('button', { name: 'Cancel the orders' }).click();
    await expect.poll(() => dialog(page).innerText()).toContain('Cancelled');
    await (
      await openedDialog(page)
    )
      .locator('.ant-modal-footer')
      .getByRole('button', { name: 'Close' })
      .click();
    await noDialog(page);
    await expect.poll(() => row.innerText()).toContain('Cancelled');

    expect(await availableInStockList(page)).toBe(before);
    await page.context().close();
  });

  it('exports the order list into the download list', async () => {
    const page = await signedIn('seller');
    await open(page, '/order/manage/seller');
    await page.locator('.ant-tabs-tab').filter({ hasText: 'Shipped' }).click();
    await page.getByRole('button', { name: 'Export' }).click();
    await page.getByRole('link', { name: 'Open the download list' }).click();
    await page.waitForURL(/\/shopee\/DownloadTask/);
    const task = page
      .locator('.ant-layout-content tbody tr.ant-table-row')
      .filter({ hasText: 'Order list' })
      .first();
    await expect.poll(() => task.innerText()).toContain('Ready');
    expect(await task.innerText()).toMatch(/orders-.*\.xlsx/);
    await page.context().close();
  });

  it.each([
    ['seller', '/order/manage/seller'],
    ['waremanager', '/order/manager/ware'],
    ['agent', '/agent/order/new'],
  ] as const)('shows %s the order list at %s', async (username, path) => {
    const page = await signedIn(username);
    await open(page, path);
    await page.locator('.ant-layout-content tbody tr.ant-table-row').first().waitFor();
    await settled(page);
    await page.screenshot({ path: `data/screenshots/orders-list-${username}-1366.png` });
    await page.context().close();
  });

  it('shows an out-of-stock order, a batch scan and a merge', async () => {
    const page = await signedIn('agent');
    await open(page, '/agent/order/new');
    const rows = page.locator('.ant-layout-content tbody tr.ant-table-row');
    await page.locator('.ant-tabs-tab').filter({ hasText: 'Problem orders' }).click();
    await rows.first().waitFor();
    await rows.first().locator('a').first().click();
    await expect.poll(() => drawer(page).innerText()).toContain('Missing');
    await drawer(page).getByRole('region', { name: 'Reserved stock' }).scrollIntoViewIfNeeded();
    await settled(page);
    await page.screenshot({ path: 'data/screenshots/orders-detail-out-of-stock-1366.png' });
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Batch scan' }).click();
    const scan = await openedDialog(page);
    await scan.getByLabel('Scanned numbers').fill('DEMOSH240000\nDEMOLA240001\nNOT-A-NUMBER');
    await page.screenshot({ path: 'data/screenshots/orders-batch-scan-1366.png' });
    await scan.getByRole('button', { name: 'Search' }).click();
    await noDialog(page);
    await expect.poll(() => page.locator('.ant-alert-warning').innerText()).toContain('NOT-A-NUMBER');
    await settled(page);
    await page.screenshot({ path: 'data/screenshots/orders-batch-scan-result-1366.png' });

    // One buyer's two orders to review, to one address: the merge dialog.
    await page.getByRole('button', { name: 'Batch scan' }).click();
    const second = await openedDialog(page);
    await second.getByLabel('Scanned numbers').fill('DEMOTI240005\nDEMOTI240050');
    await second.getByRole('button', { name: 'Search' }).click();
    await noDialog(page);
    await expect.poll(() => rows.count()).toBe(2);
    await page.locator('.ant-layout-content thead .ant-checkbox-input').check();
    await page.getByRole('button', { name: 'Merge', exact: true }).click();
    const merge = await openedDialog(page);
    expect(await merge.innerText()).toContain('Merge 2 orders into a combined order?');
    expect(await merge.locator('.ant-alert').count()).toBe(0);
    await page.screenshot({ path: 'data/screenshots/orders-merge-1366.png' });
    await merge.getByRole('button', { name: 'Keep as it is' }).click();
    await noDialog(page);
    await page.context().close();
  });
});
