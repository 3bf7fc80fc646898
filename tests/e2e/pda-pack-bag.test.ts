/**
 * Pack, bag and hand over offline, in Chromium with the PDA's service worker in
 * control, against the real server on its own cloned database: three picked orders (their
 * waybills printed in the admin) are fetched by the pack screen online; then, with the network
 * cut for real at the test's proxy (pda-proxy.ts), the worker packs the three parcels by scans
 * (a wrong item refused on the spot; the page reloaded halfway through the first parcel reopens
 * it with its unit scanned), opens a bag, scans two parcels into it, weighs and closes
 * it, reloads the app offline, and hands the bag and the third parcel over ('Deliver
 * immediately', 'Delivery (outbound) succeeded'). Back online, every op is applied exactly once
 * on the server: the orders are shipped and delivered, the bag is closed and picked up, each
 * unit left the ledger once (one issue per order line) and the ledger reconciles.
 */
import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receiveStock } from '@server/modules/inventory/index.js';
import { passReview, upsertMarketplaceOrder } from '@server/modules/orders/index.js';
import { DEMO_PASSWORD } from '@server/seed/demo.js';
import { sellerIdOf } from '../support/photos.js';
import { actorFor, asActor, demoWarehouse, ledgerMismatches, locationOf } from '../support/stock-world.js';
import { hasChromium, launchBrowser, startLiveServer, type LiveServer } from './browser.js';
import { DEMO_SKUS } from './pda-driver.js';
import { startCuttableProxy, type CuttableProxy } from './pda-proxy.js';

const UI_WAIT = 20_000;
const SYNC_WAIT = 45_000;
const KEY_DELAY_MS = 50;

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
const feedback = (page: Page) => page.getByTestId('feedback');
const queued = (page: Page) => page.getByTestId('queued');

async function scan(page: Page, code: string): Promise<void> {
  await page.keyboard.type(code, { delay: KEY_DELAY_MS });
  await page.keyboard.press('Enter');
}

async function confirm(page: Page, text: string | RegExp, button: string): Promise<void> {
  const dialog = page.getByRole('dialog');
  await shows(dialog, text);
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await dialog.waitFor({ state: 'detached', timeout: UI_WAIT });
}

interface Picked {
  id: string;
  orderNo: string;
  trackingNo: string;
}

/** A picked order of the demo seller in DG01, its waybill printed, through the admin's calls. */
async function pickedOrder(lines: { skuId: string; quantity: number }[], token: string): Promise<Picked> {
  const { world } = server;
  const agent = await actorFor(world, 'agent');
  const dg01 = await demoWarehouse(world, 'DG01');
  const sellerId = await sellerIdOf(world, await world.login('seller'));
  const orderNo = `E2EPACK${randomUUID().slice(0, 8).toUpperCase()}`;
  const saved = await asActor(world, agent, (tx) =>
    upsertMarketplaceOrder(tx, agent, {
      sellerId,
      platform: 'manual',
      shopId: 'hand-entered',
      shopName: '',
      orderNo,
      platformStatus: 'READY_TO_SHIP',
      warehouseId: dg01.id,
      buyerName: 'buyer',
      recipientName: 'Somchai',
      recipientPhone: '+66 81 234 5678',
      recipientAddress: '99 Sukhumvit Road, Bangkok 10110',
      currency: 'THB',
      lines: lines.map((line) => ({ ...line, unitPrice: 1000, itemId: '', variationId: '' })),
    }),
  );
  await asActor(world, agent, (tx) => passReview(tx, agent, { ids: [saved.id] }));
  const trackingNo = `TH${orderNo}`;
  const call = async (url: string, payload: object) => {
    const reply = await world.request({ method: 'POST', url, token, payload });
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json();
  };
  await call('/api/waybill/selfShipped', { orderId: saved.id, trackingNo, carrierName: 'Kerry Express' });
  await call('/api/waybill/printed', { orderIds: [saved.id], isPrinted: true });
  expect((await call('/api/outbound/picked', { orderIds: [saved.id] })).result.succeeded).toBe(1);
  return { id: saved.id, orderNo, trackingNo };
}

async function newPdaContext(): Promise<BrowserContext> {
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

/** Packs a parcel by scans; with `resume`, the page reloads after its first unit and goes on. */
async function packParcel(
  page: Page,
  parcel: Picked,
  units: string[],
  resume?: { line: string; shows: string },
) {
  await scan(page, parcel.trackingNo);
  await shows(page.getByTestId('parcel-header'), parcel.orderNo);
  const [firstUnit, ...rest] = units;
  if (resume && firstUnit) {
    await scan(page, firstUnit);
    await shows(page.getByTestId(resume.line), exactly(resume.shows));
    // The half-scanned parcel is kept once its frame is painted: a reload (offline) reopens it.
    await page.waitForTimeout(300);
    await page.reload();
    await shows(page.getByTestId('parcel-header'), parcel.orderNo);
    await shows(page.getByTestId(resume.line), exactly(resume.shows));
  }
  for (const code of resume ? rest : units) await scan(page, code);
  await shows(page.getByTestId('prompt'), 'Weigh the parcel');
  // The scale types its reading like a keyboard, ended by Enter.
  await scan(page, '450');
  await shows(feedback(page), 'Weight read: 450 g');
  await page.getByRole('button', { name: 'Packed', exact: true }).click();
  await confirm(page, `Mark order ${parcel.orderNo} packed?`, 'Packed');
  await shows(feedback(page), `Order ${parcel.orderNo} packed`);
}

describe.skipIf(!hasChromium)('pack, bag and hand over offline in Chromium', () => {
  it('packs, bags and hands over offline, survives a reload, and applies each op once on reconnect', async () => {
    const { world } = server;
    const dg01 = await demoWarehouse(world, 'DG01');
    const manager = await actorFor(world, 'waremanager');
    const token = await world.login('waremanager');
    const { rows: skuRows } = await world.database.ownerPool.query<{ id: string; seller_sku: string }>(
      `select id, seller_sku from skus where seller_sku in ('TS-BLK-M', 'TS-BLK-L')`,
    );
    const skuOf = (code: string) => skuRows.find((row) => row.seller_sku === code)?.id ?? '';
    for (const code of ['TS-BLK-M', 'TS-BLK-L'])
      await asActor(world, manager, (tx) =>
        receiveStock(tx, manager, {
          warehouseId: dg01.id,
          skuId: skuOf(code),
          locationId: locationOf(dg01, 'A-01-03'),
          quantity: 10,
        }),
      );
    const first = await pickedOrder([{ skuId: skuOf('TS-BLK-M'), quantity: 2 }], token);
    const second = await pickedOrder(
      [
        { skuId: skuOf('TS-BLK-M'), quantity: 1 },
        { skuId: skuOf('TS-BLK-L'), quantity: 1 },
      ],
      token,
    );
    const third = await pickedOrder([{ skuId: skuOf('TS-BLK-L'), quantity: 1 }], token);
    const orderIds = [first.id, second.id, third.id];

    const context = await newPdaContext();
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(`${proxy.url}/pda/`);
    await page.getByPlaceholder('Username').fill('warestaff');
    await page.getByPlaceholder('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('Choose your warehouse').waitFor({ timeout: UI_WAIT });
    await page.getByText(/^DG01\b/).click();
    await page.getByRole('button', { name: 'Pack', exact: true }).waitFor({ timeout: UI_WAIT });
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: UI_WAIT,
    });
    await shows(page.getByTestId('last-sync'), /Last sync \d/);

    // Online, the pack screen fetches the warehouse's work; every screen after works from it.
    await page.getByRole('button', { name: 'Pack', exact: true }).click();
    for (const parcel of [first, second, third]) await shows(page.getByTestId('pack-screen'), parcel.orderNo);

    proxy.cut();
    await context.setOffline(true);
    await shows(page.getByTestId('network'), exactly('Offline'));

    await scan(page, first.trackingNo);
    await scan(page, DEMO_SKUS['TS-BLK-L']);
    await shows(feedback(page), `is not an item of order ${first.orderNo}`);
    await feedback(page).getByRole('button', { name: 'OK' }).click();
    await page.getByRole('button', { name: 'Another parcel' }).click();
    await packParcel(page, first, [DEMO_SKUS['TS-BLK-M'], DEMO_SKUS['TS-BLK-M']], {
      line: 'line-TS-BLK-M',
      shows: '1/2',
    });
    await packParcel(page, second, [DEMO_SKUS['TS-BLK-M'], DEMO_SKUS['TS-BLK-L']]);
    await packParcel(page, third, [DEMO_SKUS['TS-BLK-L']]);
    await shows(queued(page), exactly('Queued 3'));

    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('button', { name: 'Bag', exact: true }).click();
    await page.getByLabel('Bag number').fill('BG-E2E-1');
    await page.getByRole('button', { name: 'Open bag' }).click();
    await shows(feedback(page), 'Bag BG-E2E-1 opened');
    await scan(page, first.trackingNo);
    await shows(feedback(page), `Order ${first.orderNo} in the bag (1)`);
    await scan(page, second.trackingNo);
    await shows(feedback(page), `Order ${second.orderNo} in the bag (2)`);
    await scan(page, '1.4kg');
    await shows(feedback(page), 'Weight read: 1400 g');
    await page.getByRole('button', { name: 'Close bag' }).click();
    await confirm(page, 'Close bag BG-E2E-1 with 2 parcels, 1400 g?', 'Close bag');
    await shows(feedback(page), 'Bag BG-E2E-1 closed with 2 parcels');
    await shows(queued(page), exactly('Queued 7'));

    // A reload while offline: the app comes from the precache, the queue and the work are intact.
    await page.reload();
    await page.getByTestId('bag-screen').waitFor({ timeout: UI_WAIT });
    await shows(queued(page), exactly('Queued 7'));
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('button', { name: 'Hand over', exact: true }).click();
    // The screen is loaded on first use: a scan typed before it is there loses its first keys.
    await page.getByTestId('handover-screen').waitFor({ timeout: UI_WAIT });
    await scan(page, 'BG-E2E-1');
    await shows(feedback(page), 'Bag BG-E2E-1 (2 parcels)');
    await scan(page, second.trackingNo);
    await shows(feedback(page), `Order ${second.orderNo} is in bag BG-E2E-1: scan the bag`);
    await feedback(page).getByRole('button', { name: 'OK' }).click();
    await scan(page, third.trackingNo);
    await shows(page.getByTestId('handover-header'), '1 bags, 3 parcels');
    await page.getByRole('button', { name: 'Deliver immediately' }).click();
    await confirm(
      page,
      'Deliver immediately: hand 1 bags and 3 parcels to the carrier?',
      'Deliver immediately',
    );
    await shows(feedback(page), 'Delivery (outbound) succeeded: 3 parcels');
    await shows(queued(page), exactly('Queued 8'));
    // Nothing reached the server while offline.
    const { rows: still } = await world.database.ownerPool.query(
      'select distinct warehouse_status from orders where id = any($1)',
      [orderIds],
    );
    expect(still).toEqual([{ warehouse_status: 'picked' }]);

    proxy.restore();
    await context.setOffline(false);
    await shows(queued(page), exactly('Queued 0'), SYNC_WAIT);

    const { rows: ops } = await world.database.ownerPool.query<{ type: string; status: string }>(
      `select type, result->>'status' as status from pda_processed_ops
       where type like 'pack.%' or type like 'bag.%' or type like 'handover.%' order by seq`,
    );
    expect(ops).toEqual(
      [
        'pack.pack',
        'pack.pack',
        'pack.pack',
        'bag.open',
        'bag.add',
        'bag.add',
        'bag.close',
        'handover.deliver',
      ].map((type) => ({ type, status: 'applied' })),
    );
    const { rows: orders } = await world.database.ownerPool.query(
      'select distinct local_status, warehouse_status from orders where id = any($1)',
      [orderIds],
    );
    expect(orders).toEqual([{ local_status: 'shipped', warehouse_status: 'delivered' }]);
    const { rows: bags } = await world.database.ownerPool.query(
      `select status, package_count, weight_grams, delivery_status from bags where bag_no = 'BG-E2E-1'`,
    );
    expect(bags).toEqual([
      { status: 'closed', package_count: 2, weight_grams: 1400, delivery_status: 'pickup' },
    ]);
    // Each picked unit left the ledger once: one issue per pick (line and location), five units.
    const { rows: issues } = await world.database.ownerPool.query<{ n: number; units: number }>(
      `select count(*)::int as n, coalesce(sum(abs(quantity)), 0)::int as units from stock_movements
       where kind = 'issue' and source_id = any($1::text[])`,
      [orderIds],
    );
    const { rows: picks } = await world.database.ownerPool.query<{ n: number }>(
      'select count(*)::int as n from order_picks where order_id = any($1)',
      [orderIds],
    );
    expect(issues[0]).toEqual({ n: picks[0]?.n, units: 5 });
    expect(await ledgerMismatches(world)).toEqual([]);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
