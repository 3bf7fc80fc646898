/**
 * The sandbox's Shopee logistics, one package per order (package_number as shopee-orders.ts
 * renders it): get_shipping_parameter (a pickup channel: one pickup address and its time slots;
 * for an order on a non-integrated channel, the seller's tracking number), ship_order (the world
 * arranges the shipment, or ships it with the seller's number), get_tracking_number, and the air waybill's
 * document task: create_shipping_document, get_shipping_document_result and
 * download_shipping_document (the world's A6 label PDF).
 *
 * Shopee's asynchrony, made deterministic: the tracking number is empty on the first
 * get_tracking_number after ship_order, and a created document is PROCESSING on its first result
 * poll, READY after. Refusals use the names of Shopee's error lists, inside HTTP 200 like the
 * other business errors; which name Shopee gives for each world refusal is [UNCONFIRMED].
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { platformLabelPdf } from '../label.js';
import type { SandboxOrder, ShipmentRefusal } from '../world-model.js';
import type { World } from '../world.js';
import type { ShopeeRefusal } from './shopee-orders.js';
import { seconds } from './shopee-orders.js';
import { arrangeShipment, sellerShipped } from '../world-shipments.js';

/** What the logistics routes borrow from shopee.ts: its checks and envelope. */
export interface ShopeeHttp {
  /** The common checks of a shop API: the refusal, or the shop the token is for. */
  shop(request: FastifyRequest): ShopeeRefusal | { shopId: string };
  send(reply: FastifyReply, refusal: ShopeeRefusal): FastifyReply;
  ok(reply: FastifyReply, body: Record<string, unknown>): FastifyReply;
  query(request: FastifyRequest): (name: string) => string | undefined;
  body(request: FastifyRequest): Record<string, unknown> | null;
}

const DOCUMENT_TYPES = [
  'NORMAL_AIR_WAYBILL',
  'THERMAL_AIR_WAYBILL',
  'NORMAL_JOB_AIR_WAYBILL',
  'THERMAL_JOB_AIR_WAYBILL',
  'THERMAL_UNPACKAGED_LABEL',
];
const PICKUP_ADDRESS_ID = 2001;

/** Per order: the asynchrony still to play out, and the document task. */
interface Logistics {
  trackingPending: boolean;
  document: 'none' | 'processing' | 'ready';
}
const logistics = new WeakMap<SandboxOrder, Logistics>();

function stateOf(order: SandboxOrder): Logistics {
  const known = logistics.get(order);
  if (known) return known;
  const made: Logistics = { trackingPending: false, document: 'none' };
  logistics.set(order, made);
  return made;
}

const refuse = (error: string, message: string): ShopeeRefusal => ({ status: 200, error, message });

/** The package_number shopee-orders.ts gives the order's one package. */
export function packageNumberOf(order: SandboxOrder): string {
  return `OFG${order.seq}${seconds(order.createdAt)}`;
}

/** Shopee's error for each world refusal (names from ship_order's error list). */
const REFUSALS: Record<ShipmentRefusal, ShopeeRefusal> = {
  not_found: refuse('logistics.error_order_not_found', 'Order is not found.'),
  cancelled: refuse('logistics.error_order_state', 'Operation is not allow with current order status.'),
  unpaid: refuse('logistics.error_param', 'The order status is not ready to ship.'),
  already_shipped: refuse('logistics.error_param', 'Order has been shipped.'),
  address_incomplete: refuse('logistics.error_param', 'Delivery address is not completed.'),
};

const isArranged = (order: SandboxOrder) =>
  ['processed', 'shipped', 'completed'].includes(order.status) && order.trackingNo !== '';

/** The shop's order a logistics call names, with its package_number checked when one is sent. */
function packageOrder(
  world: World,
  shopId: string,
  orderSn: unknown,
  packageNumber: unknown,
): SandboxOrder | ShopeeRefusal {
  const order = typeof orderSn === 'string' ? world.order('shopee', shopId, orderSn) : undefined;
  if (!order) return refuse('error_not_found', 'Wrong parameters, detail: the order is not found.');
  if (packageNumber !== undefined && packageNumber !== packageNumberOf(order))
    return refuse(
      'logistics.package_number_not_found',
      `The package_number ${String(packageNumber)} is not exist.`,
    );
  return order;
}

/** One element of a document call: its order, or the per-element failure. */
type Element = { order: SandboxOrder; entry: Record<string, unknown> } | { failed: Record<string, unknown> };

function elements(world: World, shopId: string, body: Record<string, unknown>): Element[] | ShopeeRefusal {
  const list = body.order_list;
  if (!Array.isArray(list) || list.length < 1 || list.length > 50)
    return refuse('error_param', 'Wrong parameters, detail: order_list should have 1 to 50 orders.');
  return list.map((raw): Element => {
    const entry = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
    const found = packageOrder(world, shopId, entry.order_sn, entry.package_number);
    const key = { order_sn: entry.order_sn, package_number: entry.package_number };
    if ('error' in found) return { failed: { ...key, fail_error: found.error, fail_message: found.message } };
    return { order: found, entry };
  });
}

/** A document call's body and elements; the refusal instead when the shop or its order_list fails. */
function documentCall(
  world: World,
  http: ShopeeHttp,
  request: FastifyRequest,
): { body: Record<string, unknown>; list: Element[] } | ShopeeRefusal {
  const checked = http.shop(request);
  if ('error' in checked) return checked;
  const body = http.body(request) ?? {};
  const list = elements(world, checked.shopId, body);
  if ('error' in list) return list;
  return { body, list };
}

/** A batch reply: every element's result, and common.batch_api_all_failed when none succeeded. */
function batchReply(http: ShopeeHttp, reply: FastifyReply, results: Record<string, unknown>[]): FastifyReply {
  if (results.every((result) => typeof result.fail_error === 'string'))
    return reply.code(200).send({
      request_id: randomBytes(16).toString('hex'),
      error: 'common.batch_api_all_failed',
      message: 'Failed, please check result_list for more details.',
      response: { result_list: results },
    });
  return http.ok(reply, { response: { result_list: results }, warning: [] });
}

function documentType(body: Record<string, unknown>, entry: Record<string, unknown>): string | null {
  const type = entry.shipping_document_type ?? body.shipping_document_type ?? 'NORMAL_AIR_WAYBILL';
  return typeof type === 'string' && DOCUMENT_TYPES.includes(type) ? type : null;
}

/**
 * ship_order on a non-integrated channel: `non_integrated: {tracking_number}`, the seller's own
 * carrier's number. The order ships with it (the world's sellerShipped); an order already
 * shipped meets its status, as at Shopee.
 */
function shipNonIntegrated(
  world: World,
  http: ShopeeHttp,
  reply: FastifyReply,
  order: SandboxOrder,
  value: unknown,
): FastifyReply {
  const fields = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const trackingNo = typeof fields.tracking_number === 'string' ? fields.tracking_number.trim() : '';
  if (!/^[A-Za-z0-9-]{1,64}$/.test(trackingNo))
    return http.send(
      reply,
      refuse(
        'logistics.tracking_number_invalid',
        'The tracking number is invalid. Please check the tracking number.',
      ),
    );
  if (order.status !== 'ready_to_ship')
    return http.send(reply, refuse('logistics.error_param', 'The order status is not ready to ship.'));
  const outcome = sellerShipped(world, 'shopee', order.shopId, order.orderId, {
    trackingNo,
    carrier: order.carrier,
  });
  if (!outcome.ok) return http.send(reply, REFUSALS[outcome.reason]);
  return http.ok(reply, {});
}

export function registerShopeeLogistics(app: FastifyInstance, world: World, http: ShopeeHttp): void {
  app.get('/api/v2/logistics/get_shipping_parameter', async (request, reply) => {
    const checked = http.shop(request);
    if ('error' in checked) return http.send(reply, checked);
    const query = http.query(request);
    const order = packageOrder(world, checked.shopId, query('order_sn'), query('package_number'));
    if ('error' in order) return http.send(reply, order);
    if (order.status !== 'ready_to_ship')
      return http.send(reply, refuse('logistics.error_param', 'The order status is not ready to ship.'));
    // A non-integrated channel: the seller's own carrier, whose tracking number ship_order takes.
    if (order.sellerShips)
      return http.ok(reply, { response: { info_needed: { non_integrated: ['tracking_number'] } } });
    const day = Math.floor(world.now() / 86_400_000) * 86_400;
    return http.ok(reply, {
      response: {
        info_needed: { pickup: ['address_id', 'pickup_time_id'] },
        pickup: {
          address_list: [
            {
              address_id: PICKUP_ADDRESS_ID,
              region: 'TH',
              state: 'Bangkok',
              city: 'Bang Rak',
              address: '1 Sandbox Warehouse Road',
              zipcode: '10500',
              address_flag: ['default_address', 'pickup_address'],
              time_slot_list: [1, 2].map((offset) => ({
                date: day + offset * 86_400,
                time_text: offset === 1 ? 'Tomorrow 09:00-12:00' : 'In two days 09:00-12:00',
                pickup_time_id: String(day + offset * 86_400 + 9 * 3600),
                ...(offset === 1 ? { flags: ['recommended'] } : {}),
              })),
            },
          ],
        },
      },
    });
  });

  app.post('/api/v2/logistics/ship_order', async (request, reply) => {
    const checked = http.shop(request);
    if ('error' in checked) return http.send(reply, checked);
    const body = http.body(request) ?? {};
    const order = packageOrder(world, checked.shopId, body.order_sn, body.package_number);
    if ('error' in order) return http.send(reply, order);
    const methods = ['pickup', 'dropoff', 'non_integrated'].filter((name) => name in body);
    const needed = order.sellerShips ? 'non_integrated' : 'pickup';
    if (methods.length !== 1 || methods[0] !== needed)
      return http.send(
        reply,
        refuse('error_param', `Wrong parameters, detail: this channel needs exactly the ${needed} field.`),
      );
    if (order.sellerShips) return shipNonIntegrated(world, http, reply, order, body.non_integrated);
    const pickup = body.pickup as Record<string, unknown> | null;
    if (
      typeof pickup !== 'object' ||
      pickup === null ||
      pickup.address_id !== PICKUP_ADDRESS_ID ||
      typeof pickup.pickup_time_id !== 'string'
    )
      return http.send(
        reply,
        refuse('logistics.error_param', 'The address is invalid. Please check the address.'),
      );
    // Shopee arranges an order once: a second ship_order meets its new status.
    if (order.status === 'processed')
      return http.send(reply, refuse('logistics.error_param', 'The order status is not ready to ship.'));
    const outcome = arrangeShipment(world, 'shopee', checked.shopId, order.orderId);
    if (!outcome.ok) return http.send(reply, REFUSALS[outcome.reason]);
    stateOf(order).trackingPending = true;
    return http.ok(reply, {});
  });

  app.get('/api/v2/logistics/get_tracking_number', async (request, reply) => {
    const checked = http.shop(request);
    if ('error' in checked) return http.send(reply, checked);
    const query = http.query(request);
    const order = packageOrder(world, checked.shopId, query('order_sn'), query('package_number'));
    if ('error' in order) return http.send(reply, order);
    const state = stateOf(order);
    // The 3PL's number arrives a little after ship_order: empty on the first poll.
    const issued = isArranged(order) && !state.trackingPending;
    state.trackingPending = false;
    return http.ok(reply, {
      response: { tracking_number: issued ? order.trackingNo : '', plp_number: '', hint: '' },
    });
  });

  app.post('/api/v2/logistics/create_shipping_document', async (request, reply) => {
    const call = documentCall(world, http, request);
    if ('error' in call) return http.send(reply, call);
    const { body, list } = call;
    const results = list.map((element) => {
      if ('failed' in element) return element.failed;
      const { order, entry } = element;
      const key = { order_sn: order.orderId, package_number: packageNumberOf(order) };
      const fail = (error: string, message: string) => ({ ...key, fail_error: error, fail_message: message });
      if (documentType(body, entry) === null)
        return fail(
          'logistics.shipping_document_type_invalid',
          'The shipping_document_type is not invalid. Please check the shipping_document_type.',
        );
      if (!isArranged(order) || stateOf(order).trackingPending)
        return fail('logistics.package_can_not_print', 'The package can not print now.');
      if (entry.tracking_number !== undefined && entry.tracking_number !== order.trackingNo)
        return fail(
          'logistics.tracking_number_invalid',
          'The tracking number is invalid. Please check the tracking number.',
        );
      const state = stateOf(order);
      if (state.document === 'none') state.document = 'processing';
      return key;
    });
    return batchReply(http, reply, results);
  });

  app.post('/api/v2/logistics/get_shipping_document_result', async (request, reply) => {
    const call = documentCall(world, http, request);
    if ('error' in call) return http.send(reply, call);
    const { list } = call;
    const results = list.map((element) => {
      if ('failed' in element) return element.failed;
      const key = { order_sn: element.order.orderId, package_number: packageNumberOf(element.order) };
      const state = stateOf(element.order);
      // [UNCONFIRMED] what Shopee answers for a package whose document was never created.
      if (state.document === 'none')
        return {
          ...key,
          fail_error: 'logistics.shipping_document_should_print_first',
          fail_message: 'Please create the shipping document first.',
        };
      const status = state.document === 'ready' ? 'READY' : 'PROCESSING';
      state.document = 'ready';
      return { ...key, status };
    });
    return batchReply(http, reply, results);
  });

  app.post('/api/v2/logistics/download_shipping_document', async (request, reply) => {
    const call = documentCall(world, http, request);
    if ('error' in call) return http.send(reply, call);
    const { list } = call;
    const [first] = list;
    // [UNCONFIRMED] several packages come as one merged PDF at Shopee; the sandbox prints one.
    if (list.length !== 1 || !first)
      return http.send(
        reply,
        refuse('error_param', 'Wrong parameters, detail: the sandbox downloads one package.'),
      );
    if ('failed' in first)
      return http.send(reply, refuse(String(first.failed.fail_error), String(first.failed.fail_message)));
    if (stateOf(first.order).document !== 'ready')
      return http.send(
        reply,
        refuse('logistics.shipping_document_should_print_first', 'Please print the shipping document first.'),
      );
    const pdf = await platformLabelPdf(first.order);
    return reply.code(200).type('application/pdf').send(pdf);
  });
}
