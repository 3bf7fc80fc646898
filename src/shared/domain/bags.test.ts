import { describe, expect, it } from 'vitest';
import { openBagInput } from '../contract/packing.js';
import { foldBagNo, looksLikeBagNo, makeBagNo } from './bags.js';

describe('bag numbers', () => {
  it.each([
    ['BG-TEST-1', true],
    ['bg250101123456abcd', true],
    ['06900000000014', false],
    ['NOSUCH-4711', false],
    ['SBX0700000001TH', false],
    ['BG1', false],
  ])('%s looks like a bag number: %s', (code, expected) => {
    expect(looksLikeBagNo(code)).toBe(expected);
  });

  it('looks like one when the device makes it', () => {
    expect(looksLikeBagNo(makeBagNo(new Date('2026-12-01T08:30:00Z')))).toBe(true);
  });

  it('is case-free on both sides: the device folds it, and the server keeps the folded number', () => {
    expect(foldBagNo(' uxb622404 ')).toBe('UXB622404');
    const input = openBagInput.parse({
      bagId: '11111111-1111-4111-8111-111111111111',
      bagNo: 'uxb622404',
      warehouseId: '22222222-2222-4222-8222-222222222222',
    });
    expect(input.bagNo).toBe('UXB622404');
  });
});
