import { describe, expect, it } from 'vitest';
import { PLATFORM_STATUSES, type OrderCurrency } from '@shared/domain/order.js';
import { MarketplaceError } from '../../connector.js';
import { SHOPEE_STATUS_MAP, groupShopeeLines, normaliseShopeeOrder, shopeeAddressLine } from './normalise.js';

/** get_order_detail's order_list element, in the documented shape (the schema's sample, a Thai shop). */
function sampleOrder(): Record<string, unknown> {
  return {
    order_sn: '2404098R48U37H',
    region: 'TH',
    currency: 'THB',
    cod: false,
    order_status: 'READY_TO_SHIP',
    message_to_seller: 'Please pack carefully',
    create_time: 1712601591,
    update_time: 1713139948,
    days_to_ship: 2,
    ship_by_date: 1712671200,
    booking_sn: '',
    advance_package: false,
    pending_terms: [],
    buyer_user_id: 1170319091,
    buyer_username: 'xt4fdsf96j',
    pay_time: 1712817766,
    note: '',
    // The items (298.80) and shipping (40) less a 20-baht voucher.
    total_amount: 318.8,
    estimated_shipping_fee: 40,
    payment_method: 'Credit Card/Debit Card',
    shipping_carrier: 'Flash Express',
    fulfillment_flag: 'fulfilled_by_local_seller',
    recipient_address: {
      name: 'S******i',
      phone: '******64',
      town: '',
      district: 'Khlong Toei',
      city: 'Bangkok',
      state: 'Bangkok',
      region: 'TH',
      zipcode: '10110',
      full_address: '12 Sukhumvit Road, Khlong Toei, Bangkok, 10110',
    },
    item_list: [
      {
        item_id: 23620853561,
        item_name: 'Papaya soap',
        item_sku: 'SOAP',
        model_id: 221404189791,
        model_name: '60g',
        model_sku: 'QAZ-SADOER-05',
        model_quantity_purchased: 1,
        model_original_price: 129,
        model_discounted_price: 99.9,
        order_item_id: 23620853561,
        promotion_group_id: 0,
        product_location_id: ['THZ'],
        weight: 0.06,
      },
      {
        // The same model again under an add-on deal: grouped with the line above.
        item_id: 23620853561,
        item_name: 'Papaya soap',
        item_sku: 'SOAP',
        model_id: 221404189791,
        model_name: '60g',
        model_sku: 'QAZ-SADOER-05',
        model_quantity_purchased: 2,
        model_original_price: 129,
        model_discounted_price: 89.9,
        order_item_id: 23620853561,
        promotion_group_id: 7730,
        product_location_id: ['THZ'],
        weight: 0.06,
      },
      {
        item_id: 1000200030,
        item_name: 'Bamboo toothbrush',
        item_sku: 'BRUSH-1',
        model_id: 0,
        model_name: '',
        model_sku: '',
        model_quantity_purchased: 1,
        model_original_price: 19.1,
        model_discounted_price: 19.1,
        order_item_id: 1000200030,
        promotion_group_id: 0,
        product_location_id: ['THZ'],
        weight: 0.02,
      },
    ],
    package_list: [
      {
        package_number: 'OFG166300791210964',
        logistics_status: 'LOGISTICS_READY',
        logistics_channel_id: 70016,
        shipping_carrier: 'Flash Express',
        allow_self_design_awb: false,
        item_list: [{ item_id: 23620853561, model_id: 221404189791, model_quantity: 3 }],
      },
    ],
    cancel_by: '',
    cancel_reason: '',
    buyer_cancel_reason: '',
    split_up: false,
  };
}

describe('normaliseShopeeOrder', () => {
  it('reads a documented get_order_detail order into our shape', () => {
    const order = normaliseShopeeOrder(sampleOrder());
    expect(order).toEqual({
      orderNo: '2404098R48U37H',
      platformStatus: 'READY_TO_SHIP',
      rawStatus: 'READY_TO_SHIP',
      orderedAt: '2024-04-08T18:39:51.000Z',
      updatedAt: '2024-04-15T00:12:28.000Z',
      paidAt: '2024-04-11T06:42:46.000Z',
      shipBy: '2024-04-09T14:00:00.000Z',
      currency: 'THB',
      buyerName: 'xt4fdsf96j',
      recipientName: 'S******i',
      recipientPhone: '******64',
      recipientAddress: '12 Sukhumvit Road, Khlong Toei, Bangkok, 10110',
      buyerMessage: 'Please pack carefully',
      logisticsChannel: 'Flash Express',
      trackingNo: '',
      lines: [
        {
          itemId: '23620853561',
          variationId: '221404189791',
          sellerSku: 'QAZ-SADOER-05',
          barcode: '',
          title: 'Papaya soap (60g)',
          quantity: 3,
          // (9990 + 2 × 8990) / 3 = 9323.33… → 9323 satang
          unitPrice: 9323,
        },
        {
          itemId: '1000200030',
          variationId: '0',
          sellerSku: 'BRUSH-1',
          barcode: '',
          title: 'Bamboo toothbrush',
          quantity: 1,
          unitPrice: 1910,
        },
      ],
      amounts: { total: 31880, shipping: 4000, discount: 2000 },
    });
  });

  it('takes the amounts Shopee states, not what its lines come to', () => {
    const amountsOf = (change: Record<string, unknown>) =>
      normaliseShopeeOrder({ ...sampleOrder(), ...change }).amounts;
    // A decimal spelling reads the same as the float.
    expect(amountsOf({ total_amount: '897.00', estimated_shipping_fee: '45.50' })).toEqual({
      total: 89700,
      shipping: 4550,
      discount: 0,
    });
    // Shipping borne by Shopee (a free-shipping voucher) is a discount the buyer did not pay.
    expect(amountsOf({ total_amount: 298.8 })).toEqual({ total: 29880, shipping: 4000, discount: 4000 });
    // Without total_amount: the items + shipping; without a shipping fee: 0.
    expect(amountsOf({ total_amount: undefined, estimated_shipping_fee: undefined })).toEqual({
      total: 29880,
      shipping: 0,
      discount: 0,
    });
    expect(() => amountsOf({ total_amount: '1,157.00' })).toThrow(/total_amount/);
  });

  it('reads TWD and VND amounts in whole units and THB in satang', () => {
    const item = (sampleOrder().item_list as Record<string, unknown>[])[0];
    const whole = (currency: string, price: number, total: number, shipping: number) =>
      normaliseShopeeOrder({
        ...sampleOrder(),
        currency,
        item_list: [{ ...item, model_quantity_purchased: 1, model_discounted_price: price }],
        total_amount: total,
        estimated_shipping_fee: shipping,
      }).amounts;
    expect(whole('TWD', 1100, 1157, 60)).toEqual({ total: 1157, shipping: 60, discount: 3 });
    expect(whole('VND', 300000, 305000, 15000)).toEqual({ total: 305000, shipping: 15000, discount: 10000 });
    expect(whole('THB', 99.9, 129.9, 30)).toEqual({ total: 12990, shipping: 3000, discount: 0 });
  });

  it('keeps whole-unit currencies whole (VND has no minor unit)', () => {
    const raw: Record<string, unknown> = { ...sampleOrder(), currency: 'VND' };
    raw.item_list = [
      { ...(sampleOrder().item_list as Record<string, unknown>[])[0], model_discounted_price: 48000 },
    ];
    expect(normaliseShopeeOrder(raw).lines[0]?.unitPrice).toBe(48000);
  });

  it('refuses an order without the fields it relies on', () => {
    for (const key of ['order_sn', 'order_status', 'create_time', 'update_time', 'item_list', 'currency']) {
      const raw = sampleOrder();
      delete raw[key];
      expect(() => normaliseShopeeOrder(raw)).toThrowError(MarketplaceError);
    }
    const badItem = sampleOrder();
    badItem.item_list = [{ item_id: 1, model_id: 0, item_name: 'x' }];
    expect(() => normaliseShopeeOrder(badItem)).toThrow(/model_quantity_purchased/);
    expect(() => normaliseShopeeOrder({ ...sampleOrder(), order_status: 'LOST_IN_SPACE' })).toThrow(
      /unknown Shopee order status/,
    );
    expect(() => normaliseShopeeOrder('{')).toThrow(MarketplaceError);
  });

  it('maps every documented status onto the spec statuses', () => {
    for (const mapped of Object.values(SHOPEE_STATUS_MAP)) expect(PLATFORM_STATUSES).toContain(mapped);
    expect(normaliseShopeeOrder({ ...sampleOrder(), order_status: 'PROCESSED' }).platformStatus).toBe(
      'READY_TO_SHIP',
    );
    expect(normaliseShopeeOrder({ ...sampleOrder(), order_status: 'SHIPPED' }).platformStatus).toBe(
      'SHIPPED',
    );
  });
});

describe('Shopee prices, lines and addresses', () => {
  it('reads float prices exactly into minor units', () => {
    const priceOf = (price: unknown, currency: OrderCurrency) =>
      groupShopeeLines(
        [
          {
            item_id: 5,
            model_id: 6,
            item_name: 'Mug',
            model_quantity_purchased: 1,
            model_discounted_price: price,
          },
        ],
        currency,
      )[0]?.unitPrice;
    expect(priceOf(19.9, 'THB')).toBe(1990);
    expect(priceOf(0.1 + 0.2, 'SGD')).toBe(30);
    expect(priceOf('12.5', 'TWD')).toBe(13);
    expect(priceOf(300000, 'VND')).toBe(300000);
    expect(() => priceOf(null, 'THB')).toThrow(MarketplaceError);
    expect(() => priceOf(1e21, 'THB')).toThrow(MarketplaceError);
  });

  it('falls back to the item SKU when the model has none', () => {
    const [line] = groupShopeeLines(
      [
        {
          item_id: 5,
          model_id: 6,
          item_name: 'Mug',
          item_sku: 'MUG',
          model_sku: '',
          model_quantity_purchased: 2,
          model_discounted_price: 10,
        },
      ],
      'USD',
    );
    expect(line).toMatchObject({ sellerSku: 'MUG', quantity: 2, unitPrice: 1000 });
  });

  it('joins an address without full_address from its parts', () => {
    expect(
      shopeeAddressLine({
        town: 'Ward 1',
        district: 'District 3',
        city: 'Ho Chi Minh',
        state: '',
        zipcode: '700000',
        region: 'VN',
      }),
    ).toBe('Ward 1, District 3, Ho Chi Minh, 700000, VN');
  });
});
