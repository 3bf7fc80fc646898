import { describe, expect, it } from 'vitest';
import { MarketplaceError } from '../../connector.js';
import { normaliseShopifyOrder, shopifyPlatformStatus } from './normalise.js';

/** A SyncOrder node in the GraphQL Admin API's shape. */
function sampleOrder(): Record<string, unknown> {
  return {
    id: 'gid://shopify/Order/450789469',
    legacyResourceId: '450789469',
    name: '#1001',
    createdAt: '2025-06-01T04:00:00Z',
    updatedAt: '2025-06-01T05:30:12Z',
    processedAt: '2025-06-01T04:00:00Z',
    cancelledAt: null,
    closedAt: null,
    displayFinancialStatus: 'PARTIALLY_REFUNDED',
    displayFulfillmentStatus: 'UNFULFILLED',
    currencyCode: 'USD',
    // The SDK fixture's figures: charged 598.94 in all, 4.00 of it shipping, 10.00 taken off.
    totalPriceSet: money('598.94', 'USD'),
    totalShippingPriceSet: money('4.00', 'USD'),
    totalDiscountsSet: money('10.00', 'USD'),
    note: 'Leave at the door',
    customer: { displayName: 'Bob Norman' },
    shippingAddress: {
      name: 'Bob Norman',
      phone: '555-625-1199',
      address1: 'Chestnut Street 92',
      address2: '',
      city: 'Louisville',
      province: 'Kentucky',
      zip: '40202',
      country: 'United States',
      countryCodeV2: 'US',
    },
    shippingLine: { title: 'Small Packet International Air' },
    transactions: [
      { kind: 'AUTHORIZATION', status: 'SUCCESS', processedAt: '2025-06-01T04:00:05Z' },
      { kind: 'CAPTURE', status: 'SUCCESS', processedAt: '2025-06-01T04:01:00Z' },
      { kind: 'REFUND', status: 'SUCCESS', processedAt: '2025-06-01T05:30:12Z' },
    ],
    fulfillments: [],
    lineItems: {
      pageInfo: { hasNextPage: false, endCursor: 'eyJsYXN0X2lkIjozfQ==' },
      nodes: [
        line(466157049, 39072856, 632910392, 'IPOD2008GREEN', 2, 2, '199.00'),
        // The same variant again (another discount line): grouped with the first.
        line(466157050, 39072856, 632910392, 'IPOD2008GREEN', 1, 1, '199.10'),
        line(466157051, 808950810, 632910393, 'IPOD2008PINK', 1, 1, '0.335'),
        // Refunded and removed: nothing left to ship.
        line(466157052, 49148385, 632910394, 'IPOD2008RED', 1, 0, '10.00'),
      ],
    },
  };
}

function money(amount: string, currencyCode: string): Record<string, unknown> {
  return { shopMoney: { amount, currencyCode }, presentmentMoney: { amount: '1.00', currencyCode: 'EUR' } };
}

function line(
  id: number,
  variantId: number,
  productId: number,
  sku: string,
  quantity: number,
  currentQuantity: number,
  amount: string,
): Record<string, unknown> {
  return {
    id: `gid://shopify/LineItem/${id}`,
    sku,
    name: `IPod Nano - 8gb - ${sku}`,
    quantity,
    currentQuantity,
    variant: { id: `gid://shopify/ProductVariant/${variantId}`, barcode: '1234_green' },
    product: { id: `gid://shopify/Product/${productId}` },
    originalUnitPriceSet: { shopMoney: { amount, currencyCode: 'USD' } },
  };
}

function codeOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    return error instanceof MarketplaceError ? error.code : 'not a MarketplaceError';
  }
  return 'no error';
}

describe('normaliseShopifyOrder', () => {
  it('reads a paid, unfulfilled order as READY_TO_SHIP with its lines grouped and left-to-ship quantities', () => {
    const order = normaliseShopifyOrder(sampleOrder());
    expect(order).toMatchObject({
      orderNo: '450789469',
      platformStatus: 'READY_TO_SHIP',
      rawStatus: 'PARTIALLY_REFUNDED/UNFULFILLED',
      orderedAt: '2025-06-01T04:00:00.000Z',
      updatedAt: '2025-06-01T05:30:12.000Z',
      paidAt: '2025-06-01T04:01:00.000Z',
      shipBy: null,
      currency: 'USD',
      buyerName: 'Bob Norman',
      recipientName: 'Bob Norman',
      recipientPhone: '555-625-1199',
      recipientAddress: 'Chestnut Street 92, Louisville, Kentucky, 40202, United States',
      buyerMessage: 'Leave at the door',
      logisticsChannel: 'Small Packet International Air',
      trackingNo: '',
    });
    expect(order.lines).toEqual([
      {
        itemId: '632910392',
        variationId: '39072856',
        sellerSku: 'IPOD2008GREEN',
        barcode: '1234_green',
        title: 'IPod Nano - 8gb - IPOD2008GREEN',
        quantity: 3,
        // (2 × 19900 + 1 × 19910) / 3, rounded to the cent
        unitPrice: 19903,
      },
      {
        itemId: '632910393',
        variationId: '808950810',
        sellerSku: 'IPOD2008PINK',
        barcode: '1234_green',
        title: 'IPod Nano - 8gb - IPOD2008PINK',
        quantity: 1,
        unitPrice: 34,
      },
    ]);
  });

  it('keeps the ordered quantities of a cancelled order whose lines are all gone', () => {
    const sample = sampleOrder();
    sample.cancelledAt = '2025-06-02T00:00:00Z';
    sample.displayFinancialStatus = 'REFUNDED';
    sample.lineItems = {
      pageInfo: { hasNextPage: false, endCursor: null },
      nodes: [line(1, 2, 3, 'A', 2, 0, '5.00')],
    };
    const order = normaliseShopifyOrder(sample);
    expect(order.platformStatus).toBe('CANCELLED');
    expect(order.rawStatus).toBe('CANCELLED/REFUNDED/UNFULFILLED');
    expect(order.lines.map((entry) => entry.quantity)).toEqual([2]);
  });

  it('takes tracking from the first fulfillment that has a number', () => {
    const sample = sampleOrder();
    sample.displayFulfillmentStatus = 'FULFILLED';
    sample.fulfillments = [
      { trackingInfo: [] },
      { trackingInfo: [{ company: 'USPS', number: '1Z1234512345123456' }] },
    ];
    const order = normaliseShopifyOrder(sample);
    expect(order.trackingNo).toBe('1Z1234512345123456');
    expect(order.platformStatus).toBe('SHIPPED');
  });

  it('refuses an order without its required fields as malformed', () => {
    const { updatedAt: _updatedAt, ...withoutUpdate } = sampleOrder();
    expect(() => normaliseShopifyOrder(withoutUpdate)).toThrow(MarketplaceError);
    expect(() => normaliseShopifyOrder({ ...sampleOrder(), currencyCode: 'EUR' })).toThrow(/EUR/);
    expect(() => normaliseShopifyOrder({ ...sampleOrder(), lineItems: {} })).toThrow(/lineItems.nodes/);
    expect(codeOf(() => normaliseShopifyOrder({ ...sampleOrder(), createdAt: 'yesterday' }))).toBe(
      'malformed',
    );
    expect(codeOf(() => normaliseShopifyOrder(withoutUpdate))).toBe('malformed');
  });
});

describe('shopifyPlatformStatus', () => {
  const status = (financial: string, fulfillment: string, cancelled = false, closed = false) =>
    shopifyPlatformStatus({ financial, fulfillment, cancelled, closed });

  it('maps Shopify’s financial, fulfillment and cancel states as the table says', () => {
    expect(status('PENDING', 'UNFULFILLED')).toBe('UNPAID');
    expect(status('PARTIALLY_PAID', 'UNFULFILLED')).toBe('UNPAID');
    expect(status('PAID', 'UNFULFILLED')).toBe('READY_TO_SHIP');
    expect(status('AUTHORIZED', 'UNFULFILLED')).toBe('READY_TO_SHIP');
    expect(status('PAID', 'IN_PROGRESS')).toBe('READY_TO_SHIP');
    expect(status('PAID', 'PARTIALLY_FULFILLED')).toBe('READY_TO_SHIP');
    expect(status('PAID', 'FULFILLED')).toBe('SHIPPED');
    expect(status('PAID', 'FULFILLED', false, true)).toBe('COMPLETED');
    expect(status('REFUNDED', 'FULFILLED')).toBe('TO_RETURN');
    expect(status('REFUNDED', 'UNFULFILLED')).toBe('CANCELLED');
    expect(status('VOIDED', 'UNFULFILLED')).toBe('CANCELLED');
    expect(status('PAID', 'RESTOCKED')).toBe('CANCELLED');
    expect(status('PAID', 'UNFULFILLED', true)).toBe('CANCELLED');
  });
});

describe('Shopify order amounts', () => {
  it('are the money sets’ shop money, not what the lines left to ship come to', () => {
    expect(normaliseShopifyOrder(sampleOrder()).amounts).toEqual({
      total: 59894,
      shipping: 400,
      discount: 1000,
    });
    const amountsOf = (change: Record<string, unknown>) =>
      normaliseShopifyOrder({ ...sampleOrder(), ...change }).amounts;
    expect(amountsOf({ totalPriceSet: money('897.00', 'USD') }).total).toBe(89700);
  });

  it('read THB in satang and TWD and VND whole, as Shopify spells them', () => {
    const inCurrency = (currency: string, total: string, shipping: string, discount: string) => {
      const raw = sampleOrder();
      const nodes = [line(1, 2, 3, 'CUP', 1, 1, total)];
      return normaliseShopifyOrder({
        ...raw,
        currencyCode: currency,
        lineItems: { pageInfo: { hasNextPage: false, endCursor: null }, nodes },
        totalPriceSet: money(total, currency),
        totalShippingPriceSet: money(shipping, currency),
        totalDiscountsSet: money(discount, currency),
      }).amounts;
    };
    expect(inCurrency('THB', '1157.00', '45.50', '0.00')).toEqual({
      total: 115700,
      shipping: 4550,
      discount: 0,
    });
    expect(inCurrency('TWD', '1157.0', '60.0', '3.0')).toEqual({ total: 1157, shipping: 60, discount: 3 });
    expect(inCurrency('VND', '305000.0', '15000.0', '10000.0')).toEqual({
      total: 305000,
      shipping: 15000,
      discount: 10000,
    });
  });

  it('give 0 for an absent shipping or discount set and the lines + shipping − discount for an absent total', () => {
    const raw = sampleOrder();
    const nodes = [line(1, 2, 3, 'CUP', 2, 2, '199.00')];
    const bare = {
      ...raw,
      lineItems: { pageInfo: { hasNextPage: false, endCursor: null }, nodes },
      totalPriceSet: undefined,
      totalShippingPriceSet: null,
    };
    expect(normaliseShopifyOrder(bare).amounts).toEqual({ total: 38800, shipping: 0, discount: 1000 });
    expect(codeOf(() => normaliseShopifyOrder({ ...raw, totalPriceSet: { presentmentMoney: {} } }))).toBe(
      'malformed',
    );
    expect(codeOf(() => normaliseShopifyOrder({ ...raw, totalPriceSet: money('1,157.00', 'USD') }))).toBe(
      'malformed',
    );
  });
});
