/**
 * Lazada's own logistics for one order, through its Fulfillment API (each call takes one
 * JSON-string parameter and answers `result: {success, error_code, error_msg, data}` inside a
 * `code: "0"` envelope; `success: true` does not mean every item succeeded — each item carries
 * its own `item_err_code`, "0" when it did):
 * - arrange: /order/items/get (the items' statuses and ids; an order ships the items that are not
 *   cancelled) → /order/shipment/providers/get (platform_default 1: Lazada picks the carrier;
 *   otherwise the seller names one, as cross-border NTFS requires) → /order/fulfill/pack
 *   (pending or repacked items; gives package_id and tracking_number) → /order/package/rts
 *   (packed packages are ready to ship). An order already packed is only set ready to ship; one
 *   ready to ship answers its shipment.
 * - label: /order/package/document/get with doc_type PDF answers the document base64 in `file`
 *   (or a `pdf_url` to download).
 * - our own carrier: nothing. Lazada's documents name no call taking a seller's own tracking
 *   number (pack answers the number of the provider Lazada allocates from its own list), so
 *   pushLazadaTracking refuses with that reason instead of pretending the push happened.
 */
import {
  MarketplaceError,
  type CallContext,
  type PlatformShipment,
  type ShipmentRefusalCode,
} from '../../connector.js';
import { isArray, isPdf, isRecord, requestBytes } from '../../http.js';
import { callLazadaSeller } from './client.js';
import { idString } from './values.js';

/** Item statuses that may still be packed, and those packed but not yet handed over. */
const TO_PACK = new Set(['pending', 'repacked', 'topack']);
const PACKED = new Set(['packed', 'ready_to_ship_pending', 'ready_to_ship', 'toship']);

interface LazadaItem {
  id: string;
  status: string;
  packageId: string;
  trackingNo: string;
  carrierName: string;
}

function refused(code: ShipmentRefusalCode, message: string): MarketplaceError {
  return new MarketplaceError('rejected', message, { platformCode: code });
}

/** A Fulfillment API reply's `result.data`; the batch's own failure as our error. */
function resultData(body: Record<string, unknown>, apiPath: string): Record<string, unknown> {
  const result = body.result;
  if (!isRecord(result)) throw new MarketplaceError('malformed', `${apiPath}: the reply has no result`);
  if (result.success !== true && result.success !== 'true') {
    const code = String(result.error_code ?? result.errorCode ?? '');
    const message = String(result.error_msg ?? result.errorMsg ?? code);
    throw new MarketplaceError('rejected', `${apiPath}: ${message}`, { platformCode: code });
  }
  return isRecord(result.data) ? result.data : {};
}

/**
 * An id as a JSON number, written from its digits: Lazada's ids are Java longs, and an
 * order_item_id can be longer than a JavaScript number keeps exactly.
 */
function longId(id: string): string {
  if (!/^\d{1,19}$/.test(id)) throw new MarketplaceError('malformed', `not a Lazada id: ${id}`);
  return id;
}

async function readItems(ctx: CallContext, orderNo: string): Promise<LazadaItem[]> {
  let reply: Record<string, unknown>;
  try {
    reply = await callLazadaSeller(ctx, '/order/items/get', { order_id: orderNo }, 'GET');
  } catch (error) {
    // E016 Invalid Order ID: not an order of this seller.
    if (error instanceof MarketplaceError && error.detail.platformCode === '16')
      throw refused('not_found', `Lazada has no order ${orderNo}`);
    throw error;
  }
  if (!isArray(reply.data)) throw new MarketplaceError('malformed', '/order/items/get: data is not a list');
  const items = reply.data.filter(isRecord).map((item) => ({
    id: idString(item.order_item_id) ?? '',
    status: typeof item.status === 'string' ? item.status : '',
    packageId: typeof item.package_id === 'string' ? item.package_id : '',
    trackingNo: typeof item.tracking_code === 'string' ? item.tracking_code : '',
    carrierName: typeof item.shipment_provider === 'string' ? item.shipment_provider : '',
  }));
  if (items.length === 0) throw refused('not_found', `Lazada has no items for order ${orderNo}`);
  return items;
}

/** The items still to ship, or the refusal their statuses explain. */
function liveItems(orderNo: string, items: LazadaItem[]): LazadaItem[] {
  const live = items.filter((item) => item.status !== 'canceled');
  if (live.length === 0) throw refused('cancelled', `order ${orderNo} is canceled`);
  if (live.some((item) => item.status === 'unpaid')) throw refused('unpaid', `order ${orderNo} is not paid`);
  if (live.every((item) => !TO_PACK.has(item.status) && !PACKED.has(item.status)))
    throw refused('already_shipped', `order ${orderNo} is ${live[0]?.status ?? ''}`);
  return live;
}

function shipmentOf(items: LazadaItem[]): PlatformShipment {
  const tracked = items.find((item) => item.trackingNo !== '');
  return {
    trackingNo: tracked?.trackingNo ?? null,
    carrierName: tracked?.carrierName ?? items.find((item) => item.carrierName !== '')?.carrierName ?? '',
  };
}

/** Lazada's per-item errors that name the buyer's address [UNCONFIRMED: no document lists one]. */
const isAddressMessage = (message: string) => /address/i.test(message);

/** Packs the items with the provider Lazada offers; throws the first item's failure. */
async function pack(ctx: CallContext, orderNo: string, items: LazadaItem[]): Promise<void> {
  const ids = items.map((item) => longId(item.id)).join(',');
  const providers = resultData(
    await callLazadaSeller(
      ctx,
      '/order/shipment/providers/get',
      { getShipmentProvidersReq: `{"orders":[{"order_id":${longId(orderNo)},"order_item_ids":[${ids}]}]}` },
      'GET',
    ),
    '/order/shipment/providers/get',
  );
  const allocate =
    typeof providers.shipping_allocate_type === 'string' ? providers.shipping_allocate_type : '';
  const isDefault = String(providers.platform_default ?? '') === '1';
  const offered = isArray(providers.shipment_providers) ? providers.shipment_providers.filter(isRecord) : [];
  const provider = offered.find((entry) => typeof entry.provider_code === 'string');
  if (!isDefault && !provider)
    throw new MarketplaceError('rejected', `Lazada offers no shipment provider for order ${orderNo}`, {
      platformCode: 'no_shipment_provider',
    });
  const request = [
    `"pack_order_list":[{"order_id":${longId(orderNo)},"order_item_list":[${ids}]}]`,
    `"delivery_type":"dropship"`,
    ...(allocate ? [`"shipping_allocate_type":${JSON.stringify(allocate)}`] : []),
    ...(!isDefault && provider ? [`"shipment_provider_code":${JSON.stringify(provider.provider_code)}`] : []),
  ];
  const data = resultData(
    await callLazadaSeller(ctx, '/order/fulfill/pack', { packReq: `{${request.join(',')}}` }, 'POST'),
    '/order/fulfill/pack',
  );
  const orders = isArray(data.pack_order_list) ? data.pack_order_list.filter(isRecord) : [];
  const results = orders.flatMap((order) =>
    isArray(order.order_item_list) ? order.order_item_list.filter(isRecord) : [],
  );
  const failed = results.find((item) => String(item.item_err_code ?? '') !== '0');
  if (results.length === 0) throw new MarketplaceError('malformed', '/order/fulfill/pack: no item results');
  if (failed) {
    const code = String(failed.item_err_code);
    const message = typeof failed.msg === 'string' ? failed.msg : code;
    if (isAddressMessage(message)) throw refused('address_incomplete', message);
    throw new MarketplaceError('rejected', `/order/fulfill/pack: ${message}`, { platformCode: code });
  }
}

/** Sets the packed packages ready to ship; throws the first package's failure. */
async function readyToShip(ctx: CallContext, packageIds: string[]): Promise<void> {
  const packages = packageIds.map((id) => ({ package_id: id }));
  const data = resultData(
    await callLazadaSeller(
      ctx,
      '/order/package/rts',
      { readyToShipReq: JSON.stringify({ packages }) },
      'POST',
    ),
    '/order/package/rts',
  );
  const results = isArray(data.packages) ? data.packages.filter(isRecord) : [];
  const failed = results.find((entry) => String(entry.item_err_code ?? '') !== '0');
  if (failed) {
    const code = String(failed.item_err_code);
    throw new MarketplaceError('rejected', `/order/package/rts: ${String(failed.msg ?? code)}`, {
      platformCode: code,
    });
  }
}

/** Re-reads the order after a refusal: the refusal its items now explain, or the error itself. */
async function explain(ctx: CallContext, orderNo: string, error: unknown): Promise<never> {
  if (
    !(error instanceof MarketplaceError) ||
    error.code !== 'rejected' ||
    error.detail.platformCode === 'address_incomplete'
  )
    throw error;
  liveItems(orderNo, await readItems(ctx, orderNo));
  throw error;
}

/** Packs and sets ready to ship what the order still needs; an order ready to ship answers its shipment. */
export async function arrangeLazadaShipment(ctx: CallContext, orderNo: string): Promise<PlatformShipment> {
  let live = liveItems(orderNo, await readItems(ctx, orderNo));
  try {
    const toPack = live.filter((item) => TO_PACK.has(item.status));
    if (toPack.length > 0) {
      await pack(ctx, orderNo, toPack);
      live = liveItems(orderNo, await readItems(ctx, orderNo));
    }
    const packed = [
      ...new Set(live.filter((item) => item.status === 'packed').map((item) => item.packageId)),
    ];
    if (packed.length > 0) {
      await readyToShip(ctx, packed);
      live = liveItems(orderNo, await readItems(ctx, orderNo));
    }
  } catch (error) {
    return explain(ctx, orderNo, error);
  }
  return shipmentOf(live);
}

/** The order's tracking number and carrier from its items (null before it is packed). */
export async function getLazadaShipment(ctx: CallContext, orderNo: string): Promise<PlatformShipment> {
  const items = await readItems(ctx, orderNo);
  const live = items.filter((item) => item.status !== 'canceled');
  if (live.length === 0) throw refused('cancelled', `order ${orderNo} is canceled`);
  if (live.some((item) => item.status === 'unpaid')) throw refused('unpaid', `order ${orderNo} is not paid`);
  return shipmentOf(live);
}

/** The package's shipping label as Lazada's document call gives it: base64 `file`, else `pdf_url`. */
export async function fetchLazadaLabel(
  ctx: CallContext,
  input: { orderNo: string; trackingNo: string },
): Promise<{ status: 'ready'; pdf: Buffer }> {
  const items = await readItems(ctx, input.orderNo);
  const live = items.filter((item) => item.status !== 'canceled' && item.packageId !== '');
  const item = live.find((candidate) => candidate.trackingNo === input.trackingNo) ?? live[0];
  if (!item)
    throw new MarketplaceError('rejected', `order ${input.orderNo} has no package yet`, {
      platformCode: items.every((candidate) => candidate.status === 'canceled') ? 'cancelled' : 'not_packed',
    });
  const data = resultData(
    await callLazadaSeller(
      ctx,
      '/order/package/document/get',
      {
        getDocumentReq: JSON.stringify({
          doc_type: 'PDF',
          packages: [{ package_id: item.packageId }],
          print_item_list: false,
        }),
      },
      'GET',
    ),
    '/order/package/document/get',
  );
  if (typeof data.file === 'string' && data.file !== '') {
    const pdf = Buffer.from(data.file, 'base64');
    if (!isPdf(pdf))
      throw new MarketplaceError('malformed', '/order/package/document/get: file is not a PDF');
    return { status: 'ready', pdf };
  }
  if (typeof data.pdf_url === 'string' && data.pdf_url !== '') {
    const reply = await requestBytes(ctx.fetch, data.pdf_url);
    if (reply.status === 200 && isPdf(reply.bytes)) return { status: 'ready', pdf: reply.bytes };
    throw new MarketplaceError('malformed', `pdf_url answered HTTP ${reply.status} without a PDF`, {
      httpStatus: reply.status,
    });
  }
  throw new MarketplaceError('malformed', '/order/package/document/get: neither file nor pdf_url');
}

/**
 * Our own carrier's tracking number for a Lazada order: Lazada documents no way to give it, so
 * this is a refusal the waybill shows ('platform_logistics_only'), never a silent no-op. Lazada
 * orders ship by Lazada's logistics (arrangeLazadaShipment).
 */
export function pushLazadaTracking(_ctx: CallContext, input: { orderNo: string }): Promise<void> {
  return Promise.reject(
    refused(
      'platform_logistics_only',
      `Lazada takes no tracking number from a seller's own carrier (order ${input.orderNo}): ship Lazada orders by Lazada's logistics`,
    ),
  );
}
