/**
 * TikTok Shop's own logistics (orders whose shipping_type is TIKTOK) for one order's package:
 * - arrange: the order (`orders?ids=`: status, package id) → POST
 *   /fulfillment/202309/packages/{package_id}/ship with handover_method PICKUP (TikTok's carrier
 *   collects from the seller; the pickup slot is optional and left to TikTok's default
 *   [UNCONFIRMED that every region accepts a pickup without one]) → the order again for the
 *   tracking number and carrier. The order goes AWAITING_SHIPMENT → AWAITING_COLLECTION.
 * - label: GET /fulfillment/202309/packages/{package_id}/shipping_documents with
 *   document_type SHIPPING_LABEL, document_size A6, document_format PDF → `doc_url`, a short-lived
 *   link to the PDF, downloaded at once.
 * Orders whose shipping_type is SELLER ship with the seller's own carrier: not arranged here;
 * pushTiktokTracking tells TikTok that carrier's tracking number: the provider found on the
 * shop's sales warehouse (GET /logistics/202309/warehouses → …/warehouses/{id}/delivery_options
 * → …/delivery_options/{id}/shipping_providers, matched by name) and POST
 * /fulfillment/202309/orders/{order_id}/packages with {tracking_number, shipping_provider_id,
 * order_line_item_ids}. An order TikTok's logistics ships takes no number from the seller.
 */
import {
  MarketplaceError,
  type CallContext,
  type PlatformShipment,
  type ShipmentRefusalCode,
} from '../../connector.js';
import { field, isArray, isPdf, isRecord, isString, requestBytes } from '../../http.js';
import { callApi, TIKTOK_PATHS } from './client.js';

/** Order statuses after which the parcel has left the seller. */
const SHIPPED = new Set(['IN_TRANSIT', 'DELIVERED', 'COMPLETED']);

interface TiktokPackage {
  orderNo: string;
  status: string;
  shippingType: string;
  packageId: string;
  trackingNo: string;
  carrierName: string;
  lineItemIds: string[];
}

function refused(code: ShipmentRefusalCode, message: string): MarketplaceError {
  return new MarketplaceError('rejected', message, { platformCode: code });
}

async function readPackage(ctx: CallContext, orderNo: string): Promise<TiktokPackage> {
  const data = await callApi(ctx, {
    method: 'GET',
    path: TIKTOK_PATHS.orderDetail,
    query: { ids: orderNo },
    shopScoped: true,
  });
  const orders = data.orders === undefined ? [] : field(data.orders, isArray, 'orders');
  const order = orders.filter(isRecord).find((candidate) => candidate.id === orderNo);
  if (!order) throw refused('not_found', `TikTok Shop has no order ${orderNo}`);
  const packages = isArray(order.packages) ? order.packages.filter(isRecord) : [];
  const packageId = packages.map((entry) => entry.id).find(isString) ?? '';
  return {
    orderNo,
    status: field(order.status, isString, 'order status'),
    shippingType: isString(order.shipping_type) ? order.shipping_type : '',
    packageId,
    trackingNo: isString(order.tracking_number) ? order.tracking_number : '',
    carrierName: isString(order.shipping_provider) ? order.shipping_provider : '',
    lineItemIds: (isArray(order.line_items) ? order.line_items.filter(isRecord) : [])
      .map((item) => item.id)
      .filter(isString),
  };
}

/** The refusal an order's status explains; null when it may ship or has shipped. */
function statusRefusal(pkg: TiktokPackage): MarketplaceError | null {
  if (pkg.status === 'UNPAID') return refused('unpaid', `order ${pkg.orderNo} is not paid`);
  if (pkg.status === 'CANCELLED') return refused('cancelled', `order ${pkg.orderNo} is cancelled`);
  return null;
}

const shipmentOf = (pkg: TiktokPackage): PlatformShipment => ({
  trackingNo: pkg.trackingNo === '' ? null : pkg.trackingNo,
  carrierName: pkg.carrierName,
});

/** Ships the order's package with TikTok's logistics; an order already arranged answers its shipment. */
export async function arrangeTiktokShipment(ctx: CallContext, orderNo: string): Promise<PlatformShipment> {
  const pkg = await readPackage(ctx, orderNo);
  const refusal = statusRefusal(pkg);
  if (refusal) throw refusal;
  if (SHIPPED.has(pkg.status)) throw refused('already_shipped', `order ${orderNo} is ${pkg.status}`);
  if (pkg.status === 'AWAITING_COLLECTION') return shipmentOf(pkg);
  if (pkg.shippingType === 'SELLER')
    throw new MarketplaceError('rejected', `order ${orderNo} ships with the seller's own carrier`, {
      platformCode: 'SELLER',
    });
  // ON_HOLD (the buyer's free-cancel window) and partial shipments are TikTok's to explain.
  if (pkg.status !== 'AWAITING_SHIPMENT')
    throw new MarketplaceError('rejected', `order ${orderNo} is ${pkg.status}`, { platformCode: pkg.status });
  if (pkg.packageId === '') throw new MarketplaceError('malformed', `order ${orderNo} has no package`);
  try {
    await callApi(ctx, {
      method: 'POST',
      path: `/fulfillment/202309/packages/${encodeURIComponent(pkg.packageId)}/ship`,
      body: { handover_method: 'PICKUP' },
      shopScoped: true,
    });
  } catch (error) {
    if (!(error instanceof MarketplaceError) || error.code !== 'rejected') throw error;
    // [UNCONFIRMED] TikTok's code for an unusable address; its message names the address.
    if (/address/i.test(error.message)) throw refused('address_incomplete', error.message);
    const now = await readPackage(ctx, orderNo);
    if (now.status === 'AWAITING_COLLECTION') return shipmentOf(now);
    throw statusRefusal(now) ?? error;
  }
  return shipmentOf(await readPackage(ctx, orderNo));
}

/** The order's tracking number and carrier (null before the package is shipped). */
export async function getTiktokShipment(ctx: CallContext, orderNo: string): Promise<PlatformShipment> {
  const pkg = await readPackage(ctx, orderNo);
  const refusal = statusRefusal(pkg);
  if (refusal) throw refusal;
  return shipmentOf(pkg);
}

/** The package's A6 PDF label through its short-lived doc_url; `pending` while TikTok gives none. */
export async function fetchTiktokLabel(
  ctx: CallContext,
  input: { orderNo: string; trackingNo: string },
): Promise<{ status: 'ready'; pdf: Buffer } | { status: 'pending' }> {
  const pkg = await readPackage(ctx, input.orderNo);
  const refusal = statusRefusal(pkg);
  if (refusal) throw refusal;
  if (pkg.packageId === '') throw new MarketplaceError('malformed', `order ${input.orderNo} has no package`);
  const data = await callApi(ctx, {
    method: 'GET',
    path: `/fulfillment/202309/packages/${encodeURIComponent(pkg.packageId)}/shipping_documents`,
    query: { document_type: 'SHIPPING_LABEL', document_size: 'A6', document_format: 'PDF' },
    shopScoped: true,
  });
  const url = isString(data.doc_url) ? data.doc_url : '';
  if (url === '') return { status: 'pending' };
  const reply = await requestBytes(ctx.fetch, url);
  if (reply.status === 200 && isPdf(reply.bytes)) return { status: 'ready', pdf: reply.bytes };
  throw new MarketplaceError('malformed', `doc_url answered HTTP ${reply.status} without a PDF`, {
    httpStatus: reply.status,
  });
}

/** A list in a logistics reply's data (warehouses, delivery_options, shipping_providers). */
async function listOf(ctx: CallContext, path: string, name: string): Promise<Record<string, unknown>[]> {
  const data = await callApi(ctx, { method: 'GET', path, shopScoped: true });
  const list = data[name] === undefined ? [] : field(data[name], isArray, name);
  return list.filter(isRecord);
}

/** A provider's name names our carrier: equal, or one inside the other ('Kerry Express (TH)' and 'Kerry Express'), case aside. */
function sameName(provider: string, ours: string): boolean {
  const [a, b] = [provider.trim().toLowerCase(), ours.trim().toLowerCase()];
  return a !== '' && b !== '' && (a === b || a.includes(b) || b.includes(a));
}

/**
 * The id TikTok knows our carrier by: the shipping providers of the shop's sales warehouses'
 * delivery options (the default warehouse first), matched by name or code. None matching is a
 * refusal naming the carrier, so the staff can have it offered or ship by TikTok.
 */
async function providerIdOf(ctx: CallContext, carrier: { name: string; code: string }): Promise<string> {
  const warehouses = (await listOf(ctx, '/logistics/202309/warehouses', 'warehouses'))
    .filter((warehouse) => warehouse.type === undefined || warehouse.type === 'SALES_WAREHOUSE')
    .sort((a, b) => Number(b.is_default === true) - Number(a.is_default === true));
  for (const warehouse of warehouses) {
    if (!isString(warehouse.id)) continue;
    const options = await listOf(
      ctx,
      `/logistics/202309/warehouses/${encodeURIComponent(warehouse.id)}/delivery_options`,
      'delivery_options',
    );
    for (const option of options) {
      if (!isString(option.id)) continue;
      const providers = await listOf(
        ctx,
        `/logistics/202309/delivery_options/${encodeURIComponent(option.id)}/shipping_providers`,
        'shipping_providers',
      );
      const found = providers.find(
        (provider) =>
          isString(provider.name) &&
          (sameName(provider.name, carrier.name) ||
            (carrier.code !== '' && sameName(provider.name, carrier.code))),
      );
      if (found && isString(found.id)) return found.id;
    }
  }
  throw new MarketplaceError(
    'rejected',
    `TikTok Shop offers no shipping provider named ${carrier.name} for this shop's warehouses`,
    { platformCode: 'provider_not_offered' },
  );
}

/**
 * Tells TikTok Shop a seller-shipped order left with our carrier (a package with its tracking
 * number). The same number again is a no-op; another number, 'already_shipped'; an order TikTok's
 * own logistics ships (shipping_type TIKTOK), 'platform_logistics_only'.
 */
export async function pushTiktokTracking(
  ctx: CallContext,
  input: { orderNo: string; trackingNo: string; carrierName: string; carrierCode: string },
): Promise<void> {
  const pkg = await readPackage(ctx, input.orderNo);
  const refusal = statusRefusal(pkg);
  if (refusal) throw refusal;
  if (pkg.shippingType !== 'SELLER')
    throw refused(
      'platform_logistics_only',
      `TikTok Shop's logistics ships order ${input.orderNo} (shipping_type ${pkg.shippingType || 'TIKTOK'}): it takes no tracking number from the seller`,
    );
  if (pkg.trackingNo !== '') {
    if (pkg.trackingNo === input.trackingNo) return;
    throw refused('already_shipped', `order ${input.orderNo} shipped with another tracking number`);
  }
  if (pkg.status !== 'AWAITING_SHIPMENT')
    throw new MarketplaceError('rejected', `order ${input.orderNo} is ${pkg.status}`, {
      platformCode: pkg.status,
    });
  const providerId = await providerIdOf(ctx, { name: input.carrierName, code: input.carrierCode });
  await callApi(ctx, {
    method: 'POST',
    path: `/fulfillment/202309/orders/${encodeURIComponent(input.orderNo)}/packages`,
    body: {
      tracking_number: input.trackingNo,
      shipping_provider_id: providerId,
      order_line_item_ids: pkg.lineItemIds,
    },
    shopScoped: true,
  });
}
