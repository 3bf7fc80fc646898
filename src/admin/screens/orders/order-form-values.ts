/**
 * The hand-entered order form's values and how they become the contract's body: text trimmed,
 * unit prices typed in the currency's major unit and sent in minor units.
 */
import type { Dayjs } from 'dayjs';
import { majorAmount } from '@shared/contract/common.js';
import type { CreateOrderInput } from '@shared/contract/orders.js';
import {
  CURRENCY_DECIMALS,
  minorUnits,
  ORDER_LIMITS as LIMITS,
  type OrderCurrency,
  type OrderTag,
  type OrderType,
  type Platform,
} from '@shared/domain/order.js';

export interface LineValues {
  skuId?: string;
  quantity?: number;
  /** In the currency's major unit on screen; sent in minor units. */
  unitPrice?: number;
  itemId?: string;
  variationId?: string;
}

export interface OrderValues {
  sellerId?: string;
  orderNo?: string;
  platform: Platform;
  shopName?: string;
  orderType: OrderType;
  warehouseId?: string;
  buyerName?: string;
  recipientName?: string;
  recipientPhone?: string;
  recipientAddress?: string;
  buyerMessage?: string;
  sellerNote?: string;
  shipBy?: Dayjs | null;
  currency: OrderCurrency;
  logisticsChannel?: string;
  trackingNo?: string;
  tags?: OrderTag[];
  lines: LineValues[];
}

export const INITIAL: Partial<OrderValues> = {
  platform: 'manual',
  orderType: 'stock',
  currency: 'CNY',
  lines: [{ quantity: 1 }],
};

const trimmed = (value: string | undefined) => (value ?? '').trim();

/**
 * The contract's unit price as typed in the currency's major unit: its bounds there and no more
 * decimals than the currency is written with (1.234 yuan is refused, not rounded).
 */
export const priceIn = (currency: OrderCurrency) => majorAmount(LIMITS.price, CURRENCY_DECIMALS[currency]);

/** The contract's body of the form's values. */
export function orderInputOf(values: OrderValues): CreateOrderInput {
  return {
    sellerId: values.sellerId ?? '',
    orderNo: trimmed(values.orderNo),
    platform: values.platform,
    shopName: trimmed(values.shopName),
    orderType: values.orderType,
    warehouseId: values.warehouseId ?? '',
    buyerName: trimmed(values.buyerName),
    recipientName: trimmed(values.recipientName),
    recipientPhone: trimmed(values.recipientPhone),
    recipientAddress: trimmed(values.recipientAddress),
    buyerMessage: trimmed(values.buyerMessage),
    sellerNote: trimmed(values.sellerNote),
    shipBy: values.shipBy ? values.shipBy.toISOString() : null,
    currency: values.currency,
    logisticsChannel: trimmed(values.logisticsChannel),
    trackingNo: trimmed(values.trackingNo),
    tags: values.tags ?? [],
    lines: values.lines.map((line) => ({
      skuId: line.skuId ?? '',
      quantity: line.quantity ?? 0,
      unitPrice: minorUnits(line.unitPrice ?? 0, values.currency),
      itemId: trimmed(line.itemId),
      variationId: trimmed(line.variationId),
    })),
  };
}
