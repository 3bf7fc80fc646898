import { describe, expect, it } from 'vitest';
import { MarketplaceError } from '../../connector.js';
import { lazadaOrderStatus, normaliseLazadaOrder } from './normalise.js';
import { lazadaTime, minorToDecimal } from './values.js';

/** An order in the shape of the GetOrders sample. */
const ORDER = {
  voucher_platform: '0.00',
  voucher: '10.00',
  warehouse_code: 'dropshipping',
  order_number: '491253082180001',
  voucher_seller: '10.00',
  created_at: '2018-02-09T22:44:30+08:00',
  voucher_code: '',
  gift_option: 'false',
  is_cancel_pending: 'false',
  customer_last_name: '',
  promised_shipping_times: 'shipping_time',
  updated_at: '2018-02-10T09:15:02+08:00',
  // The four units as ordered, the cancelled one included.
  price: '312.50',
  payment_method: 'COD',
  buyer_note: 'red color',
  customer_first_name: 'Ha Hung',
  shipping_fee: '0.54',
  items_count: '4',
  statuses: ['pending', 'canceled'],
  address_billing: { country: 'Singapore', address1: '1 CHANGI VILLAGE ROAD, 11', first_name: 'Ha Hung' },
  order_id: '491253082180001',
  need_cancel_confirm: 'false',
  remarks: '',
  address_shipping: {
    country: 'Singapore',
    address3: 'Singapore',
    address2: '',
    city: 'Singapore-Singapore-500001',
    address1: '1 CHANGI VILLAGE ROAD, #01-59',
    phone2: '',
    last_name: 'Tan',
    phone: '6591234567',
    post_code: '500001',
    address5: 'Changi',
    address4: 'Singapore',
    first_name: 'Ha Hung',
  },
};

/** One order item per unit, in the shape of the GetOrderItems / GetMultipleOrderItems samples. */
function unit(overrides: Record<string, unknown>): Record<string, unknown> {
  return {
    order_id: '491253082180001',
    order_item_id: '491253082280001',
    product_id: '12345',
    sku_id: '666',
    sku: 'BRSD#02',
    shop_sku: 'BE494HLAAUE3SGAMZ-39898',
    name: 'Bean Rester Dooby Red',
    variation: '',
    item_price: '99.00',
    paid_price: '89.10',
    currency: 'SGD',
    status: 'pending',
    shipment_provider: 'LEX',
    tracking_code: '',
    package_id: '',
    sla_time_stamp: '2018-02-12T23:59:59+08:00',
    payment_time: '1518187470000',
    created_at: '2014-10-15 19:12:15 +0800',
    updated_at: '1413786247000',
    ...overrides,
  };
}

const ITEMS = [
  unit({ order_item_id: '491253082280001' }),
  unit({ order_item_id: '491253082280002', paid_price: '99.00' }),
  unit({
    order_item_id: '491253082280003',
    product_id: '12346',
    sku_id: '667',
    sku: 'BRSD#03',
    name: 'Bean Rester',
    variation: 'Blue',
    item_price: '15.5',
    sla_time_stamp: '2018-02-11T23:59:59+08:00',
  }),
  unit({
    order_item_id: '491253082280004',
    product_id: '12347',
    sku_id: '668',
    sku: 'GONE',
    status: 'canceled',
  }),
];

function malformed(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(MarketplaceError);
    return (error as MarketplaceError).code;
  }
  return 'no error';
}

describe('normaliseLazadaOrder', () => {
  it('groups one-per-unit items into lines with quantities and leaves out a cancelled unit', () => {
    const order = normaliseLazadaOrder(ORDER, ITEMS);
    expect(order.lines).toEqual([
      {
        itemId: '12345',
        variationId: '666',
        sellerSku: 'BRSD#02',
        barcode: '',
        title: 'Bean Rester Dooby Red',
        quantity: 2,
        unitPrice: 9900,
      },
      {
        itemId: '12346',
        variationId: '667',
        sellerSku: 'BRSD#03',
        barcode: '',
        title: 'Bean Rester (Blue)',
        quantity: 1,
        unitPrice: 1550,
      },
    ]);
  });

  it('reads the order: status from its live items, times with offsets, buyer and address', () => {
    const order = normaliseLazadaOrder(ORDER, ITEMS);
    expect(order).toMatchObject({
      orderNo: '491253082180001',
      platformStatus: 'READY_TO_SHIP',
      rawStatus: 'pending,canceled',
      orderedAt: '2018-02-09T22:44:30+08:00',
      updatedAt: '2018-02-10T09:15:02+08:00',
      paidAt: '2018-02-09T14:44:30+00:00',
      shipBy: '2018-02-11T23:59:59+08:00',
      currency: 'SGD',
      buyerName: 'Ha Hung',
      recipientName: 'Ha Hung Tan',
      recipientPhone: '6591234567',
      recipientAddress: '1 CHANGI VILLAGE ROAD, #01-59, Changi, Singapore, 500001',
      buyerMessage: 'red color',
      logisticsChannel: 'LEX',
      trackingNo: '',
    });
  });

  it('takes the amounts GetOrder states: price + shipping_fee − voucher, not the live lines', () => {
    // The live lines come to 213.50; Lazada's price is 312.50.
    expect(normaliseLazadaOrder(ORDER, ITEMS).amounts).toEqual({
      total: 30304,
      shipping: 54,
      discount: 1000,
    });
    expect(
      normaliseLazadaOrder({ ...ORDER, price: '897.00', shipping_fee: '0.00', voucher: '0.00' }, ITEMS)
        .amounts,
    ).toEqual({ total: 89700, shipping: 0, discount: 0 });
  });

  it('reads the vouchers’ parts without voucher, and 0 or the items for amounts left out', () => {
    const bare = { ...ORDER, voucher: undefined, voucher_seller: undefined, voucher_platform: undefined };
    expect(
      normaliseLazadaOrder({ ...bare, voucher_seller: '3.00', voucher_platform: '2.50' }, ITEMS).amounts,
    ).toEqual({ total: 30754, shipping: 54, discount: 550 });
    // No price, shipping or voucher (or the samples' "null"): the units' item_price, 0 and 0.
    expect(normaliseLazadaOrder({ ...bare, price: undefined, shipping_fee: 'null' }, ITEMS).amounts).toEqual({
      total: 31250,
      shipping: 0,
      discount: 0,
    });
    expect(malformed(() => normaliseLazadaOrder({ ...ORDER, shipping_fee: 'free' }, ITEMS))).toBe(
      'malformed',
    );
  });

  it('reads THB amounts in satang', () => {
    const order = normaliseLazadaOrder(
      { ...ORDER, price: '1157.00', shipping_fee: '38.00', voucher: '100.00' },
      [unit({ currency: 'THB', item_price: '1157.00' })],
    );
    expect(order.amounts).toEqual({ total: 109500, shipping: 3800, discount: 10000 });
  });

  it('keeps every unit of a wholly cancelled order and calls it CANCELLED', () => {
    const order = normaliseLazadaOrder(
      ORDER,
      ITEMS.map((item) => ({ ...item, status: 'canceled' })),
    );
    expect(order.platformStatus).toBe('CANCELLED');
    expect(order.lines.reduce((sum, line) => sum + line.quantity, 0)).toBe(4);
  });

  it('reads amounts of a zero-decimal currency (VND) and tracking numbers of shipped units', () => {
    const vnd = { ...ORDER, price: '300000.00', shipping_fee: '15000.00', voucher: '10000.00' };
    const order = normaliseLazadaOrder(vnd, [
      unit({ currency: 'VND', item_price: '150000.00', status: 'shipped', tracking_code: 'VN123' }),
      unit({ currency: 'VND', item_price: '150000.00', status: 'shipped', tracking_code: 'VN123' }),
    ]);
    expect(order.platformStatus).toBe('SHIPPED');
    expect(order.lines).toMatchObject([{ quantity: 2, unitPrice: 150000 }]);
    expect(order.amounts).toEqual({ total: 305000, shipping: 15000, discount: 10000 });
    expect(order.trackingNo).toBe('VN123');
  });

  it('refuses orders missing what it needs with malformed', () => {
    expect(malformed(() => normaliseLazadaOrder({ ...ORDER, order_id: undefined }, ITEMS))).toBe('malformed');
    expect(malformed(() => normaliseLazadaOrder(ORDER, []))).toBe('malformed');
    expect(malformed(() => normaliseLazadaOrder({ ...ORDER, created_at: undefined }, ITEMS))).toBe(
      'malformed',
    );
    expect(malformed(() => normaliseLazadaOrder(ORDER, [unit({ item_price: 'ninety' })]))).toBe('malformed');
    expect(malformed(() => normaliseLazadaOrder(ORDER, [unit({}), unit({ currency: 'MYR' })]))).toBe(
      'malformed',
    );
    expect(malformed(() => normaliseLazadaOrder(ORDER, [unit({ status: 'teleported' })]))).toBe('malformed');
    expect(malformed(() => normaliseLazadaOrder(ORDER, [unit({ order_id: '1' })]))).toBe('malformed');
    expect(malformed(() => normaliseLazadaOrder('not an order', ITEMS))).toBe('malformed');
  });
});

describe('lazadaOrderStatus', () => {
  it('takes the least advanced live item, and IN_CANCEL while a cancellation is pending', () => {
    expect(lazadaOrderStatus(['unpaid'], false)).toBe('UNPAID');
    expect(lazadaOrderStatus(['shipped', 'packed'], false)).toBe('READY_TO_SHIP');
    expect(lazadaOrderStatus(['delivered', 'returned'], false)).toBe('TO_RETURN');
    expect(lazadaOrderStatus(['delivered', 'canceled'], false)).toBe('COMPLETED');
    expect(lazadaOrderStatus(['pending'], true)).toBe('IN_CANCEL');
    expect(lazadaOrderStatus(['unpaid'], true)).toBe('UNPAID');
    expect(lazadaOrderStatus(['shipped'], true)).toBe('SHIPPED');
    expect(lazadaOrderStatus(['canceled'], true)).toBe('CANCELLED');
  });
});

describe('Lazada values', () => {
  it('writes minor units as Lazada’s decimal strings', () => {
    expect(minorToDecimal(29, 2)).toBe('0.29');
    expect(minorToDecimal(150000, 0)).toBe('150000.00');
  });

  it('reads the three time spellings of the samples as ISO-8601 with an offset', () => {
    expect(lazadaTime('2018-02-09T22:44:30+08:00', 't')).toBe('2018-02-09T22:44:30+08:00');
    expect(lazadaTime('2014-10-15 19:12:15 +0800', 't')).toBe('2014-10-15T19:12:15+08:00');
    expect(lazadaTime('1413786247000', 't')).toBe('2014-10-20T06:24:07+00:00');
    expect(malformed(() => lazadaTime('shipping_time', 't'))).toBe('malformed');
  });
});
