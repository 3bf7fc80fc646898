/**
 * The Joom imitation's Joom Logistics (THIRD-PARTY SOURCES ONLY; the refusals are the sandbox's
 * choices where nothing is documented [UNCONFIRMED]):
 * - `POST /api/v3/orders/fulfillOnline` with JSON `{ids: [id], provider, pickup}`: Joom's own
 *   logistics takes an approved order (the world arranges it: `approved → fulfilledOnline`) and
 *   answers `{data: {shipperName, shippingOrderNumber, trackingNumber}}`. One id per call (Joom
 *   documents no batch answer); the same order again answers its shipment unchanged.
 * - `GET /api/v3/orders/shippingLabel?id=`: the PDF label of an order fulfilled online; an order
 *   not fulfilled online is 400 `failed_precondition`.
 * Both check the bearer token, and answer 404 `not_found` and 403 `forbidden` as the order reads do.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { platformLabelPdf } from '../label.js';
import type { SandboxOrder } from '../world-model.js';
import type { World } from '../world.js';
import { errors, findJoomOrder, orderIdOfCall, shopOfCall } from './joom-orders.js';
import { arrangeShipment } from '../world-shipments.js';

const REFUSALS: Record<string, string> = {
  not_found: 'not found',
  cancelled: 'cancelled',
  unpaid: 'not approved yet',
  already_shipped: 'already fulfilled',
  address_incomplete: 'missing a complete shipping address',
};

/** Joom Logistics' shipping order number for a world order. */
const shippingOrderNumber = (order: SandboxOrder) => `JL${String(order.seq).padStart(10, '0')}`;

function shipmentJson(order: SandboxOrder) {
  return {
    shipperName: order.carrier || 'Joom Logistics',
    shippingOrderNumber: shippingOrderNumber(order),
    trackingNumber: order.trackingNo,
  };
}

/** `POST /api/v3/orders/fulfillOnline`: one approved order handed to Joom Logistics. */
export function joomFulfilOnline(world: World, request: FastifyRequest, reply: FastifyReply) {
  const shopId = shopOfCall(world, request, reply);
  if (shopId === null) return reply;
  const body =
    typeof request.body === 'object' && request.body !== null
      ? (request.body as Record<string, unknown>)
      : {};
  const ids = Array.isArray(body.ids) ? body.ids : null;
  if (ids === null || ids.length !== 1 || typeof ids[0] !== 'string' || !/^[A-Z\d]{8}$/.test(ids[0]))
    return errors(reply, 400, 'invalid_argument', 'Invalid argument `ids`: expected one order ID', 'ids');
  if (typeof body.provider !== 'string' || body.provider.trim() === '')
    return errors(
      reply,
      400,
      'invalid_argument',
      'Invalid argument `provider`: must not be empty',
      'provider',
    );
  const id = ids[0];
  const found = findJoomOrder(world, id);
  if (!found) return errors(reply, 404, 'not_found', `Order with ID '${id}' not found`);
  if (found.shopId !== shopId) return errors(reply, 403, 'forbidden', `Order ${id} belongs to another store`);
  const state = String(found.json.status);
  if (state !== 'approved' && state !== 'fulfilledOnline')
    return errors(
      reply,
      400,
      'failed_precondition',
      `Order ${id} is ${state} and cannot be fulfilled online`,
    );
  const outcome = arrangeShipment(world, 'joom', found.shopId, found.order.orderId);
  if (!outcome.ok)
    return errors(
      reply,
      400,
      'failed_precondition',
      `Order ${id} is ${REFUSALS[outcome.reason] ?? outcome.reason}`,
    );
  return reply.send({ data: shipmentJson(outcome.order) });
}

/** `GET /api/v3/orders/shippingLabel?id=`: the Joom Logistics label's PDF bytes. */
export async function joomShippingLabel(world: World, request: FastifyRequest, reply: FastifyReply) {
  const shopId = shopOfCall(world, request, reply);
  if (shopId === null) return reply;
  const id = orderIdOfCall(request, reply);
  if (id === null) return reply;
  const found = findJoomOrder(world, id);
  if (!found) return errors(reply, 404, 'not_found', `Order with ID '${id}' not found`);
  if (found.shopId !== shopId) return errors(reply, 403, 'forbidden', `Order ${id} belongs to another store`);
  if (found.json.status !== 'fulfilledOnline' || found.order.trackingNo === '')
    return errors(
      reply,
      400,
      'failed_precondition',
      `Order ${id} is not fulfilled by Joom Logistics: no shipping label`,
    );
  return reply
    .code(200)
    .type('application/pdf')
    .send(await platformLabelPdf(found.order));
}
