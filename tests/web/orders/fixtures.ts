/** Orders, their detail and the list page the order screen tests share. */
import type { OrderDetail, OrderPage, OrderRow } from '@shared/contract/orders.js';
import { WAREHOUSE_ID } from '../inventory/fixtures.js';

export const SELLER_ID = '00000000-0000-4000-8000-00000000c001';
export const SKU_ID = '00000000-0000-4000-8000-00000000f001';

let sequence = 0;
export function orderRow(overrides: Partial<OrderRow> = {}): OrderRow {
  sequence += 1;
  const id = `00000000-0000-4000-8000-${String(0xd000 + sequence).padStart(12, '0')}`;
  return {
    id,
    orderNo: `SHP24${String(sequence).padStart(4, '0')}`,
    systemNo: `SO20261121${String(sequence).padStart(6, '0')}`,
    sellerId: SELLER_ID,
    sellerName: 'Siam Shop',
    platform: 'shopee',
    shopId: 'shop-1',
    shopName: 'Siam Shopee',
    orderType: 'stock',
    platformStatus: 'READY_TO_SHIP',
    localStatus: 'to_review',
    warehouseStatus: 'none',
    warehouseId: WAREHOUSE_ID,
    warehouseCode: 'BKK1',
    buyerName: 'Somchai P.',
    recipientName: 'Somchai P.',
    buyerMessage: '',
    sellerNote: '',
    warehouseNote: '',
    shipBy: new Date(Date.now() + 30 * 3_600_000).toISOString(),
    orderedAt: '2026-11-21T08:00:00.000Z',
    paidAt: '2026-11-21T08:10:00.000Z',
    shippedAt: null,
    cancelledAt: null,
    trackingNo: '',
    logisticsChannel: 'Shopee Xpress',
    parcelType: 'single_multi',
    currency: 'THB',
    totalAmount: 59_800,
    shippingAmount: 0,
    discountAmount: 0,
    units: 2,
    tags: [],
    flags: {
      isPrinted: false,
      isPicked: false,
      isPacked: false,
      isRefunded: false,
      isCharged: false,
      isReissued: false,
    },
    problems: [],
    mergedIntoId: null,
    createdAt: '2026-11-21T08:00:00.000Z',
    ...overrides,
  };
}

export function orderDetail(row: OrderRow, overrides: Partial<OrderDetail> = {}): OrderDetail {
  return {
    ...row,
    recipientPhone: '0812345678',
    recipientAddress: '12 Sukhumvit Soi 11, Bangkok',
    transferNote: '',
    expressNote: '',
    lines: [
      {
        id: '00000000-0000-4000-8000-00000000a101',
        skuId: SKU_ID,
        sellerSku: 'EB-BLACK',
        productName: 'Wireless earbuds',
        itemId: '2299001',
        variationId: '77001',
        quantity: 2,
        unitPrice: 29_900,
        reserved: 0,
      },
    ],
    unmatchedLines: [],
    reservations: [],
    exceptions: [],
    history: [
      {
        id: 1,
        field: 'local',
        fromStatus: null,
        toStatus: 'to_review',
        note: '',
        actorName: 'Sam Seller',
        createdAt: '2026-11-21T08:00:00.000Z',
      },
    ],
    mergedOrders: [],
    ...overrides,
  };
}

export const COUNTS: OrderPage['counts'] = {
  all: 63,
  to_review: 12,
  pending: 8,
  shipped: 40,
  cancelled: 3,
  problem: 2,
};

export function orderPage(records: OrderRow[], counts = COUNTS, notFound: string[] = []): OrderPage {
  return { records, total: records.length, current: 1, size: 20, pages: 1, counts, notFound };
}
