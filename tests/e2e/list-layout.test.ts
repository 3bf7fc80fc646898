/**
 * Every list screen reads on the laptop screens people use (1366×768 and 1440×900): in Chromium,
 * each menu screen that holds a list (the administrator's, and the seller's and warehouse's own
 * lists, each as its user), the page never scrolls sideways, each list's Actions column lies in
 * the viewport and in its table's visible box, and a table scrolls sideways only where its
 * essential columns cannot fit (SCROLLING_LISTS), its Actions then fixed to the right. No header
 * or data cell lies under a fixed column where the reader cannot scroll it out (compared by
 * bounding boxes, with the table scrolled to each end). Each screen is screenshotted into
 * data/screenshots.
 */
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENU_CATALOG } from '@shared/menu.js';
import type { UserRole } from '@shared/domain/roles.js';
import {
  closeAnnouncements,
  hasChromium,
  launchBrowser,
  loginThroughUi,
  newContext,
  startLiveServer,
  type LiveServer,
} from './browser.js';

/** The demo user who opens a screen not in the administrator's menu, by the screen's first role. */
const DEMO_USER: Partial<Record<UserRole, string>> = {
  admin: 'admin',
  seller: 'seller',
  ware_manager: 'waremanager',
};

/** The admin's menu screens that hold lists (all but the home page's cards and charts), by path. */
const SCREENS = MENU_CATALOG.filter(
  (entry) =>
    entry.menuType !== 2 &&
    !entry.component?.startsWith('dashboard/') &&
    !entry.hidden &&
    entry.path !== undefined &&
    entry.component !== undefined &&
    entry.component !== 'layouts/RouteView',
).flatMap((entry) => {
  const role = entry.roles.includes('admin') ? 'admin' : entry.roles.find((one) => DEMO_USER[one]);
  const username = role && DEMO_USER[role];
  if (!username) return [];
  return [{ path: entry.path ?? '', name: entry.component?.replace('/', '-') ?? '', username }];
});

const USERS = [...new Set(SCREENS.map((screen) => screen.username))];

const VIEWPORTS = [
  { width: 1366, height: 768 },
  { width: 1440, height: 900 },
];

/**
 * Lists whose essential columns are wider than a 1366 px screen leaves them, by screen: they
 * scroll sideways with their row's identity fixed to the left and their Actions to the right.
 */
const SCROLLING_LISTS: readonly string[] = [];

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

/** The page's list tables: those in the page's content, not a table inside another's row. */
const LIST_TABLES = '.ant-layout-content .ant-table';

/** Scrolls each list table's sideways scroller to its start or its end. */
function scrollTables(page: Page, to: 'start' | 'end'): Promise<void> {
  return page.evaluate(
    ({ selector, end }) => {
      for (const table of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
        for (const box of Array.from(
          table.querySelectorAll<HTMLElement>(
            ':scope > .ant-table-container > .ant-table-content, :scope > .ant-table-container > .ant-table-body, :scope > .ant-table-container > .ant-table-header',
          ),
        )) {
          box.scrollLeft = end ? box.scrollWidth : 0;
        }
      }
    },
    { selector: LIST_TABLES, end: to === 'end' },
  );
}

/**
 * Cells that a fixed cell of the same row lies over, by more than a pixel: those under a
 * left-fixed cell with the table scrolled to its start, or under a right-fixed one with it
 * scrolled to its end (where nothing is left for the reader to scroll out from under it).
 */
function coveredCells(page: Page, side: 'left' | 'right'): Promise<Covered[]> {
  return page.evaluate(
    ({ selector, side }) => {
      const found: Covered[] = [];
      const tables = Array.from(document.querySelectorAll<HTMLElement>(selector)).filter(
        (table) => table.parentElement?.closest('.ant-table') === null,
      );
      for (const table of tables) {
        const headers = Array.from(table.querySelectorAll<HTMLElement>('thead th')).map((th) =>
          (th.innerText || th.getAttribute('aria-label') || '').trim(),
        );
        const rows = Array.from(table.querySelectorAll<HTMLElement>('thead tr, tbody tr.ant-table-row'));
        rows.forEach((row, rowIndex) => {
          const cells = Array.from(row.children) as HTMLElement[];
          const isFixed = (cell: HTMLElement) => /ant-table-cell-fix-(left|right)/.test(cell.className);
          const fixed = cells.filter((cell) => cell.className.includes(`ant-table-cell-fix-${side}`));
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
    },
    { selector: LIST_TABLES, side },
  );
}

interface TableLayout {
  /** How far the table scrolls sideways (its content beyond its box), in pixels. */
  overflow: number;
  /** The table's visible box. */
  left: number;
  right: number;
  /** Its Actions column's header, where it has one. */
  actions: { left: number; right: number; isFixed: boolean } | null;
  /** The titles of the columns that lie, wholly or partly, outside the visible box. */
  outside: string[];
}

/** Each list table's sideways fit, with the table scrolled to its start. */
function tableLayouts(page: Page): Promise<TableLayout[]> {
  return page.evaluate((selector) => {
    const tables = Array.from(document.querySelectorAll<HTMLElement>(selector)).filter(
      (table) => table.parentElement?.closest('.ant-table') === null && table.getClientRects().length > 0,
    );
    return tables.map((table) => {
      const scroller =
        table.querySelector<HTMLElement>('.ant-table-content, .ant-table-body') ??
        table.querySelector<HTMLElement>('.ant-table-container');
      const box = (scroller ?? table).getBoundingClientRect();
      const headers = Array.from(table.querySelectorAll<HTMLElement>('thead th')).filter(
        (th) => !th.classList.contains('ant-table-cell-scrollbar') && th.getBoundingClientRect().width > 0,
      );
      const actions = headers.find((th) => /^actions?$/i.test(th.innerText.trim()));
      const actionsBox = actions?.getBoundingClientRect();
      return {
        overflow: scroller ? scroller.scrollWidth - scroller.clientWidth : 0,
        left: Math.round(box.left),
        right: Math.round(box.right),
        actions:
          actions && actionsBox
            ? {
                left: Math.round(actionsBox.left),
                right: Math.round(actionsBox.right),
                isFixed: actions.className.includes('ant-table-cell-fix-right'),
              }
            : null,
        outside: headers
          .filter((th) => {
            const cell = th.getBoundingClientRect();
            return cell.left < box.left - 1 || cell.right > box.right + 1;
          })
          .map((th) => th.innerText.trim() || '(untitled)'),
      };
    });
  }, LIST_TABLES);
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
    for (const username of USERS) {
      describe(`${viewport.width}×${viewport.height}, as ${username}`, () => {
        let page: Page;
        beforeAll(async () => {
          const context = await newContext(browser);
          page = await context.newPage();
          await page.setViewportSize(viewport);
          await loginThroughUi(page, server.baseUrl, username);
          await closeAnnouncements(page);
        });
        afterAll(async () => {
          await page?.context().close();
        });

        it.each(SCREENS.filter((screen) => screen.username === username))(
          '$path reads with its actions in sight',
          async ({ path, name }) => {
            await page.goto(`${server.baseUrl}${path}`);
            await closeAnnouncements(page);
            await expect.poll(() => tablesSettled(page), { timeout: 30_000 }).toBe(true);
            await page.screenshot({
              path: `data/screenshots/list-${name}-${username}-${viewport.width}.png`,
            });
            expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
              viewport.width,
            );
            const layouts = await tableLayouts(page);
            expect(layouts.length).toBeGreaterThan(0);
            const mayScroll = SCROLLING_LISTS.includes(name.replace('-', '/'));
            for (const layout of layouts) {
              const where = `${path}: ${JSON.stringify(layout)}`;
              if (!mayScroll) expect(layout.overflow, where).toBeLessThanOrEqual(0);
              if (layout.overflow <= 0) expect(layout.outside, where).toEqual([]);
              if (layout.actions) {
                expect(layout.actions.left, where).toBeGreaterThanOrEqual(layout.left - 1);
                expect(layout.actions.right, where).toBeLessThanOrEqual(
                  Math.min(layout.right, viewport.width) + 1,
                );
                if (layout.overflow > 0) expect(layout.actions.isFixed, where).toBe(true);
              }
            }
            expect(await coveredCells(page, 'left')).toEqual([]);
            await scrollTables(page, 'end');
            expect(await coveredCells(page, 'right')).toEqual([]);
            await scrollTables(page, 'start');
          },
          // A screen's first load on a loaded machine has taken most of a minute.
          120_000,
        );
      });
    }
  }
});
