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
 * Orders whose shipping_type is SELLER ship with the seller's own carrier: not arranged here.
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
