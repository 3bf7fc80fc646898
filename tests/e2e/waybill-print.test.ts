/**
 * Printing waybills through the local print helper, in Chromium against the real server and the
 * bundled sandbox carrier: twenty reviewed orders of one seller, their stock on a shelf of DG01,
 * are arranged through a carrier channel; the real print helper runs beside the browser (its
 * folder printer, no system printers). The warehouse manager selects the twenty on the Outbound
 * screen's 'To be printed' tab and prints them: the batch merges the labels, the admin sends the
 * PDF to the helper, which saves it as one 20-page PDF holding every tracking number, and the
 * orders are marked printed once. Then they are picked, packed and delivered through the
 * screen's buttons and confirmations, and the stock leaves the ledger exactly once.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '@server/http/actor.js';
import { receiveStock } from '@server/modules/inventory/index.js';
import { readMarketplaceApps } from '@server/modules/marketplaces/index.js';
import { passReview, upsertMarketplaceOrder } from '@server/modules/orders/index.js';
import { PRINT_HELPER } from '@shared/domain/print-helper.js';
import { SANDBOX_CARRIER_ACCOUNTS } from '../../src/sandbox/carrier.js';
import { sandboxEnv } from '../../src/sandbox/env.js';
import { SANDBOX_PLATFORMS } from '../../src/sandbox/platforms/index.js';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/server.js';
import { pdfPageTexts } from '../support/pdf-reading.js';
import { sellerIdOf } from '../support/photos.js';
import {
  actorFor,
  asActor,
  createProduct,
  demoWarehouse,
  ledgerMismatches,
  locationOf,
  type DemoWarehouse,
} from '../support/stock-world.js';
import { createTestWorld, type TestWorld } from '../support/test-app.js';
import { closeAnnouncements, hasChromium, launchBrowser, loginThroughUi, newContext } from './browser.js';

const ORDERS = 20;
const ORDER_PREFIX = 'E2EPRINT';
const SHELF = 'A-02-04';
/** The helper's fixed port: the admin looks for it there (then on the spare one). */
const HELPER_PORT = PRINT_HELPER.ports[0] ?? 18600;
const [carrierKey, carrierAccount] = Object.entries(SANDBOX_CARRIER_ACCOUNTS)[0] ?? ['', { appSecret: '' }];

let world: TestWorld;
let sandbox: RunningSandbox;
let browser: Browser;
let helper: ChildProcess | null = null;
let helperFolder = '';
let baseUrl = '';
let dg01: DemoWarehouse;
let skuId = '';
let managerToken = '';
const orderIds: string[] = [];

/** A free loopback port: the app's origin must be known before the helper that allows it starts. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Fails with what to do when another program (another helper, say) holds the helper's port. */
async function assertHelperPortFree(): Promise<void> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new Error(
          `The print helper's port 127.0.0.1:${HELPER_PORT} is taken (${error.code}): the admin only looks ` +
            'for the helper there, so this test cannot run. Stop the program listening on it ' +
            `(\`ss -ltnp | grep ${HELPER_PORT}\`) and run the test again.`,
        ),
      ),
    );
    probe.listen(HELPER_PORT, '127.0.0.1', resolve);
  });
  await new Promise((resolve) => probe.close(resolve));
}

/** Starts the real helper as a child process and resolves once it listens; rejects with its words if it cannot. */
async function startHelper(origin: string, folder: string): Promise<ChildProcess> {
  await assertHelperPortFree();
  const child = spawn(
    process.execPath,
    [
      'src/print-helper/print-helper.mjs',
      '--port',
      String(HELPER_PORT),
      '--origin',
      origin,
      '--folder',
      folder,
      '--no-system-printers',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(`listening on http://127.0.0.1:${HELPER_PORT}`)) resolve();
    });
    child.once('exit', (code) =>
      reject(new Error(`the print helper exited (${code}) before listening:\n${output}`)),
    );
    child.once('error', reject);
  });
  return child;
}

async function stopHelper(): Promise<void> {
  const child = helper;
  helper = null;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
// Should vitest's worker end without afterAll, the helper must not outlive it and hold the port.
process.once('exit', () => helper?.kill('SIGKILL'));

async function api<T>(method: 'GET' | 'POST', url: string, payload?: object): Promise<T> {
  const response = await world.request({
    method,
    url,
    token: managerToken,
    payload,
    headers: { 'accept-language': 'en-US' },
  });
  if (response.statusCode !== 200) throw new Error(`${method} ${url} answered ${response.body}`);
  return (response.json() as { result: T }).result;
}

interface Row {
  orderId: string;
  orderNo: string;
  trackingNo: string;
  isPrinted: boolean;
  printCount: number;
}

const listStage = (stage: string) =>
  api<{ records: Row[] }>('GET', `/api/waybill/list?stage=${stage}&keyword=${ORDER_PREFIX}&pageSize=50`).then(
    (page) => page.records,
  );

/** Follows a batch until it has finished (beforeAll cannot use expect.poll). */
async function settledBatch(id: string): Promise<{ state: string; succeeded: number; failed: number }> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const batch = await api<{ state: string; succeeded: number; failed: number }>(
      'GET',
      `/api/waybill/batch?id=${id}`,
    );
    if (batch.state === 'done' || batch.state === 'failed') return batch;
    if (Date.now() > deadline) throw new Error(`the batch ${id} did not finish: ${JSON.stringify(batch)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function balance(): Promise<{ available: number; frozen: number }> {
  const { rows } = await world.database.ownerPool.query(
    'select available, frozen from stock_balances where warehouse_id = $1 and sku_id = $2',
    [dg01.id, skuId],
  );
  return rows[0];
}

/** Twenty orders of the seller waiting to ship, one unit each, reviewed (so reserved). */
async function reviewedOrders(agent: Actor, sellerId: string) {
  for (let number = 1; number <= ORDERS; number += 1) {
    const saved = await asActor(world, agent, (tx) =>
      upsertMarketplaceOrder(tx, agent, {
        sellerId,
        platform: 'manual',
        shopId: 'hand-entered',
        shopName: '',
        orderNo: `${ORDER_PREFIX}-${String(number).padStart(4, '0')}`,
        platformStatus: 'READY_TO_SHIP',
        warehouseId: dg01.id,
        buyerName: 'buyer',
        recipientName: 'Somchai Jaidee',
        recipientPhone: '+66 81 234 5678',
        recipientAddress: '99 Sukhumvit Road, Bangkok 10110',
        currency: 'THB',
        lines: [{ skuId, quantity: 1, unitPrice: 10_000, itemId: '', variationId: '' }],
      }),
    );
    await asActor(world, agent, (tx) => passReview(tx, agent, { ids: [saved.id] }));
    orderIds.push(saved.id);
  }
}

beforeAll(async () => {
  if (!hasChromium) return;
  const port = await freePort();
  baseUrl = `http://localhost:${port}`;
  // First, so a taken port fails the file before anything else is built.
  helperFolder = mkdtempSync(join(tmpdir(), 'print-helper-e2e-'));
  helper = await startHelper(baseUrl, helperFolder);
  sandbox = await startSandbox({ platforms: SANDBOX_PLATFORMS });
  world = await createTestWorld({
    marketplaces: {
      apps: readMarketplaceApps(sandboxEnv(sandbox)),
      secretsKey: randomBytes(32),
      publicUrl: baseUrl,
    },
    carrierUrls: { sandbox: `${sandbox.url}/carrier` },
  });
  await world.app.listen({ port, host: '127.0.0.1' });
  const sellerToken = await world.login('seller');
  const agentToken = await world.login('agent');
  managerToken = await world.login('waremanager');
  const manager = await actorFor(world, 'waremanager');
  const agent = await actorFor(world, 'agent');
  dg01 = await demoWarehouse(world, 'DG01');

  skuId = (await createProduct(world, sellerToken, ['E2E-PRINT-MUG'])).skus[0]?.id ?? '';
  await asActor(world, manager, (tx) =>
    receiveStock(tx, manager, {
      warehouseId: dg01.id,
      skuId,
      locationId: locationOf(dg01, SHELF),
      quantity: ORDERS + 10,
    }),
  );
  await reviewedOrders(agent, await sellerIdOf(world, sellerToken));

  const added = await world.request({
    method: 'POST',
    url: '/api/logistics/channel/add',
    token: agentToken,
    payload: {
      kind: 'carrier',
      carrier: 'sandbox',
      name: 'E2E Sandbox Express',
      companyName: 'Sandbox Express Co.',
      companyCode: 'SBX',
      appKey: carrierKey,
      appSecret: carrierAccount.appSecret,
      warehouseIds: [dg01.id],
    },
  });
  const channel = added.json().result as { id: string; authStatus: string };
  expect(channel.authStatus, added.body).toBe('authorised');
  const queued = await api<{ id: string }>('POST', '/api/waybill/arrange', {
    orderIds,
    channelId: channel.id,
  });
  expect(await settledBatch(queued.id)).toMatchObject({ state: 'done', succeeded: ORDERS, failed: 0 });

  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await stopHelper();
  await world?.close();
  await sandbox?.close();
  if (helperFolder) rmSync(helperFolder, { recursive: true, force: true });
});

const rows = (page: Page) => page.locator('.ant-layout-content tbody tr.ant-table-row');
/** The dialog on top. */
const dialog = (page: Page) => page.locator('.ant-modal:visible').last();

/** Opens a stage's tab and waits until the table lists exactly `count` of the test's orders. */
async function openStage(page: Page, tab: string, count: number) {
  await page.getByRole('tab', { name: tab, exact: true }).click();
  await expect
    .poll(() => page.getByRole('tab', { name: tab, exact: true }).getAttribute('aria-selected'))
    .toBe('true');
  if (count === 0) await page.getByText('No order at this stage').waitFor();
  else await expect.poll(() => rows(page).filter({ hasText: ORDER_PREFIX }).count()).toBe(count);
}

/** Selects every row of the page through the header checkbox. */
async function selectAll(page: Page, count: number) {
  await page.locator('.ant-layout-content thead .ant-checkbox-input').first().check();
  await page.getByText(`Selected: ${count}`, { exact: true }).waitFor();
}

/** Clicks a confirmation dialog's button, the dialog found by its title. */
async function confirmIn(page: Page, title: string, button: string): Promise<Locator> {
  const modal = page.locator('.ant-modal:visible').filter({ hasText: title });
  await modal.getByRole('button', { name: button, exact: true }).click();
  return modal;
}

async function successMessage(page: Page, text: string) {
  await page.locator('.ant-message-notice').filter({ hasText: text }).waitFor();
}

describe.skipIf(!hasChromium)('printing waybills through the print helper in Chromium', () => {
  it(
    'prints 20 waybills on the helper as one PDF, marks them printed once, then picks, packs and delivers them',
    { timeout: 240_000 },
    async () => {
      const arranged = await listStage('to_print');
      expect(arranged).toHaveLength(ORDERS);
      const trackingNos = arranged.map((row) => row.trackingNo);
      for (const trackingNo of trackingNos) expect(trackingNo).toMatch(/^SBX\d{10}TH$/);
      expect(await balance()).toEqual({ available: 10, frozen: ORDERS });

      const context = await newContext(browser);
      const page = await context.newPage();
      const pageErrors: string[] = [];
      page.on('pageerror', (error) => pageErrors.push(error.message));
      await loginThroughUi(page, baseUrl, 'waremanager');
      await closeAnnouncements(page);
      await page.goto(`${baseUrl}/logistics/outbound`);
      await closeAnnouncements(page);

      // The test's orders only (the demo data has parcels of its own), all on one page.
      const search = page.getByRole('search');
      await search.getByLabel('Number').fill(ORDER_PREFIX);
      await search.getByRole('button', { name: /Search/ }).click();
      await page.getByRole('tab', { name: 'To be printed', exact: true }).click();
      await expect.poll(() => rows(page).filter({ hasText: ORDER_PREFIX }).count()).toBe(10);
      await page.locator('.ant-pagination-options .ant-select-selector').click();
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option')
        .filter({ hasText: '50' })
        .click();
      await openStage(page, 'To be printed', ORDERS);

      await selectAll(page, ORDERS);
      await page.getByRole('button', { name: 'Print waybills', exact: true }).click();
      const progress = page
        .locator('.ant-modal:visible')
        .filter({ hasText: `Print waybills (orders: ${ORDERS})` });
      await progress.getByText(`Done: ${ORDERS} succeeded, 0 failed of ${ORDERS}`).waitFor();
      // The agent found the helper, sent it the merged PDF and followed the job to its end.
      await progress.getByText('Sent to the printer').waitFor();
      const marked = await confirmIn(page, `Mark as printed? Orders: ${ORDERS}`, 'Mark printed');
      await marked.waitFor({ state: 'hidden' });
      await progress.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
      await progress.waitFor({ state: 'hidden' });

      // The helper's folder printer saved one PDF: a page per order, each tracking number on it.
      const saved = readdirSync(helperFolder).filter((name) => name.endsWith('.pdf'));
      expect(saved).toHaveLength(1);
      const pdf = readFileSync(join(helperFolder, saved[0] ?? ''));
      expect((await PDFDocument.load(pdf)).getPageCount()).toBe(ORDERS);
      const pages = await pdfPageTexts(pdf);
      for (const trackingNo of trackingNos)
        expect(pages.filter((text) => text.includes(trackingNo))).toHaveLength(1);

      // Printed once, through the API and on the screen.
      await openStage(page, 'To be printed', 0);
      const toPick = await listStage('to_pick');
      expect(toPick).toHaveLength(ORDERS);
      for (const row of toPick) expect(row).toMatchObject({ isPrinted: true, printCount: 1 });
      await openStage(page, 'To be picked', ORDERS);
      for (const row of await rows(page).all()) {
        await expect.poll(() => row.innerText()).toContain('Printed');
        expect(await row.innerText()).toMatch(/Printed ×1/);
      }

      await selectAll(page, ORDERS);
      await page.getByRole('button', { name: 'Picked', exact: true }).click();
      await confirmIn(page, `Mark as picked? Orders: ${ORDERS}`, 'Mark picked');
      await successMessage(page, `Done (orders: ${ORDERS})`);
      await openStage(page, 'To be packed', ORDERS);

      await selectAll(page, ORDERS);
      await page.getByRole('button', { name: 'Packed', exact: true }).click();
      await confirmIn(page, `Mark as packed? Orders: ${ORDERS}`, 'Mark packed');
      await openStage(page, 'To be delivered', ORDERS);

      expect(await balance()).toEqual({ available: 10, frozen: ORDERS });
      await selectAll(page, ORDERS);
      await page.getByRole('button', { name: 'Delivered', exact: true }).click();
      await confirmIn(page, `Deliver immediately? Orders: ${ORDERS}`, 'Deliver immediately');
      await successMessage(page, 'Delivery (outbound) succeeded');
      await openStage(page, 'To be delivered', 0);
      await openStage(page, 'Delivered', ORDERS);
      expect(await dialog(page).count()).toBe(0);

      // Each order's unit left the shelf through the ledger, once.
      expect(await balance()).toEqual({ available: 10, frozen: 0 });
      const { rows: issued } = await world.database.ownerPool.query(
        `select count(*)::int as movements, coalesce(sum(quantity), 0)::int as units
         from stock_movements where sku_id = $1 and kind = 'issue'`,
        [skuId],
      );
      expect(issued[0]).toEqual({ movements: ORDERS, units: ORDERS });
      const { rows: shelf } = await world.database.ownerPool.query(
        'select quantity from location_stock where location_id = $1 and sku_id = $2',
        [locationOf(dg01, SHELF), skuId],
      );
      expect(shelf[0].quantity).toBe(10);
      expect(await ledgerMismatches(world)).toEqual([]);
      expect(pageErrors).toEqual([]);
      await context.close();
    },
  );
});
