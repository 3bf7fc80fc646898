/**
 * Joom's shipping calls for one order (Joom publishes no reference for them; this follows
 * third-party integrations' use of the Merchant API v3):
 * - Joom Logistics (the platform's own): `GET /orders?id=` (status) → `POST /orders/fulfillOnline`
 *   with `{ids: [id], provider: "Joom Logistics", pickup: false}` → `data{shipperName,
 *   shippingOrderNumber, trackingNumber}`; the order goes `approved → fulfilledOnline`. Its label:
 *   `GET /orders/shippingLabel?id=` → the PDF's bytes, or a v3 `{errors}` body.
 * - Our own carrier: `POST /orders/fulfill?id=` with `{provider, trackingNumber}` (pushTracking).
 * Joom documents no batch semantics for fulfillOnline's `ids`: one id is sent per call
 * [UNCONFIRMED], and no pickup (the parcel is dropped off at Joom's consolidation point).
 */
import {
  MarketplaceError,
  type CallContext,
  type PlatformShipment,
  type ShipmentRefusalCode,
} from '../../connector.js';
import { field, isPdf, isRecord, isString, jsonOfBytes, requestBytes } from '../../http.js';
import {
  JOOM_FULFIL_ONLINE_PATH,
  JOOM_FULFIL_PATH,
  JOOM_ORDER_PATH,
  JOOM_SHIPPING_LABEL_PATH,
  getV3,
  joomErrorOf,
  postV3,
  v3Failure,
} from './client.js';
import { joomAuthorization } from './sign.js';

/** The provider name fulfillOnline is given for Joom's own logistics [3P]. */
export const JOOM_LOGISTICS_PROVIDER = 'Joom Logistics';

/** Statuses in which Joom no longer ships the order. */
const CANCELLED = new Set(['cancelled', 'refunded', 'paidByJoomRefund']);

interface JoomShipping {
  orderNo: string;
  status: string;
  trackingNo: string;
  carrierName: string;
}

function refused(code: ShipmentRefusalCode, message: string): MarketplaceError {
  return new MarketplaceError('rejected', message, { platformCode: code });
}

/** The order's status and shipment as `GET /orders?id=` answers them. */
async function readOrder(ctx: CallContext, orderNo: string): Promise<JoomShipping> {
  const read = await getV3(ctx, JOOM_ORDER_PATH, { id: orderNo });
  if (read.status === 404 || (read.status === 400 && joomErrorOf(read.body).field === 'id'))
    throw refused('not_found', `Joom has no order ${orderNo}`);
  if (read.status !== 200) throw v3Failure(read);
  const order = field(isRecord(read.body) ? read.body.data : undefined, isRecord, 'data of the order');
  const shipment = isRecord(order.shipment) ? order.shipment : {};
  const tracking = isString(shipment.trackingNumber) ? shipment.trackingNumber : order.trackingNumber;
  const carrier = isString(shipment.provider) ? shipment.provider : shipment.shipperName;
  return {
    orderNo,
    status: field(order.status, isString, 'status of the order'),
    trackingNo: isString(tracking) ? tracking : '',
    carrierName: isString(carrier) ? carrier : '',
  };
}

/** The refusal a status explains for shipping now; null when the order is approved. */
function statusRefusal(order: JoomShipping): MarketplaceError | null {
  if (CANCELLED.has(order.status))
    return refused('cancelled', `Joom order ${order.orderNo} is ${order.status}`);
  if (order.status !== 'approved')
    return refused('already_shipped', `Joom order ${order.orderNo} is ${order.status}`);
  return null;
}

const shipmentOf = (order: JoomShipping): PlatformShipment => ({
  trackingNo: order.trackingNo === '' ? null : order.trackingNo,
  carrierName: order.carrierName,
});

/**
 * Hands an approved order to Joom Logistics; an order already fulfilled online answers its
 * shipment (a retry after a lost reply ships nothing twice). A refusal of fulfillOnline is read
 * again against the order: cancelled meanwhile, or fulfilled by another hand.
 */
export async function arrangeJoomShipment(ctx: CallContext, orderNo: string): Promise<PlatformShipment> {
  const order = await readOrder(ctx, orderNo);
  if (order.status === 'fulfilledOnline') return shipmentOf(order);
  const refusal = statusRefusal(order);
  if (refusal) throw refusal;
  const reply = await postV3(
    ctx,
    JOOM_FULFIL_ONLINE_PATH,
    {},
    { ids: [orderNo], provider: JOOM_LOGISTICS_PROVIDER, pickup: false },
  );
  if (reply.status !== 200) {
    const failure = v3Failure(reply);
    if (failure.code !== 'rejected') throw failure;
    if (/address|phone/i.test(failure.message)) throw refused('address_incomplete', failure.message);
    const now = await readOrder(ctx, orderNo);
    if (now.status === 'fulfilledOnline') return shipmentOf(now);
    throw statusRefusal(now) ?? failure;
  }
  const data = field(isRecord(reply.body) ? reply.body.data : undefined, isRecord, 'data of fulfillOnline');
  const trackingNo = isString(data.trackingNumber) ? data.trackingNumber : '';
  return {
    trackingNo: trackingNo === '' ? null : trackingNo,
    carrierName: isString(data.shipperName) ? data.shipperName : JOOM_LOGISTICS_PROVIDER,
  };
}

/** The order's Joom Logistics tracking number and carrier (null while not fulfilled online). */
export async function getJoomShipment(ctx: CallContext, orderNo: string): Promise<PlatformShipment> {
  const order = await readOrder(ctx, orderNo);
  if (CANCELLED.has(order.status)) throw statusRefusal(order) ?? refused('cancelled', order.status);
  if (order.status === 'approved') return { trackingNo: null, carrierName: '' };
  return shipmentOf(order);
}

/** The Joom Logistics label: `GET /orders/shippingLabel?id=` answers the PDF's bytes or a v3 error. */
export async function fetchJoomLabel(
  ctx: CallContext,
  input: { orderNo: string; trackingNo: string },
): Promise<{ status: 'ready'; pdf: Buffer } | { status: 'pending' }> {
  const url = `${ctx.app.apiUrl}${JOOM_SHIPPING_LABEL_PATH}?${new URLSearchParams({ id: input.orderNo }).toString()}`;
  const reply = await requestBytes(ctx.fetch, url, {
    method: 'GET',
    headers: { authorization: joomAuthorization(ctx.grant.accessToken), accept: 'application/pdf' },
  });
  if (reply.status === 200 && isPdf(reply.bytes)) return { status: 'ready', pdf: reply.bytes };
  const json = jsonOfBytes(reply);
  if (json.status === 404) throw refused('not_found', `Joom has no label for order ${input.orderNo}`);
  if (json.status !== 200) throw v3Failure(json);
  throw new MarketplaceError('malformed', 'shippingLabel answered neither a PDF nor an error');
}

/**
 * Tells Joom an order shipped with our carrier: `GET /orders?id=` first, then `POST
 * /orders/fulfill?id=` with `{provider, trackingNumber}` only while the order is `approved`.
 * Joom fulfils an order once and says nothing of fulfilling it again [UNCONFIRMED], so the state
 * read first makes the same number again a no-op: `shipped` (or `fulfilledOnline`) with that
 * number returns; with another number it is 'already_shipped'; `cancelled`, `refunded` and
 * `paidByJoomRefund` are 'cancelled'; a return state is 'already_shipped'.
 */
export async function pushJoomTracking(
  ctx: CallContext,
  input: { orderNo: string; trackingNo: string; carrierName: string },
): Promise<void> {
  const order = await readOrder(ctx, input.orderNo);
  if (order.status === 'shipped' || order.status === 'fulfilledOnline') {
    if (order.trackingNo === input.trackingNo) return;
    throw refused(
      'already_shipped',
      `Joom order ${input.orderNo} already shipped with another tracking number`,
    );
  }
  const refusal = statusRefusal(order);
  if (refusal) throw refusal;
  // [UNCONFIRMED] Joom also takes a providerId from its /shippers list; our carrier's name is sent as provider.
  const reply = await postV3(
    ctx,
    JOOM_FULFIL_PATH,
    { id: input.orderNo },
    { provider: input.carrierName, trackingNumber: input.trackingNo },
  );
  if (reply.status !== 200) throw v3Failure(reply);
}
