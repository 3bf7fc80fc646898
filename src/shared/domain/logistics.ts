/**
 * Logistics channels and waybills (spec 02 §3 Logistics channel, §4 Ship arrangement).
 *
 * A channel is how parcels leave: 'marketplace' — the platform's own logistics arranges the
 * carrier and issues the label (Shopee, Lazada, TikTok Shop, Joom Logistics), authorised by the seller's shop;
 * or 'carrier' — a carrier of our own, authorised by its app key and secret, whose tracking
 * number is pushed back to the marketplace where the order came from.
 *
 * A waybill is one parcel's state, two machines side by side, each step idempotent:
 * - arrangement: to_arrange → arranging → arranged (tracking number known) | arrange_failed,
 *   or self_shipped when the tracking number was typed in for a parcel shipped elsewhere;
 * - label: none → requested → ready (the PDF stored, reprinted from those bytes) | failed.
 * "Printed" is a count on the waybill and never means shipped.
 */
import { isValidGtin } from './barcode.js';

export const CHANNEL_KINDS = ['marketplace', 'carrier'] as const;
export type ChannelKind = (typeof CHANNEL_KINDS)[number];

/** The marketplaces whose own logistics arranges the carrier and issues the label. */
export const LOGISTICS_PLATFORMS = ['shopee', 'lazada', 'tiktok', 'joom'] as const;
export type LogisticsPlatform = (typeof LOGISTICS_PLATFORMS)[number];

/** Carriers we have an adapter for; 'sandbox' is the bundled imitation (README: Sandbox). */
export const CARRIERS = ['sandbox'] as const;
export type CarrierCode = (typeof CARRIERS)[number];

/** Carrier authorisation (spec 02 §4 flags: authorised/unauthorised). */
export const CHANNEL_AUTH_STATUSES = ['authorised', 'unauthorised'] as const;
export type ChannelAuthStatus = (typeof CHANNEL_AUTH_STATUSES)[number];

export const ARRANGE_STATUSES = [
  'to_arrange',
  'arranging',
  'arranged',
  'arrange_failed',
  'self_shipped',
] as const;
export type ArrangeStatus = (typeof ARRANGE_STATUSES)[number];

export const LABEL_STATUSES = ['none', 'requested', 'ready', 'failed'] as const;
export type LabelStatus = (typeof LABEL_STATUSES)[number];

/** Who issued a stored label ('' while there is none): what a reprint prints and which printer it goes to. */
export const LABEL_SOURCES = ['', 'platform', 'carrier', 'ours', 'upload'] as const;
export type LabelSource = (typeof LABEL_SOURCES)[number];

/** A waybill's tracking number is known: the parcel may be labelled, packed and handed over. */
export function hasTracking(status: ArrangeStatus): boolean {
  return status === 'arranged' || status === 'self_shipped';
}

/** Which arrangement states an arrange request may start from (a retry only after a failure). */
export const ARRANGEABLE: readonly ArrangeStatus[] = ['to_arrange', 'arrange_failed'];

/** Why a platform or carrier refused a shipment, said in the user's language (errors 'waybill.refused_*'). */
export const SHIPMENT_REFUSAL_CODES = [
  'cancelled',
  'unpaid',
  'already_shipped',
  'address_incomplete',
  'not_found',
  /** The platform's own logistics ships the order: it takes no tracking number from our carrier. */
  'platform_logistics_only',
] as const;
export type ShipmentRefusal = (typeof SHIPMENT_REFUSAL_CODES)[number];

export const WAYBILL_BATCH_KINDS = ['arrange', 'print'] as const;
export type WaybillBatchKind = (typeof WAYBILL_BATCH_KINDS)[number];

export const WAYBILL_BATCH_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type WaybillBatchState = (typeof WAYBILL_BATCH_STATES)[number];

/** The outcome of one order in a batch. */
export const BATCH_ITEM_OUTCOMES = ['pending', 'ok', 'failed', 'skipped'] as const;
export type BatchItemOutcome = (typeof BATCH_ITEM_OUTCOMES)[number];

export const LOGISTICS_LIMITS = {
  /** Orders one batch (arrange or print) may hold. */
  batchOrders: 1000,
  /**
   * Orders a single (non-batch) call may name (picked, packed, delivered, labels): every row of
   * the outbound list's largest page, so whatever the screen lets a user select goes in one call.
   */
  directOrders: 200,
  /** Calls to one platform or carrier at once within a batch. */
  concurrency: 4,
  /** A label PDF uploaded by hand or downloaded from a platform. */
  labelBytes: 5 * 1024 * 1024,
  /** Tries of one label download before its failure is reported (then: retry, upload, save again). */
  labelPolls: 5,
  channelName: 64,
  companyName: 128,
  companyCode: 32,
  key: 256,
  trackingNo: 64,
} as const;

/**
 * Whether a code looks like a carrier's tracking number: 8 to 40 letters and digits ('-' between
 * them allowed), at least six of them digits, and not a product's GTIN. Carriers' formats differ
 * (UPU S10, SF, J&T, SPX, …), so this only tells a tracking number from what plainly is not one
 * (a product's code, a SKU, a stray label): the PDA takes an unknown code that fails it as a new
 * return parcel only once the worker confirms.
 */
export function looksLikeTrackingNo(code: string): boolean {
  const text = code.trim().toUpperCase();
  if (!/^[A-Z0-9][A-Z0-9-]{6,38}[A-Z0-9]$/.test(text)) return false;
  if ((text.match(/\d/g) ?? []).length < 6) return false;
  return !isValidGtin(text);
}
