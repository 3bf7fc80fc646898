/**
 * The sandbox's TikTok Shop fulfillment for orders shipped by TikTok's logistics, one package per
 * order (the id tiktok-orders.ts renders): POST /fulfillment/202309/packages/{id}/ship (the world
 * arranges the shipment) and GET …/shipping_documents, whose `doc_url` is a short-lived sandbox
 * link serving the world's A6 label PDF. Both are checked as every API call is (tiktok-checks.ts).
 * TikTok documents no codes for a package that may not ship; the sandbox's are [UNCONFIRMED].
 *
 * Orders the seller ships with a carrier of their own (shipping_type SELLER) are not shipped by
 * TikTok: the seller finds the provider (GET /logistics/202309/warehouses →
 * …/warehouses/{id}/delivery_options → …/delivery_options/{id}/shipping_providers) and posts the
 * tracking number with POST /fulfillment/202309/orders/{order_id}/packages.
 */
import { createHmac } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SANDBOX_APPS } from '../apps.js';
import { platformLabelPdf } from '../label.js';
import type { SandboxOrder, ShipmentRefusal } from '../world-model.js';
import type { World } from '../world.js';
import { authenticate, ok, refuse, stringQuery } from './tiktok-checks.js';
import { renderTiktokOrder } from './tiktok-orders.js';
import { TIKTOK_CODES } from './tiktok-spec.js';
import { arrangeShipment, sellerShipped } from '../world-shipments.js';

/** How long a doc_url works [UNCONFIRMED: TikTok calls it short-lived]. */
const DOC_URL_LIFETIME_MS = 10 * 60_000;
const DOCUMENT_TYPES = [
  'SHIPPING_LABEL',
  'PACKING_SLIP',
  'SHIPPING_LABEL_AND_PACKING_SLIP',
  'SHIPPING_LABEL_PICTURE',
  'HAZMAT_LABEL',
  'INVOICE_LABEL',
];
/** The sandbox's codes for a package that may not be shipped or printed. */
const PACKAGE_NOT_FOUND = 21_001_001;
const PACKAGE_STATUS = 21_011_006;
const ADDRESS_INCOMPLETE = 21_011_010;

const REFUSALS: Record<ShipmentRefusal, [number, string]> = {
  not_found: [PACKAGE_NOT_FOUND, 'The package does not exist.'],
  cancelled: [PACKAGE_STATUS, 'The package status does not allow this operation: the order is cancelled.'],
  unpaid: [PACKAGE_STATUS, 'The package status does not allow this operation: the order is unpaid.'],
  already_shipped: [PACKAGE_STATUS, 'The package status does not allow this operation: it has shipped.'],
  address_incomplete: [ADDRESS_INCOMPLETE, "The buyer's shipping address is incomplete."],
};

export const packageIdOf = (order: SandboxOrder): string =>
  String(1_153_000_000_000_000_000n + BigInt(order.seq));

function orderOfPackage(world: World, shopId: string, packageId: string): SandboxOrder | undefined {
  return world.ordersOf('tiktok', shopId).find((order) => packageIdOf(order) === packageId);
}

function docSignature(payload: string): string {
  return createHmac('sha256', SANDBOX_APPS.tiktok.appSecret).update(`doc:${payload}`).digest('base64url');
}

/** A doc_url: the shop, order and expiry, signed so it cannot be forged or extended. */
function docUrl(request: FastifyRequest, order: SandboxOrder, expiresAt: number): string {
  const payload = Buffer.from(JSON.stringify([order.shopId, order.orderId, expiresAt])).toString('base64url');
  const host = request.headers.host ?? '127.0.0.1';
  return `${request.protocol}://${host}/__sandbox/documents?token=${payload}.${docSignature(payload)}`;
}

export function registerTiktokLogistics(app: FastifyInstance, world: World): void {
  app.post('/fulfillment/202309/packages/:packageId/ship', async (request, reply) => {
    const caller = authenticate(request, reply, world, true);
    if (!caller) return reply;
    const { packageId } = request.params as { packageId: string };
    const body = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Record<
      string,
      unknown
    >;
    if (body.handover_method !== 'PICKUP' && body.handover_method !== 'DROP_OFF')
      return refuse(
        reply,
        world,
        TIKTOK_CODES.invalidCredentials,
        'Invalid parameter. `handover_method` must be PICKUP or DROP_OFF.',
      );
    const order = orderOfPackage(world, caller.shopId, packageId);
    if (!order) return refuse(reply, world, ...REFUSALS.not_found);
    if (order.sellerShips)
      return refuse(
        reply,
        world,
        PACKAGE_STATUS,
        'The package ships by the seller: shipping_type is SELLER.',
      );
    // Shipped once: the package has left TO_FULFILL.
    if (order.status === 'processed')
      return refuse(reply, world, PACKAGE_STATUS, 'The package status does not allow this operation.');
    const outcome = arrangeShipment(world, 'tiktok', caller.shopId, order.orderId);
    if (!outcome.ok) return refuse(reply, world, ...REFUSALS[outcome.reason]);
    return ok(world, {});
  });

  app.get('/fulfillment/202309/packages/:packageId/shipping_documents', async (request, reply) => {
    const caller = authenticate(request, reply, world, true);
    if (!caller) return reply;
    const { packageId } = request.params as { packageId: string };
    const query = stringQuery(request);
    if (!DOCUMENT_TYPES.includes(query.document_type ?? ''))
      return refuse(reply, world, TIKTOK_CODES.invalidCredentials, 'Invalid parameter. `document_type`.');
    // The sandbox prints the A6 or A5 PDF label only.
    if (query.document_type !== 'SHIPPING_LABEL' || (query.document_format ?? 'PDF') !== 'PDF')
      return refuse(
        reply,
        world,
        TIKTOK_CODES.invalidCredentials,
        'The sandbox prints PDF shipping labels only.',
      );
    const order = orderOfPackage(world, caller.shopId, packageId);
    if (!order) return refuse(reply, world, ...REFUSALS.not_found);
    if (!['processed', 'shipped', 'completed'].includes(order.status) || order.trackingNo === '')
      return refuse(reply, world, PACKAGE_STATUS, 'The package has no shipping label: ship it first.');
    return ok(world, {
      doc_url: docUrl(request, order, world.now() + DOC_URL_LIFETIME_MS),
      tracking_number: order.trackingNo,
    });
  });

  registerSellerShipping(app, world);

  // The document host: no API signature, the link's own signature and expiry.
  app.get('/__sandbox/documents', async (request, reply) => {
    const token = stringQuery(request).token ?? '';
    const [payload = '', signature = ''] = token.split('.');
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    } catch {
      parsed = null;
    }
    if (signature !== docSignature(payload) || !Array.isArray(parsed))
      return reply.code(403).type('text/plain').send('AccessDenied');
    const [shopId, orderId, expiresAt] = parsed as [unknown, unknown, unknown];
    if (typeof expiresAt !== 'number' || expiresAt < world.now())
      return reply.code(403).type('text/plain').send('Request has expired');
    const order = world.order('tiktok', String(shopId), String(orderId));
    if (!order) return reply.code(404).type('text/plain').send('NoSuchKey');
    return reply
      .code(200)
      .type('application/pdf')
      .send(await platformLabelPdf(order));
  });
}

/** The sandbox shop's one sales warehouse, its one seller-shipping option, and the providers offered there. */
export const TIKTOK_SANDBOX_WAREHOUSE_ID = '7068517275539719942';
const DELIVERY_OPTION_ID = '7091146663229654785';
export const TIKTOK_SANDBOX_PROVIDERS = [
  { id: '6617675021119438849', name: 'Kerry Express' },
  { id: '6617675021119438850', name: 'Flash Express' },
  { id: '6617675021119438851', name: 'Sandbox Express' },
];

/** The unit ids of an order as tiktok-orders.ts renders its line items. */
const lineItemIdsOf = (order: SandboxOrder): string[] =>
  (renderTiktokOrder(order).line_items as { id: string }[]).map((item) => item.id);

function registerSellerShipping(app: FastifyInstance, world: World): void {
  app.get('/logistics/202309/warehouses', async (request, reply) => {
    if (!authenticate(request, reply, world, true)) return reply;
    return ok(world, {
      warehouses: [
        {
          id: TIKTOK_SANDBOX_WAREHOUSE_ID,
          name: 'Sandbox warehouse',
          effect_status: 'ENABLED',
          type: 'SALES_WAREHOUSE',
          sub_type: 'DOMESTIC_WAREHOUSE',
          is_default: true,
        },
      ],
    });
  });

  app.get('/logistics/202309/warehouses/:warehouseId/delivery_options', async (request, reply) => {
    if (!authenticate(request, reply, world, true)) return reply;
    const { warehouseId } = request.params as { warehouseId: string };
    if (warehouseId !== TIKTOK_SANDBOX_WAREHOUSE_ID)
      return refuse(reply, world, TIKTOK_CODES.invalidCredentials, 'Invalid parameter. `warehouse_id`.');
    return ok(world, {
      delivery_options: [{ id: DELIVERY_OPTION_ID, name: 'Standard shipping', type: 'STANDARD' }],
    });
  });

  app.get('/logistics/202309/delivery_options/:optionId/shipping_providers', async (request, reply) => {
    if (!authenticate(request, reply, world, true)) return reply;
    const { optionId } = request.params as { optionId: string };
    if (optionId !== DELIVERY_OPTION_ID)
      return refuse(
        reply,
        world,
        TIKTOK_CODES.invalidCredentials,
        'Invalid parameter. `delivery_option_id`.',
      );
    return ok(world, { shipping_providers: TIKTOK_SANDBOX_PROVIDERS });
  });

  app.post('/fulfillment/202309/orders/:orderId/packages', async (request, reply) => {
    const caller = authenticate(request, reply, world, true);
    if (!caller) return reply;
    const { orderId } = request.params as { orderId: string };
    const body = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Record<
      string,
      unknown
    >;
    const trackingNo = typeof body.tracking_number === 'string' ? body.tracking_number.trim() : '';
    const provider = TIKTOK_SANDBOX_PROVIDERS.find((entry) => entry.id === body.shipping_provider_id);
    if (!/^[A-Za-z0-9-]{1,64}$/.test(trackingNo) || !provider)
      return refuse(
        reply,
        world,
        TIKTOK_CODES.invalidCredentials,
        'Invalid parameter. `tracking_number` and a `shipping_provider_id` of the delivery option are required.',
      );
    const order = world.order('tiktok', caller.shopId, orderId);
    if (!order) return refuse(reply, world, ...REFUSALS.not_found);
    if (!order.sellerShips)
      return refuse(reply, world, PACKAGE_STATUS, 'The order ships by TikTok Shop: shipping_type is TIKTOK.');
    const items = lineItemIdsOf(order);
    const named = Array.isArray(body.order_line_item_ids) ? body.order_line_item_ids : [];
    // [UNCONFIRMED] TikTok lets a seller split an order; the sandbox ships it whole.
    if (named.length !== items.length || !items.every((id) => named.includes(id)))
      return refuse(
        reply,
        world,
        TIKTOK_CODES.invalidCredentials,
        'Invalid parameter. `order_line_item_ids` must name every line item of the order.',
      );
    const outcome = sellerShipped(world, 'tiktok', caller.shopId, order.orderId, {
      trackingNo,
      carrier: provider.name,
    });
    if (!outcome.ok) return refuse(reply, world, ...REFUSALS[outcome.reason]);
    return ok(world, {
      order_id: order.orderId,
      package_id: packageIdOf(order),
      order_line_item_ids: items,
      warning: [],
    });
  });
}
