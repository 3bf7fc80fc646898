/**
 * The PDA offline journey (docs/architecture.md §6, docs/research/pda-offline.md §5.2), in Chromium with the PDA's service
 * worker in control, against the real server on its own cloned database: prepare the device
 * online, go offline for real, receive a box by scans (one scan undone), report a damaged unit
 * with a real photo, finish the other box, shelve some of what was received, reload while
 * offline (the shell comes from the precache, the queue and the photo are intact), come back
 * online with one push response lost on the way, and find every queued op applied exactly once
 * on the server: the inbound lines, the undone receipt, the discrepancy with its stored photo,
 * the finished box and the stock ledger as scanned.
 *
 * Offline is real: the browser talks to the server only through a TCP proxy (pda-proxy.ts) that
 * the test cuts, resetting every connection and refusing new ones, together with
 * `context.setOffline(true)` so that `navigator.onLine` is false and the app says so.
 * setOffline alone would not stop requests made by the service worker (docs/research/pda-offline.md §5.2,
 * microsoft/playwright#2311); the proxy stops everything, page or worker, whatever Chromium
 * decides, and lets the test lose one response after the server committed a push.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDA_DB_NAME } from '@pda/data/db.js';
import { DEMO_PASSWORD } from '@server/seed/demo.js';
import { gtinCheckDigit } from '@shared/domain/barcode.js';
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
/**
 * The demo SKUs (src/server/seed/demo-warehouse.ts) and their EAN-13 barcodes: box BOX-001
 * holds the first two, box BOX-002 the third (src/server/seed/demo-inbound.ts).
 */
const SKUS = {
  'TS-BLK-M': ean13('690000000001'),
  'TS-BLK-L': ean13('690000000002'),
} as const;
type SkuCode = keyof typeof SKUS;
const BOX_002_SKU = 'TS-WHT-M';
/** A storage location of DG01 to shelve to. */
const SHELF = 'A-01-03';
/** A code that names nothing on the device. */
const BAD_CODE = 'NOSUCH-4711';

/** What the worker writes in the difference report. */
const DAMAGE_REASON = 'Carton crushed, one T-shirt torn';

let server: LiveServer;
let proxy: CuttableProxy;
let browser: Browser;
/** Where the server stores uploaded files: the test looks at the photo there. */
let filesDir: string;

beforeAll(async () => {
  if (!hasChromium) return;
  mkdirSync('data/screenshots', { recursive: true });
  filesDir = mkdtempSync(join(tmpdir(), 'pda-e2e-files-'));
  server = await startLiveServer({ filesDir });
  proxy = await startCuttableProxy(server.baseUrl);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await proxy?.close();
  await server?.close();
  if (filesDir) rmSync(filesDir, { recursive: true, force: true });
});

/** A small but real photo (a colour gradient), as a camera app would hand the file input. */
function damagePhoto(): Buffer {
  const png = new PNG({ width: 96, height: 64 });
  for (let y = 0; y < png.height; y += 1)
    for (let x = 0; x < png.width; x += 1) {
      const at = (y * png.width + x) * 4;
      png.data[at] = x * 2;
      png.data[at + 1] = y * 3;
      png.data[at + 2] = 160;
      png.data[at + 3] = 255;
    }
  return PNG.sync.write(png);
}
const PHOTO_SIZE = { width: 96, height: 64 };

/** The first bytes of each photo type the server takes, by the key's extension. */
const MAGIC: Record<string, Buffer> = {
  jpg: Buffer.from([0xff, 0xd8, 0xff]),
  png: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  webp: Buffer.from('RIFF'),
};

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
/** antd-mobile's confirmation dialog (Dialog.confirm). */
const dialog = (page: Page) => page.getByRole('dialog');

/** Waits until the open dialog and its mask have faded in, for a screenshot worth looking at. */
async function dialogShown(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const shown = [
        document.querySelector('[role=dialog] > div'),
        document.querySelector('.adm-center-popup-mask'),
      ];
      return shown.every((element) => element !== null && getComputedStyle(element).opacity === '1');
    },
    undefined,
    { timeout: UI_WAIT },
  );
}

/** Answers the open confirmation dialog, which must say `text`, with its `button`. */
async function confirm(page: Page, text: string | RegExp, button: string): Promise<void> {
  await shows(dialog(page), text);
  await dialog(page).getByRole('button', { name: button, exact: true }).click();
  await dialog(page).waitFor({ state: 'detached', timeout: UI_WAIT });
}

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
/** A photo kept on the device, without its blob: what it is and what the browser makes of it. */
interface DevicePhoto {
  key: string;
  opId: string;
  inboundOrderId: string;
  uploadedAt: number | null;
  type: string;
  size: number;
  /** The blob decoded as an image by the browser, or null when it cannot be. */
  image: { width: number; height: number } | null;
}
interface DeviceState {
  deviceId: string | null;
  outbox: DeviceOp[];
  done: (DeviceOp & { result: string })[];
  photos: DevicePhoto[];
}

/** What an op is, without its sync bookkeeping (status, attempts). */
const essence = (ops: DeviceOp[]) =>
  ops.map(({ opId, seq, type, payload }) => ({ opId, seq, type, payload }));

/** The device's outbox, done ops, photos and id, read straight from its IndexedDB. */
/** The step a PDA screen keeps in the device database to resume after a reload, if any. */
function savedWork(page: Page, screen: string): Promise<{ name?: string } | null> {
  return page.evaluate(
    async ({ name, key }) =>
      new Promise<{ name?: string } | null>((resolve, reject) => {
        const request = indexedDB.open(name);
        request.onupgradeneeded = () => request.transaction?.abort();
        request.onerror = () => reject(request.error ?? new Error(`cannot open ${name}`));
        request.onsuccess = () => {
          const db = request.result;
          const read = db.transaction('meta', 'readonly').objectStore('meta').get(key);
          read.onsuccess = () => {
            db.close();
            const value = (read.result as { value?: { step?: { name?: string } } } | undefined)?.value;
            resolve(value?.step ?? null);
          };
          read.onerror = () => reject(read.error ?? new Error('reading the saved work failed'));
        };
      }),
    { name: PDA_DB_NAME, key: `work.${screen}` },
  );
}

function readDevice(page: Page): Promise<DeviceState> {
  return page.evaluate(async (name) => {
    interface StoredPhoto {
      key: string;
      opId: string;
      inboundOrderId: string;
      uploadedAt: number | null;
      blob: Blob;
    }
    const read = await new Promise<Omit<DeviceState, 'photos'> & { photos: StoredPhoto[] }>(
      (resolve, reject) => {
        const request = indexedDB.open(name);
        // The app made the database; never create an empty one in its place.
        request.onupgradeneeded = () => request.transaction?.abort();
        request.onerror = () => reject(request.error ?? new Error(`cannot open ${name}`));
        request.onsuccess = () => {
          const db = request.result;
          const tx = db.transaction(['outbox', 'done', 'meta', 'photos'], 'readonly');
          const outbox = tx.objectStore('outbox').getAll();
          const done = tx.objectStore('done').getAll();
          const photos = tx.objectStore('photos').getAll();
          const device = tx.objectStore('meta').get('deviceId');
          tx.oncomplete = () => {
            db.close();
            const id = (device.result as { value?: unknown } | undefined)?.value;
            resolve({
              deviceId: typeof id === 'string' ? id : null,
              outbox: outbox.result as DeviceOp[],
              done: done.result as DeviceState['done'],
              photos: photos.result as StoredPhoto[],
            });
          };
          tx.onerror = () => reject(tx.error ?? new Error('reading the device failed'));
        };
      },
    );
    const photos: DevicePhoto[] = [];
    for (const { blob, ...photo } of read.photos) {
      const image = await createImageBitmap(blob).then(
        (bitmap) => {
          const size = { width: bitmap.width, height: bitmap.height };
          bitmap.close();
          return size;
        },
        () => null,
      );
      photos.push({ ...photo, type: blob.type, size: blob.size, image });
    }
    return { ...read, photos };
  }, PDA_DB_NAME);
}

interface DemoOrder {
  id: string;
  tenantId: string;
  sellerId: string;
  inboundNo: string;
  receivingLocationId: string;
  skuIds: Record<SkuCode | typeof BOX_002_SKU, string>;
  boxIds: Record<'BOX-001' | 'BOX-002', string>;
}

/** The demo inbound order with box BOX-001 on its way to DG01, read as the database owner. */
async function demoOrder(world: TestWorld, warehouseId: string): Promise<DemoOrder> {
  const pool = world.database.ownerPool;
  const { rows } = await pool.query<{
    id: string;
    tenant_id: string;
    seller_id: string;
    inbound_no: string;
    receiving_location_id: string;
  }>(
    `select o.id, o.tenant_id, o.seller_id, o.inbound_no, o.receiving_location_id from inbound_orders o
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
  const skuId = (code: string) => {
    const found = skus.rows.find((row) => row.seller_sku === code);
    if (!found) throw new Error(`${code} is not in the demo order`);
    return found.id;
  };
  const boxes = await pool.query<{ id: string; box_no: string }>(
    'select id, box_no from inbound_boxes where order_id = $1',
    [order.id],
  );
  const boxId = (boxNo: string) => {
    const found = boxes.rows.find((row) => row.box_no === boxNo);
    if (!found) throw new Error(`${boxNo} is not in the demo order`);
    return found.id;
  };
  return {
    id: order.id,
    tenantId: order.tenant_id,
    sellerId: order.seller_id,
    inboundNo: order.inbound_no,
    receivingLocationId: order.receiving_location_id,
    skuIds: {
      'TS-BLK-M': skuId('TS-BLK-M'),
      'TS-BLK-L': skuId('TS-BLK-L'),
      [BOX_002_SKU]: skuId(BOX_002_SKU),
    },
    boxIds: { 'BOX-001': boxId('BOX-001'), 'BOX-002': boxId('BOX-002') },
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
  it('receives, undoes, reports, finishes and shelves offline, survives a reload, and syncs each op once', async () => {
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
    await page.getByRole('button', { name: 'Receive', exact: true }).waitFor({ timeout: UI_WAIT });
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
    await page.getByRole('button', { name: 'Receive', exact: true }).click();
    await shows(prompt(page), 'Scan the inbound order or a box label');
    await scan(page, 'BOX-001');
    await shows(feedback(page), 'Box BOX-001');
    await shows(prompt(page), 'Scan a SKU');
    const received: Record<SkuCode, number> = { 'TS-BLK-M': 3, 'TS-BLK-L': 2 };
    const receiveScans: SkuCode[] = ['TS-BLK-M', 'TS-BLK-L', 'TS-BLK-M', 'TS-BLK-L', 'TS-BLK-M'];
    const counted: Record<SkuCode, number> = { 'TS-BLK-M': 0, 'TS-BLK-L': 0 };
    const expected: Record<SkuCode, number> = { 'TS-BLK-M': 12, 'TS-BLK-L': 6 };
    const count = (sku: SkuCode) => page.getByTestId(`count-${sku}`);
    for (const [index, sku] of receiveScans.entries()) {
      await scan(page, SKUS[sku]);
      counted[sku] += 1;
      // The line's count is written after the op is queued: the next scan waits for it.
      await shows(count(sku), exactly(`${counted[sku]} / ${expected[sku]}`));
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
    let queuedOps = receiveScans.length;

    // 3b. One unit too many, taken back with Undo (confirmed): the count goes back.
    await scan(page, SKUS['TS-BLK-M']);
    await shows(count('TS-BLK-M'), exactly(`${received['TS-BLK-M'] + 1} / 12`));
    queuedOps += 1;
    await shows(queued(page), exactly(`Queued ${queuedOps}`));
    const undoButton = page.getByTestId('undo');
    await shows(undoButton, exactly('Undo +1 TS-BLK-M'));
    await page.getByRole('button', { name: 'Finish box' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'data/screenshots/pda-receive-actions.png' });
    await undoButton.click();
    await shows(dialog(page), 'Undo +1 TS-BLK-M? The units count as not scanned.');
    await dialogShown(page);
    await page.screenshot({ path: 'data/screenshots/pda-undo-confirm.png' });
    await confirm(page, 'Undo +1 TS-BLK-M?', 'Undo');
    await shows(feedback(page), 'Undone: +1 TS-BLK-M');
    await shows(count('TS-BLK-M'), exactly(`${received['TS-BLK-M']} / 12`));
    queuedOps += 1;
    await shows(queued(page), exactly(`Queued ${queuedOps}`));

    // 3c. A damaged unit of TS-BLK-L reported with its reason and a photo from the "camera".
    await page.getByRole('button', { name: 'Report a difference' }).click();
    const form = page.getByTestId('difference-form');
    await shows(form, 'Report a difference · box BOX-001');
    await form.locator('.adm-selector-item', { hasText: 'Damaged' }).click();
    const damagedSku = form.locator('.adm-selector-item', { hasText: 'TS-BLK-L' });
    await damagedSku.click();
    await expect
      .poll(() => damagedSku.getAttribute('class'), { timeout: UI_WAIT })
      .toContain('adm-selector-item-active');
    await expect
      .poll(() => form.locator('.adm-selector-item-active').allInnerTexts(), { timeout: UI_WAIT })
      .toEqual([expect.stringContaining('Damaged'), expect.stringContaining('TS-BLK-L')]);
    await form.locator('textarea').fill(DAMAGE_REASON);
    await form
      .locator('input[type=file]')
      .setInputFiles({ name: 'damage.png', mimeType: 'image/png', buffer: damagePhoto() });
    // The photo is prepared (scaled, maybe re-encoded) and shown once kept in memory.
    await form.locator('.adm-image-uploader-cell-image').first().waitFor({ timeout: UI_WAIT });
    await form.locator('.adm-image-uploader-cell-mask').waitFor({ state: 'detached', timeout: UI_WAIT });
    expect(await form.locator('.adm-image-uploader-cell-image').count()).toBe(1);
    expect(await form.getByRole('alert').count()).toBe(0);
    await page.screenshot({ path: 'data/screenshots/pda-difference-form.png', fullPage: true });
    await form.getByRole('button', { name: 'Save the report' }).click();
    await shows(feedback(page), 'Difference reported: Damaged');
    await shows(prompt(page), 'Scan a SKU');
    queuedOps += 1;
    await shows(queued(page), exactly(`Queued ${queuedOps}`));

    // 3d. Box BOX-002 did not come: finish it (confirmed), nothing received.
    await page.getByRole('button', { name: 'Next box' }).click();
    await shows(prompt(page), 'Scan the inbound order or a box label');
    await scan(page, 'BOX-002');
    await shows(feedback(page), 'Box BOX-002');
    await shows(page.getByTestId(`count-${BOX_002_SKU}`), exactly('0 / 20'));
    await page.getByRole('button', { name: 'Finish box' }).click();
    await confirm(page, 'Finish box BOX-002? 20 expected units were not received', 'Finish box');
    await shows(feedback(page), 'Box BOX-002 finished');
    await shows(prompt(page), 'Scan the inbound order or a box label');
    queuedOps += 1;
    await shows(queued(page), exactly(`Queued ${queuedOps}`));

    // 3e. Shelve some of what was received onto a DG01 location, by scans.
    const shelved: Record<SkuCode, number> = { 'TS-BLK-M': 2, 'TS-BLK-L': 1 };
    // antd-mobile's NavBar renders its back link as a plain div, not a button.
    await page.getByText('Back', { exact: true }).click();
    await page.getByRole('button', { name: 'Shelve' }).click();
    await shows(prompt(page), 'Scan the inbound order or a box label');
    await shows(page.getByTestId('shelve-screen'), new RegExp(`${escapeRegExp(order.inboundNo)}\\s*5 left`));
    await scan(page, 'BOX-001');
    await shows(feedback(page), 'Box BOX-001');
    for (const sku of ['TS-BLK-M', 'TS-BLK-L'] as const) {
      await shows(prompt(page), 'Scan a SKU or a box label');
      await scan(page, SKUS[sku]);
      await shows(prompt(page), 'Scan the location');
      await shows(feedback(page), sku);
      await scan(page, SHELF);
      await shows(prompt(page), 'Enter the quantity');
      const quantity = page.getByRole('spinbutton');
      // The quantity starts at what is left to shelve; the worker enters less.
      const left = (await page.getByTestId('left').textContent())?.trim() ?? '';
      await expect.poll(() => quantity.inputValue(), { timeout: UI_WAIT }).toBe(left);
      await quantity.fill(String(shelved[sku]));
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
      'inbound.receive',
      'inbound.undo',
      'inbound.discrepancy',
      'inbound.finish_box',
      'inbound.shelve',
      'inbound.shelve',
    ]);
    expect(queuedOffline.done).toEqual([]);
    const opOf = (type: string, nth = 0) => {
      const found = queuedOffline.outbox.filter((op) => op.type === type)[nth];
      if (!found) throw new Error(`no ${type} op #${nth} queued`);
      return found;
    };
    const undoneScan = opOf('inbound.receive', receiveScans.length);
    const undoOp = opOf('inbound.undo');
    const reportOp = opOf('inbound.discrepancy');
    const finishOp = opOf('inbound.finish_box');
    expect(undoneScan.payload).toEqual({
      inboundOrderId: order.id,
      boxId: order.boxIds['BOX-001'],
      skuId: order.skuIds['TS-BLK-M'],
      quantity: 1,
    });
    expect(undoOp.payload).toEqual({ opId: undoneScan.opId });
    expect(finishOp.payload).toEqual({ inboundOrderId: order.id, boxId: order.boxIds['BOX-002'] });
    const photoKeys = reportOp.payload.photos as string[];
    expect(photoKeys).toHaveLength(1);
    const [photoKey = ''] = photoKeys;
    expect(photoKey).toMatch(new RegExp(`^inbound/${order.sellerId}/[0-9a-f-]{36}\\.(jpg|png)$`));
    expect(reportOp.payload).toEqual({
      inboundOrderId: order.id,
      boxId: order.boxIds['BOX-001'],
      kind: 'damaged',
      skuId: order.skuIds['TS-BLK-L'],
      quantity: 1,
      reason: DAMAGE_REASON,
      photos: [photoKey],
    });
    // The photo waits on the device with its op, as a real image.
    const keptPhoto = {
      key: photoKey,
      opId: reportOp.opId,
      inboundOrderId: order.id,
      uploadedAt: null,
      image: PHOTO_SIZE,
    };
    expect(queuedOffline.photos).toEqual([expect.objectContaining(keptPhoto)]);
    expect(queuedOffline.photos[0]?.size).toBeGreaterThan(0);

    // 4. Reload while offline: the shell comes from the precache, still logged in, queue and
    //    photo intact, and the worker back where they were (the open box, its next SKU) once
    //    the device has kept that.
    await expect.poll(() => savedWork(page, 'shelve'), { timeout: UI_WAIT }).toMatchObject({ name: 'sku' });
    await page.reload();
    await shows(page.getByTestId('shelve-screen'), 'Shelving');
    await shows(prompt(page), 'Scan a SKU or a box label');
    await shows(network(page), exactly('Offline'));
    await shows(queued(page), exactly(`Queued ${queuedOps}`));
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    // The same ops, in the same order (only their attempt counts move, as sync keeps trying).
    const reloaded = await readDevice(page);
    expect(essence(reloaded.outbox)).toEqual(essence(queuedOffline.outbox));
    expect(reloaded.photos).toEqual(queuedOffline.photos);
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
    const sent = proxy.requests().slice(requestsBeforeOffline);
    const pushes = sent.filter((line) => line.startsWith('POST /api/pda/sync/push '));
    expect(pushes.length).toBeGreaterThanOrEqual(2);
    // The photo went up before the op that cites it, and (once uploaded) not again.
    const uploads = sent.filter((line) => line.startsWith('POST /api/pda/photo?'));
    expect(uploads).toHaveLength(1);
    expect(sent.indexOf(uploads[0] ?? '')).toBeLessThan(sent.indexOf(pushes[0] ?? ''));
    const synced = await readDevice(page);
    expect(synced.outbox).toEqual([]);
    expect(synced.photos).toEqual([]);
    expect(synced.done.map((op) => op.opId).sort()).toEqual(queuedOffline.outbox.map((op) => op.opId).sort());
    // The lost response's ops were sent again and answered as duplicates, not applied twice.
    expect(synced.done.some((op) => op.result === 'duplicate')).toBe(true);
    expect(await page.getByText(/need attention/).count()).toBe(0);
    await page.screenshot({ path: 'data/screenshots/pda-synced.png' });

    // 6. On the server: each op applied exactly once, the order and the ledger as scanned.
    const pool = world.database.ownerPool;
    const processed = await pool.query<{
      op_id: string;
      status: string;
      rows: number;
      undone_by: string | null;
    }>(
      `select op_id, min(result->>'status') as status, count(*)::int as rows,
              min(undone_by_op_id::text) as undone_by
       from pda_processed_ops where device_id = $1 group by op_id`,
      [queuedOffline.deviceId],
    );
    expect(processed.rows.map((row) => row.op_id).sort()).toEqual(
      queuedOffline.outbox.map((op) => op.opId).sort(),
    );
    for (const row of processed.rows)
      expect(row, row.op_id).toMatchObject({
        status: 'applied',
        rows: 1,
        undone_by: row.op_id === undoneScan.opId ? undoOp.opId : null,
      });

    const lines = await pool.query<{ sku_id: string; received: number; shelved: number; damaged: number }>(
      `select sku_id, sum(received_quantity)::int as received, sum(shelved_quantity)::int as shelved,
              sum(damaged_quantity)::int as damaged
       from inbound_box_lines where order_id = $1 group by sku_id`,
      [order.id],
    );
    const movements = await pool.query<{
      sku_id: string;
      kind: string;
      from_location_id: string | null;
      to_location_id: string | null;
      quantity: number;
    }>(
      `select sku_id, kind, from_location_id, to_location_id, sum(quantity)::int as quantity
       from stock_movements where source_type = 'inbound' and source_id = $1 group by 1, 2, 3, 4`,
      [order.id],
    );
    const damaged: Record<SkuCode, number> = { 'TS-BLK-M': 0, 'TS-BLK-L': 1 };
    for (const sku of ['TS-BLK-M', 'TS-BLK-L'] as const) {
      const skuId = order.skuIds[sku];
      expect(
        lines.rows.find((row) => row.sku_id === skuId),
        sku,
      ).toMatchObject({ received: received[sku], shelved: shelved[sku], damaged: damaged[sku] });
      const receipt = {
        sku_id: skuId,
        from_location_id: null,
        to_location_id: order.receivingLocationId,
      };
      // TS-BLK-M's extra unit came in and went out again through the ledger.
      const receipts =
        sku === 'TS-BLK-M'
          ? [
              { ...receipt, kind: 'receipt', quantity: received[sku] + 1 },
              {
                sku_id: skuId,
                kind: 'receipt_undo',
                from_location_id: order.receivingLocationId,
                to_location_id: null,
                quantity: 1,
              },
            ]
          : [{ ...receipt, kind: 'receipt', quantity: received[sku] }];
      expect(
        movements.rows.filter((row) => row.sku_id === skuId).sort((a, b) => a.kind.localeCompare(b.kind)),
        sku,
      ).toEqual([
        // The damaged unit is held apart: frozen, so no order can take it.
        ...(damaged[sku] > 0
          ? [
              {
                sku_id: skuId,
                kind: 'freeze',
                from_location_id: null,
                to_location_id: null,
                quantity: damaged[sku],
              },
            ]
          : []),
        ...receipts,
        {
          sku_id: skuId,
          kind: 'shelve_move',
          from_location_id: order.receivingLocationId,
          to_location_id: shelfId,
          quantity: shelved[sku],
        },
      ]);
      const after = await stockOf(world, dg01.id, order.receivingLocationId, shelfId, skuId);
      expect(after, sku).toEqual({
        receiving: before[sku].receiving + received[sku] - shelved[sku],
        shelf: before[sku].shelf + shelved[sku],
        available: before[sku].available + received[sku] - damaged[sku],
      });
    }
    const otherLines = lines.rows.filter(
      (row) => row.sku_id !== order.skuIds['TS-BLK-M'] && row.sku_id !== order.skuIds['TS-BLK-L'],
    );
    expect(otherLines.map((row) => row.sku_id)).toEqual([order.skuIds[BOX_002_SKU]]);
    for (const row of otherLines) expect(row).toMatchObject({ received: 0, shelved: 0, damaged: 0 });

    // The difference, with its reason and its photo, stored as an image where the server keeps files.
    const reports = await pool.query(
      `select box_id, sku_id, barcode, kind, quantity, reason, photos from inbound_discrepancies
       where order_id = $1`,
      [order.id],
    );
    expect(reports.rows).toEqual([
      {
        box_id: order.boxIds['BOX-001'],
        sku_id: order.skuIds['TS-BLK-L'],
        barcode: null,
        kind: 'damaged',
        quantity: 1,
        reason: DAMAGE_REASON,
        photos: [photoKey],
      },
    ]);
    const stored = readFileSync(join(filesDir, order.tenantId, photoKey));
    const extension = photoKey.split('.').pop() ?? '';
    expect(
      stored.subarray(0, MAGIC[extension]?.length ?? 1).equals(MAGIC[extension] ?? Buffer.alloc(0)),
    ).toBe(true);
    expect(stored.length).toBe(queuedOffline.photos[0]?.size);

    // BOX-002 is finished, BOX-001 still open: partly received, with the difference beside it.
    const boxes = await pool.query<{ box_no: string; finished: boolean }>(
      'select box_no, finished_at is not null as finished from inbound_boxes where order_id = $1 order by box_no',
      [order.id],
    );
    expect(boxes.rows).toEqual([
      { box_no: 'BOX-001', finished: false },
      { box_no: 'BOX-002', finished: true },
    ]);
    const status = await pool.query('select status, abnormal_reason from inbound_orders where id = $1', [
      order.id,
    ]);
    expect(status.rows).toEqual([{ status: 'partial', abnormal_reason: DAMAGE_REASON }]);
    expect(await ledgerMismatches(world)).toEqual([]);
    expect(pageErrors).toEqual([]);
    await context.close();
  }, 120_000);
});
