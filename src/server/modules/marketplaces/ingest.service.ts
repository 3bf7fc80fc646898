/**
 * One page of a shop's marketplace orders into the order centre, in the caller's transaction.
 * An order whose fingerprint is the one stored is skipped without a write (a re-sync of
 * unchanged orders writes nothing). Each line's item is recorded for SKU matching and paired
 * automatically by the seller's SKU code or a barcode. Every order goes through the order
 * centre's upsert; one with an unpaired line goes with its paired lines only and is flagged a
 * problem order (unmatched_sku, naming the unpaired items), and waits (its normalised form kept
 * here) until matching completes its lines and releases it. An order whose buyer was redacted on
 * request is taken redacted.
 *
 * The order centre's input and the other rules of a marketplace order are in
 * marketplace-order-input.ts (no I/O); what is stored of each marketplace order, and the reads
 * of it the sync makes, in marketplace-orders.queries.ts.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { MarketplaceOrderInput } from '@shared/contract/orders.js';
import type { SyncOrderError } from '@shared/contract/shops.js';
import { marketplaceOrderInput } from '@shared/contract/orders.js';
import { normaliseBarcode } from '@shared/domain/barcode.js';
import type { TenantTx } from '../../db/client.js';
import { skuBarcodes, skus } from '../catalog/index.js';
import {
  clearSyncFailures,
  flagSyncFailures,
  flagUnmatchedOrders,
  upsertMarketplaceOrders,
} from '../orders/index.js';
import type { MarketplaceOrder } from './connector.js';
import { marketplaceItems, shops } from './marketplaces.tables.js';
import { cut, failureOf, orderInputOf, sellerActor, unmatchedNoteOf } from './marketplace-order-input.js';
import { changedOrders, rememberOrders, storedOrdersOf } from './marketplace-orders.queries.js';

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
