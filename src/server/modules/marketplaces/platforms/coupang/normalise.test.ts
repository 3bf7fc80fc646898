import { describe, expect, it } from 'vitest';
import { PLATFORM_STATUSES } from '@shared/domain/order.js';
import { MarketplaceError } from '../../connector.js';
import { COUPANG_SHEET_STATUSES, COUPANG_STATUS_MAP, normaliseCoupangSheets } from './normalise.js';

/** An ordersheet in the documented v4 shape (the portal's PO list sample, our own values). */
function sampleSheet(overrides: Record<string, unknown> = {}) {
  return {
    shipmentBoxId: 448531493,
    orderId: 22000009546234,
    orderedAt: '2025-03-10T10:20:16',
    orderer: { name: '신*희', email: 'eu*****@na', safeNumber: '0503-**-5464' },
    paidAt: '2025-03-10T10:21:02',
    status: 'FINAL_DELIVERY',
    shippingPrice: 2500,
    remotePrice: null,
    remoteArea: false,
    parcelPrintMessage: '문 앞',
    splitShipping: false,
    ableSplitShipping: false,
    receiver: {
      name: '신*희',
      safeNumber: '0503-**-5464',
      addr1: '경기 오산시 가수동 **아파트',
      addr2: '109동 *호',
      postCode: '18129',
    },
    orderItems: [
      {
        vendorItemPackageId: 0,
        vendorItemPackageName: '기모 트레이닝 팬츠',
        productId: 31846051,
        vendorItemId: 3242596358,
        vendorItemName: '기모 트레이닝 팬츠, 07 DARK GREY, 160호',
        shippingCount: 2,
        salesPrice: 19900,
        orderPrice: 39800,
        discountPrice: null,
        externalVendorSkuCode: 'SKU-PANTS-160',
        etcInfoHeader: null,
        etcInfoValue: null,
        etcInfoValues: [],
        sellerProductId: 80240831,
        sellerProductName: '기모 배색 트레이닝 팬츠',
        sellerProductItemName: '07 DARK GREY 160호',
        firstSellerProductItemName: '07 DARK GREY/160호',
        cancelCount: 0,
        holdCountForCancel: 0,
        estimatedShippingDate: '2025-03-12',
        plannedShippingDate: '',
        invoiceNumberUploadDate: '2025-03-11T09:00:00',
        extraProperties: {},
        pricingBadge: false,
        usedProduct: false,
        confirmDate: '',
        deliveryChargeTypeName: '유료',
        canceled: false,
      },
      {
        vendorItemId: 3242596359,
        vendorItemName: '기모 트레이닝 팬츠, 07 DARK GREY, 170호',
        shippingCount: 1,
        salesPrice: 21900,
        orderPrice: 21900,
        externalVendorSkuCode: 'SKU-PANTS-170',
        sellerProductId: 80240831,
        cancelCount: 0,
        holdCountForCancel: 0,
        estimatedShippingDate: '2025-03-13',
        invoiceNumberUploadDate: '2025-03-11T09:00:00',
        canceled: false,
      },
    ],
    overseaShippingInfoDto: { personalCustomsClearanceCode: '', ordererSsn: '', ordererPhoneNumber: '' },
    deliveryCompanyName: 'CJ 대한통운',
    invoiceNumber: '340010913442',
    inTrasitDateTime: '2025-03-11 22:08:04',
    deliveredDate: '2025-03-12 17:17:52',
    refer: '안드로이드앱',
    ...overrides,
  };
}

function expectMalformed(run: () => unknown): void {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(MarketplaceError);
    expect((error as MarketplaceError).code).toBe('malformed');
    return;
  }
  throw new Error('expected a malformed error');
}

describe('normaliseCoupangSheets', () => {
  it('reads a delivered ordersheet: status, KST times with +09:00, won prices, one-line address', () => {
    const [order] = normaliseCoupangSheets([sampleSheet()]);
    expect(order).toEqual({
      orderNo: '22000009546234',
      platformStatus: 'COMPLETED',
      rawStatus: 'FINAL_DELIVERY',
      orderedAt: '2025-03-10T10:20:16+09:00',
      updatedAt: '2025-03-12T17:17:52+09:00',
      paidAt: '2025-03-10T10:21:02+09:00',
      shipBy: '2025-03-12T23:59:59+09:00',
      currency: 'KRW',
      buyerName: '신*희',
      recipientName: '신*희',
      recipientPhone: '0503-**-5464',
      recipientAddress: '경기 오산시 가수동 **아파트 109동 *호 (18129)',
      buyerMessage: '문 앞',
      logisticsChannel: 'CJ 대한통운',
      trackingNo: '340010913442',
      lines: [
        {
          itemId: '80240831',
          variationId: '3242596358',
          sellerSku: 'SKU-PANTS-160',
          barcode: '',
          title: '기모 트레이닝 팬츠, 07 DARK GREY, 160호',
          quantity: 2,
          unitPrice: 19900,
        },
        {
          itemId: '80240831',
          variationId: '3242596359',
          sellerSku: 'SKU-PANTS-170',
          barcode: '',
          title: '기모 트레이닝 팬츠, 07 DARK GREY, 170호',
          quantity: 1,
          unitPrice: 21900,
        },
      ],
      // 39 800 + 21 900 won of items and 2 500 of delivery.
      amounts: { total: 64200, shipping: 2500, discount: 0 },
    });
  });

  it('states no total: the items’ orderPrice + delivery charges − the items’ discountPrice', () => {
    const [first, second] = sampleSheet().orderItems;
    const [order] = normaliseCoupangSheets([
      sampleSheet({
        remotePrice: 3000,
        orderItems: [
          { ...first, discountPrice: 2000 },
          { ...second, discountPrice: '1000.00' },
        ],
      }),
    ]);
    expect(order?.amounts).toEqual({ total: 61700 + 5500 - 3000, shipping: 5500, discount: 3000 });
    // Decimal spellings of whole won; an absent orderPrice is the item's price × its units.
    const [spelled] = normaliseCoupangSheets([
      sampleSheet({
        shippingPrice: '3000.00',
        orderItems: [
          { ...first, salesPrice: '897.00', orderPrice: undefined, shippingCount: 1, cancelCount: 1 },
        ],
      }),
    ]);
    expect(spelled?.amounts).toEqual({ total: 897 * 2 + 3000, shipping: 3000, discount: 0 });
    expectMalformed(() => normaliseCoupangSheets([sampleSheet({ shippingPrice: '무료' })]));
  });

  it('maps every documented box status through the table, and only to spec statuses', () => {
    for (const status of COUPANG_SHEET_STATUSES) {
      const [order] = normaliseCoupangSheets([sampleSheet({ status })]);
      expect(order?.platformStatus).toBe(COUPANG_STATUS_MAP[status]);
      expect(PLATFORM_STATUSES).toContain(order?.platformStatus);
    }
    expect(COUPANG_STATUS_MAP.ACCEPT).toBe('READY_TO_SHIP');
    expect(COUPANG_STATUS_MAP.DELIVERING).toBe('IN_TRANSIT');
  });

  it('merges the boxes of one order and groups an item listed twice into one line', () => {
    const base = sampleSheet({ status: 'ACCEPT' });
    const second = sampleSheet({
      status: 'INSTRUCT',
      shipmentBoxId: 448531494,
      invoiceNumber: '',
      orderItems: [{ ...base.orderItems[0], shippingCount: 3, orderPrice: 59700 }],
    });
    const orders = normaliseCoupangSheets([base, second]);
    expect(orders).toHaveLength(1);
    // Both boxes' items and delivery charges.
    expect(orders[0]?.amounts).toEqual({ total: 61700 + 59700 + 5000, shipping: 5000, discount: 0 });
    expect(orders[0]?.rawStatus).toBe('ACCEPT');
    expect(orders[0]?.lines.map((line) => [line.variationId, line.quantity])).toEqual([
      ['3242596358', 5],
      ['3242596359', 1],
    ]);
  });

  it('reads a box whose items are all cancelled as CANCELLED, keeping what was ordered', () => {
    const sheet = sampleSheet({
      status: 'ACCEPT',
      orderItems: sampleSheet().orderItems.map((item) => ({
        ...item,
        shippingCount: 0,
        cancelCount: item.shippingCount,
        canceled: true,
      })),
    });
    const [order] = normaliseCoupangSheets(
      [sheet],
      new Map([['22000009546234', Date.parse('2025-03-14T01:00:00Z')]]),
    );
    expect(order?.platformStatus).toBe('CANCELLED');
    expect(order?.rawStatus).toBe('ACCEPT (canceled)');
    expect(order?.lines.map((line) => line.quantity)).toEqual([2, 1]);
    expect(order?.updatedAt).toBe('2025-03-14T10:00:00+09:00');
  });

  it('reads units held for a cancellation refund as IN_CANCEL and drops fully cancelled lines', () => {
    const [first, second] = sampleSheet().orderItems;
    const sheet = sampleSheet({
      status: 'INSTRUCT',
      orderItems: [
        { ...first, holdCountForCancel: 1 },
        { ...second, shippingCount: 0, cancelCount: 1, canceled: true },
      ],
    });
    const [order] = normaliseCoupangSheets([sheet]);
    expect(order?.platformStatus).toBe('IN_CANCEL');
    expect(order?.lines.map((line) => line.variationId)).toEqual(['3242596358']);
  });

  it('refuses sheets that lack what the documents make required', () => {
    expectMalformed(() => normaliseCoupangSheets([sampleSheet({ orderId: undefined })]));
    expectMalformed(() => normaliseCoupangSheets([sampleSheet({ orderItems: [] })]));
    expectMalformed(() => normaliseCoupangSheets([sampleSheet({ status: 'SHIPPED' })]));
    expectMalformed(() => normaliseCoupangSheets([sampleSheet({ orderedAt: '10/03/2025' })]));
    expectMalformed(() =>
      normaliseCoupangSheets([sampleSheet({ orderItems: [{ vendorItemId: 1, shippingCount: 1 }] })]),
    );
    expectMalformed(() => normaliseCoupangSheets(['not a sheet']));
  });
});
