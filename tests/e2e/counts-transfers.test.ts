/**
 * A stock count and a transfer's arrival on the PDA, offline for real, in Chromium against the
 * real server on its own cloned database. Online, the worker opens the count and the
 * transfer screens (the device keeps the open check orders and the transfers in transit); then
 * the test cuts the proxy between browser and server (pda-proxy.ts) and sets the context
 * offline. Offline, the worker counts three locations blind (one found short, one found over,
 * one found empty where the books expect an SKU: the PDA names it and the worker confirms none
 * here, an explicit 0) and receives the transfer by scans onto a location, ending it one unit
 * short with a reason. Back online, the queue empties, and the server holds each op once: the
 * count's variances against the book at count time, the units received, the short unit out of
 * transit with its reason. A manager then passes the variances in the admin (the stock list
 * follows) and sees the transfer's difference in its detail.
 */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '@server/http/actor.js';
import { receiveStock } from '@server/modules/inventory/index.js';
import { DEMO_PASSWORD } from '@server/seed/demo.js';
import { onLocation } from '../support/inbound-world.js';
import {
  actorFor,
  asActor,
  createProduct,
  demoWarehouse,
  ledgerMismatches,
  locationOf,
} from '../support/stock-world.js';
import {
  closeAnnouncements,
  hasChromium,
  launchBrowser,
  loginThroughUi,
  newContext,
  settled,
  startLiveServer,
  type LiveServer,
} from './browser.js';
import { startCuttableProxy, type CuttableProxy } from './pda-proxy.js';

const UI_WAIT = 20_000;
const SYNC_WAIT = 45_000;
/** Keys of a scan typed at keypad speed, which only Enter ends (see pda.test.ts). */
const KEY_DELAY_MS = 50;
const COUNTED = ['A-02-01', 'A-02-02', 'A-02-03'] as const;
const ARRIVAL = 'A-02-04';

let server: LiveServer;
let proxy: CuttableProxy;
let browser: Browser;

beforeAll(async () => {
  if (!hasChromium) return;
  server = await startLiveServer();
  proxy = await startCuttableProxy(server.baseUrl);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await proxy?.close();
  await server?.close();
});

async function shows(locator: Locator, text: string | RegExp, timeout = UI_WAIT): Promise<void> {
  try {
    await locator.filter({ hasText: text }).first().waitFor({ state: 'visible', timeout });
  } catch (error) {
    const actual = await locator
      .allInnerTexts()
      .then((texts) => JSON.stringify(texts))
      .catch(() => '(nothing)');
    throw new Error(`expected ${String(text)}, the page shows ${actual}`, { cause: error });
  }
}
const exactly = (text: string) => new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);
const network = (page: Page) => page.getByTestId('network');
const queued = (page: Page) => page.getByTestId('queued');
const feedback = (page: Page) => page.getByTestId('feedback');
const prompt = (page: Page) => page.getByTestId('prompt');
const dialog = (page: Page) => page.getByRole('dialog');

async function confirm(page: Page, text: string | RegExp, button: string): Promise<void> {
  await shows(dialog(page), text);
  await dialog(page).getByRole('button', { name: button, exact: true }).click();
  await dialog(page).waitFor({ state: 'detached', timeout: UI_WAIT });
}

async function scan(page: Page, code: string): Promise<void> {
  await page.keyboard.type(code, { delay: KEY_DELAY_MS });
  await page.keyboard.press('Enter');
}

/** Scans and waits for the feedback the scan must give. */
async function scanSees(page: Page, code: string, answer: string | RegExp): Promise<void> {
  await scan(page, code);
  await shows(feedback(page), answer);
}

async function back(page: Page): Promise<void> {
  // antd-mobile's NavBar renders its back link as a plain div.
  await page.getByText('Back', { exact: true }).click();
  await page.getByRole('button', { name: 'Receive transfers' }).waitFor({ timeout: UI_WAIT });
}

/**
 * Closes what the admin opens on load over the page (the newest unread announcement, and any
 * other dialog it shows then), so the screen under it can be used.
 */
async function clearDialogs(page: Page): Promise<void> {
  await closeAnnouncements(page);
  const open = page.locator('.ant-modal-wrap:visible');
  for (let attempt = 0; attempt < 5 && (await open.count()) > 0; attempt += 1) {
    const close = open.first().locator('.ant-modal-close, .ant-modal-footer .ant-btn').first();
    if ((await close.count()) > 0) await close.click();
    else await page.keyboard.press('Escape');
    await open
      .first()
      .waitFor({ state: 'hidden', timeout: UI_WAIT })
      .catch(() => undefined);
  }
}

async function balance(warehouseId: string, skuId: string) {
  const { rows } = await server.world.database.ownerPool.query(
    'select available, in_transit from stock_balances where warehouse_id = $1 and sku_id = $2',
    [warehouseId, skuId],
  );
  return rows[0] ?? { available: 0, in_transit: 0 };
}

async function pdaContext(): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    deviceScaleFactor: 2,
    locale: 'en-US',
    serviceWorkers: 'allow',
  });
  await context.addInitScript(() => {
    if (!localStorage.getItem('language')) localStorage.setItem('language', 'en-US');
  });
  return context;
}

describe.skipIf(!hasChromium)('counting and receiving a transfer on the PDA offline', () => {
  it('counts three locations and receives a transfer offline, syncs each op once, and the admin reviews', async () => {
    const { world } = server;
    const dg01 = await demoWarehouse(world, 'DG01');
    const bkk1 = await demoWarehouse(world, 'BKK1');
    const manager: Actor = await actorFor(world, 'waremanager');
    const sellerToken = await world.login('seller');
    const product = await createProduct(world, sellerToken, [
      'E2E-CNT-A',
      'E2E-CNT-B',
      'E2E-CNT-C',
      'E2E-TRF',
    ]);
    const sku = (code: string) => product.skus.find((item) => item.sellerSku === code)?.id ?? '';
    const [shortShelf, overShelf, emptyShelf] = COUNTED.map((code) => locationOf(dg01, code));
    await asActor(world, manager, async (tx) => {
      await receiveStock(tx, manager, {
        warehouseId: dg01.id,
        skuId: sku('E2E-CNT-A'),
        locationId: shortShelf ?? '',
        quantity: 5,
      });
      await receiveStock(tx, manager, {
        warehouseId: dg01.id,
        skuId: sku('E2E-CNT-B'),
        locationId: overShelf ?? '',
        quantity: 2,
      });
      await receiveStock(tx, manager, {
        warehouseId: dg01.id,
        skuId: sku('E2E-CNT-C'),
        locationId: emptyShelf ?? '',
        quantity: 2,
      });
      await receiveStock(tx, manager, {
        warehouseId: bkk1.id,
        skuId: sku('E2E-TRF'),
        locationId: locationOf(bkk1, 'A-01-01'),
        quantity: 4,
      });
    });
    const managerToken = await world.login('waremanager');
    const agentToken = await world.login('agent');
    const call = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
      world.request({ method, url, token, ...(payload ? { payload } : {}) });
    const planned = await call(managerToken, 'POST', '/api/stock/check/add', {
      warehouseId: dg01.id,
      type: 'location',
      locationIds: [shortShelf, overShelf, emptyShelf],
    });
    expect(planned.statusCode).toBe(200);
    const count = planned.json().result as { id: string; countNo: string };
    const made = await call(agentToken, 'POST', '/api/stock/transfer/add', {
      fromWarehouseId: bkk1.id,
      toWarehouseId: dg01.id,
      lines: [{ skuId: sku('E2E-TRF'), locationId: locationOf(bkk1, 'A-01-01'), quantity: 4 }],
    });
    const transfer = made.json().result as { id: string; batchNo: string };
    const passed = await call(managerToken, 'POST', '/api/stock/transfer/audit', {
      id: transfer.id,
      decision: 'pass',
    });
    expect(passed.json().result).toMatchObject({ stage: 'in_transit' });

    const context = await pdaContext();
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));

    // Online: sign in at DG01; open both screens so the device keeps their work.
    await page.goto(`${proxy.url}/pda/`);
    await page.getByPlaceholder('Username').fill('warestaff');
    await page.getByPlaceholder('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('Choose your warehouse').waitFor({ timeout: UI_WAIT });
    await page.getByText(/^DG01\b/).click();
    await page.getByRole('button', { name: 'Receive transfers' }).waitFor({ timeout: UI_WAIT });
    await shows(page.getByTestId('last-sync'), /Last sync \d/);
    await page.getByRole('button', { name: 'Count' }).click();
    await shows(page.getByTestId('count-screen'), count.countNo);
    await back(page);
    await page.getByRole('button', { name: 'Receive transfers' }).click();
    await shows(page.getByTestId('transfer-screen'), transfer.batchNo);
    await back(page);

    // Offline for real: the proxy cut and the browser told.
    proxy.cut();
    await context.setOffline(true);
    await shows(network(page), exactly('Offline'));

    // Count three locations blind: A short by 2, B over by 1, the third empty though C is expected.
    await page.getByRole('button', { name: 'Count' }).click();
    await scanSees(page, count.countNo, `Check order ${count.countNo}`);
    const countLocation = async (code: string, scans: string[], question: RegExp) => {
      await scanSees(page, code, `Counting ${code}`);
      for (const [index, item] of scans.entries())
        await scanSees(
          page,
          item,
          `${item}: ${scans.slice(0, index + 1).filter((other) => other === item).length}`,
        );
      await page.getByRole('button', { name: 'Finish location' }).click();
      await confirm(page, question, 'Finish location');
      await shows(feedback(page), `${code} counted`);
    };
    await countLocation(COUNTED[0], ['E2E-CNT-A', 'E2E-CNT-A', 'E2E-CNT-A'], /Finish A-02-01 with 3 units/);
    await countLocation(COUNTED[1], ['E2E-CNT-B', 'E2E-CNT-B', 'E2E-CNT-B'], /Finish A-02-02 with 3 units/);
    await scanSees(page, COUNTED[2], `Counting ${COUNTED[2]}`);
    // Blind: how many SKUs the shelf should hold and which, never how many units.
    await shows(page.getByTestId('expected-summary'), 'Expected here: 1 SKUs, 1 not counted yet');
    await shows(page.getByTestId('expected-E2E-CNT-C'), exactly('Not counted yet'));
    await page.getByRole('button', { name: 'Finish location' }).click();
    await confirm(
      page,
      '1 expected SKUs are not counted yet on A-02-03: E2E-CNT-C. Count them, or confirm that none of them is here (each counted as 0)?',
      'None here, finish',
    );
    await shows(feedback(page), `${COUNTED[2]} counted`);
    await shows(queued(page), exactly('Queued 3'));
    await back(page);

    // Receive the transfer: 3 of the 4 units arrive; the fourth is recorded short.
    await page.getByRole('button', { name: 'Receive transfers' }).click();
    await scanSees(page, transfer.batchNo, `Transfer ${transfer.batchNo}`);
    await scanSees(page, 'E2E-CNT-A', `E2E-CNT-A is not in transfer ${transfer.batchNo}`);
    await feedback(page).getByRole('button', { name: 'OK' }).click();
    for (const quantity of [1, 2, 3]) await scanSees(page, 'E2E-TRF', `E2E-TRF: ${quantity}`);
    await shows(prompt(page), 'Scan more units, or the location to put them on');
    await scanSees(page, ARRIVAL, `3 units received onto ${ARRIVAL}`);
    await page.getByRole('button', { name: 'End receiving' }).click();
    await shows(page.getByTestId('short-E2E-TRF'), exactly('1'));
    await page.getByText('Lost in transit').click();
    await page.getByRole('button', { name: 'End receiving' }).click();
    await confirm(page, `End receiving ${transfer.batchNo} with 1 units recorded as short?`, 'End receiving');
    await shows(queued(page), exactly('Queued 5'));
    // Nothing reached the server while offline.
    expect(await balance(dg01.id, sku('E2E-TRF'))).toMatchObject({ available: 0, in_transit: 4 });

    // Back online: the queue empties, each op applied once.
    proxy.restore();
    await context.setOffline(false);
    await shows(queued(page), exactly('Queued 0'), SYNC_WAIT);
    const { rows: ops } = await world.database.ownerPool.query(
      `select type, count(*)::int as n, count(distinct op_id)::int as distinct_ops,
              (count(*) filter (where result->>'status' = 'applied'))::int as applied
       from pda_processed_ops where type in ('count.location', 'transfer.receive', 'transfer.finish')
       group by type order by type`,
    );
    expect(ops).toEqual([
      { type: 'count.location', n: 3, distinct_ops: 3, applied: 3 },
      { type: 'transfer.finish', n: 1, distinct_ops: 1, applied: 1 },
      { type: 'transfer.receive', n: 1, distinct_ops: 1, applied: 1 },
    ]);
    expect(await balance(dg01.id, sku('E2E-TRF'))).toMatchObject({ available: 3, in_transit: 0 });
    expect(await onLocation(world, locationOf(dg01, ARRIVAL), sku('E2E-TRF'))).toBe(3);
    const { rows: variances } = await world.database.ownerPool.query(
      `select s.seller_sku, l.counted_quantity, l.book_quantity, l.variance, l.state
       from count_lines l join skus s on s.id = l.sku_id where l.count_order_id = $1 order by s.seller_sku`,
      [count.id],
    );
    expect(variances).toEqual([
      { seller_sku: 'E2E-CNT-A', counted_quantity: 3, book_quantity: 5, variance: -2, state: 'pending' },
      { seller_sku: 'E2E-CNT-B', counted_quantity: 3, book_quantity: 2, variance: 1, state: 'pending' },
      { seller_sku: 'E2E-CNT-C', counted_quantity: 0, book_quantity: 2, variance: -2, state: 'pending' },
    ]);
    expect(pageErrors).toEqual([]);
    await context.close();

    // The admin: a manager passes the variances; the stock follows; the transfer shows its difference.
    const admin = await newContext(browser);
    const desk = await admin.newPage();
    await loginThroughUi(desk, server.baseUrl, 'waremanager');
    await desk.goto(`${server.baseUrl}/stock/check`);
    await clearDialogs(desk);
    // Twice in full runs a dialog stayed over the list here for 50 s: the announcement, opened after
    // the helper had taken the dashboard's late answer for this page's (fixed in browser.ts). Should
    // a dialog ever stay again, say which.
    await desk
      .getByText(count.countNo, { exact: true })
      .click()
      .catch(async (error: unknown) => {
        const open = await desk.locator('.ant-modal-wrap:visible').allInnerTexts();
        throw new Error(`${String(error)}\nthe dialogs open over the list: ${JSON.stringify(open)}`);
      });
    const drawer = desk.locator('.ant-drawer-content');
    await shows(drawer, 'E2E-CNT-A');
    await drawer.locator('thead .ant-checkbox-input').check();
    await drawer.getByRole('button', { name: 'Pass', exact: true }).click();
    const question = desk.locator('.ant-modal-confirm');
    await shows(question, 'Pass 3 variances?');
    // A click while the dialog still zooms in can miss it: click once it stands still.
    await settled(desk);
    await question.getByRole('button', { name: 'Pass', exact: true }).click();
    await question.waitFor({ state: 'detached', timeout: UI_WAIT });
    await expect
      .poll(
        async () => [
          await onLocation(world, shortShelf ?? '', sku('E2E-CNT-A')),
          await onLocation(world, overShelf ?? '', sku('E2E-CNT-B')),
          await onLocation(world, emptyShelf ?? '', sku('E2E-CNT-C')),
        ],
        { timeout: UI_WAIT },
      )
      .toEqual([3, 3, 0]);
    expect(await balance(dg01.id, sku('E2E-CNT-A'))).toMatchObject({ available: 3 });
    const stock = await call(
      managerToken,
      'GET',
      `/api/inventory/stock/list?warehouseId=${dg01.id}&skuSearch=E2E-CNT-B`,
    );
    expect(stock.json().result.records).toEqual([
      expect.objectContaining({ sellerSku: 'E2E-CNT-B', available: 3 }),
    ]);

    await desk.goto(`${server.baseUrl}/stock/transfer`);
    await clearDialogs(desk);
    const row = desk.locator('tr').filter({ hasText: transfer.batchNo });
    await row.getByText('Detail', { exact: true }).click();
    const detail = desk.locator('.ant-drawer-content').filter({ hasText: `Transfer ${transfer.batchNo}` });
    await shows(detail.locator('tr').filter({ hasText: 'E2E-TRF' }), /Lost in transit/);
    await shows(detail, 'Received');
    await admin.close();
    expect(await ledgerMismatches(world)).toEqual([]);
  }, 240_000);
});
