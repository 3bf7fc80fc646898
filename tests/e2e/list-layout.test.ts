/**
 * Every list screen reads on the laptop screens people use (1366×768 and 1440×900): in Chromium,
 * as admin, no header or data cell lies under a fixed column (the row's Actions, a pinned SKU),
 * compared by bounding boxes. Each screen is screenshotted into data/screenshots. The widest
 * lists (stock, products) show their essential columns without sideways scrolling at 1366×768;
 * the rest are in their column picker.
 */
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENU_CATALOG } from '@shared/menu.js';
import {
  closeAnnouncements,
  hasChromium,
  launchBrowser,
  loginThroughUi,
  newContext,
  startLiveServer,
  type LiveServer,
} from './browser.js';

/** The admin's menu screens that hold lists (all but the home page's cards and charts), by path. */
const SCREENS = MENU_CATALOG.filter(
  (entry) =>
    entry.menuType !== 2 &&
    !entry.component?.startsWith('dashboard/') &&
    !entry.hidden &&
    entry.path !== undefined &&
    entry.component !== undefined &&
    entry.component !== 'layouts/RouteView' &&
    entry.roles.includes('admin'),
).map((entry) => ({ path: entry.path ?? '', name: entry.component?.replace('/', '-') ?? '' }));

const VIEWPORTS = [
  { width: 1366, height: 768 },
  { width: 1440, height: 900 },
];

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

interface Covered {
  row: number;
  column: string;
  under: string;
  overlap: number;
}

/** Cells of the page's tables that a fixed cell of the same row lies over, by more than a pixel. */
function coveredCells(page: Page): Promise<Covered[]> {
  return page.evaluate(() => {
    const found: Covered[] = [];
    const tables = Array.from(document.querySelectorAll<HTMLElement>('.ant-layout-content .ant-table'));
    for (const table of tables) {
      const headers = Array.from(table.querySelectorAll<HTMLElement>('thead th')).map((th) =>
        (th.innerText || th.getAttribute('aria-label') || '').trim(),
      );
      const rows = Array.from(table.querySelectorAll<HTMLElement>('thead tr, tbody tr.ant-table-row'));
      rows.forEach((row, rowIndex) => {
        const cells = Array.from(row.children) as HTMLElement[];
        const isFixed = (cell: HTMLElement) => /ant-table-cell-fix-(left|right)/.test(cell.className);
        const fixed = cells.filter(isFixed);
        for (const cell of cells) {
          if (isFixed(cell) || cell.classList.contains('ant-table-cell-scrollbar')) continue;
          const box = cell.getBoundingClientRect();
          if (box.width === 0) continue;
          for (const pinned of fixed) {
            const over = pinned.getBoundingClientRect();
            const overlap = Math.min(box.right, over.right) - Math.max(box.left, over.left);
            if (overlap > 1) {
              found.push({
                row: rowIndex,
                column: (cell.innerText || headers[cells.indexOf(cell)] || '').trim().slice(0, 40),
                under: (pinned.innerText || '').trim().slice(0, 40),
                overlap: Math.round(overlap),
              });
            }
          }
        }
      });
    }
    return found;
  });
}

/** Lists that must fit 1366 px without sideways scrolling, by their screen component. */
const FITTING_LISTS = ['inventory/StockList', 'catalog/ProductList'];

/** How far each of the page's tables scrolls sideways (its content beyond its box), in pixels. */
function sidewaysScroll(page: Page): Promise<number[]> {
  return page.evaluate(() =>
    Array.from(
      document.querySelectorAll<HTMLElement>(
        '.ant-layout-content .ant-table-content, .ant-layout-content .ant-table-body',
      ),
    ).map((box) => box.scrollWidth - box.clientWidth),
  );
}

/** True once the screen's tables have answered: no spinner, and rows or the empty placeholder. */
function tablesSettled(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const tables = Array.from(document.querySelectorAll('.ant-layout-content .ant-table-wrapper'));
    if (tables.length === 0) return false;
    return tables.every(
      (wrapper) =>
        wrapper.querySelector('.ant-spin-spinning') === null &&
        wrapper.querySelector('tbody tr.ant-table-row, tbody tr.ant-table-placeholder') !== null,
    );
  });
}

describe.skipIf(!hasChromium)('list screens at laptop widths', () => {
  for (const viewport of VIEWPORTS) {
    describe(`${viewport.width}×${viewport.height}`, () => {
      let page: Page;
      beforeAll(async () => {
        const context = await newContext(browser);
        page = await context.newPage();
        await page.setViewportSize(viewport);
        await loginThroughUi(page, server.baseUrl, 'admin');
        await closeAnnouncements(page);
      });
      afterAll(async () => {
        await page?.context().close();
      });

      it.each(SCREENS)('$path keeps every cell clear of the fixed columns', async ({ path, name }) => {
        await page.goto(`${server.baseUrl}${path}`);
        await closeAnnouncements(page);
        await expect.poll(() => tablesSettled(page), { timeout: 30_000 }).toBe(true);
        await page.screenshot({ path: `data/screenshots/list-${name}-${viewport.width}.png` });
        expect(await coveredCells(page)).toEqual([]);
        const isFitting = FITTING_LISTS.some((component) => name === component.replace('/', '-'));
        if (isFitting) {
          expect(await sidewaysScroll(page)).not.toEqual([]);
          expect((await sidewaysScroll(page)).filter((overflow) => overflow > 0)).toEqual([]);
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
            viewport.width,
          );
        }
      });
    });
  }
});
