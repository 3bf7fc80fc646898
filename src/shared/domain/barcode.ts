/**
 * Barcodes of SKUs as the scanners read them. GTIN-8, -12, -13 and -14 (EAN-8, UPC-A, EAN-13,
 * ITF-14) are checked by their check digit and stored as 14 digits, so the same article scanned
 * as UPC-A or EAN-13 resolves to one SKU. Any other code is kept as typed, upper-cased.
 */

export const BARCODE_MAX_LENGTH = 64;
export const GTIN_LENGTHS: readonly number[] = [8, 12, 13, 14];

/** The GS1 check digit of a GTIN's digits without their check digit (weights 3,1,3,… from the right). */
export function gtinCheckDigit(body: string): number {
  let sum = 0;
  for (let index = 0; index < body.length; index += 1) {
    const digit = body.charCodeAt(body.length - 1 - index) - 48;
    sum += digit * (index % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/** True when `code` is 8, 12, 13 or 14 digits whose last digit is the right check digit. */
export function isValidGtin(code: string): boolean {
  if (!/^\d+$/.test(code) || !GTIN_LENGTHS.includes(code.length)) return false;
  return gtinCheckDigit(code.slice(0, -1)) === Number(code.slice(-1));
}

export type BarcodeProblem = 'empty' | 'too_long' | 'characters' | 'check_digit';
export type ParsedBarcode =
  { ok: true; value: string; isGtin: boolean } | { ok: false; problem: BarcodeProblem };

/**
 * Reads a barcode as typed or scanned: trims it; a digits-only code of a GTIN length must carry
 * a right check digit and becomes 14 digits; anything else is upper-cased and may hold only
 * printable ASCII without spaces (what Code 128 encodes).
 */
export function parseBarcode(raw: string): ParsedBarcode {
  const code = raw.trim();
  if (code === '') return { ok: false, problem: 'empty' };
  if (code.length > BARCODE_MAX_LENGTH) return { ok: false, problem: 'too_long' };
  if (/^\d+$/.test(code) && GTIN_LENGTHS.includes(code.length)) {
    if (!isValidGtin(code)) return { ok: false, problem: 'check_digit' };
    return { ok: true, value: code.padStart(14, '0'), isGtin: true };
  }
  if (!/^[\x21-\x7e]+$/.test(code)) return { ok: false, problem: 'characters' };
  return { ok: true, value: code.toUpperCase(), isGtin: false };
}

/** The stored form of a barcode, or null when it cannot be one (for look-ups by scan). */
export function normaliseBarcode(raw: string): string | null {
  const parsed = parseBarcode(raw);
  return parsed.ok ? parsed.value : null;
}
