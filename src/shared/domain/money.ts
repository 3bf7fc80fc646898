/**
 * Amounts are stored in integer minor units of their currency; people read and type them in
 * the currency's units. One rule both ways, so a spreadsheet the product exports imports back
 * to the same amounts: TWD, VND, IDR and KRW are written without decimals (marketplaces do not
 * split them), every other currency with two.
 */

const WHOLE_CURRENCIES: readonly string[] = ['TWD', 'VND', 'IDR', 'KRW'];

/** Decimals a currency is written with. */
export function currencyDigits(currency: string): number {
  return WHOLE_CURRENCIES.includes(currency) ? 0 : 2;
}

/** An amount in minor units as the currency writes it (29900 THB → 299). */
export function fromMinorUnits(minor: number, currency: string): number {
  return minor / 10 ** currencyDigits(currency);
}

/**
 * An amount typed in the currency's units as minor units (299.5 THB → 29950); null when it has
 * more decimals than the currency writes (1.234 THB, 10.5 TWD), so nothing is rounded away
 * silently.
 */
export function toMinorUnits(amount: number, currency: string): number | null {
  const scaled = amount * 10 ** currencyDigits(currency);
  const minor = Math.round(scaled);
  return Math.abs(scaled - minor) < 1e-6 ? minor : null;
}
