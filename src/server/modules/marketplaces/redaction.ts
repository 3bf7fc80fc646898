/**
 * What redacting a buyer means for an order we hold: the buyer's and recipient's name, phone,
 * address and message give way to one fixed marker. Pure rules, no I/O.
 */
import { BUYER_COLUMNS } from '../orders/index.js';
import type { MarketplaceOrder } from './connector.js';

/** What a redacted buyer field reads: short enough for every column it replaces (phone: 32). */
export const REDACTED = '[redacted]';

/** The buyer fields of a normalised order: the orders table's buyer columns, by the same names. */
export const BUYER_FIELDS = BUYER_COLUMNS;

/** The order with every buyer field replaced by the marker; lines, status and times kept. */
export function redactOrder(order: MarketplaceOrder): MarketplaceOrder {
  const redacted = { ...order };
  for (const field of BUYER_FIELDS) redacted[field] = REDACTED;
  return redacted;
}

/**
 * A phone number's digits, the form two spellings of one number share ('+1 555-625-1199' and
 * '15556251199'); '' when too short to name one person (fewer than 7 digits).
 */
export function phoneDigits(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length >= 7 ? digits : '';
}
