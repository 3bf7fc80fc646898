/**
 * The Joom imitation's `POST /api/v3/orders/fulfill?id=`: the merchant shipped an approved order
 * with a carrier of their own and gives its name and tracking number as JSON `{provider,
 * trackingNumber}` (`providerId`, the id of Joom's shipper list, may stand for `provider`).
 * THIRD-PARTY SOURCES ONLY for the call; the refusals below are the sandbox's choices where
 * nothing is documented [UNCONFIRMED]:
 * - the bearer check, 400 `invalid_argument` for a bad id or a missing field, 404 `not_found`
 *   and 403 `forbidden` exactly as the order reads answer them;
 * - an order past `approved` (fulfilled online, shipped, cancelled, refunded, returned) is 400
 *   `failed_precondition`, except the same tracking number again on a shipped order, which
 *   answers the order unchanged;
 * - an approved order the world will not ship (a buyer's cancellation under way, an address
 *   without street or phone) is 400 `failed_precondition` too.
 *
 * A world order of several lines plays several Joom orders (joom-orders.ts); fulfilling any one
 * of them ships the world order, so its sibling Joom orders read shipped with the same number.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { World } from '../world.js';
import { errors, findJoomOrder, orderIdOfCall, renderJoomOrders, shopOfCall } from './joom-orders.js';
import { sellerShipped } from '../world-shipments.js';

const REFUSALS: Record<string, string> = {
  not_found: 'not found',
  cancelled: 'being cancelled',
  unpaid: 'not approved yet',
  already_shipped: 'already fulfilled',
  address_incomplete: 'missing a complete shipping address',
};

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** `POST /api/v3/orders/fulfill?id=`: the order shipped by the merchant, answered as `{data: order}`. */
export function joomFulfilOrder(world: World, request: FastifyRequest, reply: FastifyReply) {
  const shopId = shopOfCall(world, request, reply);
  if (shopId === null) return reply;
  const id = orderIdOfCall(request, reply);
  if (id === null) return reply;
  const body =
    typeof request.body === 'object' && request.body !== null
      ? (request.body as Record<string, unknown>)
      : {};
  const trackingNumber = text(body.trackingNumber);
  const provider = text(body.provider) || text(body.providerId);
  if (trackingNumber === '')
    return errors(
      reply,
      400,
      'invalid_argument',
      'Invalid argument `trackingNumber`: must not be empty',
      'trackingNumber',
    );
  if (provider === '')
    return errors(
      reply,
      400,
      'invalid_argument',
      'Invalid argument `provider`: must not be empty',
      'provider',
    );
  const found = findJoomOrder(world, id);
  if (!found) return errors(reply, 404, 'not_found', `Order with ID '${id}' not found`);
  if (found.shopId !== shopId) return errors(reply, 403, 'forbidden', `Order ${id} belongs to another store`);
  const state = String(found.json.status);
  const isRepeat = state === 'shipped' && found.order.trackingNo === trackingNumber;
  if (state !== 'approved' && !isRepeat)
    return errors(reply, 400, 'failed_precondition', `Order ${id} is ${state} and cannot be fulfilled`);
  const outcome = sellerShipped(world, 'joom', found.shopId, found.order.orderId, {
    trackingNo: trackingNumber,
    carrier: provider,
  });
  if (!outcome.ok)
    return errors(
      reply,
      400,
      'failed_precondition',
      `Order ${id} is ${REFUSALS[outcome.reason] ?? outcome.reason}`,
    );
  return reply.send({ data: renderJoomOrders(outcome.order)[found.lineIndex] });
}
