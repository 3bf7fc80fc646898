import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { afterAll, describe, expect, it } from 'vitest';
import {
  decodePage,
  hasPdftoppm,
  pdfPageImageCounts,
  pdfPageSizesMm,
  pdfPageTexts,
  renderPage,
  scratchDir,
} from '../../tests/support/pdf-reading.js';
import { platformLabelPdf } from './label.js';
import { World } from './world.js';
import { type SandboxOrder } from './world-model.js';

const scratch = scratchDir();
afterAll(() => scratch.remove());

const compact = (text: string) => text.replace(/\s+/g, '');

/** What pdftotext (poppler) reads off the label, as a person copying it from a viewer would. */
function pdftotext(pdf: Buffer, name: string): string {
  const file = join(scratch.dir, `${name}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-']).toString('utf8');
}

/** The barcodes in a band of the rendered page, from `top` to `bottom` millimetres. */
function decodeBand(png: string, band: { top: number; bottom: number }, name: string) {
  const page = PNG.sync.read(readFileSync(png));
  const pixelsPerMm = page.height / 150;
  const top = Math.round(band.top * pixelsPerMm);
  const height = Math.round((band.bottom - band.top) * pixelsPerMm);
  const crop = new PNG({ width: page.width, height });
  page.data.copy(crop.data, 0, top * page.width * 4, (top + height) * page.width * 4);
  const file = join(scratch.dir, `${name}.png`);
  writeFileSync(file, PNG.sync.write(crop));
  return decodePage(file);
}

const THAI = {
  name: 'สมชาย ใจดี',
  line1: '123/45 ซอยสุขุมวิท 21 แขวงคลองเตยเหนือ เขตวัฒนา',
  city: 'Bangkok',
  region: 'Bangkok',
  postcode: '10110',
  country: 'TH',
};
const TAIWAN = {
  name: '陳大文',
  line1: '信義區信義路五段7號 89樓',
  city: 'Taipei',
  region: 'Taipei City',
  postcode: '110',
  country: 'TW',
};

/** An order the platform's logistics arranged, to a buyer written in their own script. */
function arrangedOrder(
  platform: 'shopee' | 'lazada' | 'tiktok' | 'joom',
  address: typeof THAI,
  trackingNo: string,
): SandboxOrder {
  const world = new World(11);
  world.addShop({
    platform,
    shopId: `${platform}-label-1`,
    name: 'Label shop',
    region: 'TH',
    currency: 'THB',
  });
  const order = world.createOrder(platform, `${platform}-label-1`, { status: 'ready_to_ship', silent: true });
  world.changeOrder(order, {
    status: 'processed',
    trackingNo,
    address: { ...order.address, ...address, phone: '+66 81 234 5678' },
  });
  return order;
}

const CASES = [
  { platform: 'shopee', brand: 'Shopee', address: THAI, heading: 'ผู้รับ', trackingNo: 'SPXTH042311230871' },
  { platform: 'lazada', brand: 'LAZADA', address: TAIWAN, heading: '收件人', trackingNo: 'LEXPU0123456789' },
  { platform: 'tiktok', brand: 'TikTok Shop', address: THAI, heading: 'ผู้รับ', trackingNo: 'TT7712345678TH' },
  {
    platform: 'joom',
    brand: 'Joom Logistics',
    address: TAIWAN,
    heading: '收件人',
    trackingNo: 'JL0012345678CN',
  },
] as const;

describe('the sandbox platforms’ shipping labels', () => {
  for (const { platform, brand, address, heading, trackingNo } of CASES) {
    it(`${platform}: a 100 × 150 mm label with the buyer's own script, never '?'`, async () => {
      const order = arrangedOrder(platform, address, trackingNo);
      const pdf = await platformLabelPdf(order);
      expect(await pdfPageSizesMm(pdf)).toEqual([[100, 150]]);
      // The same bytes on a second download, as a stored document.
      expect((await platformLabelPdf(order)).equals(pdf)).toBe(true);
      if (!hasPdftoppm) return console.warn('poppler is not installed: the label text is not read');
      const text = pdftotext(pdf, platform);
      expect(text).not.toContain('?');
      const flat = compact(text);
      for (const expected of [brand, trackingNo, order.orderId, order.carrier, address.name, address.line1])
        expect(flat).toContain(compact(expected));
      // pdftotext puts Thai marks in glyph order; pdf.js reads the headings as written.
      expect(compact((await pdfPageTexts(pdf))[0] ?? '')).toContain(compact(heading));
      // The sender is a seller's pick-up address in Chinese or Thai script.
      expect(text).toMatch(/[\u0E00-\u0E7F]|[\u4E00-\u9FFF]/);
    }, 60_000);
  }

  it('draws the tracking number and the order number as Code 128 and the QR code of the tracking number', async () => {
    const order = arrangedOrder('shopee', THAI, 'SPXTH042311230871');
    const pdf = await platformLabelPdf(order);
    expect(await pdfPageImageCounts(pdf)).toEqual([3]);
    if (!hasPdftoppm) return console.warn('pdftoppm is not installed: the label barcodes are not decoded');
    const png = renderPage(pdf, 1, scratch.dir, 300);
    expect(decodeBand(png, { top: 17, bottom: 45 }, 'tracking').code128).toBe('SPXTH042311230871');
    expect(decodeBand(png, { top: 45, bottom: 88 }, 'recipient').qr).toBe('SPXTH042311230871');
    expect(decodeBand(png, { top: 112, bottom: 134 }, 'order').code128).toBe(order.orderId);
  }, 60_000);

  it('makes a new label when the tracking number changes', async () => {
    const order = arrangedOrder('tiktok', THAI, 'TT7712345678TH');
    const first = await platformLabelPdf(order);
    order.trackingNo = 'TT7712345679TH';
    const second = await platformLabelPdf(order);
    expect(second.equals(first)).toBe(false);
    if (hasPdftoppm) expect(compact(pdftotext(second, 'changed'))).toContain('TT7712345679TH');
  }, 60_000);
});
