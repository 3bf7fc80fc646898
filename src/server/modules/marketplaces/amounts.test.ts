import { describe, expect, it } from 'vitest';
import { MarketplaceError } from './connector.js';
import { decimalToMinor, linesTotal, optionalMinor, orderAmounts } from './amounts.js';

describe('decimalToMinor', () => {
  it('reads decimal strings by their digits, in the currency’s minor unit', () => {
    expect(decimalToMinor('897.00', 'USD', 'total')).toBe(89700);
    expect(decimalToMinor('1157.00', 'THB', 'total')).toBe(115700);
    expect(decimalToMinor('0.29', 'SGD', 'price')).toBe(29);
    expect(decimalToMinor('19.99', 'MYR', 'price')).toBe(1999);
    expect(decimalToMinor('106', 'PHP', 'price')).toBe(10600);
    expect(decimalToMinor('106.', 'PHP', 'price')).toBe(10600);
    expect(decimalToMinor(' 21.3 ', 'CNY', 'price')).toBe(2130);
    expect(decimalToMinor('-3.10', 'PHP', 'price')).toBe(-310);
    expect(decimalToMinor('-0.00', 'USD', 'price')).toBe(0);
  });

  it('keeps TWD, VND, IDR and KRW whole and THB in satang, as CURRENCY_DECIMALS says', () => {
    expect(decimalToMinor('1157', 'TWD', 'total')).toBe(1157);
    expect(decimalToMinor('1157.00', 'TWD', 'total')).toBe(1157);
    expect(decimalToMinor('150000.00', 'VND', 'total')).toBe(150000);
    expect(decimalToMinor('5000', 'IDR', 'total')).toBe(5000);
    expect(decimalToMinor('19900.0', 'KRW', 'total')).toBe(19900);
    expect(decimalToMinor('299.50', 'THB', 'total')).toBe(29950);
  });

  it('reads JSON numbers from their shortest spelling, never by float multiplication', () => {
    // 19.9 × 100 is 1989.9999999999998 in floating point.
    expect(decimalToMinor(19.9, 'THB', 'price')).toBe(1990);
    expect(decimalToMinor(0.1 + 0.2, 'SGD', 'price')).toBe(30);
    expect(decimalToMinor(32119, 'VND', 'total')).toBe(32119);
    expect(decimalToMinor(2500, 'KRW', 'shipping')).toBe(2500);
  });

  it('rounds digits beyond the minor unit half up, away from zero', () => {
    expect(decimalToMinor('1.005', 'USD', 'price')).toBe(101);
    expect(decimalToMinor('0.334', 'USD', 'price')).toBe(33);
    expect(decimalToMinor('4999.5', 'TWD', 'price')).toBe(5000);
    expect(decimalToMinor('-1.005', 'USD', 'price')).toBe(-101);
  });

  it('refuses what is not a plain decimal, naming the field', () => {
    for (const value of ['1,000.00', '1e3', '', 'abc', '.5', null, undefined, Number.NaN, {}, 1e21]) {
      expect(() => decimalToMinor(value, 'USD', 'payment.total_amount')).toThrow(MarketplaceError);
    }
    expect(() => decimalToMinor('1,157.00', 'THB', 'payment.total_amount')).toThrow(/payment\.total_amount/);
    expect(() => decimalToMinor('99999999999999999999', 'USD', 'total')).toThrow(/out of range/);
  });
});

describe('optionalMinor', () => {
  it('is null for an amount left out, and reads any other', () => {
    expect(optionalMinor(undefined, 'USD', 'shipping')).toBeNull();
    expect(optionalMinor(null, 'USD', 'shipping')).toBeNull();
    expect(optionalMinor(' ', 'USD', 'shipping')).toBeNull();
    expect(optionalMinor('0.54', 'SGD', 'shipping')).toBe(54);
    expect(() => optionalMinor('n/a', 'SGD', 'shipping')).toThrow(MarketplaceError);
  });
});

describe('orderAmounts', () => {
  const lines = [
    { itemId: '1', variationId: '', sellerSku: 'A', barcode: '', title: 'A', quantity: 2, unitPrice: 19900 },
    { itemId: '2', variationId: '', sellerSku: 'B', barcode: '', title: 'B', quantity: 1, unitPrice: 49900 },
  ];

  it('keeps the total the platform states, whatever the lines come to', () => {
    expect(orderAmounts(linesTotal(lines), { total: 89700, shipping: 4000, discount: 0 })).toEqual({
      total: 89700,
      shipping: 4000,
      discount: 0,
    });
  });

  it('gives 0 for an absent shipping fee or discount, and goods + shipping − discount for an absent total', () => {
    expect(linesTotal(lines)).toBe(89700);
    expect(orderAmounts(linesTotal(lines), { total: null, shipping: null, discount: null })).toEqual({
      total: 89700,
      shipping: 0,
      discount: 0,
    });
    expect(orderAmounts(89700, { total: null, shipping: 4500, discount: 9000 })).toEqual({
      total: 85200,
      shipping: 4500,
      discount: 9000,
    });
  });
});
