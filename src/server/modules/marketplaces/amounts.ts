/**
 * Money as the platforms write it, read exactly: every connector turns a platform's amount (a
 * decimal string such as "897.00", or a JSON number in the major unit such as Shopee's 99.9) into
 * integer minor units of the order's currency (CURRENCY_DECIMALS) here, by its digits and never
 * by floating-point multiplication, and builds an order's amounts (MarketplaceAmounts) from what
 * the platform states, so an order's total is the marketplace's, never one recomputed from the
 * lines we matched.
 */
import { CURRENCY_DECIMALS, type OrderCurrency } from '@shared/domain/order.js';
import { MarketplaceError, type MarketplaceAmounts } from './connector.js';

const DECIMAL = /^(-?)(\d+)(?:\.(\d*))?$/;

/**
 * A platform's amount in integer minor units of `currency`: a decimal string ("897.00", "5000",
 * "-3.10", "106.") or a finite JSON number, read from its shortest decimal spelling (19.9 is 1990,
 * never 1989.9999). Digits beyond the currency's minor unit round half up (away from zero).
 * Anything else (exponents, thousands separators, an absent value) is 'malformed', `what` naming it.
 */
export function decimalToMinor(value: unknown, currency: OrderCurrency, what: string): number {
  const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
  if (typeof text !== 'string') throw new MarketplaceError('malformed', `${what} is not an amount`);
  const match = DECIMAL.exec(text.trim());
  if (!match)
    throw new MarketplaceError('malformed', `${what} is not a plain decimal: ${JSON.stringify(text)}`);
  const [, sign = '', whole = '0', fraction = ''] = match;
  const decimals = CURRENCY_DECIMALS[currency];
  let minor = BigInt(whole + fraction.slice(0, decimals).padEnd(decimals, '0'));
  if ((fraction[decimals] ?? '0') >= '5') minor += 1n;
  const result = Number(minor);
  if (!Number.isSafeInteger(result))
    throw new MarketplaceError('malformed', `${what} is out of range: ${text}`);
  return sign === '-' && result !== 0 ? -result : result;
}

/** decimalToMinor of an amount a platform may leave out: null when absent (undefined, null or ''). */
export function optionalMinor(value: unknown, currency: OrderCurrency, what: string): number | null {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === ''))
    return null;
  return decimalToMinor(value, currency, what);
}

/** What the order's lines come to (the one rule, in the shared order domain). */
export { linesTotal } from '@shared/domain/order.js';

/**
 * An order's amounts from what its platform states (minor units; null where it states nothing):
 * an absent shipping fee or discount is 0, an absent total is the goods + shipping − discount,
 * `goods` being what the order's items come to as the platform states them (its own subtotal, or
 * its lines: linesTotal).
 */
export function orderAmounts(
  goods: number,
  stated: { total: number | null; shipping: number | null; discount: number | null },
): MarketplaceAmounts {
  const shipping = stated.shipping ?? 0;
  const discount = stated.discount ?? 0;
  return { total: stated.total ?? goods + shipping - discount, shipping, discount };
}
