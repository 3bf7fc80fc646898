/**
 * Coupang's ordersheet → our MarketplaceOrder. An ordersheet is one shipment box
 * (`shipmentBoxId`) of an order (`orderId`, our order number); an order split into several boxes
 * comes as several sheets, merged here into one order. Lines carry a quantity (`shippingCount`,
 * which excludes cancelled units) and a unit price in whole won (`salesPrice`); the order's amounts
 * are its boxes' delivery charges and its items' prices less their discounts. Times are KST
 * without a zone and leave here with +09:00. Shapes follow the v4 ordersheets documents.
 */
import type { OrderCurrency, PlatformStatus } from '@shared/domain/order.js';
import { decimalToMinor, optionalMinor, orderAmounts } from '../../amounts.js';
import { MarketplaceError, type MarketplaceLine, type MarketplaceOrder } from '../../connector.js';
import { isArray, isNumber, isRecord, isString } from '../../http.js';
import { kstIso, parseKst } from './kst.js';

/** The delivery statuses of an ordersheet, in the order a box moves through them. */
export const COUPANG_SHEET_STATUSES = [
  'ACCEPT',
  'INSTRUCT',
  'DEPARTURE',
  'NONE_TRACKING',
  'DELIVERING',
  'FINAL_DELIVERY',
] as const;
export type CoupangSheetStatus = (typeof COUPANG_SHEET_STATUSES)[number];

/**
 * How Coupang's box statuses read as the spec's platform statuses:
 * - ACCEPT (결제완료, paid) and INSTRUCT (상품준비중, the seller acknowledged and prepares it) are
 *   both waiting for us to ship: READY_TO_SHIP;
 * - DEPARTURE (배송지시, the invoice number is uploaded) and NONE_TRACKING (the seller's own
 *   untracked delivery) have left the seller: SHIPPED;
 * - DELIVERING (배송중): IN_TRANSIT; FINAL_DELIVERY (배송완료): COMPLETED.
 * A box whose every item is cancelled is CANCELLED, and one with units held for a cancellation
 * refund (`holdCountForCancel`) is IN_CANCEL, whatever its delivery status says.
 */
export const COUPANG_STATUS_MAP: Readonly<Record<CoupangSheetStatus, PlatformStatus>> = {
  ACCEPT: 'READY_TO_SHIP',
  INSTRUCT: 'READY_TO_SHIP',
  DEPARTURE: 'SHIPPED',
  NONE_TRACKING: 'SHIPPED',
  DELIVERING: 'IN_TRANSIT',
  FINAL_DELIVERY: 'COMPLETED',
};

/** Coupang sells in won: the Korean marketplace's prices are whole KRW (CURRENCY_DECIMALS 0). */
export const COUPANG_CURRENCY: OrderCurrency = 'KRW';

function malformed(what: string): never {
  throw new MarketplaceError('malformed', `Coupang ordersheet: ${what}`);
}

/** A numeric id as Coupang sends it (a JSON number, or a string of digits), as text. */
function idOf(value: unknown, what: string): string {
  if (isNumber(value) && Number.isSafeInteger(value) && value >= 0) return String(value);
  if (isString(value) && /^\d+$/.test(value)) return value;
  return malformed(`${what} is missing or not a number`);
}

function textOf(value: unknown): string {
  return isString(value) ? value : '';
}

function countOf(value: unknown, what: string, required: boolean): number {
  if (value === undefined || value === null) return required ? malformed(`${what} is missing`) : 0;
  if (!isNumber(value) || !Number.isInteger(value) || value < 0) return malformed(`${what} is not a count`);
  return value;
}

interface SheetItem {
  itemId: string;
  variationId: string;
  sellerSku: string;
  title: string;
  shippingCount: number;
  cancelCount: number;
  holdCount: number;
  isCancelled: boolean;
  unitPrice: number;
  /** orderPrice: the item's price times its count, before discountPrice [UNCONFIRMED]; null when absent. */
  orderPrice: number | null;
  /** discountPrice: what the item's discounts take off; null when absent. */
  discount: number | null;
  shipByDay: string;
  changedAt: number | null;
}

interface Sheet {
  orderNo: string;
  status: CoupangSheetStatus;
  orderedAt: number;
  paidAt: number | null;
  changedAt: number[];
  buyerName: string;
  recipientName: string;
  recipientPhone: string;
  recipientAddress: string;
  buyerMessage: string;
  logisticsChannel: string;
  trackingNo: string;
  /** The box's delivery charge to the buyer: shippingPrice plus remotePrice (a remote-area surcharge). */
  shipping: number;
  items: SheetItem[];
}

function readItem(raw: unknown, index: number): SheetItem {
  if (!isRecord(raw)) return malformed(`orderItems[${index}] is not an object`);
  const shipByDay = textOf(raw.estimatedShippingDate);
  return {
    itemId:
      raw.sellerProductId === undefined || raw.sellerProductId === null
        ? ''
        : idOf(raw.sellerProductId, 'sellerProductId'),
    variationId: idOf(raw.vendorItemId, `orderItems[${index}].vendorItemId`),
    sellerSku: textOf(raw.externalVendorSkuCode),
    title: textOf(raw.vendorItemName) || textOf(raw.sellerProductName),
    shippingCount: countOf(raw.shippingCount, `orderItems[${index}].shippingCount`, true),
    cancelCount: countOf(raw.cancelCount, `orderItems[${index}].cancelCount`, false),
    holdCount: countOf(raw.holdCountForCancel, `orderItems[${index}].holdCountForCancel`, false),
    isCancelled: raw.canceled === true,
    unitPrice: decimalToMinor(raw.salesPrice, COUPANG_CURRENCY, `orderItems[${index}].salesPrice`),
    orderPrice: optionalMinor(raw.orderPrice, COUPANG_CURRENCY, `orderItems[${index}].orderPrice`),
    discount: optionalMinor(raw.discountPrice, COUPANG_CURRENCY, `orderItems[${index}].discountPrice`),
    shipByDay: /^\d{4}-\d{2}-\d{2}$/.test(shipByDay) ? shipByDay : '',
    changedAt: Math.max(parseKst(raw.invoiceNumberUploadDate) ?? 0, parseKst(raw.confirmDate) ?? 0) || null,
  };
}

function readSheet(raw: unknown): Sheet {
  if (!isRecord(raw)) return malformed('not an object');
  const orderNo = idOf(raw.orderId, 'orderId');
  idOf(raw.shipmentBoxId, 'shipmentBoxId');
  const status = COUPANG_SHEET_STATUSES.find((candidate) => candidate === raw.status);
  if (!status) return malformed(`status ${JSON.stringify(raw.status)} is not a documented status`);
  const orderedAt = parseKst(raw.orderedAt);
  if (orderedAt === null) return malformed('orderedAt is missing');
  if (!isArray(raw.orderItems) || raw.orderItems.length === 0) return malformed('orderItems is missing');
  const items = raw.orderItems.map(readItem);
  const orderer = isRecord(raw.orderer) ? raw.orderer : {};
  const receiver = isRecord(raw.receiver) ? raw.receiver : {};
  const postCode = textOf(receiver.postCode);
  const street = [textOf(receiver.addr1), textOf(receiver.addr2)].filter((part) => part !== '').join(' ');
  return {
    orderNo,
    status,
    orderedAt,
    paidAt: parseKst(raw.paidAt),
    changedAt: [parseKst(raw.inTrasitDateTime), parseKst(raw.deliveredDate)].filter(
      (at): at is number => at !== null,
    ),
    buyerName: textOf(orderer.name),
    recipientName: textOf(receiver.name),
    recipientPhone: textOf(receiver.safeNumber) || textOf(receiver.receiverNumber),
    recipientAddress: postCode === '' ? street : `${street} (${postCode})`,
    buyerMessage: textOf(raw.parcelPrintMessage),
    logisticsChannel: textOf(raw.deliveryCompanyName),
    trackingNo: textOf(raw.invoiceNumber),
    shipping:
      (optionalMinor(raw.shippingPrice, COUPANG_CURRENCY, 'shippingPrice') ?? 0) +
      (optionalMinor(raw.remotePrice, COUPANG_CURRENCY, 'remotePrice') ?? 0),
    items,
  };
}

const isSheetCancelled = (sheet: Sheet) =>
  sheet.items.every((item) => item.isCancelled || (item.shippingCount === 0 && item.cancelCount > 0));

/** One order from all its sheets (one per shipment box): the rules of COUPANG_STATUS_MAP. */
function orderOf(sheets: Sheet[], changedAt: number | null): MarketplaceOrder {
  const [first] = sheets;
  if (!first) return malformed('no sheet');
  const isCancelled = sheets.every(isSheetCancelled);
  const open = sheets.filter((sheet) => !isSheetCancelled(sheet));
  const isInCancel = !isCancelled && open.some((sheet) => sheet.items.some((item) => item.holdCount > 0));
  const leading = open.reduce<Sheet | undefined>(
    (least, sheet) =>
      !least || COUPANG_SHEET_STATUSES.indexOf(sheet.status) < COUPANG_SHEET_STATUSES.indexOf(least.status)
        ? sheet
        : least,
    undefined,
  );
  const status = (leading ?? first).status;
  const platformStatus: PlatformStatus = isCancelled
    ? 'CANCELLED'
    : isInCancel
      ? 'IN_CANCEL'
      : COUPANG_STATUS_MAP[status];
  const rawStatus = isCancelled
    ? `${status} (canceled)`
    : isInCancel
      ? `${status} (cancel requested)`
      : status;

  const lines = new Map<string, MarketplaceLine>();
  for (const item of sheets.flatMap((sheet) => sheet.items)) {
    // Cancelled units are not shipped: a line counts shippingCount, except in a cancelled order,
    // which keeps what was ordered so the record shows it.
    const quantity = isCancelled ? item.shippingCount + item.cancelCount : item.shippingCount;
    if (quantity === 0) continue;
    const line = lines.get(item.variationId);
    if (line) line.quantity += quantity;
    else
      lines.set(item.variationId, {
        itemId: item.itemId,
        variationId: item.variationId,
        sellerSku: item.sellerSku,
        barcode: '',
        title: item.title,
        quantity,
        unitPrice: item.unitPrice,
      });
  }

  const times = sheets.flatMap((sheet) => [
    sheet.orderedAt,
    sheet.paidAt ?? 0,
    ...sheet.changedAt,
    ...sheet.items.map((item) => item.changedAt ?? 0),
  ]);
  const shipByDays = sheets
    .flatMap((sheet) => sheet.items.map((item) => item.shipByDay))
    .filter((day) => day !== '')
    .sort();
  const items = sheets.flatMap((sheet) => sheet.items);
  // Coupang states no order total: its boxes' items and delivery charges, less the items' discounts.
  const amounts = orderAmounts(
    items.reduce(
      (sum, item) => sum + (item.orderPrice ?? item.unitPrice * (item.shippingCount + item.cancelCount)),
      0,
    ),
    {
      total: null,
      shipping: sheets.reduce((sum, sheet) => sum + sheet.shipping, 0),
      discount: items.reduce((sum, item) => sum + (item.discount ?? 0), 0),
    },
  );
  const paidAt = sheets.map((sheet) => sheet.paidAt).find((at): at is number => at !== null) ?? null;
  const shipped = sheets.find((sheet) => sheet.trackingNo !== '') ?? first;
  return {
    orderNo: first.orderNo,
    platformStatus,
    rawStatus,
    orderedAt: kstIso(Math.min(...sheets.map((sheet) => sheet.orderedAt))),
    updatedAt: kstIso(Math.max(...times, changedAt ?? 0)),
    paidAt: paidAt === null ? null : kstIso(paidAt),
    shipBy: shipByDays[0] ? `${shipByDays[0]}T23:59:59+09:00` : null,
    currency: COUPANG_CURRENCY,
    buyerName: first.buyerName,
    recipientName: first.recipientName,
    recipientPhone: first.recipientPhone,
    recipientAddress: first.recipientAddress,
    buyerMessage: first.buyerMessage,
    logisticsChannel: shipped.logisticsChannel,
    trackingNo: shipped.trackingNo,
    lines: [...lines.values()],
    amounts,
  };
}

/**
 * Coupang ordersheets → orders, one per orderId in the order the sheets came (the boxes of one
 * order merged). `changedAt` maps an order number to a change Coupang reports elsewhere (a
 * cancellation receipt's time): ordersheets carry no update time of their own, so updatedAt is
 * the latest time a sheet names (payment, invoice upload, dispatch, delivery, confirmation).
 * Throws 'malformed' when a sheet lacks what the documents make required.
 */
export function normaliseCoupangSheets(
  sheets: readonly unknown[],
  changedAt: ReadonlyMap<string, number> = new Map(),
): MarketplaceOrder[] {
  const byOrder = new Map<string, Sheet[]>();
  for (const raw of sheets) {
    const sheet = readSheet(raw);
    const group = byOrder.get(sheet.orderNo);
    if (group) group.push(sheet);
    else byOrder.set(sheet.orderNo, [sheet]);
  }
  return [...byOrder.entries()].map(([orderNo, group]) => orderOf(group, changedAt.get(orderNo) ?? null));
}
