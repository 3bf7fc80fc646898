/**
 * The sandbox's one world: the shops, catalogues and orders of all six imitated marketplaces, the
 * tokens they issued, the faults a test asked for and the clock they all read. It lives in memory
 * on purpose: it plays the marketplaces, not our data layer, and `reset()` or a restart gives a
 * test or a demo a world rebuilt from its seed.
 *
 * Everything platform-neutral is here; how a platform spells an order, signs a request or answers
 * an error lives in src/sandbox/platforms/<platform>.ts.
 */
import { createHash, randomBytes } from 'node:crypto';
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

export interface TokenLifetimes {
  accessSeconds: number;
  refreshSeconds: number;
}

export interface IssuedToken {
  platform: MarketplacePlatform;
  shopId: string;
  kind: 'access' | 'refresh';
  expiresAt: number;
  revoked: boolean;
}

export type FaultKind =
  | 'http_429'
  | 'http_500'
  | 'http_503'
  /** The platform's own throttle error (e.g. inside HTTP 200), as its plugin renders it. */
  | 'throttle'
  /** The reply cut off halfway. */
  | 'truncated'
  /** An HTML error page where JSON was due. */
  | 'malformed';

export interface Fault {
  platform: MarketplacePlatform;
  /** Only requests whose path contains this; '' for any. */
  pathContains: string;
  kind: FaultKind;
  /** Matching requests let through before the fault starts (a page failing midway). */
  skip: number;
  /** How many matching requests it hits. */
  count: number;
  retryAfterSeconds: number;
}

export interface RequestRecord {
  platform: MarketplacePlatform;
  method: string;
  path: string;
  status: number;
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

const FIRST_NAMES = [
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
const CITIES: [string, string, string, string][] = [
  ['Bangkok', 'Bangkok', '10110', 'TH'],
  ['Chiang Mai', 'Chiang Mai', '50200', 'TH'],
  ['Ho Chi Minh City', 'Ho Chi Minh', '700000', 'VN'],
  ['Taipei', 'Taipei City', '100', 'TW'],
  ['Kuala Lumpur', 'Wilayah Persekutuan', '50450', 'MY'],
  ['Manila', 'Metro Manila', '1000', 'PH'],
  ['Seoul', 'Seoul', '04524', 'KR'],
];
const CARRIERS = ['Flash Express', 'J&T Express', 'Kerry Express', 'Ninja Van', 'CJ Logistics'];

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
function newAmounts(
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

/**
 * Each platform's documented limit, in units a second per caller (README: "The sandbox's rate
 * limits"; docs/architecture.md): Shopee publishes no numbers (its schemas carry
 * `rate_limit: [0,0,0]`), so 100 calls a second per shop stands in [UNDOCUMENTED]; Lazada's
 * per-API QPS, 30 (the figure its FAQ gives for an API) per seller and API; TikTok Shop's 50
 * QPS per app, shop and API; Shopify's GraphQL Admin API on the Standard plan, 100 cost points a
 * second (a bucket of 2,000: bucketSeconds 20); Joom's 50 calls a minute per store and API
 * [3P] (50/60 a second, a bucket of 60 seconds); Coupang's about 10 calls a second per vendor.
 * A test may change them (`rateLimits`, `/__control/rate-limits`).
 */
export const DEFAULT_RATE_LIMITS: Record<MarketplacePlatform, number> = {
  shopee: 100,
  lazada: 30,
  tiktok: 50,
  shopify: 100,
  joom: 50 / 60,
  coupang: 10,
};

/** A caller's bucket once a request was counted against it. */
export interface RateState {
  isAllowed: boolean;
  /** What the request asked for (Shopify: its query cost). */
  requested: number;
  /** What is left in the bucket (after the request, when it was allowed). */
  available: number;
  capacity: number;
  perSecond: number;
}

export class World {
  readonly shops = new Map<string, SandboxShop>();
  /** Per shop key, orders by id. */
  readonly orders = new Map<string, Map<string, SandboxOrder>>();
  readonly tokens = new Map<string, IssuedToken>();
  readonly codes = new Map<
    string,
    { platform: MarketplacePlatform; shopId: string; expiresAt: number; used: boolean }
  >();
  faults: Fault[] = [];
  readonly requests: RequestRecord[] = [];
  readonly webhookTargets = new Map<MarketplacePlatform, string>();
  readonly webhookDeliveries: { platform: MarketplacePlatform; url: string; status: number }[] = [];
  lifetimes: TokenLifetimes = { accessSeconds: 4 * 3600, refreshSeconds: 30 * 24 * 3600 };
  rateLimits: Record<MarketplacePlatform, number> = { ...DEFAULT_RATE_LIMITS };
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private readonly sorted = new Map<string, SandboxOrder[]>();
  private readonly listings = new Map<string, Map<string, readonly unknown[]>>();
  private clockOffsetMs = 0;
  private seq = 0;
  private random: () => number;
  /** Set by the server: posts a webhook for an order change, signed by the order's platform. */
  onOrderChanged: ((order: SandboxOrder, event: SandboxOrderEvent) => void) | null = null;
  /** Set by the server: posts the platform's deauthorisation notice, where it has one. */
  onShopRevoked: ((shop: SandboxShop) => void) | null = null;

  constructor(readonly seed = 1) {
    this.random = seededRandom(seed);
  }

  /** Back to an empty world from the same seed. */
  reset(): void {
    this.shops.clear();
    this.orders.clear();
    this.tokens.clear();
    this.codes.clear();
    this.faults = [];
    this.requests.length = 0;
    this.webhookTargets.clear();
    this.webhookDeliveries.length = 0;
    this.buckets.clear();
    this.sorted.clear();
    this.listings.clear();
    this.lifetimes = { accessSeconds: 4 * 3600, refreshSeconds: 30 * 24 * 3600 };
    this.rateLimits = { ...DEFAULT_RATE_LIMITS };
    this.clockOffsetMs = 0;
    this.seq = 0;
    this.random = seededRandom(this.seed);
  }

  /** The marketplaces' clock: the machine's, moved by a test. */
  now(): number {
    return Date.now() + this.clockOffsetMs;
  }

  moveClock(byMs: number): void {
    this.clockOffsetMs += byMs;
  }

  // --- shops and catalogues ---------------------------------------------------------------

  addShop(shop: Omit<SandboxShop, 'catalogue'> & { catalogue?: SandboxItem[] }): SandboxShop {
    const made: SandboxShop = {
      ...shop,
      catalogue: shop.catalogue ?? this.defaultCatalogue(shop.shopId, shop.currency),
    };
    this.shops.set(shopKey(shop.platform, shop.shopId), made);
    if (!this.orders.has(shopKey(shop.platform, shop.shopId)))
      this.orders.set(shopKey(shop.platform, shop.shopId), new Map());
    return made;
  }

  shop(platform: MarketplacePlatform, shopId: string): SandboxShop | undefined {
    return this.shops.get(shopKey(platform, shopId));
  }

  shopsOf(platform: MarketplacePlatform): SandboxShop[] {
    return [...this.shops.values()].filter((shop) => shop.platform === platform);
  }

  private defaultCatalogue(shopId: string, currency: OrderCurrency): SandboxItem[] {
    const unit =
      currency === 'KRW' || currency === 'VND' || currency === 'TWD' || currency === 'IDR' ? 1 : 100;
    return Array.from({ length: 20 }, (_, index) => ({
      itemId: `${digits(shopId)}${String(index + 1).padStart(4, '0')}`,
      variationId: `${digits(shopId)}${String(index + 1).padStart(4, '0')}01`,
      sellerSku: `SBX-${String(index + 1).padStart(3, '0')}`,
      barcode: `69${String(1000000000 + index).padStart(10, '0')}${ean13CheckDigit(`69${String(1000000000 + index).padStart(10, '0')}`)}`,
      title: `Sandbox item ${index + 1}`,
      unitPrice: (99 + index * 50) * unit,
    }));
  }

  // --- orders -----------------------------------------------------------------------------

  ordersOf(platform: MarketplacePlatform, shopId: string): SandboxOrder[] {
    return [...(this.orders.get(shopKey(platform, shopId))?.values() ?? [])];
  }

  order(platform: MarketplacePlatform, shopId: string, orderId: string): SandboxOrder | undefined {
    return this.orders.get(shopKey(platform, shopId))?.get(orderId);
  }

  /** Orders with from ≤ field < to, oldest first, ties by id: a stable order to page through. */
  ordersBetween(
    platform: MarketplacePlatform,
    shopId: string,
    field: 'createdAt' | 'updatedAt',
    from: number,
    to: number,
  ): SandboxOrder[] {
    const sorted = this.sortedBy(platform, shopId, field);
    const first = lowerBound(sorted, field, from);
    return sorted.slice(first, lowerBound(sorted, field, to));
  }

  /** A shop's orders sorted by a time, kept until an order of the shop changes (paging reads it often). */
  private sortedBy(
    platform: MarketplacePlatform,
    shopId: string,
    field: 'createdAt' | 'updatedAt',
  ): SandboxOrder[] {
    const key = `${shopKey(platform, shopId)}|${field}`;
    const cached = this.sorted.get(key);
    if (cached) return cached;
    const made = this.ordersOf(platform, shopId).sort(
      (a, b) => a[field] - b[field] || (a.orderId < b.orderId ? -1 : a.orderId > b.orderId ? 1 : 0),
    );
    this.sorted.set(key, made);
    return made;
  }

  /**
   * A listing's matching rows in the listing's order, made once per shop and query (`query`
   * names its filters and sort, not its cursor) and kept until an order of the shop changes: a
   * platform pages through an index, it does not sort the whole shop again for every page.
   */
  listing<T>(platform: MarketplacePlatform, shopId: string, query: string, make: () => T[]): readonly T[] {
    const key = shopKey(platform, shopId);
    let made = this.listings.get(key);
    if (!made) {
      made = new Map();
      this.listings.set(key, made);
    }
    const cached = made.get(query);
    if (cached) return cached as readonly T[];
    const rows = make();
    made.set(query, rows);
    return rows;
  }

  private forgetSorted(platform: MarketplacePlatform, shopId: string): void {
    this.listings.delete(shopKey(platform, shopId));
    this.sorted.delete(`${shopKey(platform, shopId)}|createdAt`);
    this.sorted.delete(`${shopKey(platform, shopId)}|updatedAt`);
  }

  /**
   * `count` new orders for a shop, created (and last updated) spread over [from, to). The same
   * seed gives the same orders: the bench's 50,000 and a demo's first sync are reproducible.
   */
  seedOrders(
    platform: MarketplacePlatform,
    shopId: string,
    count: number,
    from: number,
    to: number,
  ): SandboxOrder[] {
    const made: SandboxOrder[] = [];
    for (let index = 0; index < count; index += 1) {
      const createdAt = Math.floor(from + ((to - from) * index) / Math.max(count, 1));
      const status = this.pick<SandboxStatus>([
        'ready_to_ship',
        'ready_to_ship',
        'ready_to_ship',
        'unpaid',
        'processed',
        'shipped',
        'completed',
        'cancelled',
      ]);
      made.push(this.createOrder(platform, shopId, { createdAt, status, silent: true }));
    }
    return made;
  }

  /** A new order as a buyer places it now (unpaid or paid). */
  createOrder(
    platform: MarketplacePlatform,
    shopId: string,
    options: {
      createdAt?: number;
      status?: SandboxStatus;
      silent?: boolean;
      lines?: { sellerSku: string; quantity: number }[];
      /** On a channel the seller ships by a carrier of their own (SandboxOrder.sellerShips). */
      sellerShips?: boolean;
      /** The shipping fee and discount to give the order (minor units); drawn from the seed otherwise. */
      amounts?: { shipping?: number; discount?: number };
    } = {},
  ): SandboxOrder {
    const shop = this.shop(platform, shopId);
    if (!shop) throw new Error(`no sandbox shop ${platform}:${shopId}`);
    const createdAt = options.createdAt ?? this.now();
    const status = options.status ?? (this.random() < 0.3 ? 'unpaid' : 'ready_to_ship');
    this.seq += 1;
    const lines = options.lines
      ? options.lines.map((line) => {
          const item = shop.catalogue.find((candidate) => candidate.sellerSku === line.sellerSku);
          if (!item) throw new Error(`no sandbox item ${line.sellerSku} in ${shopId}`);
          return { item, quantity: line.quantity };
        })
      : this.randomLines(shop.catalogue);
    const [city, region, postcode, country] = this.pick(CITIES);
    const name = this.pick(FIRST_NAMES);
    const order: SandboxOrder = {
      platform,
      shopId,
      orderId: orderIdFor(platform, this.seq, createdAt, this.random),
      seq: this.seq,
      status,
      createdAt,
      // Paid a minute after it was placed, but never later than the marketplace's now.
      updatedAt:
        status === 'unpaid' ? createdAt : Math.min(createdAt + 60_000, Math.max(createdAt, this.now())),
      paidAt: status === 'unpaid' ? null : Math.min(createdAt + 60_000, Math.max(createdAt, this.now())),
      shipBy: createdAt + 3 * SANDBOX_DAY_MS,
      currency: shop.currency,
      buyer: { userId: String(100000 + this.seq), name, email: `buyer${this.seq}@example.com` },
      address: {
        name,
        phone: `+${Math.floor(10_000_000_000 + this.random() * 89_999_999_999)}`,
        line1: `${1 + Math.floor(this.random() * 300)} Sandbox Road`,
        city,
        region,
        postcode,
        country,
      },
      buyerMessage: this.random() < 0.2 ? 'Please pack carefully' : '',
      lines,
      carrier: this.pick(CARRIERS),
      trackingNo: status === 'shipped' || status === 'completed' ? `SBX${this.seq}TH` : '',
      sellerShips: options.sellerShips ?? false,
      amounts: this.amountsFor(platform, shop.currency, lines, options.amounts),
    };
    this.orders.get(shopKey(platform, shopId))?.set(order.orderId, order);
    this.forgetSorted(platform, shopId);
    if (!options.silent) this.onOrderChanged?.(order, 'created');
    return order;
  }

  /** Changes an order as the marketplace would (its amounts following an edit of its lines) and stamps its update time. */
  changeOrder(
    order: SandboxOrder,
    change: Partial<Pick<SandboxOrder, 'status' | 'address' | 'trackingNo' | 'buyerMessage' | 'lines'>>,
  ): void {
    const before = order.status;
    Object.assign(order, change);
    // An edit of the items keeps the shipping fee and voucher; the total follows the new lines.
    if (change.lines)
      order.amounts = sandboxAmounts(order.lines, order.amounts.shipping, order.amounts.discount);
    this.forgetSorted(order.platform, order.shopId);
    if (change.status && change.status !== 'unpaid' && order.paidAt === null && change.status !== 'cancelled')
      order.paidAt = this.now();
    order.updatedAt = Math.max(this.now(), order.updatedAt + 1);
    this.onOrderChanged?.(order, orderEventOf(before, order.status));
  }

  /**
   * The live stream: `steps` events on a shop, each stamped now and announced by webhook where
   * one is registered (orderEventKind draws which): new orders (some with items the seller has
   * no SKU for, where the catalogue has such items), payments, cancellations from every state a
   * platform cancels from (unpaid, paid and waiting, arranged, a buyer's request granted), a
   * buyer's request refused, the platform's logistics arranging, shipping and completing orders,
   * address edits and edits of an unpaid order's items. An event with no order to act on places
   * a new order instead.
   */
  advance(platform: MarketplacePlatform, shopId: string, steps: number): SandboxOrder[] {
    const touched: SandboxOrder[] = [];
    for (let step = 0; step < steps; step += 1) {
      const kind = orderEventKind(this.random());
      const candidates = this.ordersOf(platform, shopId).filter((order) =>
        ORDER_EVENT_FROM[kind].includes(order.status),
      );
      if (kind === 'order' || candidates.length === 0) {
        touched.push(this.createOrder(platform, shopId));
        continue;
      }
      const order = this.pick(candidates);
      this.applyOrderEvent(order, kind);
      touched.push(order);
    }
    return touched;
  }

  /** One event of the live stream on an order it applies to (ORDER_EVENT_FROM). */
  private applyOrderEvent(order: SandboxOrder, kind: Exclude<StreamEventKind, 'order'>): void {
    switch (kind) {
      case 'pay':
        this.changeOrder(order, { status: 'ready_to_ship' });
        return;
      case 'cancel':
        this.changeOrder(order, { status: 'cancelled' });
        return;
      case 'request_cancel':
        this.changeOrder(order, { status: 'in_cancel' });
        return;
      case 'decide_cancel':
        // Most requests are granted; a refused one goes back to waiting for shipment.
        this.changeOrder(order, { status: this.random() < 0.7 ? 'cancelled' : 'ready_to_ship' });
        return;
      case 'arrange':
        this.changeOrder(order, {
          status: 'processed',
          trackingNo: trackingNoFor(order.platform, order.seq),
        });
        return;
      case 'ship':
        this.changeOrder(order, {
          status: 'shipped',
          trackingNo: order.trackingNo || trackingNoFor(order.platform, order.seq),
        });
        return;
      case 'complete':
        this.changeOrder(order, { status: 'completed' });
        return;
      case 'address':
        this.changeOrder(order, {
          address: { ...order.address, line1: `${1 + Math.floor(this.random() * 300)} Changed Street` },
        });
        return;
      case 'items':
        this.changeOrder(order, { lines: this.editedLines(order) });
        return;
    }
  }

  /**
   * An unpaid order's items as the buyer edits them: one line's quantity changed, or, on an order
   * of one line, its item swapped for another of the catalogue. The number of lines stays (a
   * platform that renders each line as an order of its own, Joom, keeps its orders).
   */
  private editedLines(order: SandboxOrder): SandboxOrder['lines'] {
    const index = Math.floor(this.random() * order.lines.length);
    const catalogue = this.shop(order.platform, order.shopId)?.catalogue ?? [];
    const others = catalogue.filter((item) => !order.lines.some((line) => line.item === item));
    return order.lines.map((line, position) => {
      if (position !== index) return line;
      if (order.lines.length === 1 && others.length > 0 && this.random() < 0.5)
        return { item: this.pick(others), quantity: line.quantity };
      return { item: line.item, quantity: line.quantity === 1 ? 2 + Math.floor(this.random() * 2) : 1 };
    });
  }

  /** Every access token issued for the shop stops working now (the platform expired them early). */
  expireAccessTokens(platform: MarketplacePlatform, shopId: string): number {
    let expired = 0;
    for (const token of this.tokens.values()) {
      if (token.platform !== platform || token.shopId !== shopId || token.kind !== 'access') continue;
      if (token.expiresAt > this.now()) expired += 1;
      token.expiresAt = Math.min(token.expiresAt, this.now());
    }
    return expired;
  }

  /** Ends a platform's faults of a kind (an outage over), however many requests they had left. */
  endFaults(platform: MarketplacePlatform, kind: FaultKind): void {
    this.faults = this.faults.filter((fault) => fault.platform !== platform || fault.kind !== kind);
  }

  /** A new order's amounts: those asked for, the rest from the order's own generator (seed and sequence). */
  private amountsFor(
    platform: MarketplacePlatform,
    currency: OrderCurrency,
    lines: readonly { item: SandboxItem; quantity: number }[],
    asked: { shipping?: number; discount?: number } = {},
  ): SandboxAmounts {
    const drawn = newAmounts(platform, currency, lines, seededRandom(Math.imul(this.seed, 7919) + this.seq));
    return sandboxAmounts(lines, asked.shipping ?? drawn.shipping, asked.discount ?? drawn.discount);
  }

  private randomLines(catalogue: SandboxItem[]): { item: SandboxItem; quantity: number }[] {
    const count = this.random() < 0.7 ? 1 : 2 + Math.floor(this.random() * 2);
    const chosen = new Set<SandboxItem>();
    while (chosen.size < Math.min(count, catalogue.length)) chosen.add(this.pick(catalogue));
    return [...chosen].map((item) => ({
      item,
      quantity: this.random() < 0.8 ? 1 : 2 + Math.floor(this.random() * 3),
    }));
  }

  private pick<T>(values: readonly T[]): T {
    const value = values[Math.floor(this.random() * values.length)];
    if (value === undefined) throw new Error('pick from nothing');
    return value;
  }

  // --- shipments --------------------------------------------------------------------------

  /**
   * The platform's own logistics takes the order: a paid order waiting to ship gets a carrier
   * and a tracking number and becomes 'processed'. Arranging again answers the same shipment
   * (`repeated`), so a retry after a lost reply is safe wherever the platform allows it.
   */
  arrangeShipment(platform: MarketplacePlatform, shopId: string, orderId: string): ShipmentOutcome {
    const order = this.order(platform, shopId, orderId);
    if (!order) return { ok: false, reason: 'not_found' };
    if (order.status === 'processed' && order.trackingNo !== '') return { ok: true, order, repeated: true };
    const refused = this.shipmentRefusal(order);
    if (refused) return { ok: false, reason: refused };
    this.changeOrder(order, { status: 'processed', trackingNo: trackingNoFor(platform, order.seq) });
    return { ok: true, order, repeated: false };
  }

  /**
   * The seller shipped with a carrier of their own and tells the platform its tracking number:
   * the order becomes 'shipped'. The same number again is `repeated`; another number replaces it
   * (platforms let a seller correct a tracking number).
   */
  sellerShipped(
    platform: MarketplacePlatform,
    shopId: string,
    orderId: string,
    input: { trackingNo: string; carrier: string },
  ): ShipmentOutcome {
    const order = this.order(platform, shopId, orderId);
    if (!order) return { ok: false, reason: 'not_found' };
    if (order.status === 'shipped' && order.trackingNo === input.trackingNo)
      return { ok: true, order, repeated: true };
    const refused = order.status === 'shipped' ? null : this.shipmentRefusal(order);
    if (refused) return { ok: false, reason: refused };
    order.carrier = input.carrier;
    this.changeOrder(order, { status: 'shipped', trackingNo: input.trackingNo });
    return { ok: true, order, repeated: false };
  }

  private shipmentRefusal(order: SandboxOrder): ShipmentRefusal | null {
    if (order.status === 'cancelled' || order.status === 'in_cancel') return 'cancelled';
    if (order.status === 'unpaid') return 'unpaid';
    if (order.status !== 'ready_to_ship' && order.status !== 'processed') return 'already_shipped';
    if (order.address.line1.trim() === '' || order.address.phone.trim() === '') return 'address_incomplete';
    return null;
  }

  // --- authorisation ----------------------------------------------------------------------

  /** A one-time authorisation code for a shop, valid ten minutes (what the redirect carries). */
  issueCode(platform: MarketplacePlatform, shopId: string): string {
    const code = randomBytes(16).toString('hex');
    this.codes.set(code, { platform, shopId, expiresAt: this.now() + 600_000, used: false });
    return code;
  }

  /** Trades a code for its shop; null when unknown, used, expired or of another platform. */
  useCode(platform: MarketplacePlatform, code: string): string | null {
    const found = this.codes.get(code);
    if (!found || found.used || found.platform !== platform || found.expiresAt < this.now()) return null;
    found.used = true;
    return found.shopId;
  }

  /** A fresh access and refresh token pair for a shop, with the world's lifetimes. */
  issueTokens(
    platform: MarketplacePlatform,
    shopId: string,
  ): { accessToken: string; refreshToken: string; accessExpiresAt: number; refreshExpiresAt: number } {
    const now = this.now();
    const accessToken = randomBytes(16).toString('hex');
    const refreshToken = randomBytes(16).toString('hex');
    const accessExpiresAt = now + this.lifetimes.accessSeconds * 1000;
    const refreshExpiresAt = now + this.lifetimes.refreshSeconds * 1000;
    this.tokens.set(accessToken, {
      platform,
      shopId,
      kind: 'access',
      expiresAt: accessExpiresAt,
      revoked: false,
    });
    this.tokens.set(refreshToken, {
      platform,
      shopId,
      kind: 'refresh',
      expiresAt: refreshExpiresAt,
      revoked: false,
    });
    return { accessToken, refreshToken, accessExpiresAt, refreshExpiresAt };
  }

  /** What a presented token is: its shop, or why it is refused. */
  checkToken(
    platform: MarketplacePlatform,
    token: string,
    kind: 'access' | 'refresh',
  ): { shopId: string } | { refused: 'invalid' | 'expired' | 'revoked' } {
    const found = this.tokens.get(token);
    if (!found || found.platform !== platform || found.kind !== kind) return { refused: 'invalid' };
    if (found.revoked) return { refused: 'revoked' };
    if (found.expiresAt <= this.now()) return { refused: 'expired' };
    return { shopId: found.shopId };
  }

  /** A refresh: the old refresh token is spent, a new pair issued; null with the refusal otherwise. */
  refreshTokens(platform: MarketplacePlatform, refreshToken: string) {
    const checked = this.checkToken(platform, refreshToken, 'refresh');
    if ('refused' in checked) return checked;
    const spent = this.tokens.get(refreshToken);
    if (spent) spent.revoked = true;
    return { shopId: checked.shopId, ...this.issueTokens(platform, checked.shopId) };
  }

  /**
   * The seller cancels the authorisation on the platform: every token of the shop stops working,
   * and the platform sends its deauthorisation notice where it has one.
   */
  revokeShop(platform: MarketplacePlatform, shopId: string): void {
    for (const token of this.tokens.values()) {
      if (token.platform === platform && token.shopId === shopId) token.revoked = true;
    }
    const shop = this.shop(platform, shopId);
    if (shop) this.onShopRevoked?.(shop);
  }

  // --- faults, limits and the record ------------------------------------------------------

  injectFault(fault: Partial<Fault> & Pick<Fault, 'platform' | 'kind'>): void {
    this.faults.push({ pathContains: '', skip: 0, count: 1, retryAfterSeconds: 1, ...fault });
  }

  /** The fault this request meets, if any (consuming one of its count). */
  takeFault(platform: MarketplacePlatform, path: string): Fault | undefined {
    for (const fault of this.faults) {
      if (fault.platform !== platform || fault.count <= 0 || !path.includes(fault.pathContains)) continue;
      if (fault.skip > 0) {
        fault.skip -= 1;
        continue;
      }
      fault.count -= 1;
      this.faults = this.faults.filter((candidate) => candidate.count > 0);
      return fault;
    }
    return undefined;
  }

  /** One request against a platform's limit for a caller; false when it is over (a token bucket). */
  withinRateLimit(platform: MarketplacePlatform, caller: string): boolean {
    return this.takeRate(platform, caller).isAllowed;
  }

  /**
   * A request costing `cost` against the caller's bucket, which holds `bucketSeconds` of the
   * platform's limit and refills continuously (Shopify's leaky bucket; a plain per-second limit
   * with bucketSeconds 1). A refused request takes nothing.
   */
  takeRate(platform: MarketplacePlatform, caller: string, cost = 1, bucketSeconds = 1): RateState {
    const perSecond = this.rateLimits[platform];
    const capacity = Math.max(1, perSecond * bucketSeconds);
    const key = `${platform}:${caller}`;
    const now = Date.now();
    const bucket = this.buckets.get(key) ?? { tokens: capacity, at: now };
    bucket.tokens = Math.min(capacity, bucket.tokens + ((now - bucket.at) / 1000) * perSecond);
    bucket.at = now;
    this.buckets.set(key, bucket);
    const isAllowed = bucket.tokens >= cost;
    if (isAllowed) bucket.tokens -= cost;
    return { isAllowed, requested: cost, available: Math.floor(bucket.tokens), capacity, perSecond };
  }

  record(request: RequestRecord): void {
    this.requests.push(request);
    if (this.requests.length > 100_000) this.requests.splice(0, 50_000);
  }

  /** Requests a platform answered, by path, since the last reset (what tests count). */
  requestCounts(platform: MarketplacePlatform): Record<string, number> {
    const counts: Record<string, number> = {};
    for (const request of this.requests) {
      if (request.platform === platform) counts[request.path] = (counts[request.path] ?? 0) + 1;
    }
    return counts;
  }
}

/** The first index whose time is at least `at` in orders sorted by that time. */
function lowerBound(sorted: readonly SandboxOrder[], field: 'createdAt' | 'updatedAt', at: number): number {
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
