/**
 * The marketplace sync's writes to orders: the upsert of a page of platform orders and of one
 * (new ones created through new-marketplace-orders.service.ts, known ones changed only when their
 * fingerprint differs, a changed platform status moving the local status through the table), and
 * the exceptions the sync opens and resolves on them (unmatched SKUs, orders it could not store).
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  marketplaceOrderInput,
  type MarketplaceOrderInput,
  type SavedOrderView,
} from '@shared/contract/orders.js';
import {
  holdsStock,
  isShippedOnwards,
  LOCAL_STATUSES,
  localStatusAfterPlatform,
  normalisePlatformStatus,
  parcelTypeOf,
  PLATFORM_TO_LOCAL,
  type LocalStatus,
} from '@shared/domain/order.js';
import { AppError } from '@shared/errors.js';
import { rowsOf, type TenantTx } from '../../db/client.js';
import { guardUnique } from '../../db/query-helpers.js';
import type { Actor } from '../../http/actor.js';
import { parseInput } from '../../http/parse-input.js';
import { lockForReservation } from '../inventory/index.js';
import {
  insertMarketplaceOrders,
  marketplaceHeader,
  unmatchedRows,
  type MarketplaceOrder,
  type UnmatchedLine,
} from './new-marketplace-orders.service.js';
import { openException, openExceptions, recordHistory, resolveExceptionsOf } from './orders.access.js';
import { checkSkus, insertLines, moveOrder } from './orders.service.js';
import { orderLines, orders, orderStatusHistory, orderUnmatchedLines } from './orders.tables.js';

/** Replaces an order's unmatched lines with these (none: the order is complete). */
async function replaceUnmatchedLines(
  tx: TenantTx,
  orderId: string,
  sellerId: string,
  lines: readonly UnmatchedLine[],
  after: number,
): Promise<void> {
  await tx.delete(orderUnmatchedLines).where(eq(orderUnmatchedLines.orderId, orderId));
  if (lines.length > 0)
    await tx.insert(orderUnmatchedLines).values(unmatchedRows(orderId, sellerId, lines, after));
}

/**
 * The sync's upsert for a page of marketplace orders in one transaction, each as
 * upsertMarketplaceOrder would: the orders not stored yet are created together (one counter
 * update, one insert each for orders, lines and history); the known ones, and a number that
 * comes twice in the page, go through upsertMarketplaceOrder one by one (the known ones locked
 * first, in id order). Answers in the page's order.
 */
export async function upsertMarketplaceOrders(
  tx: TenantTx,
  actor: Actor,
  raws: readonly MarketplaceOrderInput[],
  /** System ids taken ahead (takeSystemNos) for the new ones; more are taken here if short. */
  systemNos: readonly string[] = [],
): Promise<(SavedOrderView & { changed: boolean })[]> {
  const inputs = raws.map((raw) => parseInput(marketplaceOrderInput, raw));
  if (inputs.some((input) => input.orderNo === '')) throw new AppError('order.no_required');
  const bySeller = new Map<string, MarketplaceOrder['lines']>();
  for (const input of inputs)
    bySeller.set(input.sellerId, [...(bySeller.get(input.sellerId) ?? []), ...input.lines]);
  for (const [sellerId, lines] of bySeller) await checkSkus(tx, sellerId, lines);
  const keyOf = (input: MarketplaceOrder) =>
    JSON.stringify([input.sellerId, input.platform, input.shopId, input.orderNo]);
  const stored = rowsOf<{ seller_id: string; platform: string; shop_id: string; order_no: string }>(
    await tx.execute(sql`
      select o.seller_id, o.platform, o.shop_id, o.order_no from ${orders} o
      join unnest(${sql.param(inputs.map((input) => input.sellerId))}::uuid[], ${sql.param(inputs.map((input) => input.platform))}::varchar[],
        ${sql.param(inputs.map((input) => input.shopId))}::varchar[], ${sql.param(inputs.map((input) => input.orderNo))}::varchar[])
        as k(seller_id, platform, shop_id, order_no)
        on o.seller_id = k.seller_id and o.platform = k.platform and o.shop_id = k.shop_id and o.order_no = k.order_no
      order by o.id for update of o`),
  );
  const known = new Set(
    stored.map((row) => JSON.stringify([row.seller_id, row.platform, row.shop_id, row.order_no])),
  );
  // The page may reserve more than once (its new orders together, then known ones one by one):
  // the balances any of them may reserve are locked here, after the orders and in (warehouse,
  // SKU) order, so two pages sharing SKUs never take them the other way round.
  const reserving = inputs.filter((input) => {
    const status = normalisePlatformStatus(input.platformStatus);
    return status !== null && holdsStock(PLATFORM_TO_LOCAL[status]);
  });
  await lockForReservation(
    tx,
    actor,
    reserving.flatMap((input) =>
      input.lines.map((line) => ({ warehouseId: input.warehouseId, skuId: line.skuId })),
    ),
  );
  const fresh: MarketplaceOrder[] = [];
  const freshKeys = new Set<string>();
  for (const input of inputs) {
    const key = keyOf(input);
    if (known.has(key) || freshKeys.has(key)) continue;
    freshKeys.add(key);
    fresh.push(input);
  }
  const created = await guardUnique(() => insertMarketplaceOrders(tx, actor, fresh, systemNos), {
    orders_shop_order_key: 'order.no_duplicate',
  });
  const createdOf = new Map(fresh.map((input, index) => [input, created[index]]));
  const results: (SavedOrderView & { changed: boolean })[] = [];
  for (const input of inputs) {
    const made = createdOf.get(input);
    results.push(made ?? (await upsertMarketplaceOrder(tx, actor, input)));
  }
  return results;
}

const fingerprintColumns = sql`md5(row(o.buyer_name, o.recipient_name, o.recipient_phone, o.recipient_address,
  o.buyer_message, o.ship_by, o.paid_at, o.tracking_no, o.logistics_channel, o.currency, o.shop_name,
  o.platform_status, o.warehouse_id, o.ordered_at, o.total_amount, o.shipping_amount, o.discount_amount)::text
  || coalesce((select string_agg(
  l.sku_id || ':' || l.quantity || ':' || l.unit_price || ':' || l.item_id || ':' || l.variation_id, ',' order by l.position)
  from order_lines l where l.order_id = o.id), '') || '|' || coalesce((select string_agg(
  u.item_id || ':' || u.variation_id || ':' || u.quantity || ':' || u.unit_price || ':' || u.seller_sku || ':' || u.title, ',' order by u.position)
  from order_unmatched_lines u where u.order_id = o.id), ''))`;

/** The lines' part of fingerprintColumns, from an input (the same spelling, in the same order). */
const linesPrint = (lines: MarketplaceOrder['lines'], unmatched: readonly UnmatchedLine[]) =>
  lines
    .map((line) => `${line.skuId}:${line.quantity}:${line.unitPrice}:${line.itemId}:${line.variationId}`)
    .join(',') +
  '|' +
  unmatched
    .map(
      (line) =>
        `${line.itemId}:${line.variationId}:${line.quantity}:${line.unitPrice}:${line.sellerSku}:${line.title}`,
    )
    .join(',');

/**
 * The sync's one upsert, by shop and marketplace order number: a new order is created in the
 * status its platform status maps to; a known one that is unchanged writes nothing; a changed
 * one takes the platform's fields, and a changed platform status moves the local status through
 * the table (never back over what the warehouse did), releasing what it held on cancellation.
 * Lines change only while the order holds no stock; a tracking number or channel held is never
 * blanked by a platform order without one. Answers whether anything was written.
 */
export async function upsertMarketplaceOrder(
  tx: TenantTx,
  actor: Actor,
  raw: MarketplaceOrderInput,
): Promise<SavedOrderView & { changed: boolean }> {
  const input = parseInput(marketplaceOrderInput, raw);
  if (input.orderNo === '') throw new AppError('order.no_required');
  await checkSkus(tx, input.sellerId, input.lines);
  const { platformStatus, storedStatus, header } = marketplaceHeader(input);
  const { lines, unmatchedLines, orderedAt, sellerId, platform, shopId, orderNo } = input;
  const [existing] = await tx
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.sellerId, sellerId),
        eq(orders.platform, platform),
        eq(orders.shopId, shopId),
        eq(orders.orderNo, orderNo),
      ),
    )
    .for('update');
  if (!existing) {
    const [order] = await insertMarketplaceOrders(tx, actor, [input]);
    if (!order) throw new Error('order insert returned no row');
    return order;
  }
  // A platform order without a tracking number or channel keeps the one held: an arrangement wrote
  // it while this order was on its way from the platform (a page read before the arrangement,
  // written after it), or an earlier sync brought it. A platform never takes one back.
  const incoming = {
    ...existing,
    ...header,
    trackingNo: header.trackingNo || existing.trackingNo,
    logisticsChannel: header.logisticsChannel || existing.logisticsChannel,
    orderedAt: orderedAt ? new Date(orderedAt) : existing.orderedAt,
  };
  const [same] = rowsOf<{ same: boolean }>(
    await tx.execute(sql`
      with o as (
        select ${incoming.buyerName}::varchar as buyer_name, ${incoming.recipientName}::varchar as recipient_name,
          ${incoming.recipientPhone}::varchar as recipient_phone, ${incoming.recipientAddress}::varchar as recipient_address,
          ${incoming.buyerMessage}::varchar as buyer_message, ${incoming.shipBy?.toISOString() ?? null}::timestamptz as ship_by,
          ${incoming.paidAt?.toISOString() ?? null}::timestamptz as paid_at, ${incoming.trackingNo}::varchar as tracking_no,
          ${incoming.logisticsChannel}::varchar as logistics_channel, ${incoming.currency}::varchar as currency,
          ${incoming.shopName}::varchar as shop_name, ${incoming.platformStatus}::varchar as platform_status,
          ${incoming.warehouseId}::uuid as warehouse_id, ${incoming.orderedAt.toISOString()}::timestamptz as ordered_at,
          ${incoming.totalAmount}::bigint as total_amount, ${incoming.shippingAmount}::bigint as shipping_amount,
          ${incoming.discountAmount}::bigint as discount_amount, ${existing.id}::uuid as id
      ), incoming as (
        select md5(row(o.buyer_name, o.recipient_name, o.recipient_phone, o.recipient_address, o.buyer_message,
          o.ship_by, o.paid_at, o.tracking_no, o.logistics_channel, o.currency, o.shop_name, o.platform_status,
          o.warehouse_id, o.ordered_at, o.total_amount, o.shipping_amount, o.discount_amount)::text
          || ${linesPrint(lines, unmatchedLines)}) as print from o
      )
      select (select print from incoming) = (select ${fingerprintColumns} from ${orders} o where o.id = ${existing.id}) as same`),
  );
  if (same?.same) return { id: existing.id, orderNo, systemNo: existing.systemNo, changed: false };

  const canChangeLines = !holdsStock(existing.localStatus) && existing.mergedIntoId === null;
  const { warehouseId, ...platformFields } = header;
  await tx
    .update(orders)
    .set({
      ...platformFields,
      trackingNo: incoming.trackingNo,
      logisticsChannel: incoming.logisticsChannel,
      ...(canChangeLines ? { warehouseId, parcelType: parcelTypeOf(lines) } : {}),
      ...(orderedAt ? { orderedAt: new Date(orderedAt) } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(orders.id, existing.id));
  if (canChangeLines) {
    await tx.delete(orderLines).where(eq(orderLines.orderId, existing.id));
    await insertLines(tx, existing.id, sellerId, lines);
    await replaceUnmatchedLines(tx, existing.id, sellerId, unmatchedLines, lines.length);
  }
  if (existing.platformStatus !== storedStatus)
    await recordHistory(tx, actor, existing.id, 'platform', existing.platformStatus, storedStatus);
  if (platformStatus) {
    const [current] = await tx.select().from(orders).where(eq(orders.id, existing.id));
    if (!current) throw new Error('order vanished under its lock');
    const before =
      current.localStatus === 'in_cancellation' ? await statusBeforeCancellation(tx, current.id) : null;
    const to = localStatusAfterPlatform(current.localStatus, platformStatus, before);
    if (to !== current.localStatus) {
      const heldBefore = holdsStock(current.localStatus);
      await moveOrder(tx, actor, current, to, storedStatus);
      if (heldBefore && isShippedOnwards(to))
        await openException(tx, actor, current.id, 'shipped_outside_warehouse', storedStatus);
    }
  }
  return { id: existing.id, orderNo, systemNo: existing.systemNo, changed: true };
}

/** The local status the order had when it last entered cancellation; null when it arrived in it. */
async function statusBeforeCancellation(tx: TenantTx, orderId: string): Promise<LocalStatus | null> {
  const [entry] = await tx
    .select({ fromStatus: orderStatusHistory.fromStatus })
    .from(orderStatusHistory)
    .where(
      and(
        eq(orderStatusHistory.orderId, orderId),
        eq(orderStatusHistory.field, 'local'),
        eq(orderStatusHistory.toStatus, 'in_cancellation'),
      ),
    )
    .orderBy(desc(orderStatusHistory.id))
    .limit(1);
  const from = entry?.fromStatus ?? null;
  return from !== null && (LOCAL_STATUSES as readonly string[]).includes(from) ? (from as LocalStatus) : null;
}

/**
 * Marketplace orders with lines the sync could not pair to a SKU (spec 02 §1: they wait as
 * problem orders): each gets an open unmatched_sku exception naming the unpaired items (the open
 * one refreshed), which shows it in the problem tab and keeps its review from passing.
 */
export async function flagUnmatchedOrders(
  tx: TenantTx,
  actor: Actor,
  entries: readonly { orderId: string; note: string }[],
): Promise<void> {
  await openExceptions(
    tx,
    actor,
    'unmatched_sku',
    entries.map((entry) => ({ ...entry, shortages: [] })),
  );
}

/**
 * Orders of a shop whose latest platform version the sync could not store: each one in the order
 * list gets an open sync_failed exception naming what went wrong (the open one refreshed).
 * Answers the numbers it found.
 */
export async function flagSyncFailures(
  tx: TenantTx,
  actor: Actor,
  shopId: string,
  entries: readonly { orderNo: string; note: string }[],
): Promise<string[]> {
  if (entries.length === 0) return [];
  const found = await tx
    .select({ id: orders.id, orderNo: orders.orderNo })
    .from(orders)
    .where(
      and(
        eq(orders.shopId, shopId),
        inArray(
          orders.orderNo,
          entries.map((entry) => entry.orderNo),
        ),
      ),
    );
  const noteOf = new Map(entries.map((entry) => [entry.orderNo, entry.note]));
  await openExceptions(
    tx,
    actor,
    'sync_failed',
    found.map((row) => ({ orderId: row.id, note: noteOf.get(row.orderNo) ?? '', shortages: [] })),
  );
  return found.map((row) => row.orderNo);
}

/** Orders the sync has stored again: their sync_failed exception is resolved. */
export async function clearSyncFailures(tx: TenantTx, actor: Actor, orderIds: readonly string[]) {
  await resolveExceptionsOf(tx, actor, orderIds, 'synced', ['sync_failed']);
}

/** Releases orders whose lines are now all paired: their unmatched_sku exception is resolved. */
export async function releaseMatchedOrders(
  tx: TenantTx,
  actor: Actor,
  orderIds: readonly string[],
): Promise<string[]> {
  return resolveExceptionsOf(tx, actor, orderIds, 'sku_matched', ['unmatched_sku']);
}
