import { afterAll, describe, expect, it } from 'vitest';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import {
  barcodesOn,
  pdfPageImageCounts,
  pdfPageSizesMm,
  pdfPageTexts,
  scratchDir,
} from '../../../../tests/support/pdf-reading.js';
import { renderWaybills, type Waybill } from './waybill-pdf.js';

const compact = (text: string) => text.replace(/\s+/g, '');

const thai: Waybill = {
  carrier: { name: 'Flash Express', code: 'FLASH-TH' },
  trackingNo: 'TH01234567890A',
  sortCode: 'BKK-12 A3',
  sender: {
    name: '深圳优品跨境电商有限公司',
    phone: '+86 755 1234 5678',
    address: '广东省深圳市南山区科技园南区 R2-B 栋 501 室',
  },
  recipient: {
    name: 'สมชาย ใจดี',
    phone: '+66 81 234 5678',
    address: '123/45 Sukhumvit Soi 21, แขวงคลองเตยเหนือ เขตวัฒนา กรุงเทพมหานคร 10110',
  },
  orderNo: 'SO240615000123',
  weightGrams: 1250,
  cod: { amount: 129900, currency: 'THB' },
};

const taiwan: Waybill = {
  carrier: { name: '黑貓宅急便', code: 'TCAT' },
  trackingNo: '903412345678',
  sender: { name: 'BKK1 Warehouse', phone: '02 123 4567', address: '88 Bangna-Trad Rd, Bangkok 10260' },
  recipient: { name: '陳大文', phone: '0912-345-678', address: '臺北市信義區信義路五段7號 89樓' },
  orderNo: 'SO-2',
  weightGrams: 300,
  piece: { index: 2, count: 3 },
};

const scratch = scratchDir();
afterAll(() => scratch.remove());

describe('renderWaybills', () => {
  it('prints one 100 × 150 mm page per parcel, in the order given', async () => {
    const pdf = await renderWaybills([thai, taiwan], 'en-US');
    expect(await pdfPageSizesMm(pdf)).toEqual([
      [100, 150],
      [100, 150],
    ]);
    const [first, second] = await pdfPageTexts(pdf);
    expect(first).toContain('TH01234567890A');
    expect(second).toContain('903412345678');
  });

  it('prints the carrier, tracking number, sort code, order, weight, COD and piece count', async () => {
    const printedAt = new Date('2024-06-15T03:30:00Z');
    const pdf = await renderWaybills([thai, taiwan], 'en-US', { printedAt, timeZone: 'Asia/Bangkok' });
    const [first = '', second = ''] = await pdfPageTexts(pdf);
    for (const text of [
      'Flash Express',
      'FLASH-TH',
      'BKK-12 A3',
      'Sort code',
      'Order',
      'SO240615000123',
      'Weight',
      '1.25 kg',
      'COD',
      'THB 1,299.00',
      '1/1',
      '2024-06-15 10:30',
    ])
      expect(first).toContain(text);
    expect(second).toContain('2/3');
    expect(second).not.toContain('COD');
    expect(second).not.toContain('Sort code');
  });

  it('prints a weight it does not know as a dash, never "0 kg"', async () => {
    const pdf = await renderWaybills(
      [
        { ...taiwan, weightGrams: null },
        { ...taiwan, weightGrams: 0 },
        { ...taiwan, weightGrams: 1234 },
      ],
      'en-US',
    );
    const [unknown = '', zero = '', weighed = ''] = await pdfPageTexts(pdf);
    for (const page of [unknown, zero]) {
      expect(page).toContain('—');
      expect(page).not.toContain('kg');
    }
    expect(weighed).toContain('1.234 kg');
  });

  it('writes the print date as YYYY-MM-DD HH:mm in the warehouse time zone, whatever the language', async () => {
    const printedAt = new Date('2024-06-15T17:05:00Z');
    for (const language of ['en-US', 'th-TH', 'vn-VN', 'zh-CN', 'zh-TC', 'ru-RU'] as const) {
      const [page = ''] = await pdfPageTexts(
        await renderWaybills([taiwan], language, { printedAt, timeZone: 'Asia/Bangkok' }),
      );
      // Bangkok is UTC+7: the next day; never month first, never the Buddhist year 2567.
      expect(compact(page), language).toContain('2024-06-1600:05');
      expect(page, language).not.toContain('2567');
    }
  }, 60_000);

  it('sets Thai, Chinese and Latin names and addresses, mixed in one line', async () => {
    const pdf = await renderWaybills([thai, taiwan], 'zh-TC');
    const [first = '', second = ''] = (await pdfPageTexts(pdf)).map(compact);
    expect(first).toContain(compact(`${thai.recipient.name} ${thai.recipient.phone}`));
    expect(first).toContain(compact(thai.recipient.address));
    expect(first).toContain(compact(thai.sender.name));
    expect(first).toContain(compact(thai.sender.address));
    expect(first).toContain('收件人');
    expect(first).toContain('寄件人');
    expect(second).toContain(compact(taiwan.recipient.address));
    expect(second).toContain(compact(taiwan.carrier.name));
  });

  it('prints its headings in the reader language', async () => {
    const [english = ''] = await pdfPageTexts(await renderWaybills([thai], 'en-US'));
    const [thaiText = ''] = await pdfPageTexts(await renderWaybills([thai], 'th-TH'));
    expect(english).toContain('Recipient');
    expect(english).toContain('Sender');
    expect(compact(thaiText)).toContain('ผู้รับ');
    expect(compact(thaiText)).toContain('ผู้ส่ง');
  });

  it('draws the tracking number and the order number as Code 128 images', async () => {
    const pdf = await renderWaybills([thai, { ...taiwan, orderNo: 'คำสั่งซื้อ-2' }], 'en-US');
    expect(await pdfPageImageCounts(pdf)).toEqual([2, 1]);
    const decoded = barcodesOn(pdf, 2, scratch.dir);
    if (decoded) expect(decoded.code128).toBe(taiwan.trackingNo);
  });

  it('keeps a very long address inside its box: smaller type, then cut with an ellipsis', async () => {
    const address = '臺北市信義區信義路五段7號 89樓 Taipei 101 Tower, Xinyi District '.repeat(30);
    const pdf = await renderWaybills([{ ...taiwan, recipient: { ...taiwan.recipient, address } }], 'en-US');
    const [text = ''] = await pdfPageTexts(pdf);
    expect(await pdfPageSizesMm(pdf)).toHaveLength(1);
    expect(text).toContain('…');
    expect(text).toContain(taiwan.sender.name);
    const document = await getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
    const page = await document.getPage(1);
    const [, , width = 0, height = 0] = page.view;
    const content = await page.getTextContent();
    for (const item of content.items) {
      if (!('transform' in item)) continue;
      const [, , , , x = 0, y = 0] = item.transform as number[];
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x + item.width).toBeLessThanOrEqual(width);
      expect(y).toBeGreaterThan(0);
      expect(y).toBeLessThan(height);
    }
    // The recipient's lines end above the sender's caption: the address stayed in its band.
    const lowestRecipient = Math.min(
      ...content.items
        .filter((item) => 'str' in item && /信義|Taipei|Tower/.test(item.str))
        .map((item) => ('transform' in item ? ((item.transform as number[])[5] ?? 0) : 0)),
    );
    const senderCaption = content.items.find((item) => 'str' in item && item.str === 'Sender');
    const senderY =
      senderCaption && 'transform' in senderCaption ? (senderCaption.transform as number[])[5] : 0;
    expect(lowestRecipient).toBeGreaterThan(senderY ?? 0);
    await document.destroy();
  });
});
