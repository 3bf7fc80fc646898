/**
 * Driving the PDA in the browser tests: a handheld's context, signing in and choosing a
 * warehouse, scans typed as a keyboard-wedge scanner types them, and waits on what it shows.
 */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { DEMO_PASSWORD } from '@server/seed/demo.js';
import { gtinCheckDigit } from '@shared/domain/barcode.js';

/** Waits on what the app shows; generous, as CI machines are small and busy. */
export const UI_WAIT = 20_000;

/**
 * Between keys of a scan: slower than the 80 ms a key that still counts as a scanner's
 * (WEDGE_DEFAULTS), so the keys are read as keypad input, which only Enter ends, and a stalled
 * machine cannot cut a scan in two. Scanner timing itself is pda-scanners.test.ts's.
 */
const KEY_DELAY_MS = 100;

export const ean13 = (body: string) => `${body}${gtinCheckDigit(body)}`;

/**
 * The demo SKUs of box BOX-001 (the first two) and BOX-002 (src/server/seed/demo-inbound.ts) and
 * their EAN-13 barcodes.
 */
export const DEMO_SKUS = {
  'TS-BLK-M': ean13('690000000001'),
  'TS-BLK-L': ean13('690000000002'),
  'TS-WHT-M': ean13('690000000003'),
} as const;

/** A handheld's screen, in English unless told; `options` go to the browser context (`serviceWorkers`). */
export async function newPdaContext(
  browser: Browser,
  viewport = { width: 360, height: 740 },
  language = 'en-US',
  options: { serviceWorkers?: 'allow' | 'block' } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport, deviceScaleFactor: 2, locale: language, ...options });
  await context.addInitScript((lang) => {
    if (!localStorage.getItem('language')) localStorage.setItem('language', lang);
  }, language);
  return context;
}

/** Waits until `locator` shows `text`; on time-out, says what it showed instead. */
export async function shows(locator: Locator, text: string | RegExp, timeout = UI_WAIT): Promise<void> {
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

/** Types a code as a keyboard-wedge scanner does, into the screen's scan sink, ended by Enter. */
export async function scan(page: Page, code: string): Promise<void> {
  await page.keyboard.type(code, { delay: KEY_DELAY_MS });
  await page.keyboard.press('Enter');
}

/** Opens the PDA's login screen and waits for its form. */
export async function openPdaLogin(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/pda/`);
  await page.getByPlaceholder('Username').waitFor({ timeout: UI_WAIT });
}

/** Signs in from the login screen and waits for the warehouse choice. */
export async function pdaSignIn(page: Page, username = 'warestaff'): Promise<void> {
  await page.getByPlaceholder('Username').fill(username);
  await page.getByPlaceholder('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByText('Choose your warehouse').waitFor({ timeout: UI_WAIT });
}

/** Chooses a warehouse and waits for the home screen with the device's first pull done. */
export async function chooseWarehouse(page: Page, code = 'DG01'): Promise<void> {
  await page.getByText(new RegExp(`^${code}\\b`)).click();
  await page.getByRole('button', { name: 'Receive', exact: true }).waitFor({ timeout: UI_WAIT });
  await shows(page.getByTestId('last-sync'), /Last sync \d/);
}
