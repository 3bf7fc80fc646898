/**
 * Shopee's own logistics for one order, per package (an order ships as one or more packages; the
 * first open one is ours):
 * - arrange: get_order_detail (status, package_number) → get_shipping_parameter (what the
 *   channel needs: a pickup address and time slot, a drop-off branch, or for a non-integrated
 *   channel the seller's own tracking number) → ship_order → get_tracking_number. Shopee issues
 *   the tracking number asynchronously: it may be empty for a while after ship_order (the caller
 *   asks again with getShipment; Shopee advises polling no more often than every 5 minutes).
 * - label: the air waybill is a document task: create_shipping_document (only once the tracking
 *   number exists) → get_shipping_document_result until READY → download_shipping_document,
 *   which answers the PDF's bytes, or a JSON error.
 * - our own carrier (pushShopeeTracking): on a non-integrated channel get_shipping_parameter asks
 *   for the seller's tracking number, and ship_order takes it as `non_integrated: {tracking_number}`;
 *   an order on an integrated channel is Shopee's own logistics' to ship and takes none.
 * Batch calls (documents) answer each package in result_list with fail_error/fail_message, and
 * `common.batch_api_all_failed` when every element failed.
 */
import {
  MarketplaceError,
  type CallContext,
  type PlatformShipment,
  type ShipmentRefusalCode,
} from '../../connector.js';
import {
  field,
  isArray,
  isPdf,
  isRecord,
  isString,
  jsonOfBytes,
  requestBytes,
  requestJson,
} from '../../http.js';
import { SHOPEE_PATHS, callShopee, shopeeRequest, type ShopeeCall } from './client.js';
import { readShopeeEnvelope } from './errors.js';

/** The 10×15 cm / A6 thermal air waybill warehouses print (other types are A4 sheets). */
const DOCUMENT_TYPE = 'THERMAL_AIR_WAYBILL';

/** Order statuses after which the parcel has left the seller. */
const SHIPPED = new Set(['SHIPPED', 'TO_CONFIRM_RECEIVE', 'COMPLETED', 'TO_RETURN']);

interface ShopeePackage {
  orderNo: string;
  status: string;
  packageNumber: string;
  carrierName: string;
}

function refused(code: ShipmentRefusalCode, message: string): MarketplaceError {
  return new MarketplaceError('rejected', message, { platformCode: code });
}

function shopCall(ctx: CallContext, call: Omit<ShopeeCall, 'app' | 'fetch' | 'now' | 'shop'>): ShopeeCall {
  return {
    ...call,
    app: ctx.app,
    fetch: ctx.fetch,
    now: ctx.now(),
    shop: { accessToken: ctx.grant.accessToken, shopId: ctx.grant.platformShopId },
  };
}

/** The order's status and its first package (get_order_detail with package_list). */
async function readPackage(ctx: CallContext, orderNo: string): Promise<ShopeePackage> {
  let body: Record<string, unknown>;
  try {
    body = await callShopee(
      shopCall(ctx, {
        method: 'GET',
        path: SHOPEE_PATHS.orderDetail,
        query: { order_sn_list: orderNo, response_optional_fields: 'package_list,shipping_carrier' },
      }),
    );
  } catch (error) {
    if (error instanceof MarketplaceError && error.detail.platformCode?.endsWith('error_not_found'))
      throw refused('not_found', `Shopee has no order ${orderNo}`);
    throw error;
  }
  const response = field(body.response, isRecord, 'get_order_detail response');
  const order = field(response.order_list, isArray, 'get_order_detail order_list')[0];
  if (!isRecord(order)) throw refused('not_found', `Shopee has no order ${orderNo}`);
  const packages = isArray(order.package_list) ? order.package_list.filter(isRecord) : [];
  const first = packages[0] ?? {};
  const carrier = isString(first.shipping_carrier) ? first.shipping_carrier : order.shipping_carrier;
  return {
    orderNo,
    status: field(order.order_status, isString, 'order_status'),
    packageNumber: isString(first.package_number) ? first.package_number : '',
    carrierName: isString(carrier) ? carrier : '',
  };
}

/** The refusal an order's status explains (cancelled, unpaid, gone); null when it may ship. */
function statusRefusal(pkg: ShopeePackage): MarketplaceError | null {
  if (pkg.status === 'UNPAID') return refused('unpaid', `order ${pkg.orderNo} is not paid`);
  if (pkg.status === 'IN_CANCEL' || pkg.status === 'CANCELLED')
    return refused('cancelled', `order ${pkg.orderNo} is ${pkg.status}`);
  if (SHIPPED.has(pkg.status)) return refused('already_shipped', `order ${pkg.orderNo} is ${pkg.status}`);
  return null;
}

/** The package's order_sn and package_number as the logistics calls take them. */
function packageKey(pkg: ShopeePackage): Record<string, string> {
  return pkg.packageNumber === ''
    ? { order_sn: pkg.orderNo }
    : { order_sn: pkg.orderNo, package_number: pkg.packageNumber };
}

async function readTracking(ctx: CallContext, pkg: ShopeePackage): Promise<PlatformShipment> {
  const body = await callShopee(
    shopCall(ctx, { method: 'GET', path: SHOPEE_PATHS.trackingNumber, query: packageKey(pkg) }),
  );
  const response = field(body.response, isRecord, 'get_tracking_number response');
  const trackingNo = isString(response.tracking_number) ? response.tracking_number : '';
  return { trackingNo: trackingNo === '' ? null : trackingNo, carrierName: pkg.carrierName };
}

/**
 * ship_order's body: exactly one of pickup, dropoff or non_integrated, as get_shipping_parameter's
 * info_needed names it. Pickup takes the address Shopee flags as the pickup address (else the
 * first) and its recommended time slot (else the first); drop-off the first branch when one is
 * needed. A non-integrated channel wants the seller's own tracking number: not platform logistics.
 */
function shipBody(pkg: ShopeePackage, response: Record<string, unknown>): Record<string, unknown> {
  const needed = isRecord(response.info_needed) ? response.info_needed : {};
  const body: Record<string, unknown> = { ...packageKey(pkg) };
  if (isArray(needed.pickup)) {
    const pickup: Record<string, unknown> = {};
    const fields = needed.pickup.filter(isString);
    if (fields.length > 0) {
      const info = isRecord(response.pickup) ? response.pickup : {};
      const addresses = isArray(info.address_list) ? info.address_list.filter(isRecord) : [];
      const address =
        addresses.find(
          (candidate) => isArray(candidate.address_flag) && candidate.address_flag.includes('pickup_address'),
        ) ?? addresses[0];
      if (!address)
        throw new MarketplaceError('malformed', 'get_shipping_parameter offers no pickup address');
      const slots = isArray(address.time_slot_list) ? address.time_slot_list.filter(isRecord) : [];
      const slot =
        slots.find((candidate) => isArray(candidate.flags) && candidate.flags.includes('recommended')) ??
        slots[0];
      if (fields.includes('address_id')) pickup.address_id = address.address_id;
      if (fields.includes('pickup_time_id')) {
        if (!slot) throw new MarketplaceError('malformed', 'get_shipping_parameter offers no pickup time');
        pickup.pickup_time_id = slot.pickup_time_id;
      }
    }
    body.pickup = pickup;
    return body;
  }
  if (isArray(needed.dropoff)) {
    const dropoff: Record<string, unknown> = {};
    if (needed.dropoff.includes('branch_id')) {
      const info = isRecord(response.dropoff) ? response.dropoff : {};
      const branch = (isArray(info.branch_list) ? info.branch_list.filter(isRecord) : [])[0];
      if (!branch) throw new MarketplaceError('malformed', 'get_shipping_parameter offers no branch');
      dropoff.branch_id = branch.branch_id;
    }
    body.dropoff = dropoff;
    return body;
  }
  throw new MarketplaceError('rejected', `order ${pkg.orderNo} ships on a non-integrated channel`, {
    platformCode: 'non_integrated',
  });
}

/** ship_order's errors that name the buyer's address (Shopee's error list for ship_order). */
function isAddressError(error: MarketplaceError): boolean {
  const name = error.detail.platformCode ?? '';
  return (
    [
      'logistics.buyer_address_not_found',
      'logistics.error_buyer_addressid',
      'logistics.error_phone',
    ].includes(name) || /(delivery|buyer) address|phone number/i.test(error.message)
  );
}

/** Arranges the order's first package with Shopee's logistics; an arranged order answers its shipment. */
export async function arrangeShopeeShipment(ctx: CallContext, orderNo: string): Promise<PlatformShipment> {
  const pkg = await readPackage(ctx, orderNo);
  const refusal = statusRefusal(pkg);
  if (refusal) throw refusal;
  if (pkg.status === 'PROCESSED') return readTracking(ctx, pkg);
  if (pkg.status !== 'READY_TO_SHIP' && pkg.status !== 'RETRY_SHIP')
    throw new MarketplaceError('rejected', `order ${orderNo} is ${pkg.status}`, { platformCode: pkg.status });
  const parameter = await callShopee(
    shopCall(ctx, { method: 'GET', path: SHOPEE_PATHS.shippingParameter, query: packageKey(pkg) }),
  );
  const body = shipBody(pkg, field(parameter.response, isRecord, 'get_shipping_parameter response'));
  try {
    await callShopee(shopCall(ctx, { method: 'POST', path: SHOPEE_PATHS.shipOrder, body }));
  } catch (error) {
    if (!(error instanceof MarketplaceError) || error.code !== 'rejected') throw error;
    if (isAddressError(error)) throw refused('address_incomplete', error.message);
    // The order changed under us (cancelled, or arranged by another hand): its status says which.
    const now = await readPackage(ctx, orderNo);
    if (now.status === 'PROCESSED') return readTracking(ctx, now);
    throw statusRefusal(now) ?? error;
  }
  return readTracking(ctx, pkg);
}

/** The arranged package's tracking number (null until Shopee issues it, or while not arranged). */
export async function getShopeeShipment(ctx: CallContext, orderNo: string): Promise<PlatformShipment> {
  const pkg = await readPackage(ctx, orderNo);
  const refusal = statusRefusal(pkg);
  if (refusal && refusal.detail.platformCode !== 'already_shipped') throw refusal;
  if (pkg.status === 'READY_TO_SHIP' || pkg.status === 'RETRY_SHIP')
    return { trackingNo: null, carrierName: pkg.carrierName };
  return readTracking(ctx, pkg);
}

/**
 * A document batch call with one package: its result element. `common.batch_api_all_failed`
 * is read like a success here, since the element's fail_error says why.
 */
async function documentResult(
  ctx: CallContext,
  path: string,
  element: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const call = shopCall(ctx, {
    method: 'POST',
    path,
    body: { order_list: [element], shipping_document_type: DOCUMENT_TYPE },
  });
  const { url, init } = shopeeRequest(call);
  const reply = await requestJson(ctx.fetch, url, init);
  const raw = reply.body;
  const allFailed =
    isRecord(raw) && isString(raw.error) && raw.error.replace(/^common\./, '') === 'batch_api_all_failed';
  const body = allFailed && isRecord(raw) ? raw : readShopeeEnvelope(reply, call.now);
  const response = field(body.response, isRecord, `${path} response`);
  const result = field(response.result_list, isArray, `${path} result_list`)[0];
  return field(result, isRecord, `${path} result`);
}

/** download_shipping_document: the PDF's bytes, or Shopee's JSON error. */
async function download(ctx: CallContext, pkg: ShopeePackage): Promise<Buffer> {
  const call = shopCall(ctx, {
    method: 'POST',
    path: SHOPEE_PATHS.downloadDocument,
    body: { shipping_document_type: DOCUMENT_TYPE, order_list: [packageKey(pkg)] },
  });
  const { url, init } = shopeeRequest(call);
  const reply = await requestBytes(ctx.fetch, url, init);
  if (reply.status === 200 && isPdf(reply.bytes)) return reply.bytes;
  readShopeeEnvelope(jsonOfBytes(reply), call.now);
  throw new MarketplaceError('malformed', 'download_shipping_document answered neither a PDF nor an error');
}

/**
 * The package's thermal air waybill: the document task's result first (a label made before is
 * downloaded again, never made twice); when none exists yet it is created, and `pending` answered
 * until Shopee has it READY.
 */
export async function fetchShopeeLabel(
  ctx: CallContext,
  input: { orderNo: string; trackingNo: string },
): Promise<{ status: 'ready'; pdf: Buffer } | { status: 'pending' }> {
  const pkg = await readPackage(ctx, input.orderNo);
  const refusal = statusRefusal(pkg);
  if (refusal && refusal.detail.platformCode !== 'already_shipped') throw refusal;
  const element = { ...packageKey(pkg), shipping_document_type: DOCUMENT_TYPE };
  let result = await documentResult(ctx, SHOPEE_PATHS.documentResult, element);
  if (result.status !== 'READY' && result.status !== 'PROCESSING') {
    const created = await documentResult(ctx, SHOPEE_PATHS.createDocument, {
      ...element,
      tracking_number: input.trackingNo,
    });
    if (isString(created.fail_error) && created.fail_error !== '')
      throw new MarketplaceError('rejected', `${created.fail_error}: ${String(created.fail_message ?? '')}`, {
        platformCode: created.fail_error,
      });
    result = await documentResult(ctx, SHOPEE_PATHS.documentResult, element);
  }
  if (result.status === 'READY') return { status: 'ready', pdf: await download(ctx, pkg) };
  if (result.status === 'PROCESSING') return { status: 'pending' };
  const failure = isString(result.fail_error) && result.fail_error !== '' ? result.fail_error : 'FAILED';
  throw new MarketplaceError('rejected', `${failure}: ${String(result.fail_message ?? '')}`, {
    platformCode: failure,
  });
}

/**
 * Tells Shopee an order shipped with our carrier: ship_order with `non_integrated:
 * {tracking_number}` where get_shipping_parameter asks for it (a non-integrated channel). An order
 * already shipped with this number is a no-op; with another, 'already_shipped'; an order on an
 * integrated channel is refused 'platform_logistics_only' (Shopee's carrier ships it).
 */
export async function pushShopeeTracking(
  ctx: CallContext,
  input: { orderNo: string; trackingNo: string },
): Promise<void> {
  const pkg = await readPackage(ctx, input.orderNo);
  const refusal = statusRefusal(pkg);
  if (refusal && refusal.detail.platformCode !== 'already_shipped') throw refusal;
  if (pkg.status !== 'READY_TO_SHIP' && pkg.status !== 'RETRY_SHIP') {
    const held = await readTracking(ctx, pkg);
    if (held.trackingNo === input.trackingNo) return;
    throw refused('already_shipped', `order ${pkg.orderNo} is ${pkg.status} with another tracking number`);
  }
  const parameter = await callShopee(
    shopCall(ctx, { method: 'GET', path: SHOPEE_PATHS.shippingParameter, query: packageKey(pkg) }),
  );
  const response = field(parameter.response, isRecord, 'get_shipping_parameter response');
  const needed = isRecord(response.info_needed) ? response.info_needed : {};
  if (!isArray(needed.non_integrated))
    throw refused(
      'platform_logistics_only',
      `Shopee ships order ${pkg.orderNo} on an integrated channel (${pkg.carrierName || 'Shopee logistics'}): it takes no tracking number from the seller`,
    );
  const body = { ...packageKey(pkg), non_integrated: { tracking_number: input.trackingNo } };
  try {
    await callShopee(shopCall(ctx, { method: 'POST', path: SHOPEE_PATHS.shipOrder, body }));
  } catch (error) {
    if (!(error instanceof MarketplaceError) || error.code !== 'rejected') throw error;
    if (isAddressError(error)) throw refused('address_incomplete', error.message);
    const now = await readPackage(ctx, input.orderNo);
    if (now.status !== 'READY_TO_SHIP' && now.status !== 'RETRY_SHIP') {
      const held = await readTracking(ctx, now);
      if (held.trackingNo === input.trackingNo) return;
    }
    throw statusRefusal(now) ?? error;
  }
}
