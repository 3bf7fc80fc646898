/**
 * What is stored (marketplace_orders) of the shop's orders a sync window may list again: those
 * the platform last changed inside the window, read once when the run starts the window rather
 * than looked up page by page. A re-sync of unchanged orders then compares each page here — its
 * fingerprints, a listing's update times — and asks the database nothing.
 *
 * It only ever answers "unchanged" (and, to a listing that gives no update times, which orders
 * are worth reading theirs first: ListInput.heldInWindow): an order it does not hold, or holds at
 * another fingerprint or update time, is looked up in the database as before, and the orders a
 * page writes are dropped from it, so what it holds is never newer knowledge than the database's. Only one run of a shop
 * writes its orders at a time (sync.service.ts). A buyer redacted meanwhile is redacted in the
 * order list already; the order's record is written redacted by the next run.
 */
import { sql } from 'drizzle-orm';
import { rowsOf, type TenantTx } from '../../db/client.js';
import type { ListedOrder, MarketplaceOrder } from './connector.js';
import { changedOrders, type StoredOrder } from './marketplace-orders.queries.js';
import { marketplaceOrders, shops } from './marketplaces.tables.js';

type ShopRow = typeof shops.$inferSelect;

/**
 * The most orders one window holds (a few megabytes): a window with more is compared partly here,
 * the rest in the database.
 */
const HELD_LIMIT = 50_000;

export type HeldOrders = Map<string, StoredOrder & { updatedAt: number }>;

/** The shop's stored orders last changed on the platform inside the window. */
export async function readHeldOrders(
  tx: TenantTx,
  shop: ShopRow,
  window: { from: Date; to: Date },
): Promise<HeldOrders> {
  const rows = rowsOf<{
    order_no: string;
    fingerprint: string;
    state: string;
    is_redacted: boolean;
    updated_at: string;
  }>(
    await tx.execute(sql`
      select order_no, fingerprint, state, redacted_at is not null as is_redacted,
        (extract(epoch from platform_updated_at) * 1000)::bigint as updated_at
      from ${marketplaceOrders}
      where shop_id = ${shop.id} and state <> 'failed'
        and platform_updated_at between ${window.from.toISOString()}::timestamptz and ${window.to.toISOString()}::timestamptz
      limit ${HELD_LIMIT}`),
  );
  return new Map(
    rows.map((row) => [
      row.order_no,
      {
        fingerprint: row.fingerprint,
        state: row.state,
        isRedacted: row.is_redacted,
        updatedAt: Number(row.updated_at),
      },
    ]),
  );
}

/** How many orders the page holds (the last of each number) when each is held as it is; null when one is not. */
export function heldUnchanged(held: HeldOrders, page: readonly MarketplaceOrder[]): number | null {
  const { orders, changed } = changedOrders(page, held);
  return changed.length === 0 ? orders.length : null;
}

/** Those listed orders held at the very update time listed (see ListInput.known). */
export function heldAtListedTime(held: HeldOrders, listed: readonly ListedOrder[]): Set<string> {
  return new Set(
    listed
      .filter((order) => held.get(order.orderNo)?.updatedAt === order.updatedAt)
      .map((order) => order.orderNo),
  );
}

/** Forgets the orders of a page that went to the database: the database knows them better now. */
export function forgetHeld(held: HeldOrders, page: readonly MarketplaceOrder[]): void {
  for (const order of page) held.delete(order.orderNo);
}
