import { describe, expect, it } from 'vitest';
import { PLATFORM_STATUSES } from '@shared/domain/order.js';
import { decimalToMinor } from '../../amounts.js';
import { MarketplaceError } from '../../connector.js';
import { JOOM_ORDER_STATUSES, JOOM_STATUS_MAP, minorToDecimal, normaliseJoomOrder } from './normalise.js';

/** An order as `GET /api/v3/orders?id=26VE349M` returns it in `data` (field list [3P]). */
function sampleOrder(): Record<string, unknown> {
  return {
    id: '26VE349M',
    status: 'approved',
    currency: 'USD',
    orderTimestamp: '2026-04-02T08:15:00Z',
    updateTimestamp: '2026-04-02T09:01:12.250Z',
    approvedTimestamp: '2026-04-02T08:45:00Z',
    quantity: 3,
    daysToFulfill: 5,
    allowedShippingTypes: 'offlineOrOnline',
    priceInfo: {
      orderPrice: '30.87',
      unitPrice: '10.29',
      shippingPrice: '2.5',
      commissionAmount: '4.63',
      vat: '0',
      refundAmount: '0.00',
    },
    product: {
      id: '5f1a0c2be4b0a1c2d3e4f501',
      sku: 'MUG-CERAMIC',
      name: 'Ceramic mug 350 ml',
      variant: { id: '5f1a0c2be4b0a1c2d3e4f5a1', sku: 'MUG-CERAMIC-BLUE', gtin: '6901234567892' },
    },
    shippingAddress: {
      name: 'Ivan Petrov',
      email: 'buyer-26ve349m@relay.joom.com',
      phoneNumber: '+79161234567',
      country: 'RU',
      state: 'Moscow',
      city: 'Moscow',
      street: 'Tverskaya st. 7',
      streetAddress2: 'apt. 12',
      zipCode: '125009',
    },
    shippingOption: { tierName: 'Standard', warehouseType: 'merchant' },
    storeId: '5e8f8f8f8f8f8f8f8f8f8f8f',
  };
}

describe('normaliseJoomOrder', () => {
  it('reads a documented order as one line with the order quantity and exact minor units', () => {
    const order = normaliseJoomOrder(sampleOrder());
    expect(order).toEqual({
      orderNo: '26VE349M',
      platformStatus: 'READY_TO_SHIP',
      rawStatus: 'approved',
      orderedAt: '2026-04-02T08:15:00.000Z',
      updatedAt: '2026-04-02T09:01:12.250Z',
      paidAt: '2026-04-02T08:45:00.000Z',
      shipBy: '2026-04-07T08:15:00.000Z',
      currency: 'USD',
      buyerName: '',
      recipientName: 'Ivan Petrov',
      recipientPhone: '+79161234567',
      recipientAddress: 'Tverskaya st. 7, apt. 12, Moscow, 125009, RU',
      buyerMessage: '',
      logisticsChannel: 'Standard',
      trackingNo: '',
      lines: [
        {
          itemId: '5f1a0c2be4b0a1c2d3e4f501',
          variationId: '5f1a0c2be4b0a1c2d3e4f5a1',
          sellerSku: 'MUG-CERAMIC-BLUE',
          barcode: '6901234567892',
          title: 'Ceramic mug 350 ml',
          quantity: 3,
          unitPrice: 1029,
        },
      ],
      amounts: { total: 3337, shipping: 250, discount: 0 },
    });
  });

  it('takes orderPrice + shippingPrice as the total, Joom stating no discount', () => {
    const amountsOf = (priceInfo: Record<string, unknown>, currency = 'USD') =>
      normaliseJoomOrder({ ...sampleOrder(), currency, priceInfo: { unitPrice: '10.29', ...priceInfo } })
        .amounts;
    // orderPrice is Joom's, not the line's 3 × 10.29.
    expect(amountsOf({ orderPrice: '897.00', shippingPrice: '0' })).toEqual({
      total: 89700,
      shipping: 0,
      discount: 0,
    });
    // Without orderPrice: the line; without shippingPrice: 0.
    expect(amountsOf({})).toEqual({ total: 3087, shipping: 0, discount: 0 });
    expect(amountsOf({ orderPrice: '1157.00', shippingPrice: '45.5' }, 'THB')).toEqual({
      total: 120250,
      shipping: 4550,
      discount: 0,
    });
    expect(amountsOf({ unitPrice: '385', orderPrice: '1155', shippingPrice: '2.00' }, 'TWD')).toEqual({
      total: 1157,
      shipping: 2,
      discount: 0,
    });
    expect(
      amountsOf({ unitPrice: '100000', orderPrice: '300000.00', shippingPrice: '15000' }, 'VND'),
    ).toEqual({
      total: 315000,
      shipping: 15000,
      discount: 0,
    });
    expect(() => amountsOf({ shippingPrice: 'free' })).toThrow(MarketplaceError);
  });

  it('takes carrier and tracking number from the shipment once shipped', () => {
    const order = normaliseJoomOrder({
      ...sampleOrder(),
      status: 'shipped',
      shipment: { provider: 'Joom Logistics', trackingNumber: 'JL123456789CN' },
    });
    expect(order.platformStatus).toBe('SHIPPED');
    expect(order.logisticsChannel).toBe('Joom Logistics');
    expect(order.trackingNo).toBe('JL123456789CN');
  });

  it('splits orderPrice over the quantity when unitPrice is absent', () => {
    const raw = sampleOrder();
    raw.priceInfo = { orderPrice: '30.87' };
    expect(normaliseJoomOrder(raw).lines[0]?.unitPrice).toBe(1029);
  });

  it('maps every documented state to a spec platform status', () => {
    for (const status of JOOM_ORDER_STATUSES) {
      expect(PLATFORM_STATUSES).toContain(JOOM_STATUS_MAP[status]);
      expect(normaliseJoomOrder({ ...sampleOrder(), status }).rawStatus).toBe(status);
    }
  });

  it.each([
    ['id', (raw: Record<string, unknown>) => delete raw.id],
    ['status', (raw: Record<string, unknown>) => delete raw.status],
    ['an unknown status', (raw: Record<string, unknown>) => (raw.status = 'delivered')],
    ['quantity', (raw: Record<string, unknown>) => delete raw.quantity],
    ['a fractional quantity', (raw: Record<string, unknown>) => (raw.quantity = 1.5)],
    ['the variant', (raw: Record<string, unknown>) => (raw.product = { id: 'p' })],
    ['the price', (raw: Record<string, unknown>) => (raw.priceInfo = {})],
    ['a time', (raw: Record<string, unknown>) => (raw.updateTimestamp = '02.04.2026 09:01')],
    ['a known currency', (raw: Record<string, unknown>) => (raw.currency = 'XXX')],
  ])('refuses an order without %s as malformed', (_what, spoil) => {
    const raw = sampleOrder();
    spoil(raw);
    expect(() => normaliseJoomOrder(raw)).toThrow(MarketplaceError);
    try {
      normaliseJoomOrder(raw);
    } catch (error) {
      expect((error as MarketplaceError).code).toBe('malformed');
    }
  });
});

describe('Joom decimal prices', () => {
  it('writes minor units back as Joom decimal strings', () => {
    expect(minorToDecimal(1030, 2)).toBe('10.30');
    expect(minorToDecimal(5, 2)).toBe('0.05');
    expect(minorToDecimal(29900, 0)).toBe('29900');
    expect(decimalToMinor(minorToDecimal(123456789, 2), 'USD', 'price')).toBe(123456789);
  });
});
