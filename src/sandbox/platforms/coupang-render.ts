/**
 * How the sandbox's Coupang spells a world order: an ordersheet of the v4 order APIs (one
 * shipment box per order, the portal's field names and KST times without a zone) and, for a
 * cancelled order, the cancellation receipt of `returnRequests?cancelType=CANCEL`.
 *
 * The world's neutral lifecycle in Coupang's box statuses: ready_to_ship → ACCEPT (paid),
 * processed → INSTRUCT (preparing), shipped → DEPARTURE (invoice uploaded), completed →
 * FINAL_DELIVERY; in_cancel stays INSTRUCT with its units held for the cancellation refund;
 * cancelled leaves the status listings (its items read `canceled`); unpaid has no sheet.
 */
import { splitAmount, type SandboxOrder } from '../world-model.js';
import { kstDay, kstTime, type CoupangBoxStatus } from './coupang-spec.js';

/** The box status an order is listed under; null when it is in no status listing. */
export function sheetStatusOf(order: SandboxOrder): CoupangBoxStatus | null {
  switch (order.status) {
    case 'ready_to_ship':
      return 'ACCEPT';
    case 'processed':
    case 'in_cancel':
      return 'INSTRUCT';
    case 'shipped':
      return 'DEPARTURE';
    case 'completed':
      return 'FINAL_DELIVERY';
    case 'unpaid':
    case 'cancelled':
      return null;
  }
}

/** The order's shipment box id: increasing with the world's order sequence. */
export function boxIdOf(order: SandboxOrder): number {
  return 448_000_000 + order.seq;
}

/** The id of the order's cancellation receipt. */
export function receiptIdOf(order: SandboxOrder): number {
  return 363_000 + order.seq;
}

const spaced = (ms: number) => kstTime(ms).replace('T', ' ');

function maskedEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 2)}*****@${domain.slice(0, 2)}`;
}

/** An ordersheet as `GET …/ordersheets` and the order lookups return it. */
export function renderSheet(order: SandboxOrder) {
  const isCancelled = order.status === 'cancelled';
  const isShipped = order.status === 'shipped' || order.status === 'completed';
  const changedAt = order.updatedAt;
  // The order's voucher, spread over its items by their price (each item's discountPrice).
  const discounts = splitAmount(
    order.amounts.discount,
    order.lines.map(({ item, quantity }) => item.unitPrice * quantity),
  );
  return {
    shipmentBoxId: boxIdOf(order),
    orderId: Number(order.orderId),
    orderedAt: kstTime(order.createdAt),
    orderer: {
      name: order.buyer.name,
      email: maskedEmail(order.buyer.email),
      safeNumber: order.address.phone,
    },
    paidAt: order.paidAt === null ? null : kstTime(order.paidAt),
    status: sheetStatusOf(order) ?? 'ACCEPT',
    shippingPrice: order.amounts.shipping,
    remotePrice: 0,
    remoteArea: false,
    parcelPrintMessage: order.buyerMessage === '' ? null : order.buyerMessage,
    splitShipping: false,
    ableSplitShipping: false,
    receiver: {
      name: order.address.name,
      safeNumber: order.address.phone,
      addr1: `${order.address.region} ${order.address.city}`,
      addr2: order.address.line1,
      postCode: order.address.postcode,
    },
    orderItems: order.lines.map(({ item, quantity }, index) => ({
      vendorItemPackageId: 0,
      vendorItemPackageName: item.title,
      productId: 0,
      vendorItemId: Number(item.variationId),
      vendorItemName: item.title,
      shippingCount: isCancelled ? 0 : quantity,
      salesPrice: item.unitPrice,
      orderPrice: item.unitPrice * quantity,
      discountPrice: discounts[index] ?? 0,
      externalVendorSkuCode: item.sellerSku,
      etcInfoHeader: null,
      etcInfoValue: null,
      etcInfoValues: [],
      sellerProductId: Number(item.itemId),
      sellerProductName: item.title,
      sellerProductItemName: item.title,
      firstSellerProductItemName: item.title,
      cancelCount: isCancelled ? quantity : 0,
      holdCountForCancel: order.status === 'in_cancel' ? quantity : 0,
      estimatedShippingDate: order.shipBy === null ? '' : kstDay(order.shipBy),
      plannedShippingDate: '',
      invoiceNumberUploadDate: isShipped ? kstTime(changedAt) : '',
      extraProperties: {},
      pricingBadge: false,
      usedProduct: false,
      confirmDate: '',
      deliveryChargeTypeName: '무료',
      canceled: isCancelled,
    })),
    overseaShippingInfoDto: { personalCustomsClearanceCode: '', ordererSsn: '', ordererPhoneNumber: '' },
    deliveryCompanyName: order.trackingNo === '' ? '' : order.carrier,
    invoiceNumber: order.trackingNo,
    inTrasitDateTime: isShipped ? spaced(changedAt) : '',
    deliveredDate: order.status === 'completed' ? spaced(changedAt) : '',
    refer: 'PC웹',
  };
}

/** A payment-complete cancellation as `returnRequests?cancelType=CANCEL` lists it. */
export function renderCancelReceipt(order: SandboxOrder) {
  const count = order.lines.reduce((sum, line) => sum + line.quantity, 0);
  return {
    receiptId: receiptIdOf(order),
    orderId: Number(order.orderId),
    paymentId: 700_000_000 + order.seq,
    receiptType: 'CANCEL',
    receiptStatus: 'RETURNS_COMPLETED',
    createdAt: kstTime(order.updatedAt),
    modifiedAt: kstTime(order.updatedAt),
    requesterName: order.buyer.name,
    requesterPhoneNumber: order.address.phone,
    cancelReasonCategory1: '고객변심',
    cancelReasonCategory2: '단순변심',
    cancelReason: '',
    cancelCountSum: count,
    releaseStopStatus: '비대상',
    faultByType: 'CUSTOMER',
    preRefund: false,
    returnItems: order.lines.map(({ item, quantity }) => ({
      vendorItemPackageId: 0,
      vendorItemPackageName: item.title,
      vendorItemId: Number(item.variationId),
      vendorItemName: item.title,
      purchaseCount: quantity,
      cancelCount: quantity,
      shipmentBoxId: boxIdOf(order),
      sellerProductId: Number(item.itemId),
      sellerProductName: item.title,
    })),
  };
}
