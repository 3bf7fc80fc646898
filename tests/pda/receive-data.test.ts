import { describe, expect, it } from 'vitest';
import { normaliseBarcode } from '@shared/domain/barcode.js';
import { lineOfCode, linesOfBox, withReceived, type BoxLine } from '@pda/receive/receive-data.js';
import type { BoxData } from '@pda/reference/inbound-orders.js';

const line = (skuId: string, codes: string[], received = 0): BoxLine => ({
  skuId,
  sku: null,
  codes: codes.map((code) => normaliseBarcode(code) ?? code),
  expected: 5,
  received,
  damaged: 0,
});

const box = (lines: { skuId: string; received: number; damaged?: number }[]): BoxData => ({
  id: 'box-1',
  boxNo: 'BOX-001',
  isFinished: false,
  lines: lines.map((item) => ({
    skuId: item.skuId,
    shipQuantity: 5,
    receivedQuantity: item.received,
    shelvedQuantity: 0,
    damagedQuantity: item.damaged ?? 0,
  })),
});

describe('the lines a receiving screen holds', () => {
  const lines = [line('mug', ['6901234567892']), line('cup', ['CUPBLUE01'])];

  it('finds the line of a scanned code as the device normalises it, and none for a code no line carries', () => {
    // An EAN-13 label and the same number as a GTIN-14; a seller code in either case.
    expect(lineOfCode(lines, '6901234567892')?.skuId).toBe('mug');
    expect(lineOfCode(lines, '06901234567892')?.skuId).toBe('mug');
    expect(lineOfCode(lines, 'cupblue01')?.skuId).toBe('cup');
    expect(lineOfCode(lines, '4006381333931')).toBeNull();
    expect(lineOfCode(lines, '')).toBeNull();
  });

  it('counts units on one line and keeps every other line the same object', () => {
    const counted = withReceived(lines, 'mug', 2);
    expect(counted.map((item) => item.received)).toEqual([2, 0]);
    expect(counted[1]).toBe(lines[1]);
    expect(lines[0]?.received).toBe(0);
  });

  it('takes the figures of the stored box, keeping the lines that did not change', () => {
    const held = withReceived(lines, 'mug', 1);
    const next = linesOfBox(
      held,
      box([
        { skuId: 'mug', received: 1 },
        { skuId: 'cup', received: 0, damaged: 1 },
      ]),
    );
    expect(next?.[0]).toBe(held[0]);
    expect(next?.[1]).toEqual({ ...lines[1], damaged: 1 });
    expect(next?.[1]?.codes).toBe(lines[1]?.codes);
  });

  it('asks for a full read when the box has other lines than those held', () => {
    expect(linesOfBox(lines, box([{ skuId: 'mug', received: 0 }]))).toBeNull();
    expect(
      linesOfBox(
        lines,
        box([
          { skuId: 'cup', received: 0 },
          { skuId: 'mug', received: 0 },
        ]),
      ),
    ).toBeNull();
  });
});
