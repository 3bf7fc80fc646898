import { describe, expect, it } from 'vitest';
import { pdfPageImageCounts, pdfPageSizesMm, pdfPageTexts } from '../../../../tests/support/pdf-reading.js';
import { renderPickList, walkingOrder, type PickLine } from './pick-list-pdf.js';

const line = (
  orderNo: string,
  partitionCode: string | null,
  locationCode: string,
  skuCode: string,
  quantity = 1,
): PickLine => ({
  orderNo,
  partitionCode,
  locationCode,
  skuCode,
  productName: `Product ${skuCode}`,
  quantity,
});

const compact = (text: string) => text.replace(/\s+/g, '');

describe('walkingOrder', () => {
  it('walks partition by partition, locations in natural order (A-2 before A-10)', () => {
    const rows = walkingOrder([
      line('SO1', 'B', 'B-1', 'SKU-1'),
      line('SO1', 'A', 'A-10', 'SKU-2'),
      line('SO2', null, 'Z-1', 'SKU-3'),
      line('SO2', 'A', 'A-2', 'SKU-4'),
      line('SO3', 'B', 'A-3', 'SKU-5'),
      line('SO3', 'A', 'A-2-10', 'SKU-6'),
      line('SO3', 'A', 'A-2-9', 'SKU-7'),
    ]);
    expect(rows.map((row) => `${row.partitionCode ?? '-'}:${row.locationCode}`)).toEqual([
      'A:A-2',
      'A:A-2-9',
      'A:A-2-10',
      'A:A-10',
      'B:A-3',
      'B:B-1',
      '-:Z-1',
    ]);
  });

  it('follows the pick sequence the warehouse gave, before locations without one', () => {
    const rows = walkingOrder([
      line('SO1', 'A', 'A-1', 'SKU-1'),
      { ...line('SO1', 'B', 'B-9', 'SKU-2'), pickSequence: 1 },
      { ...line('SO2', 'A', 'A-5', 'SKU-3'), pickSequence: 2 },
    ]);
    expect(rows.map((row) => row.locationCode)).toEqual(['B-9', 'A-5', 'A-1']);
  });

  it('makes one row per location and SKU, summing each order', () => {
    const rows = walkingOrder([
      line('SO1', 'A', 'A-1', 'SKU-1', 2),
      line('SO2', 'A', 'A-1', 'SKU-1', 1),
      line('SO1', 'A', 'A-1', 'SKU-1', 1),
      line('SO2', 'A', 'A-1', 'SKU-2', 4),
    ]);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      skuCode: 'SKU-1',
      quantity: 4,
      orders: [
        { orderNo: 'SO1', quantity: 3 },
        { orderNo: 'SO2', quantity: 1 },
      ],
    });
  });
});

describe('renderPickList', () => {
  const wave = {
    waveNo: 'WV20240615-0007',
    warehouse: 'BKK1 曼谷仓',
    createdAt: new Date('2024-06-15T03:30:00Z'),
    timeZone: 'Asia/Bangkok',
    lines: [
      line('SO1', 'A', 'A-10', 'SKU-10', 2),
      { ...line('SO2', 'A', 'A-2', 'SKU-2'), productName: 'เสื้อยืดคอกลม', variation: '红色 / XL' },
      line('SO3', 'B', 'B-1', 'SKU-B'),
      line('SO3', 'A', 'A-2', 'SKU-2', 3),
    ],
  };

  it('prints an A4 list with the wave, its Code 128, counts, and the lines in walking order', async () => {
    const pdf = await renderPickList(wave, 'en-US');
    expect(await pdfPageSizesMm(pdf)).toEqual([[210, 297]]);
    expect(await pdfPageImageCounts(pdf)).toEqual([1]);
    const [text = ''] = await pdfPageTexts(pdf);
    for (const expected of [
      'Pick list',
      'WV20240615-0007',
      'BKK1 曼谷仓',
      'Orders: 3',
      'Units: 7',
      'Page 1 of 1',
    ])
      expect(text).toContain(expected);
    expect(compact(text)).toContain(compact('เสื้อยืดคอกลม'));
    expect(text).toContain('红色 / XL');
    expect(text).toContain('SO2, SO3 ×3');
    const at = (needle: string) => text.indexOf(needle);
    expect(at('A-2')).toBeGreaterThan(-1);
    expect(at('A-2')).toBeLessThan(at('A-10'));
    expect(at('Partition A')).toBeLessThan(at('A-2'));
    expect(at('A-10')).toBeLessThan(at('Partition B'));
    expect(at('Partition B')).toBeLessThan(at('B-1'));
  });

  it('runs over pages numbered page x of y, the walk continuing in order', async () => {
    const lines = Array.from({ length: 120 }, (_, index) =>
      line(`SO${index}`, 'A', `A-${index + 1}`, `SKU-${index}`),
    );
    const pages = await pdfPageTexts(await renderPickList({ ...wave, lines }, 'zh-CN'));
    expect(pages.length).toBeGreaterThan(2);
    pages.forEach((text, index) => expect(compact(text)).toContain(`第${index + 1}页，共${pages.length}页`));
    const lastOnPage = pages.map((text) =>
      Math.max(...[...text.matchAll(/A-(\d+)/g)].map((match) => Number(match[1]))),
    );
    const firstOnPage = pages.map((text) =>
      Math.min(...[...text.matchAll(/A-(\d+)/g)].map((match) => Number(match[1]))),
    );
    for (let index = 1; index < pages.length; index += 1)
      expect(firstOnPage[index]).toBe((lastOnPage[index - 1] ?? 0) + 1);
  });

  it('lists as many orders as fit and says how many more', async () => {
    const lines = Array.from({ length: 80 }, (_, index) => line(`SS${1000 + index}`, 'A', 'A-1', 'SKU-HOT'));
    const [text = ''] = await pdfPageTexts(await renderPickList({ ...wave, lines }, 'en-US'));
    expect(text).toContain('SS1000');
    expect(text).not.toContain('SS1079');
    expect(text).toMatch(/\+\d+ more/);
    expect(text).toContain('80');
  });
});
