/**
 * SKU matching (spec 02 §1): the items a seller's shops sold, each paired to one of the seller's
 * SKUs — automatically by the seller SKU code or a barcode when the item is first seen, or by
 * hand here. Pairing by hand completes the lines of the orders that waited for it (problem
 * orders with reason unmatched_sku) and releases them, in the same transaction.
 */
import { and, desc, eq, ilike, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { MarketplaceItemQuery, MarketplaceItemView } from '@shared/contract/shops.js';
import { AppError } from '@shared/errors.js';
import type { TenantTx } from '../../db/client.js';
import { allOf, contains, iso, offsetOf } from '../../db/query-helpers.js';
import { sellerFilter, sellerScope } from '../../access/seller-scope.js';
import type { Actor } from '../../http/actor.js';
import { products, skus } from '../catalog/index.js';
import { isWarehouseBound } from '../warehouse/index.js';
import type { MarketplaceOrder } from './connector.js';
import { releaseMatchedOrders } from '../orders/index.js';
import { writeOrders } from './ingest.service.js';
import { orderInputOf } from './marketplace-order-input.js';
import { rememberOrders } from './marketplace-orders.queries.js';
import { marketplaceItems, marketplaceOrders, shops } from './marketplaces.tables.js';

/** Waiting orders of the item's shop that name the item in a line. */
const waitingSql = sql<number>`(
  select count(*)::int from ${marketplaceOrders} m
  where m.tenant_id = ${marketplaceItems.tenantId} and m.shop_id = ${marketplaceItems.shopId} and m.state = 'waiting'
    and m.payload->'lines' @> jsonb_build_array(jsonb_build_object('itemId', ${marketplaceItems.itemId}::text, 'variationId', ${marketplaceItems.variationId}::text)))`;

export async function listItems(tx: TenantTx, actor: Actor, query: MarketplaceItemQuery) {
  if (isWarehouseBound(actor)) throw new AppError('common.forbidden');
  const search = query.search ? contains(query.search) : undefined;
  const where = allOf([
    sellerFilter(actor, marketplaceItems.sellerId, query.sellerId || undefined),
    query.shopId ? eq(marketplaceItems.shopId, query.shopId) : undefined,
    query.platform ? eq(marketplaceItems.platform, query.platform) : undefined,
    query.match === 'matched' ? isNotNull(marketplaceItems.skuId) : undefined,
    query.match === 'unmatched' ? isNull(marketplaceItems.skuId) : undefined,
    search
      ? or(
          ilike(marketplaceItems.itemId, search),
          ilike(marketplaceItems.variationId, search),
          ilike(marketplaceItems.sellerSku, search),
          ilike(marketplaceItems.barcode, search),
          ilike(marketplaceItems.title, search),
        )
      : undefined,
  ]);
  const [count] = await tx
    .select({ total: sql<number>`count(*)::int` })
    .from(marketplaceItems)
    .where(where);
  const rows = await tx
    .select({
      item: marketplaceItems,
      shopAlias: shops.alias,
      skuCode: sql<string>`coalesce(${skus.sellerSku}, '')`,
      skuName: sql<string>`coalesce(${products.name}, '')`,
      waiting: waitingSql,
    })
    .from(marketplaceItems)
    .innerJoin(
      shops,
      and(eq(shops.tenantId, marketplaceItems.tenantId), eq(shops.id, marketplaceItems.shopId)),
    )
    .leftJoin(skus, and(eq(skus.tenantId, marketplaceItems.tenantId), eq(skus.id, marketplaceItems.skuId)))
    .leftJoin(products, and(eq(products.tenantId, skus.tenantId), eq(products.id, skus.productId)))
    .where(where)
    .orderBy(
      sql`${marketplaceItems.skuId} is not null`,
      desc(marketplaceItems.lastSeenAt),
      marketplaceItems.id,
    )
    .limit(query.pageSize)
    .offset(offsetOf(query));
  const total = count?.total ?? 0;
  const records: MarketplaceItemView[] = rows.map(({ item, shopAlias, skuCode, skuName, waiting }) => ({
    id: item.id,
    sellerId: item.sellerId,
    platform: item.platform,
    shopId: item.shopId,
    shopAlias,
    itemId: item.itemId,
    variationId: item.variationId,
    sellerSku: item.sellerSku,
    barcode: item.barcode,
    title: item.title,
    skuId: item.skuId,
    skuCode,
    skuName,
    matchedBy: item.matchedBy,
    waitingOrders: waiting,
    lastSeenAt: iso(item.lastSeenAt),
  }));
  return {
    records,
    total,
    current: query.pageNo,
    size: query.pageSize,
    pages: Math.ceil(total / query.pageSize),
  };
}

/** Items the actor may pair: their own seller's (any seller's for agents and admins). */
async function visibleItems(tx: TenantTx, actor: Actor, ids: readonly string[]) {
  if (isWarehouseBound(actor)) throw new AppError('common.forbidden');
  const rows = await tx
    .select()
    .from(marketplaceItems)
    .where(allOf([inArray(marketplaceItems.id, [...ids]), sellerScope(actor, marketplaceItems.sellerId)]));
  if (rows.length !== new Set(ids).size) throw new AppError('shop.item_not_found');
  return rows;
}

/**
 * Pairs items to SKUs by hand ('bind succeeded'); each SKU must be the item's own seller's.
 * Answers how many were paired and how many waiting orders that released.
 */
export async function matchItems(
  tx: TenantTx,
  actor: Actor,
  matches: readonly { itemId: string; skuId: string }[],
): Promise<{ matched: number; released: number }> {
  const items = await visibleItems(
    tx,
    actor,
    matches.map((match) => match.itemId),
  );
  const itemOf = new Map(items.map((item) => [item.id, item]));
  const found = await tx
    .select({ id: skus.id, sellerId: skus.sellerId })
    .from(skus)
    .where(inArray(skus.id, [...new Set(matches.map((match) => match.skuId))]));
  const sellerOfSku = new Map(found.map((row) => [row.id, row.sellerId]));
  for (const match of matches) {
    const item = itemOf.get(match.itemId);
    if (!item || sellerOfSku.get(match.skuId) !== item.sellerId) throw new AppError('shop.sku_not_found');
  }
  await tx.execute(sql`
    update ${marketplaceItems} i set sku_id = m.sku_id, matched_by = 'hand'
    from unnest(${sql.param(matches.map((match) => match.itemId))}::uuid[], ${sql.param(matches.map((match) => match.skuId))}::uuid[])
      as m(item_id, sku_id)
    where i.id = m.item_id`);
  const released = await releaseWaiting(tx, actor, [...new Set(items.map((item) => item.shopId))]);
  return { matched: matches.length, released };
}

/** Undoes pairings; orders already in the order list keep their SKUs. */
export async function unmatchItems(tx: TenantTx, actor: Actor, itemIds: readonly string[]) {
  await visibleItems(tx, actor, itemIds);
  await tx
    .update(marketplaceItems)
    .set({ skuId: null, matchedBy: '' })
    .where(inArray(marketplaceItems.id, [...itemIds]));
  return { matched: 0, released: 0 };
}

/**
 * Completes the shops' waiting orders whose lines are now all paired and releases them (their
 * problem resolved by `actor`, who paired the last item); answers how many.
 */
export async function releaseWaiting(
  tx: TenantTx,
  actor: Actor,
  shopIds: readonly string[],
): Promise<number> {
  let released = 0;
  for (const shopId of shopIds) {
    const [shop] = await tx.select().from(shops).where(eq(shops.id, shopId));
    if (!shop) continue;
    const waiting = await tx
      .select({ payload: marketplaceOrders.payload })
      .from(marketplaceOrders)
      .where(and(eq(marketplaceOrders.shopId, shopId), eq(marketplaceOrders.state, 'waiting')));
    const paired = await tx
      .select({
        itemId: marketplaceItems.itemId,
        variationId: marketplaceItems.variationId,
        skuId: marketplaceItems.skuId,
      })
      .from(marketplaceItems)
      .where(and(eq(marketplaceItems.shopId, shopId), isNotNull(marketplaceItems.skuId)));
    const skuOf = new Map(paired.map((row) => [`${row.itemId}\u0000${row.variationId}`, row.skuId ?? '']));
    const lineSku = (line: MarketplaceOrder['lines'][number]) =>
      skuOf.get(`${line.itemId}\u0000${line.variationId}`);
    const ready = waiting
      .map((row) => row.payload)
      .filter(
        (order): order is MarketplaceOrder =>
          order !== null && order.lines.length > 0 && order.lines.every((line) => lineSku(line)),
      )
      .map((order) => ({ order, input: orderInputOf(shop, order, (line) => lineSku(line) ?? '') }));
    if (ready.length === 0) continue;
    const { written } = await writeOrders(tx, shop, ready);
    await releaseMatchedOrders(
      tx,
      actor,
      written.map((entry) => entry.orderId),
    );
    await rememberOrders(
      tx,
      shop,
      written.map(({ order }) => ({ order, state: 'synced' as const })),
    );
    released += written.length;
  }
  return released;
}
