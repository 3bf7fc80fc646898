/**
 * The PDA's receiving screen on small handhelds, in Chromium against the real server: with a box
 * open, a SKU counted and an error banner waiting for OK, the main actions (Undo, Report a
 * difference, Finish box, Next box) and the box's SKU counts are on a 360 × 640 screen without
 * scrolling, and on a 320 × 568 screen each can be scrolled to and is then in view with nothing
 * over it. At 360 × 640 every interactive target on every PDA screen is at least 44 × 44 CSS px.
 * Screenshots land in data/screenshots.
 */
import { mkdirSync } from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

/** Where an element is against the viewport, and whether what is drawn at its centre is it. */
interface Placement {
  top: number;
  bottom: number;
  left: number;
  right: number;
  onTop: boolean;
}

function placement(element: Locator): Promise<Placement> {
  return element.evaluate((node) => {
    const box = node.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return {
      top: Math.round(box.top),
      bottom: Math.round(box.bottom),
      left: Math.round(box.left),
      right: Math.round(box.right),
      onTop: hit !== null && (hit === node || node.contains(hit)),
    };
  });
}

/** Each element whose box leaves the viewport or lies under something else, with where it is. */
async function outOfView(page: Page, elements: Record<string, Locator>): Promise<Record<string, Placement>> {
  const viewport = page.viewportSize() ?? { width: 0, height: 0 };
  const hidden: Record<string, Placement> = {};
  for (const [name, element] of Object.entries(elements)) {
    const where = await placement(element);
    const inside =
      where.top >= 0 && where.left >= 0 && where.bottom <= viewport.height && where.right <= viewport.width;
    if (!inside || !where.onTop) hidden[name] = where;
  }
  return hidden;
}

const scrollTop = (page: Page) => page.evaluate(() => document.scrollingElement?.scrollTop ?? 0);

describe.skipIf(!hasChromium)('the PDA receiving screen on small screens', () => {
  it('keeps the main actions and the SKU counts on screen with an error banner showing', async () => {
    const context = await newPdaContext(browser, { width: 360, height: 640 });
    const page = await context.newPage();
    await openPdaLogin(page, server.baseUrl);
    await pdaSignIn(page);
    await chooseWarehouse(page);
    await page.getByRole('button', { name: 'Receive', exact: true }).click();
    const prompt = page.getByTestId('prompt');
    await shows(prompt, 'Scan the inbound order or a box label');
    await scan(page, 'BOX-001');
    await shows(prompt, 'Scan a SKU');
    await scan(page, DEMO_SKUS['TS-BLK-M']);
    await shows(page.getByTestId('count-TS-BLK-M'), /^\s*1 \/ 12\s*$/);
    await scan(page, 'NOSUCH-4711');
    const banner = page.getByTestId('feedback');
    await shows(banner, 'Unknown code NOSUCH-4711');
    await shows(page.getByTestId('undo'), 'Undo +1 TS-BLK-M');

    const essentials = {
      'the error banner': banner,
      'its OK': banner.getByRole('button', { name: 'OK' }),
      'count of TS-BLK-M': page.getByTestId('count-TS-BLK-M'),
      'count of TS-BLK-L': page.getByTestId('count-TS-BLK-L'),
      Undo: page.getByTestId('undo'),
      'Report a difference': page.getByRole('button', { name: 'Report a difference' }),
      'Finish box': page.getByRole('button', { name: 'Finish box' }),
      'Next box': page.getByRole('button', { name: 'Next box' }),
    };
    // 360 × 640: everything in view as the screen opened, not scrolled.
    expect(await scrollTop(page)).toBe(0);
    await page.screenshot({ path: 'data/screenshots/pda-receive-360x640-error.png' });
    expect(await outOfView(page, essentials)).toEqual({});

    // 320 × 568: each one is reachable, in view once scrolled to, with nothing over it.
    await page.setViewportSize({ width: 320, height: 568 });
    await page.screenshot({ path: 'data/screenshots/pda-receive-320x568-error.png' });
    for (const [name, element] of Object.entries(essentials)) {
      await element.scrollIntoViewIfNeeded({ timeout: UI_WAIT });
      expect(await outOfView(page, { [name]: element })).toEqual({});
    }
    // The banner's OK still clears it, and the counts stay where the worker reads them.
    await banner.getByRole('button', { name: 'OK' }).click();
    await banner.waitFor({ state: 'detached', timeout: UI_WAIT });
    await page.getByTestId('count-TS-BLK-M').scrollIntoViewIfNeeded({ timeout: UI_WAIT });
    expect(await outOfView(page, { 'count of TS-BLK-M': page.getByTestId('count-TS-BLK-M') })).toEqual({});
    await context.close();
  });
});

/** An interactive element drawn smaller than 44 × 44 CSS px: what it is and its size. */
interface SmallTarget {
  target: string;
  width: number;
  height: number;
}

/**
 * The visible interactive elements of the screen smaller than 44 × 44 CSS px (WCAG 2.5.5): buttons,
 * links, fields, options and anything with a role a finger taps. The scan sink (off-screen, for
 * the scanner only) and elements hidden from everyone are not targets.
 */
function smallTargets(page: Page): Promise<SmallTarget[]> {
  return page.evaluate(() => {
    const selector = [
      'button',
      'a[href]',
      'input:not([type="hidden"]):not([type="file"])',
      'textarea',
      'select',
      '[role="button"]',
      '[role="link"]',
      '[role="checkbox"]',
      '[role="radio"]',
      '[role="option"]',
      '[role="spinbutton"]',
      '.adm-selector-item',
      '.adm-list-item-content-main[role]',
    ].join(', ');
    const found: SmallTarget[] = [];
    for (const element of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      if (element.classList.contains('pda-scan-sink') || element.closest('[aria-hidden="true"]')) continue;
      const style = getComputedStyle(element);
      const box = element.getBoundingClientRect();
      if (style.visibility === 'hidden' || style.display === 'none' || box.width === 0 || box.height === 0)
        continue;
      if (box.width < 43.5 || box.height < 43.5)
        found.push({
          target:
            `${element.tagName.toLowerCase()}.${element.className}`.slice(0, 80) +
            ` "${(element.innerText || element.getAttribute('aria-label') || '').trim().slice(0, 30)}"`,
          width: Math.round(box.width),
          height: Math.round(box.height),
        });
    }
    return found;
  });
}

describe.skipIf(!hasChromium)('the PDA at 360 × 640', () => {
  it('gives every interactive target on every screen at least 44 × 44 CSS px', async () => {
    const context = await newPdaContext(browser, { width: 360, height: 640 });
    const page = await context.newPage();
    const small: Record<string, SmallTarget[]> = {};
    const check = async (screen: string) => {
      const found = await smallTargets(page);
      if (found.length > 0) small[screen] = found;
    };
    await openPdaLogin(page, server.baseUrl);
    await check('login');
    await pdaSignIn(page);
    await page.getByText('DG01').first().waitFor({ timeout: UI_WAIT });
    await check('warehouse');
    await chooseWarehouse(page);
    await check('home');
    await page.screenshot({ path: 'data/screenshots/pda-home-360x640.png', fullPage: true });
    await page.getByRole('button', { name: 'Receive', exact: true }).click();
    const prompt = page.getByTestId('prompt');
    await shows(prompt, 'Scan the inbound order or a box label');
    await check('receive: order or box');
    await scan(page, 'BOX-001');
    await shows(prompt, 'Scan a SKU');
    // The box as the server holds it (the test before this one received a unit of it too).
    const count = page.getByTestId('count-TS-BLK-M');
    const received = Number((await count.textContent())?.split('/')[0]);
    await scan(page, DEMO_SKUS['TS-BLK-M']);
    await shows(count, new RegExp(`^\\s*${received + 1} / 12\\s*$`));
    await check('receive: SKU');
    await page.getByRole('button', { name: 'Report a difference' }).click();
    await page.getByTestId('difference-form').waitFor({ timeout: UI_WAIT });
    await check('receive: difference');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.goto(`${server.baseUrl}/pda/shelve`);
    await shows(page.getByTestId('prompt'), 'Scan the inbound order or a box label');
    await check('shelve: order');
    await page.goto(`${server.baseUrl}/pda/returns`);
    await shows(page.getByTestId('prompt'), "Scan the parcel's tracking number");
    await check('returns: parcel');
    await scan(page, 'RTSMALL0000001');
    await page.getByRole('button', { name: 'No order found: record as unmatched' }).click();
    await shows(page.getByTestId('prompt'), 'Enter postage and weight');
    await check('returns: postage and weight');
    for (const task of ['pick', 'pack', 'bag', 'handover', 'transfer', 'count']) {
      await page.goto(`${server.baseUrl}/pda/${task}`);
      await page.getByTestId('prompt').first().waitFor({ timeout: UI_WAIT });
      await check(task);
    }
    await page.goto(`${server.baseUrl}/pda/attention`);
    await page.getByText('Needs attention').first().waitFor({ timeout: UI_WAIT });
    await check('needs attention');
    await page.goto(`${server.baseUrl}/pda/settings`);
    await page.getByTestId('settings-screen').waitFor({ timeout: UI_WAIT });
    await check('settings');
    expect(small).toEqual({});
    await context.close();
  });
});
