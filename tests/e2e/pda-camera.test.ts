/**
 * Camera scanning in the running PDA, in Chromium with a fake camera: the test renders a barcode
 * with bwip-js, writes it as a Y4M video (Chromium's --use-file-for-fake-video-capture), opens the
 * camera on the receiving screen, and the scan lands on the screen as a hardware scan would.
 * Chromium on Linux has no native BarcodeDetector, so this is the ponyfill reading a real camera
 * frame with its wasm from our own server (and from nowhere else).
 */
import bwipjs from 'bwip-js/node';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '@server/seed/demo.js';
import { hasChromium, launchBrowser, startLiveServer, type LiveServer } from './browser.js';

const WIDTH = 640;
const HEIGHT = 480;

/**
 * A Y4M file (YUV4MPEG2, 4:2:0) of `frames` identical frames: the barcode in luma, centred on
 * white; chroma flat grey. Chromium loops the file as the camera's picture.
 */
async function barcodeVideo(
  path: string,
  options: { bcid: string; text: string; scale: number; height?: number },
) {
  const png = PNG.sync.read(
    await bwipjs.toBuffer({ ...options, includetext: false, paddingwidth: 8, paddingheight: 8 }),
  );
  if (png.width > WIDTH || png.height > HEIGHT) throw new Error(`${options.bcid} is too big for the frame`);
  const luma = Buffer.alloc(WIDTH * HEIGHT, 235);
  const left = Math.floor((WIDTH - png.width) / 2);
  const top = Math.floor((HEIGHT - png.height) / 2);
  for (let y = 0; y < png.height; y += 1) {
    for (let x = 0; x < png.width; x += 1) {
      const at = (y * png.width + x) * 4;
      const alpha = (png.data[at + 3] ?? 255) / 255;
      const grey =
        0.299 * (png.data[at] ?? 255) + 0.587 * (png.data[at + 1] ?? 255) + 0.114 * (png.data[at + 2] ?? 255);
      // BT.601 studio range: 16 black, 235 white.
      luma[(top + y) * WIDTH + left + x] = Math.round(16 + (219 * (grey * alpha + 255 * (1 - alpha))) / 255);
    }
  }
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(path, Buffer.concat([header, ...Array.from({ length: 10 }, () => frame)]));
}

function launchWithCamera(videoFile: string): Promise<Browser> {
  return launchBrowser([
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-video-capture=${videoFile}`,
  ]);
}

let server: LiveServer;
let dir: string;
beforeAll(async () => {
  if (!hasChromium) return;
  mkdirSync('data/screenshots', { recursive: true });
  dir = mkdtempSync(join(tmpdir(), 'pda-camera-'));
  server = await startLiveServer();
});
afterAll(async () => {
  await server?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

interface Session {
  browser: Browser;
  page: Page;
  /** Every URL the page and its workers asked for. */
  requests: string[];
}

/** A phone-sized PDA, logged in as the warehouse staff, on the receiving screen. */
async function onReceiveScreen(videoFile: string, continuous: boolean): Promise<Session> {
  const browser = await launchWithCamera(videoFile);
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'en-US' });
  await context.addInitScript((keep) => {
    if (!localStorage.getItem('language')) localStorage.setItem('language', 'en-US');
    localStorage.setItem('pda.camera.continuous', keep ? '1' : '0');
  }, continuous);
  const requests: string[] = [];
  context.on('request', (request) => requests.push(request.url()));
  const page = await context.newPage();
  await page.goto(`${server.baseUrl}/pda/`);
  await page.getByPlaceholder('Username').fill('warestaff');
  await page.getByPlaceholder('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.locator('.pda-big-item').first().click();
  await page.getByRole('button', { name: 'Receive', exact: true }).click();
  await page.getByText('Scan the inbound order or a box label').first().waitFor();
  return { browser, page, requests };
}

describe.skipIf(!hasChromium)('camera scanning in the PDA (Chromium, fake camera)', () => {
  it.each([
    ['Code 128', { bcid: 'code128', text: 'CAMTEST-128', scale: 3, height: 14 }],
    ['QR code', { bcid: 'qrcode', text: 'CAMTEST-QR', scale: 6 }],
  ])('reads a %s from the camera into a scan, with the wasm from our own server', async (name, barcode) => {
    const file = join(dir, `${barcode.bcid}.y4m`);
    await barcodeVideo(file, barcode);
    const { browser, page, requests } = await onReceiveScreen(file, false);
    try {
      expect(await page.evaluate(() => 'BarcodeDetector' in window)).toBe(false);
      await page.getByRole('button', { name: 'Scan with the camera' }).click();
      // The code reaches the screen as a scan: receiving says what it is not, in the worker's words.
      await page
        .getByText(`${barcode.text} is not an inbound order or box on this device`)
        .waitFor({ timeout: 20_000 });
      await page.getByRole('dialog', { name: 'Camera scan' }).waitFor({ state: 'detached' });
      // The camera is off: no live track is left on the page.
      expect(
        await page.evaluate(() =>
          [...document.querySelectorAll('video')].some(
            (video) => video.srcObject instanceof MediaStream && video.srcObject.active,
          ),
        ),
      ).toBe(false);
      // The wasm came from our server, and the service worker precaches it for offline scans.
      const wasm = requests.find((url) => /\/pda\/assets\/zxing_reader-[\w-]+\.wasm$/.test(url));
      expect(wasm).toBeDefined();
      const precache = readFileSync('dist/pda/sw.js', 'utf8');
      expect(precache).toContain(new URL(wasm ?? '', server.baseUrl).pathname.replace('/pda/', ''));
      expect(requests.filter((url) => !url.startsWith(server.baseUrl))).toEqual([]);
      await page.screenshot({ path: `data/screenshots/pda-camera-scanned-${barcode.bcid}.png` });
    } finally {
      await browser.close();
    }
  });

  it('shows the camera behind the viewfinder and ignores codes of other formats', async () => {
    // PDF417 is not among the formats we read: the camera stays open on it, as on any picture.
    const file = join(dir, 'pdf417.y4m');
    await barcodeVideo(file, { bcid: 'pdf417', text: 'NOT-A-WAREHOUSE-FORMAT', scale: 2, height: 4 });
    const { browser, page } = await onReceiveScreen(file, false);
    try {
      await page.getByRole('button', { name: 'Scan with the camera' }).click();
      const dialog = page.getByRole('dialog', { name: 'Camera scan' });
      await dialog.waitFor();
      await page.getByText('Hold the barcode inside the frame').waitFor({ timeout: 20_000 });
      await expect
        .poll(() =>
          page.locator('video.pda-camera-video').evaluate((video: HTMLVideoElement) => video.videoWidth),
        )
        .toBe(WIDTH);
      await page.waitForTimeout(1500);
      await page.screenshot({ path: 'data/screenshots/pda-camera-overlay.png' });
      expect(await dialog.count()).toBe(1);
      await page.locator('.pda-camera-close').click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Scan with the camera' }).waitFor();
    } finally {
      await browser.close();
    }
  });
});
