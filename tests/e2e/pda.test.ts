/**
 * The PDA offline journey (DESIGN §5, research note §5.2), in Chromium with the PDA's service
 * worker in control, against the real server on its own cloned database: prepare the device
 * online, go offline for real, receive a box and shelve some of it by scans, reload while
 * offline (the shell comes from the precache, the queue is intact), come back online with one
 * push response lost on the way, and find every queued op applied exactly once on the server,
 * with the inbound lines and the stock ledger as scanned.
 *
 * Offline is real: the browser talks to the server only through a TCP proxy (pda-proxy.ts) that
 * the test cuts, resetting every connection and refusing new ones, together with
 * `context.setOffline(true)` so that `navigator.onLine` is false and the app says so.
 * setOffline alone would not stop requests made by the service worker (note §5.2,
 * microsoft/playwright#2311); the proxy stops everything, page or worker, whatever Chromium
 * decides, and lets the test lose one response after the server committed a push.
 */
import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDA_DB_NAME } from '../../src/pda/data/db.js';
import { DEMO_PASSWORD } from '../../src/server/seed/demo.js';
import { gtinCheckDigit } from '../../src/shared/domain/barcode.js';
import { onLocation } from '../support/inbound-world.js';
import { demoWarehouse, ledgerMismatches, locationOf } from '../support/stock-world.js';
import type { TestWorld } from '../support/test-app.js';
import { hasChromium, launchBrowser, startLiveServer, type LiveServer } from './browser.js';
import { startCuttableProxy, type CuttableProxy } from './pda-proxy.js';

/** Waits on what the app shows; generous, as CI machines are small and busy. */
const UI_WAIT = 20_000;
/** Waits for sync, which backs off (about a second at first) after a failed push. */
const SYNC_WAIT = 45_000;
/**
 * Between keys of a scan. A keyboard-wedge scanner sends a code in a burst, ended by Enter.
 * The wedge (src/shared/domain/scan.ts) ends a scanner-speed burst (≤ 35 ms a key) after 80 ms
 * of silence, so on a stalled CI machine a fast burst could be cut in two; at 50 ms a key the
 * same keys are read as keypad input, which only Enter ends. The scan is assembled and handled
 * the same way; the burst timing itself is covered by tests/pda/keyboard-wedge.test.ts.
 */
const KEY_DELAY_MS = 50;

const ean13 = (body: string) => `${body}${gtinCheckDigit(body)}`;
/** The demo SKUs of box BOX-001 (src/server/seed/demo-warehouse.ts) and their EAN-13 barcodes. */
const SKUS = {
  'TS-BLK-M': ean13('690000000001'),
  'TS-BLK-L': ean13('690000000002'),
} as const;
type SkuCode = keyof typeof SKUS;
/** A storage location of DG01 to shelve to. */
const SHELF = 'A-01-03';
/** A code that names nothing on the device. */
const BAD_CODE = 'NOSUCH-4711';

let server: LiveServer;
let proxy: CuttableProxy;
let browser: Browser;

beforeAll(async () => {
  if (!hasChromium) return;
  mkdirSync('data/screenshots', { recursive: true });
  server = await startLiveServer();
  proxy = await startCuttableProxy(server.baseUrl);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await proxy?.close();
  await server?.close();
});

/** Rejects with `message` when `promise` has not settled within `ms`. */
async function within<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Waits until `locator` shows `text`; on time-out, says what it showed instead. */
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

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The whole text, nothing more (so 'Queued 1' is not found in 'Queued 10'). */
const exactly = (text: string) => new RegExp(`^\\s*${escapeRegExp(text)}\\s*$`);

/** The header's status bar: online or offline, and how many ops wait. */
const network = (page: Page) => page.getByTestId('network');
const queued = (page: Page) => page.getByTestId('queued');
const feedback = (page: Page) => page.getByTestId('feedback');
const prompt = (page: Page) => page.getByTestId('prompt');

/** Types a code as a keyboard-wedge scanner does, into the screen's scan sink, ended by Enter. */
async function scan(page: Page, code: string): Promise<void> {
  await page.keyboard.type(code, { delay: KEY_DELAY_MS });
  await page.keyboard.press('Enter');
}

interface DeviceOp {
  opId: string;
  seq: number;
  type: string;
  payload: Record<string, unknown>;
}
interface DeviceState {
  deviceId: string | null;
  outbox: DeviceOp[];
  done: (DeviceOp & { result: string })[];
}

/** What an op is, without its sync bookkeeping (status, attempts). */
const essence = (ops: DeviceOp[]) =>
  ops.map(({ opId, seq, type, payload }) => ({ opId, seq, type, payload }));

/** The device's outbox, done ops and id, read straight from its IndexedDB. */
function readDevice(page: Page): Promise<DeviceState> {
  return page.evaluate(
    (name) =>
      new Promise<DeviceState>((resolve, reject) => {
        const request = indexedDB.open(name);
        // The app made the database; never create an empty one in its place.
        request.onupgradeneeded = () => request.transaction?.abort();
        request.onerror = () => reject(request.error ?? new Error(`cannot open ${name}`));
        request.onsuccess = () => {
          const db = request.result;
          const tx = db.transaction(['outbox', 'done', 'meta'], 'readonly');
          const outbox = tx.objectStore('outbox').getAll();
          const done = tx.objectStore('done').getAll();
          const device = tx.objectStore('meta').get('deviceId');
          tx.oncomplete = () => {
            db.close();
            const id = (device.result as { value?: unknown } | undefined)?.value;
            resolve({
              deviceId: typeof id === 'string' ? id : null,
              outbox: outbox.result as DeviceOp[],
              done: done.result as DeviceState['done'],
            });
          };
          tx.onerror = () => reject(tx.error ?? new Error('reading the device failed'));
        };
      }),
    PDA_DB_NAME,
  );
}

interface DemoOrder {
  id: string;
  inboundNo: string;
  receivingLocationId: string;
  skuIds: Record<SkuCode, string>;
}

/** The demo inbound order with box BOX-001 on its way to DG01, read as the database owner. */
async function demoOrder(world: TestWorld, warehouseId: string): Promise<DemoOrder> {
  const pool = world.database.ownerPool;
  const { rows } = await pool.query<{ id: string; inbound_no: string; receiving_location_id: string }>(
    `select o.id, o.inbound_no, o.receiving_location_id from inbound_orders o
     join inbound_boxes b on b.tenant_id = o.tenant_id and b.order_id = o.id
     where o.warehouse_id = $1 and b.box_no = 'BOX-001'`,
    [warehouseId],
  );
  const [order] = rows;
  if (!order || rows.length !== 1)
    throw new Error(`expected one demo order with BOX-001, found ${rows.length}`);
  const skus = await pool.query<{ id: string; seller_sku: string }>(
    `select distinct s.id, s.seller_sku from inbound_box_lines l
     join skus s on s.tenant_id = l.tenant_id and s.id = l.sku_id where l.order_id = $1`,
    [order.id],
  );
  const skuId = (code: SkuCode) => {
    const found = skus.rows.find((row) => row.seller_sku === code);
    if (!found) throw new Error(`${code} is not in the demo order`);
    return found.id;
  };
  return {
    id: order.id,
    inboundNo: order.inbound_no,
    receivingLocationId: order.receiving_location_id,
    skuIds: { 'TS-BLK-M': skuId('TS-BLK-M'), 'TS-BLK-L': skuId('TS-BLK-L') },
  };
}

interface StockSnapshot {
  receiving: number;
  shelf: number;
  available: number;
}

async function stockOf(
  world: TestWorld,
  warehouseId: string,
  receivingId: string,
  shelfId: string,
  skuId: string,
): Promise<StockSnapshot> {
  const { rows } = await world.database.ownerPool.query<{ available: number }>(
    'select available from stock_balances where warehouse_id = $1 and sku_id = $2',
    [warehouseId, skuId],
  );
  return {
    receiving: await onLocation(world, receivingId, skuId),
    shelf: await onLocation(world, shelfId, skuId),
    available: rows[0]?.available ?? 0,
  };
}

async function newPdaContext(): Promise<BrowserContext> {
  // A handheld's screen; the service worker allowed (the default, said for the reader).
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

describe.skipIf(!hasChromium)('the PDA offline in Chromium', () => {
  it('receives and shelves offline, survives a reload, and syncs each op exactly once', async () => {
    const { world } = server;
    const dg01 = await demoWarehouse(world, 'DG01');
    const order = await demoOrder(world, dg01.id);
    const shelfId = locationOf(dg01, SHELF);
    const before = {
      'TS-BLK-M': await stockOf(world, dg01.id, order.receivingLocationId, shelfId, order.skuIds['TS-BLK-M']),
      'TS-BLK-L': await stockOf(world, dg01.id, order.receivingLocationId, shelfId, order.skuIds['TS-BLK-L']),
    };

    const context = await newPdaContext();
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));

    // 1. Online: log in, choose DG01, let the service worker take control and the pull finish.
    await page.goto(`${proxy.url}/pda/`);
    await page.getByPlaceholder('Username').fill('warestaff');
    await page.getByPlaceholder('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('Choose your warehouse').waitFor({ timeout: UI_WAIT });
    await page.getByText(/^DG01\b/).click();
    await page.getByRole('button', { name: 'Receive' }).waitFor({ timeout: UI_WAIT });
    // The home screen registers the worker; the first one controls pages loaded after it.
    await within(
      page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined)),
      UI_WAIT,
      'the PDA service worker never became active',
    );
    if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: UI_WAIT,
    });
    await shows(network(page), exactly('Online'));
    await shows(page.getByTestId('last-sync'), /Last sync \d/);
    await shows(queued(page), exactly('Queued 0'));

    // 2. Offline for real: nothing reaches the server, and the app knows it.
    proxy.cut();
    const requestsBeforeOffline = proxy.requests().length;
    await context.setOffline(true);
    await shows(network(page), exactly('Offline'));

    // 3a. Receive box BOX-001 by scans: one unit a scan, and a code that names nothing.
    await page.getByRole('button', { name: 'Receive' }).click();
    await shows(prompt(page), 'Scan the inbound order or a box label');
    await scan(page, 'BOX-001');
    await shows(feedback(page), 'Box BOX-001');
    await shows(prompt(page), 'Scan a SKU');
    const received: Record<SkuCode, number> = { 'TS-BLK-M': 3, 'TS-BLK-L': 2 };
    const receiveScans: SkuCode[] = ['TS-BLK-M', 'TS-BLK-L', 'TS-BLK-M', 'TS-BLK-L', 'TS-BLK-M'];
    const counted: Record<SkuCode, number> = { 'TS-BLK-M': 0, 'TS-BLK-L': 0 };
    const expected: Record<SkuCode, number> = { 'TS-BLK-M': 12, 'TS-BLK-L': 6 };
    for (const [index, sku] of receiveScans.entries()) {
      await scan(page, SKUS[sku]);
      counted[sku] += 1;
      // The line's count is written after the op is queued: the next scan waits for it.
      await shows(page.getByTestId(`count-${sku}`), exactly(`${counted[sku]} / ${expected[sku]}`));
      await shows(queued(page), exactly(`Queued ${index + 1}`));
      if (index === 1) {
        await scan(page, BAD_CODE);
        await shows(feedback(page), `Unknown code ${BAD_CODE}`);
        await feedback(page).getByRole('button', { name: 'OK' }).click();
        await feedback(page).waitFor({ state: 'detached', timeout: UI_WAIT });
      }
    }
    expect(counted).toEqual(received);
    await shows(network(page), exactly('Offline'));
    await page.screenshot({ path: 'data/screenshots/pda-offline-receive.png' });

    // 3b. Shelve some of what was received onto a DG01 location, by scans.
    const shelved: Record<SkuCode, number> = { 'TS-BLK-M': 2, 'TS-BLK-L': 1 };
    // antd-mobile's NavBar renders its back link as a plain div, not a button.
    await page.getByText('Back', { exact: true }).click();
    await page.getByRole('button', { name: 'Shelve' }).click();
    await shows(prompt(page), 'Scan the inbound order or a box label');
    await shows(page.getByTestId('shelve-screen'), new RegExp(`${escapeRegExp(order.inboundNo)}\\s*5 left`));
    await scan(page, 'BOX-001');
    await shows(feedback(page), 'Box BOX-001');
    let queuedOps = receiveScans.length;
    for (const sku of ['TS-BLK-M', 'TS-BLK-L'] as const) {
      await shows(prompt(page), 'Scan a SKU or a box label');
      await scan(page, SKUS[sku]);
      await shows(prompt(page), 'Scan the location');
      await shows(feedback(page), sku);
      await scan(page, SHELF);
      await shows(prompt(page), 'Enter the quantity');
      const quantity = page.getByRole('spinbutton');
      if (shelved[sku] !== 1) await quantity.fill(String(shelved[sku]));
      await expect.poll(() => quantity.inputValue(), { timeout: UI_WAIT }).toBe(String(shelved[sku]));
      await page.getByRole('button', { name: 'Shelve', exact: true }).click();
      await shows(feedback(page), new RegExp(`${shelved[sku]} × ${sku} .*shelved to ${SHELF}`));
      queuedOps += 1;
      await shows(queued(page), exactly(`Queued ${queuedOps}`));
    }
    await shows(network(page), exactly('Offline'));
    const queuedOffline = await readDevice(page);
    expect(queuedOffline.outbox.map((op) => op.type)).toEqual([
      ...receiveScans.map(() => 'inbound.receive'),
      'inbound.shelve',
      'inbound.shelve',
    ]);
    expect(queuedOffline.done).toEqual([]);

    // 4. Reload while offline: the shell comes from the precache, still logged in, queue intact.
    await page.reload();
    await shows(page.getByTestId('shelve-screen'), 'Shelving');
    await shows(prompt(page), 'Scan the inbound order or a box label');
    await shows(network(page), exactly('Offline'));
    await shows(queued(page), exactly(`Queued ${queuedOps}`));
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    // The same ops, in the same order (only their attempt counts move, as sync keeps trying).
    expect(essence((await readDevice(page)).outbox)).toEqual(essence(queuedOffline.outbox));
    expect(proxy.droppedResponses()).toBe(0);

    // Not one request reached the server while offline, the reload's included.
    expect(proxy.requests().slice(requestsBeforeOffline)).toEqual([]);

    // 5. Online again, with the first push's response lost after the server committed it.
    proxy.dropNextResponse('POST /api/pda/sync/push');
    proxy.restore();
    await context.setOffline(false);
    await shows(queued(page), exactly('Queued 0'), SYNC_WAIT);
    await shows(network(page), exactly('Online'), SYNC_WAIT);
    expect(proxy.droppedResponses()).toBe(1);
    const pushes = proxy.requests().filter((line) => line.startsWith('POST /api/pda/sync/push '));
    expect(pushes.length).toBeGreaterThanOrEqual(2);
    const synced = await readDevice(page);
    expect(synced.outbox).toEqual([]);
    expect(synced.done.map((op) => op.opId).sort()).toEqual(queuedOffline.outbox.map((op) => op.opId).sort());
    // The lost response's ops were sent again and answered as duplicates, not applied twice.
    expect(synced.done.some((op) => op.result === 'duplicate')).toBe(true);
    expect(await page.getByText(/need attention/).count()).toBe(0);
    await page.screenshot({ path: 'data/screenshots/pda-synced.png' });

    // 6. On the server: each op applied exactly once, the order and the ledger as scanned.
    const pool = world.database.ownerPool;
    const processed = await pool.query<{ op_id: string; status: string; rows: number }>(
      `select op_id, min(result->>'status') as status, count(*)::int as rows from pda_processed_ops
       where device_id = $1 group by op_id`,
      [queuedOffline.deviceId],
    );
    expect(processed.rows.map((row) => row.op_id).sort()).toEqual(
      queuedOffline.outbox.map((op) => op.opId).sort(),
    );
    for (const row of processed.rows) expect(row, row.op_id).toMatchObject({ status: 'applied', rows: 1 });

    const lines = await pool.query<{ sku_id: string; received: number; shelved: number }>(
      `select sku_id, sum(received_quantity)::int as received, sum(shelved_quantity)::int as shelved
       from inbound_box_lines where order_id = $1 group by sku_id`,
      [order.id],
    );
    const movements = await pool.query<{
      sku_id: string;
      kind: string;
      to_location_id: string;
      quantity: number;
    }>(
      `select sku_id, kind, to_location_id, sum(quantity)::int as quantity from stock_movements
       where source_type = 'inbound' and source_id = $1 group by 1, 2, 3`,
      [order.id],
    );
    for (const sku of ['TS-BLK-M', 'TS-BLK-L'] as const) {
      const skuId = order.skuIds[sku];
      expect(
        lines.rows.find((row) => row.sku_id === skuId),
        sku,
      ).toMatchObject({
        received: received[sku],
        shelved: shelved[sku],
      });
      expect(
        movements.rows.filter((row) => row.sku_id === skuId).sort((a, b) => a.kind.localeCompare(b.kind)),
        sku,
      ).toEqual([
        {
          sku_id: skuId,
          kind: 'receipt',
          to_location_id: order.receivingLocationId,
          quantity: received[sku],
        },
        { sku_id: skuId, kind: 'shelve_move', to_location_id: shelfId, quantity: shelved[sku] },
      ]);
      const after = await stockOf(world, dg01.id, order.receivingLocationId, shelfId, skuId);
      expect(after, sku).toEqual({
        receiving: before[sku].receiving + received[sku] - shelved[sku],
        shelf: before[sku].shelf + shelved[sku],
        available: before[sku].available + received[sku],
      });
    }
    const otherLines = lines.rows.filter((row) => !Object.values(order.skuIds).includes(row.sku_id));
    for (const row of otherLines) expect(row).toMatchObject({ received: 0, shelved: 0 });
    expect(await ledgerMismatches(world)).toEqual([]);
    expect(pageErrors).toEqual([]);
    await context.close();
  }, 120_000);
});
