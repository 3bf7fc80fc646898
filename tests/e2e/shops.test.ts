/**
 * A seller connects a marketplace shop in Chromium against the real server and the bundled
 * sandbox: adds a Shopee shop, authorises it on the sandbox's authorisation page, comes back to
 * /shopifyAuth, presses 'Sync now', watches the new run running with its fetched count (the
 * platform asks it to wait before its second page) and then succeeded, and finds the shop's
 * orders in the order list.
 */
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMarketplaceApps } from '@server/modules/marketplaces/index.js';
import { sandboxEnv } from '../../src/sandbox/env.js';
import { SANDBOX_PLATFORMS } from '../../src/sandbox/platforms/index.js';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/server.js';
import { createProduct } from '../support/stock-world.js';
import { createTestWorld, type TestWorld } from '../support/test-app.js';
import {
  closeAnnouncements,
  hasChromium,
  launchBrowser,
  loginThroughUi,
  newContext,
  screenshot,
} from './browser.js';

const DAY = 86_400_000;
const SHOP_ID = '600321';
let world: TestWorld;
let sandbox: RunningSandbox;
let browser: Browser;
let baseUrl = '';

/** A free loopback port: the server must know its own address before it starts (the return point). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

beforeAll(async () => {
  if (!hasChromium) return;
  sandbox = await startSandbox({ platforms: SANDBOX_PLATFORMS });
  const port = await freePort();
  baseUrl = `http://localhost:${port}`;
  world = await createTestWorld({
    marketplaces: {
      apps: readMarketplaceApps(sandboxEnv(sandbox)),
      secretsKey: randomBytes(32),
      publicUrl: baseUrl,
    },
  });
  await world.app.listen({ port, host: '127.0.0.1' });
  const seller = await world.login('seller');
  await createProduct(world, seller, ['E2E-SHOP-RED']);
  sandbox.world.addShop({
    platform: 'shopee',
    shopId: SHOP_ID,
    name: 'E2E Shopee shop',
    region: 'TH',
    currency: 'THB',
    catalogue: [
      {
        itemId: '901',
        variationId: '90101',
        sellerSku: 'E2E-SHOP-RED',
        barcode: '',
        title: 'Red mug',
        unitPrice: 19_900,
      },
    ],
  });
  const now = sandbox.world.now();
  sandbox.world.seedOrders('shopee', SHOP_ID, 12, now - 3 * DAY, now - DAY);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await world?.close();
  await sandbox?.close();
});

/** The shop's sync runs, oldest first. */
async function runsOfShop() {
  const { rows } = await world.database.ownerPool.query(
    `select r.trigger, r.state, r.fetched, r.pages from shop_sync_runs r join shops s on s.id = r.shop_id
      where s.platform_shop_id = $1 order by r.started_at`,
    [SHOP_ID],
  );
  return rows as { trigger: string; state: string; fetched: number; pages: number }[];
}

const shopRow = (page: Page) => page.locator('tr.ant-table-row').filter({ hasText: 'E2E Shopee' });

describe.skipIf(!hasChromium)('shops in Chromium', () => {
  it('a seller authorises a sandbox shop, syncs it now, watches the run end and sees its orders', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.setViewportSize({ width: 1366, height: 768 });
    await loginThroughUi(page, baseUrl, 'seller');
    await closeAnnouncements(page);
    await page.goto(`${baseUrl}/shop/list`);
    await closeAnnouncements(page);

    await page.getByRole('button', { name: 'Add shop' }).click();
    const drawer = page.locator('.ant-drawer-content');
    await drawer.getByText('Shopee', { exact: true }).click();
    await drawer.getByLabel('Shop alias').fill('E2E Shopee');
    await drawer
      .locator('.ant-form-item')
      .filter({ hasText: 'Shipping warehouse' })
      .locator('.ant-select-selector')
      .click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    await drawer.getByRole('button', { name: /save/i }).click();
    await expect.poll(() => shopRow(page).count()).toBe(1);

    await shopRow(page).getByText('Authorise', { exact: true }).click();
    await page.waitForURL(`${sandbox.platformUrl('shopee')}/**`);
    await page.getByRole('button', { name: new RegExp(`Authorise .*${SHOP_ID}`) }).click();
    await page.waitForURL(`${baseUrl}/shopifyAuth**`);
    await expect.poll(() => page.getByText('Authorised; the first sync has started').isVisible()).toBe(true);
    await screenshot(page, 'shop-authorised');
    await page.getByRole('button', { name: 'Go to the shop list' }).click();

    // The first sync the authorisation queued ends; then 'Sync now' runs again, with progress.
    await expect.poll(() => shopRow(page).getByText('Succeeded').isVisible()).toBe(true);
    const runsBefore = await runsOfShop();
    sandbox.world.createOrder('shopee', SHOP_ID, {
      status: 'ready_to_ship',
      lines: [{ sellerSku: 'E2E-SHOP-RED', quantity: 2 }],
    });
    // More than one page of new orders, and the platform asks to wait before the second page:
    // the run stays running, its first page's orders counted, long enough to be seen.
    for (let index = 0; index < 120; index += 1)
      sandbox.world.createOrder('shopee', SHOP_ID, {
        status: 'ready_to_ship',
        silent: true,
        lines: [{ sellerSku: 'E2E-SHOP-RED', quantity: 1 }],
      });
    sandbox.world.moveClock(60_000);
    sandbox.world.traffic.injectFault({
      platform: 'shopee',
      kind: 'http_429',
      pathContains: 'get_order_list',
      skip: 1,
      count: 1,
      retryAfterSeconds: 8,
    });
    await shopRow(page).getByText('Sync now', { exact: true }).click();
    await expect.poll(() => page.getByText('Sync of E2E Shopee started').isVisible()).toBe(true);
    // The new run shows as running with the orders of its first page fetched (the list reads the
    // runs again every 2 s), not the first sync's 'Succeeded' ...
    await expect.poll(() => shopRow(page).getByText('Syncing: 100 orders fetched').isVisible()).toBe(true);
    expect(await shopRow(page).getByText('Succeeded').isVisible()).toBe(false);
    await screenshot(page, 'shop-list-syncing');
    // ... and then as succeeded, when the platform's wait is over and the last page is written.
    await expect.poll(() => shopRow(page).getByText('Succeeded').isVisible()).toBe(true);
    const runs = await runsOfShop();
    expect(runs).toHaveLength(runsBefore.length + 1);
    expect(runs.at(-1)).toMatchObject({ trigger: 'manual', state: 'succeeded', fetched: 121, pages: 2 });
    await screenshot(page, 'shop-list-synced');

    const orderNo =
      sandbox.world.ordersOf('shopee', SHOP_ID).find((order) => order.status === 'ready_to_ship')?.orderId ??
      '';
    await page.goto(`${baseUrl}/order/manage/seller?searchTrackingNo=${orderNo}`);
    await closeAnnouncements(page);
    await expect.poll(() => page.getByText(orderNo).first().isVisible()).toBe(true);
    const synced = await world.database.ownerPool.query(
      'select count(*) from orders o join shops s on s.id::text = o.shop_id where s.platform_shop_id = $1',
      [SHOP_ID],
    );
    expect(Number(synced.rows[0]?.count)).toBe(sandbox.world.ordersOf('shopee', SHOP_ID).length);
    await context.close();
  });
});
