/**
 * The sandbox's one world: the shops, catalogues and orders of all six imitated marketplaces and
 * the clock they all read, with the authorisations they issued (world-auth.ts) and what they do
 * to the traffic they get (world-traffic.ts: faults, rate limits, the request record). It lives
 * in memory on purpose: it plays the marketplaces, not our data layer, and `reset()` or a
 * restart gives a test or a demo a world rebuilt from its seed.
 *
 * Everything platform-neutral is here and in world-model.ts (the order's types and rules) and
 * world-shipments.ts; how a platform spells an order, signs a request or answers an error lives
 * in src/sandbox/platforms/<platform>.ts.
 */
import type { MarketplacePlatform } from '@shared/domain/marketplaces.js';
import type { OrderCurrency } from '@shared/domain/order.js';
import { Authorisations } from './world-auth.js';
import {
  CARRIERS,
  CITIES,
  FIRST_NAMES,
  ORDER_EVENT_FROM,
  SANDBOX_DAY_MS,
  SEEDED_STATUS_MIX,
  defaultCatalogue,
  lowerBound,
  newAmounts,
  orderEventKind,
  orderEventOf,
  orderIdFor,
  sandboxAmounts,
  seededRandom,
  shopKey,
  trackingNoFor,
  type SandboxAmounts,
  type SandboxItem,
  type SandboxOrder,
  type SandboxOrderEvent,
  type SandboxShop,
  type SandboxStatus,
  type StreamEventKind,
} from './world-model.js';
import { Traffic } from './world-traffic.js';

export class World {
  readonly shops = new Map<string, SandboxShop>();
  /** Per shop key, orders by id. */
  readonly orders = new Map<string, Map<string, SandboxOrder>>();
  /** `now` is read when a token is issued or checked, so a moved clock expires it. */
  readonly auth = new Authorisations(() => this.now());
  readonly traffic = new Traffic();
  readonly webhookTargets = new Map<MarketplacePlatform, string>();
  readonly webhookDeliveries: { platform: MarketplacePlatform; url: string; status: number }[] = [];
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
    this.auth.reset();
    this.traffic.reset();
    this.webhookTargets.clear();
    this.webhookDeliveries.length = 0;
    this.sorted.clear();
    this.listings.clear();
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
      catalogue: shop.catalogue ?? defaultCatalogue(shop.shopId, shop.currency),
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
      const status = this.pick(SEEDED_STATUS_MIX);
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

  /**
   * The seller cancels the authorisation on the platform: every token of the shop stops working,
   * and the platform sends its deauthorisation notice where it has one.
   */
  revokeShop(platform: MarketplacePlatform, shopId: string): void {
    this.auth.revoke(platform, shopId);
    const shop = this.shop(platform, shopId);
    if (shop) this.onShopRevoked?.(shop);
  }
}
