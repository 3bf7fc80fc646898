/**
 * A bulk outcome (outbound.service.ts BulkOutcome) as the waybill and outbound routes reply it:
 * what succeeded, and each refusal by order in the reader's language.
 */
import type { FastifyRequest } from 'fastify';
import { requestLanguage } from '../../http/request-context.js';
import { translatorFor } from '../../i18n.js';
import { describe } from './batches.service.js';
import type { BulkOutcome } from './waybill-outcome.js';

/** A bulk outcome as the reply says it: each refusal in the reader's language. */
export function replyOf(request: FastifyRequest, outcome: BulkOutcome) {
  const t = translatorFor(requestLanguage(request));
  return {
    succeeded: outcome.succeeded,
    failed: outcome.failed.map((item) => ({
      orderId: item.orderId,
      orderNo: item.orderNo,
      errorCode: item.errorCode,
      message: describe(t, item.errorCode as never, { orderNo: item.orderNo, ...item.params }, item.detail),
    })),
  };
}
