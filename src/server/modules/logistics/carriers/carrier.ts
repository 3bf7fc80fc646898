/**
 * What every carrier adapter does for channels of our own (kind 'carrier'), in one shape: check
 * the channel's keys, and book a parcel for a tracking number. Like the marketplace connectors,
 * an adapter is pure I/O: stateless, no retries, never touching our database; it throws a
 * CarrierError with one of our codes and the waybill service decides what happens next.
 */
import type { CarrierCode } from '@shared/domain/logistics.js';

export interface CarrierKeys {
  appKey: string;
  appSecret: string;
}

export interface CarrierContext {
  /** The carrier's API base URL without a trailing slash. */
  apiUrl: string;
  keys: CarrierKeys;
  fetch: typeof fetch;
  now(): Date;
}

export interface Party {
  name: string;
  phone: string;
  address: string;
}

export interface CarrierParcel {
  /** Our reference for the parcel (the order's system id): booking it again answers the same parcel. */
  reference: string;
  sender: Party;
  recipient: Party;
  weightGrams: number;
}

export interface CarrierBooking {
  trackingNo: string;
  /** The carrier's sort or route code, printed on the label. */
  sortCode: string;
  /** The carrier's own label, when it issues one; null: we render ours. */
  label: Buffer | null;
}

/**
 * - unauthorised: the keys are unknown or the signature refused;
 * - rejected: the carrier refused the parcel (detail.refusal says why where it maps);
 * - rate_limited / unavailable: wait and retry;
 * - malformed: a reply that is not the documented shape.
 */
export type CarrierErrorCode = 'unauthorised' | 'rejected' | 'rate_limited' | 'unavailable' | 'malformed';

export class CarrierError extends Error {
  constructor(
    readonly code: CarrierErrorCode,
    message: string,
    readonly detail: { refusal?: 'address_incomplete'; retryAfterMs?: number; httpStatus?: number } = {},
  ) {
    super(message);
    this.name = 'CarrierError';
  }
}

export interface CarrierAdapter {
  code: CarrierCode;
  /** Checks the keys with one harmless call; throws 'unauthorised' when they do not work. */
  verify(ctx: CarrierContext): Promise<void>;
  book(ctx: CarrierContext, parcel: CarrierParcel): Promise<CarrierBooking>;
}
