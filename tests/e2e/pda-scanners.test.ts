/**
 * Every way a scanner may be set up, typed into the PDA's receiving screen in Chromium against
 * the real server: with an Enter, Tab or CR LF suffix or none (the idle rule, fast or
 * at 40–60 ms a key), STX…ETX framing with and without Enter, AIM symbology prefixes, GS1
 * element strings with the GS sent as its character, as Ctrl+] or through the input method,
 * bracketed and bare, and whole codes committed through the input method. Each counts exactly
 * once, on the screen and on the server, or is refused with a message that shows what arrived;
 * a prefix or suffix character the device does not know is refused so. A scan into the focused
 * quantity field is a scan; receiving over the expected quantity, and a large quantity, wait
 * for the worker's confirmation; a quantity has a maximum. One browser, one sign-in, one page.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GS } from '@shared/domain/scan.js';
import { callerFor, makeOrder } from '../support/inbound-world.js';
import { demoWarehouse } from '../support/stock-world.js';
import { hasChromium, launchBrowser, startLiveServer, type LiveServer } from './browser.js';
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
import { chars, CTRL_ETX, CTRL_GS, CTRL_STX, ENTER, sendStrokes, TAB, type Stroke } from './scanner-keys.js';

let server: LiveServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

const M = DEMO_SKUS['TS-BLK-M'];
const L = DEMO_SKUS['TS-BLK-L'];
const W = DEMO_SKUS['TS-WHT-M'];
/** The GTIN of TS-BLK-L as GS1 element strings carry it: 14 digits. */
const GTIN_L = `0${L}`;
/** A box of an order made for this test, expecting 500 × TS-WHT-M. */
const BULK_BOX = 'BULK-01';

/** An inbound order into DG01 with a box of many units, made by the seller before the device pulls. */
async function makeBulkOrder(): Promise<void> {
  const { world } = server;
  const seller = callerFor(world, await world.login('seller'));
  const dg01 = await demoWarehouse(world, 'DG01');
  const { rows } = await world.database.ownerPool.query<{ id: string }>(
    `select s.id from skus s join tenants t on t.id = s.tenant_id and t.agent_code = 'demo'
     where s.seller_sku = 'TS-WHT-M'`,
  );
  const skuId = rows[0]?.id;
  if (!skuId) throw new Error('no demo SKU TS-WHT-M');
  await makeOrder(seller, dg01.id, [{ boxNo: BULK_BOX, lines: [{ skuId, shipQuantity: 500 }] }]);
}

beforeAll(async () => {
  if (!hasChromium) return;
  server = await startLiveServer();
  await makeBulkOrder();
  browser = await launchBrowser();
  context = await newPdaContext(browser, { width: 360, height: 640 });
  page = await context.newPage();
  await openPdaLogin(page, server.baseUrl);
  await pdaSignIn(page);
  await chooseWarehouse(page);
  await page.getByRole('button', { name: 'Receive', exact: true }).click();
  await shows(page.getByTestId('prompt'), 'Scan the inbound order or a box label');
  await scan(page, 'BOX-001');
  await shows(page.getByTestId('prompt'), 'Scan a SKU');
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.close();
});

const count = (sku: string) => page.getByTestId(`count-${sku}`);
const feedback = () => page.getByTestId('feedback');
const dialog = () => page.getByRole('dialog');
const quantityField = () => page.getByRole('spinbutton', { name: 'Quantity per scan' });
/** "received / expected" as a line shows it, nothing more. */
const fraction = (received: number, expected: number) => new RegExp(`^\\s*${received} / ${expected}\\s*$`);

/** What the server holds as received, per SKU of a box. */
async function receivedOnServer(boxNo: string): Promise<Record<string, number>> {
  const { rows } = await server.world.database.ownerPool.query<{ seller_sku: string; received: number }>(
    `select s.seller_sku, l.received_quantity as received from inbound_box_lines l
     join inbound_boxes b on b.tenant_id = l.tenant_id and b.id = l.box_id
     join skus s on s.tenant_id = l.tenant_id and s.id = l.sku_id
     where b.box_no = $1 order by s.seller_sku`,
    [boxNo],
  );
  return Object.fromEntries(rows.map((row) => [row.seller_sku, row.received]));
}

interface Receipt {
  sku: string;
  quantity: number;
  lot: string | null;
  expiry: string | null;
}

/** Every receipt the device pushed, in the order it was scanned, as the server applied it. */
async function receiptsOnServer(): Promise<Receipt[]> {
  const { rows } = await server.world.database.ownerPool.query<Receipt>(
    `select s.seller_sku as sku, (o.payload->>'quantity')::int as quantity,
            o.payload->>'lot' as lot, o.payload->>'expiry' as expiry
     from pda_processed_ops o
     join skus s on s.tenant_id = o.tenant_id and s.id = (o.payload->>'skuId')::uuid
     where o.type = 'inbound.receive' and o.result->>'status' = 'applied' order by o.seq`,
  );
  return rows;
}

/** How many ops of the device the server refused. */
async function refusedOnServer(): Promise<number> {
  const { rows } = await server.world.database.ownerPool.query<{ refused: number }>(
    `select count(*)::int as refused from pda_processed_ops where result->>'status' <> 'applied'`,
  );
  return rows[0]?.refused ?? -1;
}

/** Answers the open confirmation, which must say `text`, with its `button`. */
async function answer(text: string | RegExp, button: string): Promise<void> {
  await shows(dialog(), text);
  await dialog().getByRole('button', { name: button, exact: true }).click();
  await dialog().waitFor({ state: 'detached', timeout: UI_WAIT });
}

/** Taps OK on the error banner, which must say `text`, and waits until scanning goes on. */
async function acknowledge(text: string): Promise<void> {
  await shows(feedback(), text);
  await feedback().getByRole('button', { name: 'OK' }).click();
  await feedback().filter({ hasText: text }).waitFor({ state: 'detached', timeout: UI_WAIT });
}

interface Configuration {
  name: string;
  strokes: Stroke[];
  /** Keys paced this far apart; sent as one burst when absent. */
  msPerKey?: number;
}

/** Each counts one TS-BLK-M of BOX-001, which expects 12. */
const COUNTED: Configuration[] = [
  { name: 'an Enter suffix', strokes: [...chars(M), ENTER] },
  { name: 'a Tab suffix', strokes: [...chars(M), TAB] },
  { name: 'a CR LF suffix (two Enters)', strokes: [...chars(M), ENTER, ENTER] },
  { name: 'no suffix (the idle rule)', strokes: chars(M) },
  { name: 'no suffix, 40 ms a key', strokes: chars(M), msPerKey: 40 },
  { name: 'no suffix, 60 ms a key', strokes: chars(M), msPerKey: 60 },
  { name: 'STX…ETX framing sent as Ctrl+B…Ctrl+C', strokes: [CTRL_STX, ...chars(M), CTRL_ETX] },
  { name: 'STX…ETX framing and Enter', strokes: [CTRL_STX, ...chars(M), CTRL_ETX, ENTER] },
  {
    name: 'STX…ETX framing sent as the characters',
    strokes: [{ controlChar: '\x02' }, ...chars(M), { controlChar: '\x03' }],
  },
  { name: 'the AIM prefix ]E0 (EAN-13)', strokes: [...chars(`]E0${M}`), ENTER] },
  { name: 'the code committed through the input method, then Enter', strokes: [{ ime: M }, ENTER] },
  { name: 'the code committed through the input method, no suffix', strokes: [{ ime: M }] },
];

/** Prefix and suffix characters the device is not told about: refused, showing what came. */
const REFUSED: (Configuration & { shown: string })[] = [
  { name: 'a prefix character', strokes: [...chars(`#${M}`), ENTER], shown: `Unknown code #${M}` },
  { name: 'a suffix character', strokes: [...chars(`${M}*`), ENTER], shown: `Unknown code ${M}*` },
];

/** GS1 element strings of TS-BLK-L (BOX-001 expects 6), each with the lot and expiry it carries. */
const GS1: (Configuration & { lot: string; expiry: string | null })[] = [
  {
    name: 'GS1-128 (]C1), lot and expiry, GS sent as its character',
    strokes: [...chars(`]C101${GTIN_L}10LOT-42`), { controlChar: GS }, ...chars('17270630'), ENTER],
    lot: 'LOT-42',
    expiry: '270630',
  },
  {
    name: 'GS1-128 (]C1), GS sent as Ctrl+]',
    strokes: [...chars(`]C101${GTIN_L}10LOT-43`), CTRL_GS, ...chars('17270731'), ENTER],
    lot: 'LOT-43',
    expiry: '270731',
  },
  {
    name: 'GS1-128 (]C1), GS committed through the input method',
    strokes: [...chars(`]C101${GTIN_L}10LOT-44`), { ime: GS }, ...chars('17270831'), ENTER],
    lot: 'LOT-44',
    expiry: '270831',
  },
  {
    name: 'GS1 QR (]Q3)',
    strokes: [...chars(`]Q301${GTIN_L}1727093010LOT-45`), ENTER],
    lot: 'LOT-45',
    expiry: '270930',
  },
  {
    name: 'the human-readable (01)…(17)…(10)… form',
    strokes: [...chars(`(01)${GTIN_L}(17)271031(10)LOT-46`), ENTER],
    lot: 'LOT-46',
    expiry: '271031',
  },
  {
    name: 'the plain 01… form without a symbology prefix',
    strokes: [...chars(`01${GTIN_L}10LOT-47`), ENTER],
    lot: 'LOT-47',
    expiry: null,
  },
];

/** A person's pause before the next action: far longer than any gap inside a scan. */
const A_MOMENT_MS = 400;

/**
 * Types a quantity into the quantity field as a person does, a key at a time: a tap on the field
 * unless it has focus already (a confirmation gives it back), which selects its number, so what
 * is typed replaces it.
 */
async function typeQuantity(quantity: string): Promise<void> {
  const hasFocus = await quantityField().evaluate((field) => field === document.activeElement);
  if (!hasFocus) await quantityField().click();
  await expect
    .poll(() =>
      quantityField().evaluate(
        (field: HTMLInputElement) => field.selectionEnd === field.value.length && field.selectionStart === 0,
      ),
    )
    .toBe(true);
  await sendStrokes(page, chars(quantity), 150);
  await expect.poll(() => quantityField().inputValue()).toBe(quantity);
  await page.waitForTimeout(A_MOMENT_MS);
}

describe.skipIf(!hasChromium)('scanner configurations on the receiving screen', () => {
  /** What the screen has counted so far, of BOX-001. */
  const counted = { 'TS-BLK-M': 0, 'TS-BLK-L': 0 };

  for (const configuration of COUNTED) {
    it(`counts a scan with ${configuration.name} once`, async () => {
      await sendStrokes(page, configuration.strokes, configuration.msPerKey);
      counted['TS-BLK-M'] += 1;
      await shows(count('TS-BLK-M'), fraction(counted['TS-BLK-M'], 12));
    });
  }

  for (const configuration of REFUSED) {
    it(`refuses a scan with ${configuration.name}, showing what arrived`, async () => {
      await sendStrokes(page, configuration.strokes, configuration.msPerKey);
      await acknowledge(configuration.shown);
      await shows(count('TS-BLK-M'), fraction(counted['TS-BLK-M'], 12));
    });
  }

  for (const configuration of GS1) {
    it(`receives ${configuration.name} against its GTIN, with its lot`, async () => {
      await sendStrokes(page, configuration.strokes, configuration.msPerKey);
      counted['TS-BLK-L'] += 1;
      await shows(count('TS-BLK-L'), fraction(counted['TS-BLK-L'], 6));
    });
  }

  it('asks before receiving over the expected quantity, and counts only when confirmed', async () => {
    const question = 'TS-BLK-M: 12 expected, 12 received. Receive 1 more (over-receipt)?';
    await sendStrokes(page, [...chars(M), ENTER]);
    await answer(question, 'Cancel');
    await shows(feedback(), 'Not counted: the scan over the expected quantity was cancelled');
    await shows(count('TS-BLK-M'), fraction(12, 12));
    await sendStrokes(page, [...chars(M), ENTER]);
    await answer(question, 'Receive over');
    await shows(count('TS-BLK-M'), fraction(13, 12));
  });

  it('takes a scan into the focused quantity field as a scan, at the quantity set', async () => {
    await page.getByRole('button', { name: 'Next box' }).click();
    await scan(page, 'BOX-002');
    await shows(count('TS-WHT-M'), fraction(0, 20));
    // By key, as a keyboard-emulating scanner types.
    await typeQuantity('3');
    await sendStrokes(page, [...chars(W), ENTER]);
    await shows(count('TS-WHT-M'), fraction(3, 20));
    // The field never held the code, and shows the quantity the next scan counts.
    await expect.poll(() => quantityField().inputValue()).toBe('1');
    // Committed through the input method, as a scanner in "fill the input box" mode sends it.
    await typeQuantity('2');
    await sendStrokes(page, [{ ime: W }, ENTER]);
    await shows(count('TS-WHT-M'), fraction(5, 20));
    await expect.poll(() => quantityField().inputValue()).toBe('1');
    // Focus went back to scanning: a code committed through the input method counts again.
    await sendStrokes(page, [{ ime: W }, ENTER]);
    await shows(count('TS-WHT-M'), fraction(6, 20));
  });

  it('shows what came too slowly for a scanner and never ended, and uses it when asked', async () => {
    await sendStrokes(page, chars(W), 150);
    const unread = page.getByTestId('scan-unread');
    // Typing without Enter is given up after 15 s, then shown.
    await shows(unread, `This came in but could not be read as a scan: "${W}"`, 30_000);
    await unread.getByRole('button', { name: 'Use it as a scan' }).click();
    await shows(count('TS-WHT-M'), fraction(7, 20));
  });

  it('asks before receiving a large quantity with one scan, and refuses a quantity above its maximum', async () => {
    await page.getByRole('button', { name: 'Next box' }).click();
    await scan(page, BULK_BOX);
    await shows(count('TS-WHT-M'), fraction(0, 500));
    await typeQuantity('250');
    await sendStrokes(page, [...chars(W), ENTER]);
    await answer('Receive 250 of TS-WHT-M with this one scan?', 'Cancel');
    await shows(feedback(), 'Not counted: 250 units with one scan were not confirmed');
    await shows(count('TS-WHT-M'), fraction(0, 500));
    await typeQuantity('250');
    await sendStrokes(page, [...chars(W), ENTER]);
    await answer('Receive 250 of TS-WHT-M with this one scan?', 'Receive 250');
    await shows(count('TS-WHT-M'), fraction(250, 500));
    // 99999 typed: above what the box still expects (250), so refused as typed, never made 250;
    // a scan meanwhile counts nothing and says why.
    await typeQuantity('99999');
    await shows(page.locator('.pda-quantity-error'), 'Enter a number from 1 to 250');
    await sendStrokes(page, [...chars(W), ENTER]);
    await shows(feedback(), 'Not counted: the quantity per scan must be from 1 to 250');
    await shows(count('TS-WHT-M'), fraction(250, 500));
    await expect.poll(() => quantityField().inputValue()).toBe('99999');
  });

  it('has every scan on the server once, in the order scanned, with its lot and expiry', async () => {
    const none = { lot: null, expiry: null };
    // Pushed as the device syncs; each receipt applied once, none refused.
    await expect
      .poll(receiptsOnServer)
      .toEqual([
        ...COUNTED.map(() => ({ sku: 'TS-BLK-M', quantity: 1, ...none })),
        ...GS1.map(({ lot, expiry }) => ({ sku: 'TS-BLK-L', quantity: 1, lot, expiry })),
        { sku: 'TS-BLK-M', quantity: 1, ...none },
        { sku: 'TS-WHT-M', quantity: 3, ...none },
        { sku: 'TS-WHT-M', quantity: 2, ...none },
        { sku: 'TS-WHT-M', quantity: 1, ...none },
        { sku: 'TS-WHT-M', quantity: 1, ...none },
        { sku: 'TS-WHT-M', quantity: 250, ...none },
      ]);
    expect(await receivedOnServer('BOX-001')).toEqual({ 'TS-BLK-L': 6, 'TS-BLK-M': 13 });
    expect(await receivedOnServer('BOX-002')).toEqual({ 'TS-WHT-M': 7 });
    expect(await receivedOnServer(BULK_BOX)).toEqual({ 'TS-WHT-M': 250 });
    expect(await refusedOnServer()).toBe(0);
    // The lot and expiry are kept with the receipt in the stock records.
    const { rows } = await server.world.database.ownerPool.query<{ reason: string }>(
      `select reason from stock_movements where kind = 'receipt' and reason like '% lot %' order by id`,
    );
    expect(rows.map((row) => row.reason)).toEqual(
      GS1.map(({ lot, expiry }) => `BOX-001 · lot ${lot}${expiry ? ` · exp ${expiry}` : ''}`),
    );
  });
});

describe.skipIf(!hasChromium)('a scan made while a screen loads', () => {
  it('reaches the screen whole once its code has come', async () => {
    // A context of its own without the service worker, so the screen's code comes from the
    // network, where this test holds it back until the scan has been typed.
    const slow = await newPdaContext(browser, { width: 360, height: 640 }, 'en-US', {
      serviceWorkers: 'block',
    });
    try {
      const handheld = await slow.newPage();
      await openPdaLogin(handheld, server.baseUrl);
      await pdaSignIn(handheld);
      await chooseWarehouse(handheld);
      // The device knows the box once its first pull has landed.
      await expect.poll(() => handheld.getByTestId('last-sync').textContent()).not.toContain('—');
      let release: () => void = () => undefined;
      const released = new Promise<void>((resolve) => (release = resolve));
      let isHeldBack = false;
      await handheld.route(/\/assets\/receive-screen-[^/]*\.js$/, async (route) => {
        isHeldBack = true;
        await released;
        await route.continue();
      });
      await handheld.getByRole('button', { name: 'Receive', exact: true }).click();
      await handheld.locator('.pda-loading').waitFor({ state: 'visible', timeout: UI_WAIT });
      await expect.poll(() => isHeldBack).toBe(true);
      // The worker scans a box label at once; the screen is still loading.
      await sendStrokes(handheld, [...chars('BOX-002'), ENTER]);
      release();
      await shows(handheld.getByTestId('feedback'), 'BOX-002');
      await shows(handheld.getByTestId('prompt'), 'Scan a SKU');
    } finally {
      await slow.close();
    }
  });
});
