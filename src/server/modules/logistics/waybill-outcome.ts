/**
 * What became of one order's waybill step, as a batch and the screen report it: ok, failed with
 * our error code (and the platform's or carrier's own words), or skipped. Pure: a platform's or
 * carrier's error is turned into our code here, so arranging and labels say a failure the same way.
 */
import { LOGISTICS_LIMITS, type ShipmentRefusal } from '@shared/domain/logistics.js';
import { AppError, type ErrorCode, type ErrorParams } from '@shared/errors.js';
import { MarketplaceError, isPdf } from '../marketplaces/index.js';
import { CarrierError } from './carriers/carrier.js';

export interface ItemOutcome {
  outcome: 'ok' | 'failed' | 'skipped';
  errorCode: string;
  /** What the message of the code names (an order number, a platform). */
  params?: ErrorParams;
  /** The platform's or carrier's own words, where it gave any. */
  detail: string;
}

/** An order's step that went through. */
export const ok = (): ItemOutcome => ({ outcome: 'ok', errorCode: '', detail: '' });

/** Our error code and the other side's words for what went wrong at a platform or carrier. */
export function failureOf(error: unknown): { code: ErrorCode; detail: string; params?: ErrorParams } {
  if (error instanceof AppError) return { code: error.code, detail: '', params: { ...error.params } };
  if (error instanceof MarketplaceError) {
    const refusal = error.detail.platformCode as ShipmentRefusal | undefined;
    if (error.code === 'rejected' && refusal && REFUSAL_CODES[refusal])
      return { code: REFUSAL_CODES[refusal], detail: error.message };
    return { code: `shop.${error.code}` as ErrorCode, detail: error.message };
  }
  if (error instanceof CarrierError) {
    if (error.detail.refusal === 'address_incomplete')
      return { code: 'waybill.refused_address_incomplete', detail: error.message };
    const code: ErrorCode =
      error.code === 'unauthorised'
        ? 'logistics.keys_refused'
        : error.code === 'rejected'
          ? 'waybill.carrier_rejected'
          : 'logistics.carrier_unavailable';
    return { code, detail: error.message };
  }
  throw error;
}

const REFUSAL_CODES: Record<ShipmentRefusal, ErrorCode> = {
  cancelled: 'waybill.refused_cancelled',
  unpaid: 'waybill.refused_unpaid',
  already_shipped: 'waybill.refused_already_shipped',
  address_incomplete: 'waybill.refused_address_incomplete',
  not_found: 'waybill.refused_not_found',
  platform_logistics_only: 'waybill.refused_platform_logistics',
};

/** A label's bytes are a whole PDF no larger than a label may be. */
export function isWholePdf(pdf: Buffer): boolean {
  return pdf.length > 0 && pdf.length <= LOGISTICS_LIMITS.labelBytes && isPdf(pdf);
}

/** A batch of orders acted on one by one: how many went, and each refusal by order. */
export interface BulkOutcome {
  succeeded: number;
  /** Each refused order: our code with its parameters, and the other side's words where any. */
  failed: {
    orderId: string;
    orderNo: string;
    errorCode: string;
    params: Record<string, string | number>;
    detail: string;
  }[];
}
