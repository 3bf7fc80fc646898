/**
 * The sandbox's Shopee orders: world orders rendered as get_order_list and get_order_detail
 * answer them: Shopee's statuses, unix seconds, prices as floats in
 * the major unit, item_list with a quantity per item and model, one package per order, only the
 * default fields plus those asked for in response_optional_fields, windows of at most 15 days,
 * page_size 1-100 and a cursor that is a base-10 offset.
 */
import { CURRENCY_DECIMALS, type OrderCurrency } from '@shared/domain/order.js';
import type { SandboxOrder, SandboxStatus } from '../world-model.js';
import type { World } from '../world.js';

/** The neutral lifecycle in Shopee's order statuses and package logistics statuses. */
export const SHOPEE_STATUS_OF: Readonly<Record<SandboxStatus, { order: string; logistics: string }>> = {
  unpaid: { order: 'UNPAID', logistics: 'LOGISTICS_NOT_START' },
  ready_to_ship: { order: 'READY_TO_SHIP', logistics: 'LOGISTICS_READY' },
  processed: { order: 'PROCESSED', logistics: 'LOGISTICS_REQUEST_CREATED' },
  shipped: { order: 'SHIPPED', logistics: 'LOGISTICS_PICKUP_DONE' },
  completed: { order: 'COMPLETED', logistics: 'LOGISTICS_DELIVERY_DONE' },
  in_cancel: { order: 'IN_CANCEL', logistics: 'LOGISTICS_READY' },
  cancelled: { order: 'CANCELLED', logistics: 'LOGISTICS_REQUEST_CANCELED' },
};

const MAX_WINDOW_SECONDS = 15 * 86_400;

/** A Shopee error to send: the business errors come inside HTTP 200 (see shopee.ts). */
export interface ShopeeRefusal {
  status: number;
  error: string;
  message: string;
}

const refuse = (error: string, message: string): ShopeeRefusal => ({ status: 200, error, message });

export const seconds = (ms: number): number => Math.floor(ms / 1000);

/** Minor units as the float Shopee sends (9990 THB minor → 99.9). */
export function majorPrice(minor: number, currency: OrderCurrency): number {
  const decimals = CURRENCY_DECIMALS[currency];
  return Number((minor / 10 ** decimals).toFixed(decimals));
}

/** A Shopee id as the JSON integer Shopee sends when it is one. */
export function idNumber(id: string): number | string {
  return /^\d{1,15}$/.test(id) ? Number(id) : id;
}

function itemList(order: SandboxOrder): Record<string, unknown>[] {
  return order.lines.map(({ item, quantity }) => ({
    item_id: idNumber(item.itemId),
    item_name: item.title,
    item_sku: '',
    model_id: idNumber(item.variationId),
    model_name: '',
    model_sku: item.sellerSku,
    model_quantity_purchased: quantity,
    model_original_price: majorPrice(item.unitPrice, order.currency),
    model_discounted_price: majorPrice(item.unitPrice, order.currency),
    wholesale: false,
    weight: 0.2,
    add_on_deal: false,
    main_item: false,
    add_on_deal_id: 0,
    promotion_type: '',
    promotion_id: 0,
    order_item_id: idNumber(item.itemId),
    promotion_group_id: 0,
    image_info: { image_url: '' },
    product_location_id: [order.address.country],
  }));
}

/** The fields get_order_detail always gives ("Return by default"). */
function defaultFields(world: World, order: SandboxOrder): Record<string, unknown> {
  const shop = world.shop('shopee', order.shopId);
  return {
    order_sn: order.orderId,
    region: shop?.region ?? order.address.country,
    currency: order.currency,
    cod: false,
    order_status: SHOPEE_STATUS_OF[order.status].order,
    message_to_seller: order.buyerMessage,
    create_time: seconds(order.createdAt),
    update_time: seconds(order.updatedAt),
    days_to_ship: 3,
    ship_by_date: order.shipBy === null ? 0 : seconds(order.shipBy),
    booking_sn: '',
    advance_package: false,
    pending_terms: [],
  };
}

/** The fields get_order_detail gives only when response_optional_fields names them. */
function optionalFields(order: SandboxOrder): Record<string, unknown> {
  const status = SHOPEE_STATUS_OF[order.status];
  const address = order.address;
  return {
    buyer_user_id: idNumber(order.buyer.userId),
    buyer_username: order.buyer.name.toLowerCase().replace(/[^a-z0-9]/g, ''),
    ...(order.paidAt === null ? {} : { pay_time: seconds(order.paidAt) }),
    estimated_shipping_fee: majorPrice(order.amounts.shipping, order.currency),
    recipient_address: {
      name: address.name,
      phone: address.phone,
      town: '',
      district: '',
      city: address.city,
      state: address.region,
      region: address.country,
      zipcode: address.postcode,
      full_address: `${address.line1}, ${address.city}, ${address.region} ${address.postcode}`,
    },
    note: '',
    item_list: itemList(order),
    package_list: [
      {
        package_number: `OFG${order.seq}${seconds(order.createdAt)}`,
        logistics_status: status.logistics,
        logistics_channel_id: 70016,
        shipping_carrier: order.carrier,
        allow_self_design_awb: false,
        item_list: order.lines.map(({ item, quantity }) => ({
          item_id: idNumber(item.itemId),
          model_id: idNumber(item.variationId),
          model_quantity: quantity,
          order_item_id: idNumber(item.itemId),
          promotion_group_id: 0,
        })),
      },
    ],
    shipping_carrier: order.carrier,
    payment_method: 'Credit Card/Debit Card',
    // What the buyer pays: the items and shipping, less the order's vouchers (the detail names none).
    total_amount: majorPrice(order.amounts.total, order.currency),
    fulfillment_flag: 'fulfilled_by_local_seller',
    cancel_by: order.status === 'cancelled' ? 'buyer' : '',
    cancel_reason: order.status === 'cancelled' ? 'Change of mind' : '',
    buyer_cancel_reason: order.status === 'cancelled' ? 'Change of mind' : '',
    split_up: false,
  };
}

/** One order as get_order_detail returns it: default fields plus the optional ones asked for. */
export function renderShopeeOrder(
  world: World,
  order: SandboxOrder,
  asked: ReadonlySet<string>,
): Record<string, unknown> {
  const defaults = defaultFields(world, order);
  if (asked.size === 0) return defaults;
  const chosen = Object.entries(optionalFields(order)).filter(([name]) => asked.has(name));
  return { ...defaults, ...Object.fromEntries(chosen) };
}

function fieldSet(text: string | undefined): Set<string> {
  return new Set(
    (text ?? '')
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name !== ''),
  );
}

const isWhole = (text: string | undefined): text is string => text !== undefined && /^\d+$/.test(text);

/** get_order_list for a shop: the query as Shopee reads it, the page or the documented refusal. */
export function orderListPage(
  world: World,
  shopId: string,
  query: (name: string) => string | undefined,
): ShopeeRefusal | { response: Record<string, unknown> } {
  const field = query('time_range_field');
  if (field !== 'create_time' && field !== 'update_time')
    return refuse(
      'error_param',
      'Wrong parameters, detail: time_range_field should be create_time or update_time.',
    );
  const from = query('time_from');
  const to = query('time_to');
  if (!isWhole(from) || !isWhole(to))
    return refuse('error_param', 'Wrong parameters, detail: time_from and time_to are required.');
  if (Number(from) > Number(to) || Number(to) - Number(from) > MAX_WINDOW_SECONDS)
    return refuse(
      'order.order_list_invalid_time',
      'Start time must be earlier than end time and diff in 15days.',
    );
  const pageSize = query('page_size');
  if (!isWhole(pageSize) || Number(pageSize) < 1 || Number(pageSize) > 100)
    return refuse('error_param', 'Wrong parameters, detail: page_size should be between 1 and 100.');
  const cursor = query('cursor') ?? '';
  if (cursor !== '' && !isWhole(cursor))
    return refuse('error_param', 'Wrong parameters, detail: cursor is invalid.');
  const status = query('order_status');
  const withStatus = fieldSet(query('response_optional_fields')).has('order_status');
  // Shopee's seconds, both ends inclusive: [from, to] seconds are [from·1000, (to+1)·1000) ms.
  const matching = world
    .ordersBetween(
      'shopee',
      shopId,
      field === 'create_time' ? 'createdAt' : 'updatedAt',
      Number(from) * 1000,
      (Number(to) + 1) * 1000,
    )
    .filter((order) => !status || SHOPEE_STATUS_OF[order.status].order === status);
  const offset = cursor === '' ? 0 : Number(cursor);
  const page = matching.slice(offset, offset + Number(pageSize));
  const more = offset + page.length < matching.length;
  return {
    response: {
      more,
      next_cursor: more ? String(offset + page.length) : '',
      order_list: page.map((order) => ({
        order_sn: order.orderId,
        ...(withStatus ? { order_status: SHOPEE_STATUS_OF[order.status].order } : {}),
      })),
    },
  };
}

/** get_order_detail for a shop: 1-50 order_sn; one unknown order refuses the call. */
export function orderDetail(
  world: World,
  shopId: string,
  query: (name: string) => string | undefined,
): ShopeeRefusal | { response: Record<string, unknown> } {
  const orderNos = (query('order_sn_list') ?? '')
    .split(',')
    .map((sn) => sn.trim())
    .filter((sn) => sn !== '');
  if (orderNos.length < 1 || orderNos.length > 50)
    return refuse('error_param', 'Wrong parameters, detail: order_sn_list should have 1 to 50 order_sn.');
  const asked = fieldSet(query('response_optional_fields'));
  const orders: Record<string, unknown>[] = [];
  for (const orderNo of orderNos) {
    const order = world.order('shopee', shopId, orderNo);
    if (!order) return refuse('error_not_found', 'Wrong parameters, detail: the order is not found.');
    orders.push(renderShopeeOrder(world, order, asked));
  }
  return { response: { order_list: orders } };
}
