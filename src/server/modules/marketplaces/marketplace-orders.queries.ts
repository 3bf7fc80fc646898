/**
 * What is stored of each marketplace order of a shop (marketplace_orders): its fingerprint, its
 * platform update time, its state (synced, waiting for SKU matching with its normalised order,
 * failed with why) and when it was last re-read. Written once per page with the page's orders;
 * read to skip unchanged orders, to say what a page would change before its write, and to pick
 * the open orders to re-read and the failed ones to retry.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { rowsOf, type TenantTx } from '../../db/client.js';
import { orders } from '../orders/index.js';
import type { ListedOrder, MarketplaceOrder } from './connector.js';
import { marketplaceOrders, shops } from './marketplaces.tables.js';
import { fingerprintOf } from './marketplace-order-input.js';
import { redactOrder } from './redaction.js';

type ShopRow = typeof shops.$inferSelect;
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

export async function storedOrdersOf(
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
