/**
 * The sandbox world's model: what a marketplace order, shop and item are in the platform-neutral
 * lifecycle every platform renders in its own statuses, the amounts an order carries, the events
 * of the live stream, and the platform-style ids, tracking numbers and catalogue a world is
 * seeded with. Pure types and rules, no state: the World (world.ts) holds the state.
 */
import { createHash } from 'node:crypto';
import type { MarketplacePlatform } from '@shared/domain/marketplaces.js';
import { CURRENCY_DECIMALS, type OrderCurrency } from '@shared/domain/order.js';

/** The neutral lifecycle each platform renders in its own statuses. */
export const SANDBOX_STATUSES = [
  'unpaid',
  'ready_to_ship',
  'processed',
  'shipped',
  'completed',
  'in_cancel',
  'cancelled',
] as const;
export type SandboxStatus = (typeof SANDBOX_STATUSES)[number];

export interface SandboxItem {
  itemId: string;
  variationId: string;
  sellerSku: string;
  barcode: string;
  title: string;
  /** Minor units of the shop's currency. */
  unitPrice: number;
}

export interface SandboxShop {
  platform: MarketplacePlatform;
  /** The platform's id of the shop (see ShopGrant.platformShopId). */
  shopId: string;
  name: string;
  region: string;
  currency: OrderCurrency;
  catalogue: SandboxItem[];
}

export interface SandboxAddress {
  name: string;
  phone: string;
  line1: string;
  city: string;
  region: string;
  postcode: string;
  country: string;
}

export interface SandboxOrder {
  platform: MarketplacePlatform;
  shopId: string;
  orderId: string;
  /** Orders in creation order per platform: what platform-style ids are made from. */
  seq: number;
  status: SandboxStatus;
  createdAt: number;
  updatedAt: number;
  paidAt: number | null;
  shipBy: number | null;
  currency: OrderCurrency;
  buyer: { userId: string; name: string; email: string };
  address: SandboxAddress;
  buyerMessage: string;
  lines: { item: SandboxItem; quantity: number }[];
  carrier: string;
  trackingNo: string;
  /**
   * The buyer chose a channel on which the seller ships with a carrier of their own (Shopee's
   * non-integrated channels, TikTok Shop's SELLER shipping type): the platform's logistics does
   * not take the order, the seller tells the platform its tracking number.
   */
  sellerShips: boolean;
  /** What the marketplace says the order comes to: the reference the product's orders are compared with. */
  amounts: SandboxAmounts;
}

/**
 * An order's amounts in minor units of its currency: the shipping fee charged to the buyer, the
 * vouchers taken off the whole order, and the total the buyer pays, always
 * lines + shipping − discount (sandboxAmounts). Each platform renders them in its own fields.
 */
export interface SandboxAmounts {
  total: number;
  shipping: number;
  discount: number;
}

/** The amounts of an order of these lines with this shipping fee and discount (the discount at most the goods). */
export function sandboxAmounts(
  lines: readonly { item: SandboxItem; quantity: number }[],
  shipping: number,
  discount: number,
): SandboxAmounts {
  const goods = lines.reduce((sum, line) => sum + line.item.unitPrice * line.quantity, 0);
  const taken = Math.min(discount, goods);
  return { total: goods + shipping - taken, shipping, discount: taken };
}

/**
 * An amount split over parts in proportion to their weights, in whole minor units that add up to
 * it (the remainder goes to the first parts): how a platform that states amounts per item or per
 * order line spreads the world's order-level amount.
 */
export function splitAmount(amount: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((total, weight) => total + weight, 0);
  if (weights.length === 0) return [];
  const shares = weights.map((weight) =>
    sum === 0 ? Math.floor(amount / weights.length) : Math.floor((amount * weight) / sum),
  );
  let left = amount - shares.reduce((total, share) => total + share, 0);
  for (let index = 0; left > 0; index = (index + 1) % shares.length, left -= 1)
    shares[index] = (shares[index] ?? 0) + 1;
  return shares;
}

/**
 * What happened to an order, as a platform's webhook names it (Shopify's topics orders/create,
 * orders/paid, orders/cancelled, orders/fulfilled, orders/updated).
 */
export type SandboxOrderEvent = 'created' | 'paid' | 'cancelled' | 'fulfilled' | 'updated';

/** The event a change of an order is: its new status where that is an event of its own. */
export function orderEventOf(before: SandboxStatus, after: SandboxStatus): SandboxOrderEvent {
  if (after === before) return 'updated';
  if (after === 'cancelled') return 'cancelled';
  if (after === 'shipped' || after === 'completed') return 'fulfilled';
  if (before === 'unpaid' && after !== 'in_cancel') return 'paid';
  return 'updated';
}

/**
 * What the live stream does to a shop in one step (World.advance): place an order, or act on one
 * in a status it applies to (ORDER_EVENT_FROM).
 */
export type StreamEventKind =
  | 'order'
  | 'pay'
  | 'cancel'
  | 'request_cancel'
  | 'decide_cancel'
  | 'arrange'
  | 'ship'
  | 'complete'
  | 'address'
  | 'items';

/** The statuses each event acts on: a cancellation from every state a platform cancels from. */
export const ORDER_EVENT_FROM: Readonly<Record<StreamEventKind, readonly SandboxStatus[]>> = {
  order: [],
  pay: ['unpaid'],
  cancel: ['unpaid', 'ready_to_ship', 'processed'],
  request_cancel: ['ready_to_ship'],
  decide_cancel: ['in_cancel'],
  arrange: ['ready_to_ship'],
  ship: ['processed'],
  complete: ['shipped'],
  address: ['unpaid', 'ready_to_ship'],
  items: ['unpaid'],
};

/** How often each event comes, out of 100 (a new order about a third of the time). */
const STREAM_EVENT_WEIGHTS: readonly [StreamEventKind, number][] = [
  ['order', 34],
  ['pay', 14],
  ['cancel', 12],
  ['request_cancel', 4],
  ['decide_cancel', 5],
  ['arrange', 7],
  ['ship', 6],
  ['complete', 5],
  ['address', 7],
  ['items', 6],
];

/** The event a draw of [0, 1) is, by STREAM_EVENT_WEIGHTS. */
export function orderEventKind(roll: number): StreamEventKind {
  let left = roll * 100;
  for (const [kind, weight] of STREAM_EVENT_WEIGHTS) {
    if (left < weight) return kind;
    left -= weight;
  }
  return 'order';
}

/** A small seeded generator (mulberry32): the same seed gives the same world. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const FIRST_NAMES = [
  'Somchai',
  'Nguyen Van An',
  'Lin Mei',
  'Ploy',
  'Tran Thi Bich',
  'Chen Wei',
  'Ivan',
  'Kim Min-jun',
  'Maria Santos',
  'Ahmad',
];
export const CITIES: [string, string, string, string][] = [
  ['Bangkok', 'Bangkok', '10110', 'TH'],
  ['Chiang Mai', 'Chiang Mai', '50200', 'TH'],
  ['Ho Chi Minh City', 'Ho Chi Minh', '700000', 'VN'],
  ['Taipei', 'Taipei City', '100', 'TW'],
  ['Kuala Lumpur', 'Wilayah Persekutuan', '50450', 'MY'],
  ['Manila', 'Metro Manila', '1000', 'PH'],
  ['Seoul', 'Seoul', '04524', 'KR'],
];
export const CARRIERS = ['Flash Express', 'J&T Express', 'Kerry Express', 'Ninja Van', 'CJ Logistics'];

/** Shipping fees a buyer pays, in minor units of each currency (a few per market, as sellers set them). */
const SHIPPING_FEES: Readonly<Record<OrderCurrency, readonly number[]>> = {
  THB: [3000, 3800, 4500, 6000],
  TWD: [60, 65, 70],
  VND: [15_000, 22_000, 30_000],
  MYR: [490, 650, 800],
  PHP: [4500, 6000, 9500],
  SGD: [199, 299, 350],
  IDR: [9000, 12_000, 15_000],
  USD: [399, 499, 750],
  KRW: [2500, 3000],
  CNY: [600, 800, 1000],
};

/**
 * The amounts of a new order: a shipping fee of its market, and on about a third of the orders a
 * voucher of 5, 10 or 15 % of the goods in whole major units (Joom documents no discount, so its
 * orders take none). Drawn from the order's own seeded generator, so adding them changed nothing
 * else the world draws.
 */
export function newAmounts(
  platform: MarketplacePlatform,
  currency: OrderCurrency,
  lines: readonly { item: SandboxItem; quantity: number }[],
  random: () => number,
): SandboxAmounts {
  const fees = SHIPPING_FEES[currency];
  const shipping = fees[Math.floor(random() * fees.length)] ?? 0;
  const goods = lines.reduce((sum, line) => sum + line.item.unitPrice * line.quantity, 0);
  const major = 10 ** CURRENCY_DECIMALS[currency];
  const percent = [5, 10, 15][Math.floor(random() * 3)] ?? 10;
  const hasVoucher = platform !== 'joom' && random() < 0.35;
  const discount = hasVoucher ? Math.floor((goods * percent) / 100 / major) * major : 0;
  return sandboxAmounts(lines, shipping, discount);
}

export const SANDBOX_DAY_MS = 86_400_000;

/** The twenty items a shop added without a catalogue of its own sells. */
export function defaultCatalogue(shopId: string, currency: OrderCurrency): SandboxItem[] {
  const unit = currency === 'KRW' || currency === 'VND' || currency === 'TWD' || currency === 'IDR' ? 1 : 100;
  return Array.from({ length: 20 }, (_, index) => ({
    itemId: `${digits(shopId)}${String(index + 1).padStart(4, '0')}`,
    variationId: `${digits(shopId)}${String(index + 1).padStart(4, '0')}01`,
    sellerSku: `SBX-${String(index + 1).padStart(3, '0')}`,
    barcode: `69${String(1000000000 + index).padStart(10, '0')}${ean13CheckDigit(`69${String(1000000000 + index).padStart(10, '0')}`)}`,
    title: `Sandbox item ${index + 1}`,
    unitPrice: (99 + index * 50) * unit,
  }));
}

/** The statuses a seeded world's orders are drawn from, as often as they appear in a shop's history. */
export const SEEDED_STATUS_MIX: readonly SandboxStatus[] = [
  'ready_to_ship',
  'ready_to_ship',
  'ready_to_ship',
  'unpaid',
  'processed',
  'shipped',
  'completed',
  'cancelled',
];

/** The first index whose time is at least `at` in orders sorted by that time. */
export function lowerBound(
  sorted: readonly SandboxOrder[],
  field: 'createdAt' | 'updatedAt',
  at: number,
): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sorted[middle]?.[field] ?? Infinity) < at) low = middle + 1;
    else high = middle;
  }
  return low;
}

export type ShipmentRefusal = 'not_found' | 'cancelled' | 'unpaid' | 'already_shipped' | 'address_incomplete';
export type ShipmentOutcome =
  { ok: true; order: SandboxOrder; repeated: boolean } | { ok: false; reason: ShipmentRefusal };

/** A platform-style tracking number: Shopee's SPX, Lazada's LEX, TikTok's TT, … */
export function trackingNoFor(platform: MarketplacePlatform, seq: number): string {
  const prefix = {
    shopee: 'SPXTH',
    lazada: 'LEXPU',
    tiktok: 'TTTH',
    shopify: 'SFY',
    joom: 'JOOM',
    coupang: 'CPG',
  }[platform];
  return `${prefix}${String(100_000_000 + seq).padStart(10, '0')}`;
}

export function shopKey(platform: MarketplacePlatform, shopId: string): string {
  return `${platform}:${shopId}`;
}

function digits(text: string): string {
  const only = text.replace(/\D/g, '');
  return only === ''
    ? String(parseInt(createHash('sha1').update(text).digest('hex').slice(0, 6), 16))
    : only.slice(-6);
}

function ean13CheckDigit(twelve: string): number {
  const sum = [...twelve].reduce(
    (total, digit, index) => total + Number(digit) * (index % 2 === 0 ? 1 : 3),
    0,
  );
  return (10 - (sum % 10)) % 10;
}

const ALPHANUMERIC = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';

/** An order id in the platform's own style (Shopee's dated order_sn, long numbers elsewhere). */
export function orderIdFor(
  platform: MarketplacePlatform,
  seq: number,
  createdAt: number,
  random: () => number,
): string {
  const day = new Date(createdAt).toISOString().slice(2, 10).replace(/-/g, '');
  switch (platform) {
    case 'shopee':
      return `${day}${Array.from({ length: 8 }, () => ALPHANUMERIC[Math.floor(random() * ALPHANUMERIC.length)]).join('')}`;
    case 'lazada':
      return String(400_000_000_000_000 + seq);
    case 'tiktok':
      return String(576_000_000_000_000_000n + BigInt(seq));
    case 'shopify':
      return String(5_000_000_000_000 + seq);
    case 'coupang':
      return String(20_000_000_000 + seq);
    case 'joom':
      return `${(0x10000000 + seq).toString(16).toUpperCase()}`;
  }
}
