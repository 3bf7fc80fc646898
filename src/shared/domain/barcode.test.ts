import { describe, expect, it } from 'vitest';
import { gtinCheckDigit, isValidGtin, normaliseBarcode, parseBarcode } from './barcode.js';

describe('gtinCheckDigit', () => {
  it.each([
    ['400638133393', 1],
    ['9638507', 4],
    ['03600029145', 2],
    ['1001234567890', 2],
    ['000000000000', 0],
  ])('gives %s the check digit %i', (body, digit) => {
    expect(gtinCheckDigit(body)).toBe(digit);
  });
});

describe('isValidGtin', () => {
  it('accepts EAN-13, EAN-8, UPC-A and GTIN-14 with their right check digit', () => {
    expect(isValidGtin('4006381333931')).toBe(true);
    expect(isValidGtin('96385074')).toBe(true);
    expect(isValidGtin('036000291452')).toBe(true);
    expect(isValidGtin('10012345678902')).toBe(true);
  });

  it('refuses a wrong check digit, other lengths and non-digits', () => {
    expect(isValidGtin('4006381333932')).toBe(false);
    expect(isValidGtin('400638133393')).toBe(false);
    expect(isValidGtin('40063813339311')).toBe(false);
    expect(isValidGtin('4006381A33931')).toBe(false);
  });
});

describe('parseBarcode', () => {
  it('stores every GTIN as 14 digits, so UPC-A and its EAN-13 are one code', () => {
    expect(parseBarcode('036000291452')).toEqual({ ok: true, value: '00036000291452', isGtin: true });
    expect(parseBarcode('0036000291452')).toEqual({ ok: true, value: '00036000291452', isGtin: true });
    expect(parseBarcode(' 96385074 ')).toEqual({ ok: true, value: '00000096385074', isGtin: true });
    expect(parseBarcode('10012345678902')).toEqual({ ok: true, value: '10012345678902', isGtin: true });
  });

  it('refuses a GTIN-length number with a wrong check digit', () => {
    expect(parseBarcode('4006381333932')).toEqual({ ok: false, problem: 'check_digit' });
  });

  it('keeps other codes as typed, upper-cased', () => {
    expect(parseBarcode('sku-abc/01')).toEqual({ ok: true, value: 'SKU-ABC/01', isGtin: false });
    expect(parseBarcode('12345')).toEqual({ ok: true, value: '12345', isGtin: false });
    expect(parseBarcode('123456789012345')).toEqual({ ok: true, value: '123456789012345', isGtin: false });
  });

  it('refuses empty, over-long, spaced and non-ASCII codes', () => {
    expect(parseBarcode('   ')).toEqual({ ok: false, problem: 'empty' });
    expect(parseBarcode('A'.repeat(65))).toEqual({ ok: false, problem: 'too_long' });
    expect(parseBarcode('AB CD')).toEqual({ ok: false, problem: 'characters' });
    expect(parseBarcode('条码')).toEqual({ ok: false, problem: 'characters' });
  });

  it('answers null for a scan that cannot be a barcode', () => {
    expect(normaliseBarcode('4006381333931')).toBe('04006381333931');
    expect(normaliseBarcode('4006381333932')).toBeNull();
  });
});
