/**
 * Picking a wave offline, in Chromium with the PDA's service worker in control,
 * against the real server on its own cloned database: the waves are fetched online, then the
 * network is cut for real (the test's TCP proxy, pda-proxy.ts, with `context.setOffline`); the
 * worker takes the wave, walks its route in location-code order scanning each shelf and each
 * unit (a wrong shelf refused on the spot), reloads while offline and resumes where they were,
 * finishes the wave, and reconnects. On the server every op applied exactly once, the orders are
 * picked, the units moved from their shelves to the staging location, and the ledger reconciles.
 */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '@server/seed/demo.js';
import {
  makeWave,
  onStaging,
  pickedOf,
  pickWorld,
  readyOrder,
  stockedSku,
  type PickWorld,
} from '../support/pick-world.js';
import { actorFor, demoWarehouse, ledgerMismatches } from '../support/stock-world.js';
import { hasChromium, launchBrowser, startLiveServer, type LiveServer } from './browser.js';
import { startCuttableProxy, type CuttableProxy } from './pda-proxy.js';

const UI_WAIT = 20_000;
const SYNC_WAIT = 45_000;
/** Between keys of a scan: read as keypad input, which only Enter ends (see pda.test.ts). */
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
const network = (page: Page) => page.getByTestId('network');
const queued = (page: Page) => page.getByTestId('queued');
const feedback = (page: Page) => page.getByTestId('feedback');
const prompt = (page: Page) => page.getByTestId('prompt');
const nextLocation = (page: Page) => page.getByTestId('next-location');

async function scan(page: Page, code: string): Promise<void> {
  await page.keyboard.type(code, { delay: KEY_DELAY_MS });
  await page.keyboard.press('Enter');
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

/** A wave of two orders: PKE-A on two shelves, PKE-B on a third; its route is A-02-01, A-02-02, B-01-02. */
async function pickableWave(pw: PickWorld) {
  const skuA = await stockedSku(pw, 'PKE-A', { 'A-02-01': 2, 'A-02-02': 3 });
  const skuB = await stockedSku(pw, 'PKE-B', { 'B-01-02': 4 });
  const first = await readyOrder(pw, [{ skuId: skuA, quantity: 2 }]);
  const second = await readyOrder(pw, [
    { skuId: skuA, quantity: 1 },
    { skuId: skuB, quantity: 1 },
  ]);
  const wave = await makeWave(pw, { orderIds: [first.id, second.id] });
  return { skuA, skuB, orders: [first, second], wave };
}

describe.skipIf(!hasChromium)('picking a wave on the PDA offline in Chromium', () => {
  it('picks a wave offline in walking order, survives a reload, and syncs each op once', async () => {
    const { world } = server;
    const managerToken = await world.login('waremanager');
    const pw = await pickWorld(world, await demoWarehouse(world, 'DG01'), {
      manager: await actorFor(world, 'waremanager'),
      managerToken,
      agent: await actorFor(world, 'agent'),
      sellerToken: await world.login('seller'),
    });
    const { skuA, skuB, orders, wave } = await pickableWave(pw);

    const context = await newPdaContext();
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));

    // 1. Online: log in, choose DG01, the service worker in control, the waves fetched.
    await page.goto(`${proxy.url}/pda/`);
    await page.getByPlaceholder('Username').fill('warestaff');
    await page.getByPlaceholder('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('Choose your warehouse').waitFor({ timeout: UI_WAIT });
    await page.getByText(/^DG01\b/).click();
    await page.getByRole('button', { name: 'Pick' }).waitFor({ timeout: UI_WAIT });
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: UI_WAIT,
    });
    await shows(network(page), exactly('Online'));
    await page.getByRole('button', { name: 'Pick' }).click();
    await shows(page.getByTestId('pick-screen'), wave.waveNo);
    await shows(queued(page), exactly('Queued 0'));

    // 2. Offline for real.
    proxy.cut();
    const requestsBeforeOffline = proxy.requests().length;
    await context.setOffline(true);
    await shows(network(page), exactly('Offline'));

    // 3. Take the wave, walk the route; a wrong shelf is refused on the spot.
    await page.getByText(wave.waveNo, { exact: true }).click();
    await shows(prompt(page), 'Go to the location shown and scan it');
    await shows(nextLocation(page), 'A-02-01');
    await shows(nextLocation(page), 'Take 2 × PKE-A');
    await scan(page, 'B-01-02');
    await shows(feedback(page), 'Wrong location B-01-02: go to A-02-01');
    await feedback(page).getByRole('button', { name: 'OK' }).click();
    await feedback(page).waitFor({ state: 'detached', timeout: UI_WAIT });
    await scan(page, 'A-02-01');
    await shows(prompt(page), 'Scan each item');
    await scan(page, 'PKE-A');
    await shows(feedback(page), `PKE-A × 1 picked for ${orders[0]?.orderNo}`);
    await shows(queued(page), exactly('Queued 2'));
    await scan(page, 'PKE-A');
    await shows(nextLocation(page), 'A-02-02');
    await shows(queued(page), exactly('Queued 3'));
    await page.screenshot({ path: 'data/screenshots/pda-pick-route.png' });

    // 4. A reload while offline: the shell from the precache, the route where it was.
    await page.reload();
    await shows(nextLocation(page), 'A-02-02');
    await shows(queued(page), exactly('Queued 3'));
    await scan(page, 'A-02-02');
    await shows(prompt(page), 'Scan each item');
    await scan(page, 'PKE-A');
    await shows(nextLocation(page), 'B-01-02');
    await scan(page, 'B-01-02');
    await shows(prompt(page), 'Scan each item');
    await scan(page, 'PKE-B');
    await shows(prompt(page), `Everything in wave ${wave.waveNo} is picked or reported short`);
    await shows(queued(page), exactly('Queued 5'));
    await shows(network(page), exactly('Offline'));
    expect(proxy.requests().slice(requestsBeforeOffline)).toEqual([]);

    // 5. Back online: the queue empties.
    proxy.restore();
    await context.setOffline(false);
    await shows(queued(page), exactly('Queued 0'), SYNC_WAIT);

    // 6. On the server: each op once, the orders picked, the units on staging, the ledger right.
    const { rows: processed } = await world.database.ownerPool.query<{ type: string; n: number }>(
      `select type, count(*)::int as n from pda_processed_ops
       where payload->>'waveId' = $1 and result->>'status' = 'applied' group by type order by type`,
      [wave.id],
    );
    expect(processed).toEqual([
      { type: 'pick.claim', n: 1 },
      { type: 'pick.take', n: 4 },
    ]);
    for (const order of orders) {
      const { rows } = await world.database.ownerPool.query(
        'select warehouse_status, is_picked from orders where id = $1',
        [order.id],
      );
      expect(rows[0]).toEqual({ warehouse_status: 'picked', is_picked: true });
    }
    expect(await pickedOf(pw, orders[0]?.id ?? '')).toEqual({ [orders[0]?.lineIds[0] ?? '']: 2 });
    expect(await onStaging(pw, skuA)).toBe(3);
    expect(await onStaging(pw, skuB)).toBe(1);
    const { rows: waves } = await world.database.ownerPool.query('select status from waves where id = $1', [
      wave.id,
    ]);
    expect(waves[0]).toEqual({ status: 'picked' });
    expect(await ledgerMismatches(world)).toEqual([]);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
