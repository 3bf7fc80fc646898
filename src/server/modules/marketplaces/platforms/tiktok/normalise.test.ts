import { describe, expect, it } from 'vitest';
import { normaliseTiktokOrder, tiktokPlatformStatus } from './normalise.js';

/** Shaped like the 202309 `orders/search` sample: one line item per unit. */
function sampleOrder(): Record<string, unknown> {
  const unit = (id: string, overrides: Record<string, unknown> = {}) => ({
    id,
    sku_id: '2729382476852921560',
    seller_sku: 'red_iphone_256 ',
    product_id: '1729582718312380123',
    product_name: 'Phone case',
    sku_name: 'Red, 256',
    sale_price: '129.50',
    original_price: '159.00',
    currency: 'THB',
    display_status: 'TO_SHIP',
    package_id: '1153132168123859123',
    package_status: 'TO_FULFILL',
    tracking_number: '',
    shipping_provider_name: 'Flash Express',
    is_gift: false,
    cancel_reason: '',
    ...overrides,
  });
  return {
    id: '576461413038785752',
    status: 'AWAITING_SHIPMENT',
    create_time: 1619611561,
    update_time: 1619621355,
    paid_time: 1619611563,
    rts_sla_time: 1619784361,
    tts_sla_time: 1619870761,
    user_id: '7021436810468230477',
    buyer_email: 'v2b2V5@chat.seller.tiktok.com',
    buyer_message: 'Please ship asap!',
    shipping_type: 'TIKTOK',
    fulfillment_type: 'FULFILLMENT_BY_SELLER',
    delivery_type: 'HOME_DELIVERY',
    shipping_provider: 'Flash Express',
    shipping_provider_id: '6617675021119438849',
    tracking_number: '',
    is_cod: false,
    is_buyer_request_cancel: false,
    payment: {
      currency: 'THB',
      sub_total: '428.00',
      shipping_fee: '30.00',
      seller_discount: '39.00',
      platform_discount: '10.00',
      tax: '0',
      total_amount: '458.00',
      original_total_product_price: '477.00',
    },
    recipient_address: {
      name: 'Somchai P.',
      first_name: 'Somchai',
      last_name: 'P.',
      phone_number: '(+66)81-***-1234',
      full_address: '99/1 Sukhumvit Rd, Khlong Toei, Bangkok 10110',
      address_line1: '99/1 Sukhumvit Rd',
      postal_code: '10110',
      region_code: 'TH',
      district_info: [
        { address_level_name: 'Country', address_name: 'Thailand', address_level: 'L0' },
        { address_level_name: 'Province', address_name: 'Bangkok', address_level: 'L1' },
      ],
    },
    packages: [{ id: '1152321127278713123' }],
    line_items: [
      unit('577086512123755001'),
      unit('577086512123755002'),
      unit('577086512123755003', {
        sku_id: '2729382476852921999',
        product_id: '1729582718312380999',
        seller_sku: 'cable_usb_c',
        product_name: 'USB-C cable',
        sku_name: '',
        sale_price: '169',
      }),
    ],
  };
}

describe('normaliseTiktokOrder', () => {
  it('groups one line item per unit into one line per product and SKU with a quantity', () => {
    const order = normaliseTiktokOrder(sampleOrder());
    expect(order.lines).toEqual([
      {
        itemId: '1729582718312380123',
        variationId: '2729382476852921560',
        sellerSku: 'red_iphone_256',
        barcode: '',
        title: 'Phone case (Red, 256)',
        quantity: 2,
        unitPrice: 12950,
      },
      {
        itemId: '1729582718312380999',
        variationId: '2729382476852921999',
        sellerSku: 'cable_usb_c',
        barcode: '',
        title: 'USB-C cable',
        quantity: 1,
        unitPrice: 16900,
      },
    ]);
  });

  it('reads the order: status, times with offset, currency, recipient on one line', () => {
    expect(normaliseTiktokOrder(sampleOrder())).toMatchObject({
      orderNo: '576461413038785752',
      platformStatus: 'READY_TO_SHIP',
      rawStatus: 'AWAITING_SHIPMENT',
      orderedAt: '2021-04-28T12:06:01.000Z',
      updatedAt: '2021-04-28T14:49:15.000Z',
      paidAt: '2021-04-28T12:06:03.000Z',
      shipBy: '2021-04-30T12:06:01.000Z',
      currency: 'THB',
      buyerName: 'Somchai P.',
      recipientName: 'Somchai P.',
      recipientPhone: '(+66)81-***-1234',
      recipientAddress: '99/1 Sukhumvit Rd, Khlong Toei, Bangkok 10110',
      buyerMessage: 'Please ship asap!',
      logisticsChannel: 'Flash Express',
      trackingNo: '',
    });
  });

  it('takes the payment’s amounts: total_amount, shipping_fee and the seller’s and platform’s discounts', () => {
    expect(normaliseTiktokOrder(sampleOrder()).amounts).toEqual({
      total: 45800,
      shipping: 3000,
      discount: 4900,
    });
    const withPayment = (payment: Record<string, unknown>) =>
      normaliseTiktokOrder({ ...sampleOrder(), payment: { currency: 'THB', ...payment } }).amounts;
    // Not what the lines come to (428.00): the platform's total.
    expect(withPayment({ total_amount: '897.00', shipping_fee: '0' })).toEqual({
      total: 89700,
      shipping: 0,
      discount: 0,
    });
    // Without total_amount: the goods before discounts + shipping − discounts.
    expect(
      withPayment({ original_total_product_price: '477.00', shipping_fee: '30', seller_discount: '49' }),
    ).toEqual({ total: 45800, shipping: 3000, discount: 4900 });
    expect(withPayment({ sub_total: '428.00', seller_discount: '49' })).toEqual({
      total: 42800,
      shipping: 0,
      discount: 4900,
    });
    expect(withPayment({})).toEqual({ total: 42800, shipping: 0, discount: 0 });
    expect(() => withPayment({ total_amount: '1,157.00' })).toThrowError(
      expect.objectContaining({ code: 'malformed' }),
    );
  });

  it('reads VND and TWD amounts in whole units', () => {
    const inCurrency = (currency: string, payment: Record<string, unknown>) => {
      const raw = sampleOrder();
      raw.payment = { currency, ...payment };
      raw.line_items = (raw.line_items as Record<string, unknown>[]).map((item) => ({
        ...item,
        sale_price: '100000',
        currency,
      }));
      return normaliseTiktokOrder(raw).amounts;
    };
    expect(
      inCurrency('VND', { total_amount: '315000', shipping_fee: '25000', seller_discount: '10000' }),
    ).toEqual({ total: 315000, shipping: 25000, discount: 10000 });
    expect(
      inCurrency('TWD', { total_amount: '1157', shipping_fee: '60.00', platform_discount: '3' }),
    ).toEqual({
      total: 1157,
      shipping: 60,
      discount: 3,
    });
  });

  it('joins the address parts when full_address is absent, and an unpaid order has no paid time', () => {
    const raw = sampleOrder();
    raw.status = 'UNPAID';
    raw.paid_time = 0;
    raw.recipient_address = { ...(raw.recipient_address as object), full_address: '' };
    const order = normaliseTiktokOrder(raw);
    expect(order.recipientAddress).toBe('99/1 Sukhumvit Rd, Bangkok, Thailand, 10110');
    expect(order.paidAt).toBeNull();
    expect(order.platformStatus).toBe('UNPAID');
  });

  it('leaves out units cancelled on their own and keeps the tracking number of a shipped package', () => {
    const raw = sampleOrder();
    raw.status = 'IN_TRANSIT';
    const items = raw.line_items as Record<string, unknown>[];
    raw.line_items = items.map((item, index) =>
      index === 1 ? { ...item, display_status: 'CANCELLED' } : { ...item, tracking_number: 'TH0123456789' },
    );
    const order = normaliseTiktokOrder(raw);
    expect(order.lines.map((line) => line.quantity)).toEqual([1, 1]);
    expect(order.trackingNo).toBe('TH0123456789');
    expect(order.platformStatus).toBe('IN_TRANSIT');
  });

  it('refuses an order without the fields the sync needs', () => {
    const withoutLines = { ...sampleOrder(), line_items: undefined };
    const withoutTime = { ...sampleOrder(), update_time: undefined };
    const badPrice = sampleOrder();
    badPrice.line_items = [{ ...(badPrice.line_items as object[])[0], sale_price: '12,50' }];
    const gbp = { ...sampleOrder(), payment: { currency: 'GBP' } };
    for (const raw of [
      withoutLines,
      withoutTime,
      badPrice,
      { ...sampleOrder(), status: 'LOST' },
      gbp,
      'nope',
    ]) {
      expect(() => normaliseTiktokOrder(raw)).toThrowError(expect.objectContaining({ code: 'malformed' }));
    }
  });
});

describe('tiktokPlatformStatus', () => {
  it('maps every documented status, and a buyer cancel request before shipping to IN_CANCEL', () => {
    expect(tiktokPlatformStatus('ON_HOLD', false)).toBe('UNPAID');
    expect(tiktokPlatformStatus('AWAITING_COLLECTION', false)).toBe('READY_TO_SHIP');
    expect(tiktokPlatformStatus('PARTIALLY_SHIPPING', false)).toBe('STARTSHIP');
    expect(tiktokPlatformStatus('DELIVERED', false)).toBe('TO_CONFIRM_RECEIVE');
    expect(tiktokPlatformStatus('COMPLETED', false)).toBe('COMPLETED');
    expect(tiktokPlatformStatus('CANCEL', false)).toBe('CANCELLED');
    expect(tiktokPlatformStatus('AWAITING_SHIPMENT', true)).toBe('IN_CANCEL');
    expect(tiktokPlatformStatus('IN_TRANSIT', true)).toBe('IN_TRANSIT');
  });
});
