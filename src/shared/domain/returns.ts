/**
 * Returns and refused receipts (spec 02 §3 'Return or refused-receipt record', §4 'Return
 * processing'): a parcel coming back to the warehouse, recorded by its return tracking number
 * with postage and weight, matched to the order it left as (by the order's tracking number), and
 * each item inspected and either put back on a shelf or destroyed.
 */
import { SHIPPED_ONWARDS, type LocalStatus } from './order.js';

/**
 * returned_unprocessed: received, items not yet dealt with (or no order matched yet);
 * returned_processed: finished with its items re-shelved or destroyed;
 * return_failed: finished without a usable return (an empty parcel, wrong contents): spec 02 §8 'Return failed'.
 */
export const RETURN_STATUSES = ['returned_unprocessed', 'returned_processed', 'return_failed'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

/**
 * return: the buyer sent it back under a new tracking number; refused: the parcel came back on
 * its own outbound waybill (the buyer refused it), so its tracking number is the order's.
 */
export const RETURN_KINDS = ['return', 'refused'] as const;
export type ReturnKind = (typeof RETURN_KINDS)[number];

/** What the inspection found an item to be. */
export const ITEM_CONDITIONS = ['good', 'damaged', 'wrong_item'] as const;
export type ItemCondition = (typeof ITEM_CONDITIONS)[number];

/** What became of it: back on a location (through the ledger, kind 'return') or destroyed. */
export const ITEM_OUTCOMES = ['reshelved', 'destroyed'] as const;
export type ItemOutcome = (typeof ITEM_OUTCOMES)[number];

/**
 * Only a good item goes back into sellable stock; a damaged one or a wrong item (not what the
 * order shipped) is destroyed: recorded with who and when, and nothing enters the ledger, since
 * it never became stock again (the ledger's 'destroy' takes existing stock off a location).
 */
export function outcomeAllowed(condition: ItemCondition, outcome: ItemOutcome): boolean {
  return outcome === 'destroyed' || condition === 'good';
}

/** Local statuses of an order that left the warehouse and may come back. */
export const RETURNABLE_STATUSES: readonly LocalStatus[] = SHIPPED_ONWARDS;

export const RETURN_LIMITS = {
  trackingNo: 64,
  note: 255,
  /** Postage in cents (two decimals), at most 100 000.00. */
  postageCents: 10_000_000,
  /** Grams: at most 100 kg a parcel. */
  weightGrams: 100_000,
  quantity: 10_000,
  /** Shipped orders sent to a device as expected returns: the newest first, at most this many. */
  expected: 2_000,
  /** How far back a shipped order is still expected to come back. */
  expectedDays: 60,
  batchSearch: 100,
} as const;
