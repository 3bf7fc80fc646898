import { describe, expect, it } from 'vitest';
import { currencyDigits, fromMinorUnits, toMinorUnits } from './money.js';

describe('amounts in minor units', () => {
  it('writes TWD, VND, IDR and KRW without decimals and the others with two', () => {
    for (const currency of ['TWD', 'VND', 'IDR', 'KRW']) expect(currencyDigits(currency)).toBe(0);
    expect(currencyDigits('TWD')).toBe(0);
    expect(currencyDigits('THB')).toBe(2);
    expect(fromMinorUnits(29_900, 'THB')).toBe(299);
    expect(fromMinorUnits(350, 'TWD')).toBe(350);
  });

  it('reads typed amounts back exactly, and refuses more decimals than the currency has', () => {
    expect(toMinorUnits(299.5, 'THB')).toBe(29_950);
    expect(toMinorUnits(0.29, 'CNY')).toBe(29);
    expect(toMinorUnits(19.99, 'MYR')).toBe(1_999);
    expect(toMinorUnits(350, 'TWD')).toBe(350);
    expect(toMinorUnits(1.234, 'THB')).toBeNull();
    expect(toMinorUnits(10.5, 'TWD')).toBeNull();
    for (const minor of [0, 1, 99, 12_345, 9_999_999])
      expect(toMinorUnits(fromMinorUnits(minor, 'THB'), 'THB')).toBe(minor);
  });
});
