/**
 * The sandbox's Lazada Fulfillment API: /order/shipment/providers/get (a cross-border NTFS seller
 * who names the provider), /order/fulfill/pack (the world arranges the shipment: package_id and
 * tracking number), /order/package/rts and /order/package/document/get (the world's A6 label,
 * base64 in `file`). Each takes one JSON-string parameter and answers
 * `result: {success, error_code, error_msg, data}` inside `code: "0"`; pack and RTS answer each
 * item or package with its own item_err_code, "0" when it succeeded. Codes are those of the
 * Fulfillment API's error table; the one for an incomplete buyer address is [UNCONFIRMED].
 */
import { platformLabelPdf } from '../label.js';
import type { SandboxOrder, SandboxShop, ShipmentRefusal } from '../world-model.js';
import type { World } from '../world.js';
import { readyToShip, renderItems, requestId } from './lazada-render.js';
import { arrangeShipment } from '../world-shipments.js';

type Params = Record<string, string>;
type Handle = (
  params: Params,
  shop: SandboxShop | undefined,
) => Record<string, unknown> | Promise<Record<string, unknown>>;

/** Registers a seller API route, checked as lazada.ts checks every call. */
export type RegisterSellerApi = (apiPath: string, handle: Handle) => void;

/** The Fulfillment API's batch limit. */
const MAX_BATCH = 20;
/** The provider the sandbox offers its cross-border sellers. */
const PROVIDER = { name: 'LEX Cross Border', provider_code: 'FM50' };

const result = (data: Record<string, unknown>) => ({
  code: '0',
  result: { success: true, error_code: '', error_msg: '', data },
  request_id: requestId(),
});
const failed = (code: string, message: string) => ({
  code: '0',
  result: { success: false, error_code: code, error_msg: message, data: null },
  request_id: requestId(),
});

/** Lazada's item error for each world refusal. */
const ITEM_ERRORS: Record<ShipmentRefusal | 'repeated', [string, string]> = {
  not_found: ['700021', 'ORDER_NOT_FOUND'],
  cancelled: ['700000', 'PACKAGE_STATUS_NOT_ALLOW_TO_OP'],
  unpaid: ['700000', 'PACKAGE_STATUS_NOT_ALLOW_TO_OP'],
  already_shipped: ['700000', 'PACKAGE_STATUS_NOT_ALLOW_TO_OP'],
  repeated: ['700000', 'PACKAGE_STATUS_NOT_ALLOW_TO_OP'],
  address_incomplete: ['1003', "E1003_3PL_ALLOCATION_FAIL: the buyer's shipping address is incomplete"],
};

/**
 * A JSON-string parameter, ids kept exact: numbers of 16 digits or more (Java longs beyond what
 * a JavaScript number holds) are read as their digits.
 */
function parseRequest(text: string | undefined): Record<string, unknown> | null {
  if (text === undefined) return null;
  try {
    const parsed: unknown = JSON.parse(text.replace(/([:[,]\s*)(\d{16,})(?=\s*[,\]}])/g, '$1"$2"'));
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

const records = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value)
    ? value.filter((entry): entry is Record<string, unknown> => typeof entry === 'object' && entry !== null)
    : [];

export const packageIdOf = (order: SandboxOrder): string => `FP${order.orderId}`;

function orderOfPackage(world: World, shop: SandboxShop, packageId: unknown): SandboxOrder | undefined {
  if (typeof packageId !== 'string' || !packageId.startsWith('FP')) return undefined;
  return world.order('lazada', shop.shopId, packageId.slice(2));
}

function pack(world: World, shop: SandboxShop, params: Params): Record<string, unknown> {
  const request = parseRequest(params.packReq);
  if (!request) return failed('700004', 'PARAM_ILLEGAL: packReq is not JSON');
  const orders = records(request.pack_order_list);
  if (orders.length === 0 || typeof request.delivery_type !== 'string')
    return failed('700017', 'PARAM_IS_NULL: pack_order_list and delivery_type are required');
  if (orders.length > MAX_BATCH) return failed('700022', 'BATCH_SIZE_OUT_OF_LIMIT');
  if (request.shipping_allocate_type === 'NTFS' && request.shipment_provider_code !== PROVIDER.provider_code)
    return failed('700001', 'DBS_SHIPMENT_PROVIDER_CODE_NOT_EXITS');
  const packed = orders.map((entry) => {
    const orderId = String(entry.order_id ?? '');
    const itemIds = Array.isArray(entry.order_item_list) ? entry.order_item_list.map(String) : [];
    const order = world.order('lazada', shop.shopId, orderId);
    const known = new Set(order ? renderItems(shop, order).map((item) => String(item.order_item_id)) : []);
    const itemResult = (code: string, msg: string, extra: Record<string, unknown> = {}) =>
      itemIds.map((id) => ({ order_item_id: id, item_err_code: code, msg, retry: false, ...extra }));
    if (!order) return { order_id: orderId, order_item_list: itemResult(...ITEM_ERRORS.not_found) };
    if (itemIds.length === 0 || itemIds.some((id) => !known.has(id)))
      return { order_id: orderId, order_item_list: itemResult('700025', 'ORDER_ITEM_NOT_FOUND') };
    const outcome =
      order.status === 'processed'
        ? ({ ok: false, reason: 'repeated' } as const)
        : arrangeShipment(world, 'lazada', shop.shopId, order.orderId);
    if (!outcome.ok)
      return { order_id: orderId, order_item_list: itemResult(...ITEM_ERRORS[outcome.reason]) };
    return {
      order_id: orderId,
      order_item_list: itemResult('0', 'success', {
        tracking_number: order.trackingNo,
        shipment_provider: order.carrier,
        package_id: packageIdOf(order),
      }),
    };
  });
  return result({ pack_order_list: packed });
}

function rts(world: World, shop: SandboxShop, params: Params): Record<string, unknown> {
  const request = parseRequest(params.readyToShipReq);
  const packages = records(request?.packages);
  if (packages.length === 0) return failed('700017', 'PARAM_IS_NULL: packages are required');
  if (packages.length > MAX_BATCH) return failed('700022', 'BATCH_SIZE_OUT_OF_LIMIT');
  return result({
    packages: packages.map((entry) => {
      const order = orderOfPackage(world, shop, entry.package_id);
      const answer = (code: string, msg: string) => ({
        package_id: entry.package_id,
        item_err_code: code,
        msg,
        retry: false,
      });
      if (!order) return answer('700000', 'PACKAGE_STATUS_NOT_ALLOW_TO_OP');
      if (order.status === 'cancelled' || order.status === 'in_cancel')
        return answer('600002', 'package already cancelled');
      // RTS only from packed.
      if (order.status !== 'processed' || readyToShip.has(order))
        return answer('700000', 'PACKAGE_STATUS_NOT_ALLOW_TO_OP');
      readyToShip.add(order);
      world.changeOrder(order, {});
      return answer('0', 'success');
    }),
  });
}

async function documentOf(world: World, shop: SandboxShop, params: Params): Promise<Record<string, unknown>> {
  const request = parseRequest(params.getDocumentReq);
  const packages = records(request?.packages);
  if (!request || packages.length === 0) return failed('700017', 'PARAM_IS_NULL: packages are required');
  // The sandbox renders PDF only ([UNCONFIRMED] what HTML Lazada would give).
  if (request.doc_type !== 'PDF') return failed('700004', 'PARAM_ILLEGAL: doc_type');
  if (packages.length > 1) return failed('700004', 'PARAM_ILLEGAL: the sandbox prints one package');
  const order = orderOfPackage(world, shop, packages[0]?.package_id);
  if (!order || !['processed', 'shipped', 'completed'].includes(order.status))
    return failed('700000', 'PACKAGE_STATUS_NOT_ALLOW_TO_OP');
  const pdf = await platformLabelPdf(order);
  return result({ doc_type: 'PDF', file: pdf.toString('base64'), pdf_url: '' });
}

export function registerLazadaLogistics(register: RegisterSellerApi, world: World): void {
  register('/order/shipment/providers/get', (params) => {
    const request = parseRequest(params.getShipmentProvidersReq);
    if (records(request?.orders).length === 0) return failed('700017', 'PARAM_IS_NULL: orders are required');
    return result({ platform_default: 0, shipment_providers: [PROVIDER], shipping_allocate_type: 'NTFS' });
  });
  register('/order/fulfill/pack', (params, shop) => (shop ? pack(world, shop, params) : {}));
  register('/order/package/rts', (params, shop) => (shop ? rts(world, shop, params) : {}));
  register('/order/package/document/get', async (params, shop) =>
    shop ? documentOf(world, shop, params) : {},
  );
}
