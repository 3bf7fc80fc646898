/**
 * Seller logistics on Coupang: Coupang issues no label; the seller ships each shipment box with a
 * domestic courier and uploads the courier's invoice (tracking) number, which moves the box from
 * INSTRUCT (상품준비중, preparing) to DEPARTURE (배송지시). Coupang accepts an invoice only for a
 * box in INSTRUCT, and a paid box waits in ACCEPT (결제완료) until the seller acknowledges it:
 *
 * 1. `GET …/vendors/{vendorId}/{orderId}/ordersheets` — the order's boxes, their status, items and
 *    any invoice number already uploaded;
 * 2. `PATCH …/vendors/{vendorId}/ordersheets/acknowledgement` `{vendorId, shipmentBoxIds}` for the
 *    boxes still in ACCEPT;
 * 3. `POST …/vendors/{vendorId}/orders/invoices` `{vendorId, orderSheetInvoiceApplyDtos: [{
 *    shipmentBoxId, orderId, vendorItemId, deliveryCompanyCode, invoiceNumber, splitShipping:
 *    false, preSplitShipped: false, estimatedShippingDate: ""}]}`, one entry per item still to ship.
 *
 * Both writes answer `data {responseCode (0 success, 1 partly failed, 99 failed), responseMessage,
 * responseList [{shipmentBoxId, succeed, resultCode, retryRequired, resultMessage}]}`; an entry
 * that failed with retryRequired is 'unavailable' (Coupang asks to send it again), any other
 * failure 'rejected'. Boxes already past INSTRUCT with the same number make the push a no-op.
 * `carrierCode` is sent as Coupang's deliveryCompanyCode (CJGLS, HANJIN, …).
 */
import { MarketplaceError, type ShipmentRefusalCode } from '../../connector.js';
import { field, isArray, isNumber, isRecord, isString } from '../../http.js';
import { coupangOrderSheets, coupangSend, coupangVendorPath, type CoupangCall } from './client.js';

/** Box statuses that still take an invoice (after acknowledgement for ACCEPT). */
const AWAITING_INVOICE = new Set(['ACCEPT', 'INSTRUCT']);

interface Box {
  shipmentBoxId: number;
  orderId: number;
  status: string;
  invoiceNumber: string;
  /** vendorItemIds with units left to ship (not cancelled, not held for a cancellation). */
  itemsToShip: number[];
}

const count = (value: unknown) => (isNumber(value) ? value : 0);

function readBox(sheet: unknown): Box {
  const box = field(sheet, isRecord, 'an ordersheet');
  const items = field(box.orderItems, isArray, 'orderItems').map((item) =>
    field(item, isRecord, 'an order item'),
  );
  return {
    shipmentBoxId: field(box.shipmentBoxId, isNumber, 'shipmentBoxId'),
    orderId: field(box.orderId, isNumber, 'orderId'),
    status: field(box.status, isString, 'status'),
    invoiceNumber: isString(box.invoiceNumber) ? box.invoiceNumber : '',
    itemsToShip: items
      .filter(
        (item) =>
          item.canceled !== true &&
          count(item.shippingCount) - count(item.cancelCount) - count(item.holdCountForCancel) > 0,
      )
      .map((item) => field(item.vendorItemId, isNumber, 'vendorItemId')),
  };
}

function refusal(code: ShipmentRefusalCode, message: string): MarketplaceError {
  return new MarketplaceError('rejected', message, { platformCode: code });
}

/** A write's per-box results; throws on the first box that failed. */
function checkResults(body: Record<string, unknown> | null, what: string): void {
  const data = body && isRecord(body.data) ? body.data : null;
  if (!data) throw new MarketplaceError('malformed', `Coupang: the ${what} reply has no data`);
  const results = isArray(data.responseList) ? data.responseList.filter(isRecord) : [];
  const failed = results.find((result) => result.succeed !== true);
  const isSuccess = (data.responseCode === 0 || data.responseCode === '0') && results.length > 0;
  if (isSuccess && !failed) return;
  const message =
    [failed?.resultMessage, data.responseMessage].find(isString) ??
    `responseCode ${String(data.responseCode)}`;
  const resultCode =
    failed && (isString(failed.resultCode) || isNumber(failed.resultCode)) ? String(failed.resultCode) : '';
  throw new MarketplaceError(
    failed?.retryRequired === true ? 'unavailable' : 'rejected',
    `Coupang ${what}: ${message}`,
    {
      platformCode: resultCode || String(data.responseCode),
    },
  );
}

/** Uploads the invoice number for the order's boxes that await one; the same number again sends nothing. */
export async function pushCoupangInvoice(
  call: CoupangCall,
  input: { orderNo: string; trackingNo: string; carrierCode: string },
): Promise<void> {
  const { orderNo, trackingNo } = input;
  const sheets = /^\d+$/.test(orderNo) ? await coupangOrderSheets(call, orderNo) : null;
  if (!sheets || sheets.length === 0) throw refusal('not_found', `Coupang has no order ${orderNo}`);
  const live = sheets.map(readBox).filter((box) => box.itemsToShip.length > 0);
  if (live.length === 0)
    throw refusal('cancelled', `Coupang order ${orderNo} is cancelled or being cancelled`);
  const awaiting = live.filter((box) => AWAITING_INVOICE.has(box.status));
  if (awaiting.length === 0) {
    if (live.every((box) => box.invoiceNumber === trackingNo)) return;
    throw refusal('already_shipped', `Coupang order ${orderNo} already shipped with another invoice number`);
  }
  const vendorPath = coupangVendorPath(call.keys.vendorId);
  const accepted = awaiting.filter((box) => box.status === 'ACCEPT').map((box) => box.shipmentBoxId);
  if (accepted.length > 0) {
    const acknowledged = await coupangSend({
      ...call,
      method: 'PATCH',
      path: `${vendorPath}/ordersheets/acknowledgement`,
      query: '',
      body: { vendorId: call.keys.vendorId, shipmentBoxIds: accepted },
    });
    checkResults(acknowledged, 'acknowledgement');
  }
  const uploaded = await coupangSend({
    ...call,
    method: 'POST',
    path: `${vendorPath}/orders/invoices`,
    query: '',
    body: {
      vendorId: call.keys.vendorId,
      orderSheetInvoiceApplyDtos: awaiting.flatMap((box) =>
        box.itemsToShip.map((vendorItemId) => ({
          shipmentBoxId: box.shipmentBoxId,
          orderId: box.orderId,
          vendorItemId,
          deliveryCompanyCode: input.carrierCode,
          invoiceNumber: trackingNo,
          splitShipping: false,
          preSplitShipped: false,
          estimatedShippingDate: '',
        })),
      ),
    },
  });
  checkResults(uploaded, 'invoice upload');
}
