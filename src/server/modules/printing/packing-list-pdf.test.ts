import { describe, expect, it } from 'vitest';
import { pdfPageImageCounts, pdfPageSizesMm, pdfPageTexts } from '../../../../tests/support/pdf-reading.js';
import { renderPackingLists, type PackingListOrder } from './packing-list-pdf.js';

const compact = (text: string) => text.replace(/\s+/g, '');

const mixed: PackingListOrder = {
  orderNo: 'SO240615000123',
  trackingNo: 'TH01234567890A',
  recipientName: 'สมชาย ใจดี',
  parcelType: 'multi',
  lines: [
    { skuCode: 'TS-WHITE-XL', productName: 'เสื้อยืดคอกลม ผ้าฝ้าย', variation: 'White / XL', quantity: 2 },
    { skuCode: 'CUP-500', productName: '保溫杯 500ml', quantity: 1 },
  ],
};
const single: PackingListOrder = {
  orderNo: 'SO-2',
  recipientName: 'Nguyễn Văn A',
  parcelType: 'single_single',
  lines: [{ skuCode: 'SKU-1', productName: '男士运动短裤', quantity: 1 }],
};

describe('renderPackingLists', () => {
  it('prints each order on its own 100 × 150 mm page with its Code 128, lines and total', async () => {
    const pdf = await renderPackingLists([mixed, single], 'en-US');
    expect(await pdfPageSizesMm(pdf)).toEqual([
      [100, 150],
      [100, 150],
    ]);
    expect(await pdfPageImageCounts(pdf)).toEqual([1, 1]);
    const [first = '', second = ''] = await pdfPageTexts(pdf);
    for (const expected of [
      'Packing list',
      'SO240615000123',
      'TH01234567890A',
      'Mixed products',
      'TS-WHITE-XL',
      'White / XL',
      '保溫杯 500ml',
      'Total: 2 lines, 3 units',
    ])
      expect(first).toContain(expected);
    expect(compact(first)).toContain(compact('สมชาย ใจดี'));
    expect(compact(first)).toContain(compact('เสื้อยืดคอกลม ผ้าฝ้าย'));
    expect(first).not.toContain('SO-2');
    expect(second).toContain('Nguyễn Văn A');
    expect(second).toContain('Single item, single unit');
    expect(second).toContain('Total: 1 lines, 1 units');
  });

  it('continues a long order on pages of its own, numbered, the total on its last page', async () => {
    const lines = Array.from({ length: 30 }, (_, index) => ({
      skuCode: `SKU-${index}`,
      productName: `Item ${index}`,
      quantity: 1,
    }));
    const pages = await pdfPageTexts(await renderPackingLists([{ ...mixed, lines }, single], 'en-US'));
    const own = pages.filter((text) => text.includes('SO240615000123'));
    expect(own.length).toBeGreaterThan(1);
    own.forEach((text, index) => expect(text).toContain(`Page ${index + 1} of ${own.length}`));
    expect(own.at(-1)).toContain('Total: 30 lines, 30 units');
    expect(own.slice(0, -1).some((text) => text.includes('Total'))).toBe(false);
    const printed = own.join('\n');
    for (const line of lines) expect(printed).toContain(line.skuCode);
    expect(pages.at(-1)).toContain('SO-2');
  });
});
