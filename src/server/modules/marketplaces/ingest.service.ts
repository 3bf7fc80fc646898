/**
 * One page of a shop's marketplace orders into the order centre, in the caller's transaction.
 * An order whose fingerprint is the one stored is skipped without a write (a re-sync of
 * unchanged orders writes nothing). Each line's item is recorded for SKU matching and paired
 * automatically by the seller's SKU code or a barcode. Every order goes through the order
 * centre's upsert; one with an unpaired line goes with its paired lines only and is flagged a
 * problem order (unmatched_sku, naming the unpaired items), and waits (its normalised form kept
 * here) until matching completes its lines and releases it. An order whose buyer was redacted on
 * request is taken redacted.
 */
import { hash } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { MarketplaceOrderInput } from '@shared/contract/orders.js';
import type { SyncOrderError } from '@shared/contract/shops.js';
import { marketplaceOrderInput } from '@shared/contract/orders.js';
import { normaliseBarcode } from '@shared/domain/barcode.js';
import { AppError } from '@shared/errors.js';
import { ORDER_LIMITS } from '@shared/domain/order.js';
import { rowsOf, type TenantTx } from '../../db/client.js';
import type { Actor } from '../../http/actor.js';
import { skuBarcodes, skus } from '../catalog/index.js';
import {
  clearSyncFailures,
  flagSyncFailures,
  flagUnmatchedOrders,
  orders,
  upsertMarketplaceOrders,
} from '../orders/index.js';
import type { ListedOrder, MarketplaceOrder } from './connector.js';
import { marketplaceItems, marketplaceOrders, shops } from './marketplaces.tables.js';
import { redactOrder } from './redaction.js';

type ShopRow = typeof shops.$inferSelect;

export interface IngestCounts {
  fetched: number;
  created: number;
  updated: number;
  unchanged: number;
  waiting: number;
  /** Orders that could not be stored (refused by the contract, or the product's own failure), with why. */
  failed: SyncOrderError[];
}

/** Fingerprints already taken: a page's orders are compared before the write and stored with it. */
const fingerprints = new WeakMap<MarketplaceOrder, string>();

/** The md5 of the normalised order (orders are not changed once normalised, so it is taken once). */
export function fingerprintOf(order: MarketplaceOrder): string {
  let fingerprint = fingerprints.get(order);
  if (fingerprint === undefined) {
    fingerprint = hash('md5', JSON.stringify(order));
    fingerprints.set(order, fingerprint);
  }
  return fingerprint;
}

/** The actor a sync writes as: the shop's seller (the order's creator in its history). */
export function sellerActor(shop: ShopRow): Actor {
  return {
    tenantId: shop.tenantId,
    userId: shop.sellerId,
    sessionId: '',
    username: 'marketplace-sync',
    userRole: 'seller',
    sellerId: shop.sellerId,
    orgCode: null,
    permissions: new Set(),
    isAdmin: false,
  };
}

const cut = (value: string, max: number) => (value.length > max ? value.slice(0, max) : value);

/**
 * The order centre's input for a marketplace order: its lines paired to SKUs (skuOf answers
 * each line's SKU, null while unpaired) as lines, the others as unmatched lines kept as sold,
 * and the platform's amounts.
 */
export function orderInputOf(
  shop: ShopRow,
  order: MarketplaceOrder,
  skuOf: (line: MarketplaceOrder['lines'][number]) => string | null,
): MarketplaceOrderInput {
  const paired = order.lines.flatMap((line) => {
    const skuId = skuOf(line);
    return skuId ? [{ line, skuId }] : [];
  });
  return {
    orderNo: order.orderNo,
    warehouseId: shop.warehouseId,
    sellerId: shop.sellerId,
    platform: shop.platform,
    shopId: shop.id,
    shopName: cut(shop.alias, ORDER_LIMITS.text),
    platformStatus: cut(order.platformStatus, 32),
    orderedAt: order.orderedAt,
    paidAt: order.paidAt,
    shipBy: order.shipBy,
    currency: order.currency,
    buyerName: cut(order.buyerName, ORDER_LIMITS.text),
    recipientName: cut(order.recipientName, ORDER_LIMITS.text),
    recipientPhone: cut(order.recipientPhone, 32),
    recipientAddress: cut(order.recipientAddress, ORDER_LIMITS.address),
    buyerMessage: cut(order.buyerMessage, ORDER_LIMITS.note),
    logisticsChannel: cut(order.logisticsChannel, ORDER_LIMITS.text),
    trackingNo: cut(order.trackingNo, ORDER_LIMITS.orderNo),
    lines: paired.map(({ line, skuId }) => ({
      skuId,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      itemId: cut(line.itemId, ORDER_LIMITS.text),
      variationId: cut(line.variationId, ORDER_LIMITS.text),
    })),
    unmatchedLines: order.lines
      .filter((line) => !skuOf(line))
      .map((line) => ({
        itemId: cut(line.itemId, ORDER_LIMITS.text),
        variationId: cut(line.variationId, ORDER_LIMITS.text),
        sellerSku: cut(line.sellerSku, ORDER_LIMITS.text),
        title: cut(line.title, 500),
        quantity: line.quantity,
        unitPrice: line.unitPrice,
      })),
    // Normalised orders stored before the platforms' amounts were read have none.
    amounts: order.amounts ?? null,
  };
}

/**
 * An item's barcode in the form the catalogue stores barcodes (a GTIN as 14 digits, else upper
 * case), so pairing by barcode finds an EAN-13 the platform sends as 13 digits; as sent when it
 * cannot be a barcode.
 */
const storedBarcode = (raw: string) => (raw.trim() === '' ? '' : (normaliseBarcode(raw) ?? raw));

const itemKey = (itemId: string, variationId: string) => `${itemId}\u0000${variationId}`;

/**
 * Records the items of these orders for the shop (new ones paired automatically where the
 * seller has a SKU with that code or barcode) and answers each item's SKU, null while unpaired.
 */
export async function recordItems(
  tx: TenantTx,
  shop: ShopRow,
  orders: readonly MarketplaceOrder[],
): Promise<Map<string, string | null>> {
  const seen = new Map<string, MarketplaceOrder['lines'][number]>();
  for (const order of orders)
    for (const line of order.lines) seen.set(itemKey(line.itemId, line.variationId), line);
  if (seen.size === 0) return new Map();
  const lines = [...seen.values()];
  await tx.execute(sql`
    insert into ${marketplaceItems} (seller_id, shop_id, platform, item_id, variation_id, seller_sku, barcode, title, last_seen_at)
    select ${shop.sellerId}::uuid, ${shop.id}::uuid, ${shop.platform}, i.item_id, i.variation_id, i.seller_sku, i.barcode, i.title, now()
    from unnest(${sql.param(lines.map((line) => cut(line.itemId, 128)))}::varchar[], ${sql.param(lines.map((line) => cut(line.variationId, 128)))}::varchar[],
      ${sql.param(lines.map((line) => cut(line.sellerSku, 128)))}::varchar[], ${sql.param(lines.map((line) => cut(storedBarcode(line.barcode), 64)))}::varchar[],
      ${sql.param(lines.map((line) => cut(line.title, 500)))}::varchar[]) as i(item_id, variation_id, seller_sku, barcode, title)
    on conflict (tenant_id, shop_id, item_id, variation_id) do update
      set seller_sku = excluded.seller_sku, barcode = excluded.barcode, title = excluded.title, last_seen_at = now()
      where (${marketplaceItems.sellerSku}, ${marketplaceItems.barcode}, ${marketplaceItems.title}) is distinct from (excluded.seller_sku, excluded.barcode, excluded.title)
        or ${marketplaceItems.lastSeenAt} < now() - interval '1 day'`);
  await autoMatch(
    tx,
    shop,
    lines.map((line) => cut(line.itemId, 128)),
  );
  const rows = await tx
    .select({
      itemId: marketplaceItems.itemId,
      variationId: marketplaceItems.variationId,
      skuId: marketplaceItems.skuId,
    })
    .from(marketplaceItems)
    .where(
      and(
        eq(marketplaceItems.shopId, shop.id),
        inArray(marketplaceItems.itemId, [...new Set(lines.map((line) => cut(line.itemId, 128)))]),
      ),
    );
  return new Map(rows.map((row) => [itemKey(row.itemId, row.variationId), row.skuId]));
}

/** Pairs a shop's unpaired items to the seller's SKU of the same code, else of the same barcode. */
async function autoMatch(tx: TenantTx, shop: ShopRow, itemIds: readonly string[]): Promise<void> {
  await tx.execute(sql`
    update ${marketplaceItems} i set sku_id = s.id, matched_by = 'sku_code'
    from ${skus} s
    where i.shop_id = ${shop.id} and i.sku_id is null and i.item_id = any(${sql.param([...new Set(itemIds)])}::varchar[])
      and i.seller_sku <> '' and s.seller_id = i.seller_id and s.seller_sku = i.seller_sku`);
  await tx.execute(sql`
    update ${marketplaceItems} i set sku_id = b.sku_id, matched_by = 'barcode'
    from ${skuBarcodes} b
    where i.shop_id = ${shop.id} and i.sku_id is null and i.item_id = any(${sql.param([...new Set(itemIds)])}::varchar[])
      and i.barcode <> '' and b.seller_id = i.seller_id and b.barcode = i.barcode`);
}

/** Why an order could not be stored, for the run's record and the order's exception. */
export function failureOf(error: unknown): string {
  if (error instanceof AppError) {
    const params = Object.keys(error.params ?? {}).length > 0 ? ` ${JSON.stringify(error.params)}` : '';
    return `${error.code}${params}`.slice(0, 500);
  }
  // Drizzle wraps a database error as "Failed query: <text> params: <values>": the database's
  // own words say what went wrong, and the statement's values (a buyer's address) stay out.
  let cause: unknown = error;
  while (cause instanceof Error && cause.cause instanceof Error) cause = cause.cause;
  return (cause instanceof Error ? cause.message : String(cause)).slice(0, 500);
}

/**
 * Writes orders through the order centre's one upsert; answers those written with their order
 * ids, and those it could not store with why. The page goes to the upsert whole, behind a
 * savepoint; only when that fails (whatever it had written by then undone) is each order written
 * behind a savepoint of its own, so one order that cannot be stored — refused by the contract, or
 * the product's own failure — never costs the page the others.
 */
export async function writeOrders(
  tx: TenantTx,
  shop: ShopRow,
  ready: readonly { order: MarketplaceOrder; input: MarketplaceOrderInput }[],
  systemNos: readonly string[] = [],
): Promise<{
  written: { order: MarketplaceOrder; orderId: string }[];
  refused: { order: MarketplaceOrder; reason: string }[];
}> {
  if (ready.length === 0) return { written: [], refused: [] };
  const upsert = async (
    valid: readonly { order: MarketplaceOrder; input: MarketplaceOrderInput }[],
    taken: readonly string[],
  ) => {
    const saved = await upsertMarketplaceOrders(
      tx,
      sellerActor(shop),
      valid.map((entry) => entry.input),
      taken,
    );
    return valid.map((entry, index) => ({ order: entry.order, orderId: saved[index]?.id ?? '' }));
  };
  // Savepoints of its own statements, not nested transactions: the page's statements stay on
  // the transaction withTenant opened (the ledger's prepared statements need its connection).
  await tx.execute(sql`savepoint write_orders`);
  try {
    const written = await upsert(ready, systemNos);
    await tx.execute(sql`release savepoint write_orders`);
    return { written, refused: [] };
  } catch {
    await tx.execute(sql`rollback to savepoint write_orders`);
  }
  const written: { order: MarketplaceOrder; orderId: string }[] = [];
  const refused: { order: MarketplaceOrder; reason: string }[] = [];
  let unused = [...systemNos];
  for (const entry of ready) {
    const parsed = marketplaceOrderInput.safeParse(entry.input);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      refused.push({
        order: entry.order,
        reason: `common.validation ${issue?.path.join('.') ?? ''}: ${issue?.message ?? ''}`.slice(0, 500),
      });
      continue;
    }
    await tx.execute(sql`savepoint write_order`);
    try {
      const [saved] = await upsert([entry], unused.slice(0, 1));
      await tx.execute(sql`release savepoint write_order`);
      if (saved) written.push(saved);
      unused = unused.slice(1);
    } catch (error) {
      await tx.execute(sql`rollback to savepoint write_order`);
      refused.push({ order: entry.order, reason: failureOf(error) });
    }
  }
  return { written, refused };
}

/** The problem note of an order's unpaired lines: each item as the platform names it, and how many. */
export function unmatchedNoteOf(lines: readonly MarketplaceOrder['lines'][number][]): string {
  return cut(
    lines
      .map(
        (line) =>
          `${line.sellerSku || line.title || line.itemId} (${line.itemId}/${line.variationId}) ×${line.quantity}`,
      )
      .join('; '),
    255,
  );
}

/**
 * Stores each order's fingerprint and state (the normalised order too while it waits), read now:
 * one statement for the page, each column one array.
 */
export async function rememberOrders(
  tx: TenantTx,
  shop: ShopRow,
  entries: readonly { order: MarketplaceOrder; state: 'synced' | 'waiting' | 'failed'; error?: string }[],
): Promise<void> {
  if (entries.length === 0) return;
  const column = <T>(value: (entry: (typeof entries)[number]) => T) => sql.param(entries.map(value));
  // checked_at: just read from the platform, as good as a re-read (openOrderNos). A failed order
  // keeps no fingerprint, so the next run that lists it writes it again.
  await tx.execute(sql`
    insert into ${marketplaceOrders} (shop_id, order_no, fingerprint, platform_updated_at, state, payload, error, checked_at)
    select ${shop.id}::uuid, e.order_no, e.fingerprint, e.platform_updated_at, e.state, e.payload, e.error, now()
    from unnest(${column(({ order }) => order.orderNo)}::varchar[],
      ${column(({ order, state }) => (state === 'failed' ? '' : fingerprintOf(order)))}::varchar[],
      ${column(({ order }) => new Date(order.updatedAt).toISOString())}::timestamptz[], ${column(({ state }) => state)}::varchar[],
      ${column(({ order, state }) => (state === 'synced' ? null : JSON.stringify(order)))}::jsonb[],
      ${column(({ error }) => (error ?? '').slice(0, 500))}::varchar[])
      as e(order_no, fingerprint, platform_updated_at, state, payload, error)
    on conflict (tenant_id, shop_id, order_no) do update
      set fingerprint = excluded.fingerprint, platform_updated_at = excluded.platform_updated_at,
        state = excluded.state, payload = excluded.payload, error = excluded.error, checked_at = now(), updated_at = now()`);
}

/** What is stored of an order: what a page is compared with. */
export interface StoredOrder {
  fingerprint: string;
  state: string;
  isRedacted: boolean;
}

/** What is stored of a page's orders, by order number. */
type StoredOrders = ReadonlyMap<string, StoredOrder>;

async function storedOrdersOf(
  tx: TenantTx,
  shop: ShopRow,
  orderNos: readonly string[],
): Promise<StoredOrders> {
  const stored = rowsOf<{ order_no: string; fingerprint: string; state: string; is_redacted: boolean }>(
    await tx.execute(sql`
      select order_no, fingerprint, state, redacted_at is not null as is_redacted from ${marketplaceOrders}
      where shop_id = ${shop.id} and order_no = any(${sql.param(orderNos)}::varchar[])`),
  );
  return new Map(
    stored.map((row) => [
      row.order_no,
      { fingerprint: row.fingerprint, state: row.state, isRedacted: row.is_redacted },
    ]),
  );
}

/**
 * A page's orders, the last of each number, as they are to be stored (a buyer redacted on
 * request stays redacted whatever the platform sends again), and those whose fingerprint
 * differs from the stored one.
 */
export function changedOrders(page: readonly MarketplaceOrder[], stored: StoredOrders) {
  const latest = new Map<string, MarketplaceOrder>();
  for (const order of page) latest.set(order.orderNo, order);
  const orders = [...latest.values()].map((order) =>
    stored.get(order.orderNo)?.isRedacted ? redactOrder(order) : order,
  );
  return {
    orders,
    changed: orders.filter((order) => stored.get(order.orderNo)?.fingerprint !== fingerprintOf(order)),
  };
}

/**
 * Which listed orders are stored at the update time the listing gives (a listing's `known`):
 * those the platform has not changed since we read them, whatever state they wait in.
 */
export async function knownOrders(
  tx: TenantTx,
  shop: ShopRow,
  listed: readonly ListedOrder[],
): Promise<Set<string>> {
  if (listed.length === 0) return new Set();
  const rows = rowsOf<{ order_no: string }>(
    await tx.execute(sql`
      select m.order_no from ${marketplaceOrders} m
      join unnest(${sql.param(listed.map((order) => order.orderNo))}::varchar[], ${sql.param(listed.map((order) => order.updatedAt))}::bigint[]) as l(order_no, at)
        on m.order_no = l.order_no
      where m.shop_id = ${shop.id} and m.order_no = any(${sql.param(listed.map((order) => order.orderNo))}::varchar[])
        and m.state <> 'failed'
        and (extract(epoch from m.platform_updated_at) * 1000)::bigint = l.at`),
  );
  return new Set(rows.map((row) => row.order_no));
}

/**
 * What a page would change, read before its write: how many of its orders differ from what is
 * stored, and how many are new to the order list (the system ids to take ahead of the page's
 * transaction). A page of unchanged orders needs no write at all.
 */
export async function pageChanges(
  tx: TenantTx,
  shop: ShopRow,
  page: readonly MarketplaceOrder[],
): Promise<{ changed: number; fresh: number; unique: number }> {
  if (page.length === 0) return { changed: 0, fresh: 0, unique: 0 };
  const stored = await storedOrdersOf(tx, shop, [...new Set(page.map((order) => order.orderNo))]);
  const { orders, changed } = changedOrders(page, stored);
  return {
    unique: orders.length,
    changed: changed.length,
    // An order waiting for SKU matching is in the order list already: only unrecorded ones are new.
    fresh: changed.filter((order) => !stored.has(order.orderNo)).length,
  };
}

/** One page of a shop's orders, as the module comment says; answers what it did. */
export async function ingestOrders(
  tx: TenantTx,
  shop: ShopRow,
  page: readonly MarketplaceOrder[],
  /** System ids taken ahead for the page's new orders (see takeSystemNos). */
  systemNos: readonly string[] = [],
): Promise<IngestCounts> {
  const counts: IngestCounts = {
    fetched: page.length,
    created: 0,
    updated: 0,
    unchanged: 0,
    waiting: 0,
    failed: [],
  };
  if (page.length === 0) return counts;
  const storedOf = await storedOrdersOf(tx, shop, [...new Set(page.map((order) => order.orderNo))]);
  const { orders, changed } = changedOrders(page, storedOf);
  counts.unchanged = orders.length - changed.length;
  if (changed.length === 0) return counts;

  const skuOfItem = await recordItems(tx, shop, changed);
  const skuOf = (line: MarketplaceOrder['lines'][number]) =>
    skuOfItem.get(itemKey(cut(line.itemId, 128), cut(line.variationId, 128))) ?? null;
  const entries: { order: MarketplaceOrder; input: MarketplaceOrderInput }[] = [];
  /** Orders with an unpaired line: the problem note naming those lines. */
  const unmatched = new Map<MarketplaceOrder, string>();
  /** Orders the platform sent without lines: malformed, they wait here, not in the order list. */
  const lineless: MarketplaceOrder[] = [];
  for (const order of changed) {
    if (order.lines.length === 0) {
      lineless.push(order);
      continue;
    }
    const unpaired = order.lines.filter((line) => skuOf(line) === null);
    if (unpaired.length > 0) unmatched.set(order, unmatchedNoteOf(unpaired));
    entries.push({ order, input: orderInputOf(shop, order, skuOf) });
  }
  const { written, refused } = await writeOrders(tx, shop, entries, systemNos);
  const actor = sellerActor(shop);
  await flagUnmatchedOrders(
    tx,
    actor,
    written
      .filter(({ order }) => unmatched.has(order))
      .map(({ order, orderId }) => ({ orderId, note: unmatched.get(order) ?? '' })),
  );
  await clearSyncFailures(
    tx,
    actor,
    written.map((entry) => entry.orderId),
  );
  // Behind a savepoint: what kept an order from being stored may keep its exception from being
  // written on it too; the run's record and the marketplace order still tell it.
  if (refused.length > 0) {
    await tx.execute(sql`savepoint flag_failures`);
    try {
      await flagSyncFailures(
        tx,
        actor,
        shop.id,
        refused.map(({ order, reason }) => ({ orderNo: order.orderNo, note: reason })),
      );
      await tx.execute(sql`release savepoint flag_failures`);
    } catch {
      await tx.execute(sql`rollback to savepoint flag_failures`);
    }
  }
  for (const { order } of written) {
    if (unmatched.has(order)) continue;
    if (storedOf.get(order.orderNo)?.state === 'synced') counts.updated += 1;
    else counts.created += 1;
  }
  counts.waiting = written.filter(({ order }) => unmatched.has(order)).length + lineless.length;
  counts.failed = refused.map(({ order, reason }) => ({ orderNo: order.orderNo, message: reason }));
  await rememberOrders(tx, shop, [
    ...written.map(({ order }) => ({
      order,
      state: unmatched.has(order) ? ('waiting' as const) : ('synced' as const),
    })),
    ...lineless.map((order) => ({ order, state: 'waiting' as const })),
    ...refused.map(({ order, reason }) => ({ order, state: 'failed' as const, error: reason })),
  ]);
  return counts;
}

/** Platform statuses after which an order no longer changes on the platform. */
const SETTLED_PLATFORM_STATUSES = ['COMPLETED', 'CANCELLED'];

/**
 * The shop's open orders (in the order list, their platform status not settled) to re-read by
 * number, at most `limit`: never re-read first, then the longest since their last re-read. Those
 * paid (or, unpaid, placed) inside `listed` are left out: the run's listings brought them just now.
 */
export async function openOrderNos(
  tx: TenantTx,
  shop: ShopRow,
  limit: number,
  listed: { from: Date; to: Date },
): Promise<string[]> {
  const rows = rowsOf<{ order_no: string }>(
    await tx.execute(sql`
      select o.order_no from ${orders} o
      left join ${marketplaceOrders} m on m.shop_id = ${shop.id} and m.order_no = o.order_no
      where o.seller_id = ${shop.sellerId} and o.platform = ${shop.platform} and o.shop_id = ${shop.id}
        and o.platform_status <> all(${sql.param(SETTLED_PLATFORM_STATUSES)}::varchar[])
        and not tstzrange(${listed.from.toISOString()}::timestamptz, ${listed.to.toISOString()}::timestamptz) @> coalesce(o.paid_at, o.ordered_at)
      order by m.checked_at nulls first, o.ordered_at, o.order_no
      limit ${limit}`),
  );
  return rows.map((row) => row.order_no);
}

/** The shop's orders earlier runs could not store, the longest waiting first, at most `limit`. */
export async function failedOrderNos(tx: TenantTx, shop: ShopRow, limit: number): Promise<string[]> {
  const rows = await tx
    .select({ orderNo: marketplaceOrders.orderNo })
    .from(marketplaceOrders)
    .where(and(eq(marketplaceOrders.shopId, shop.id), eq(marketplaceOrders.state, 'failed')))
    .orderBy(marketplaceOrders.updatedAt, marketplaceOrders.orderNo)
    .limit(limit);
  return rows.map((row) => row.orderNo);
}

/** Notes that these orders of the shop were re-read now (whether or not they had changed). */
export async function markChecked(tx: TenantTx, shop: ShopRow, orderNos: readonly string[]): Promise<void> {
  if (orderNos.length === 0) return;
  await tx
    .update(marketplaceOrders)
    .set({ checkedAt: sql`now()` })
    .where(and(eq(marketplaceOrders.shopId, shop.id), inArray(marketplaceOrders.orderNo, [...orderNos])));
}
