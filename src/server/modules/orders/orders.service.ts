/**
 * Order use cases: entering an order by hand, the marketplace sync's one upsert, and the hand
 * actions (cancel, review pass and reject, out of stock, tags, notes). Every status change goes
 * through writeLocalStatus (the transition table); an order entering pending shipment reserves
 * its lines, one leaving it releases exactly what it held. A batch action is all or nothing: one
 * order it may not change refuses the batch and changes none.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  cancelOrdersInput,
  createOrderInput,
  marketplaceOrderInput,
  orderIdsInput,
  orderNotesInput,
  orderTagsInput,
  rejectReviewInput,
  type CancelOrdersInput,
  type CreateOrderInput,
  type MarketplaceOrderInput,
  type OrderActionResult,
  type OrderIdsInput,
  type OrderNotesInput,
  type OrderTagsInput,
  type RejectReviewInput,
  type SavedOrderView,
} from '@shared/contract/orders.js';
import {
  canAct,
  holdsStock,
  isShippedOnwards,
  linesTotal,
  LOCAL_STATUSES,
  localStatusAfterPlatform,
  normalisePlatformStatus,
  parcelTypeOf,
  PLATFORM_TO_LOCAL,
  type LocalStatus,
  type OrderAction,
  type OrderTag,
} from '@shared/domain/order.js';
import { AppError, type ErrorCode } from '@shared/errors.js';
import { rowsOf, withTenant, type Db, type TenantTx } from '../../db/client.js';
import { guardUnique, insertJsonRows } from '../../db/query-helpers.js';
import type { Actor } from '../../http/actor.js';
import { parseInput } from '../../http/parse-input.js';
import { isSellerBound } from '../../access/seller-scope.js';
import { skus } from '../catalog/index.js';
import { lockForReservation } from '../inventory/index.js';
import { users } from '../identity/index.js';
import { isWarehouseBound, visibleWarehouse } from '../warehouse/index.js';
import {
  lockOrders,
  openException,
  openExceptions,
  recordHistory,
  resolveExceptions,
  resolveExceptionsOf,
  withOpenException,
  writeLocalStatus,
  writeLocalStatuses,
  type OrderRecord,
} from './orders.access.js';
import { orderLines, orders, orderStatusHistory, orderUnmatchedLines } from './orders.tables.js';
import { releaseOrder, reserveOrder, reserveOrders } from './reservation.service.js';

type LineContent = ReturnType<typeof createOrderInput.parse>['lines'];

/** The next system order id of the tenant for the day (UTC); a row-locked counter, never max()+1. */
export async function nextSystemNo(tx: TenantTx): Promise<string> {
  const [row] = rowsOf<{ day: string; last_value: number }>(
    await tx.execute(sql`
      insert into order_counters (day, last_value) values ((now() at time zone 'UTC')::date, 1)
      on conflict (tenant_id, day) do update set last_value = order_counters.last_value + 1
      returning to_char(day, 'YYYYMMDD') as day, last_value`),
  );
  if (!row) throw new Error('order counter returned no row');
  return `SO${row.day}${String(row.last_value).padStart(6, '0')}`;
}

/** The next `count` system order ids of the tenant for the day, one counter update for all. */
/**
 * System order ids taken ahead in a transaction of their own, for a caller that writes many
 * orders in a longer one (the marketplace sync's pages): the counter's row is held for a moment
 * instead of for the whole page, so several shops' pages are written side by side. An id taken
 * by a page that then fails is skipped, never given twice.
 */
export function takeSystemNos(db: Db, tenantId: string, count: number): Promise<string[]> {
  return withTenant(db, tenantId, async (tx) => {
    // Its commit need not wait for the disk: the orders that use the ids commit after it, and
    // their flush carries this record with it; ids of a page lost in a crash are only skipped.
    await tx.execute(sql`set local synchronous_commit = off`);
    return nextSystemNos(tx, count);
  });
}

export async function nextSystemNos(tx: TenantTx, count: number): Promise<string[]> {
  if (count === 0) return [];
  const [row] = rowsOf<{ day: string; last_value: number }>(
    await tx.execute(sql`
      insert into order_counters (day, last_value) values ((now() at time zone 'UTC')::date, ${count}::int)
      on conflict (tenant_id, day) do update set last_value = order_counters.last_value + ${count}::int
      returning to_char(day, 'YYYYMMDD') as day, last_value`),
  );
  if (!row) throw new Error('order counter returned no row');
  const first = Number(row.last_value) - count + 1;
  return Array.from({ length: count }, (_, index) => `SO${row.day}${String(first + index).padStart(6, '0')}`);
}

/** Refuses a line whose SKU is unknown or another seller's: 'order.sku_not_found' naming it. */
export async function checkSkus(tx: TenantTx, sellerId: string, lines: readonly { skuId: string }[]) {
  const ids = [...new Set(lines.map((line) => line.skuId))];
  if (ids.length === 0) return;
  const found = await tx
    .select({ id: skus.id })
    .from(skus)
    .where(and(inArray(skus.id, ids), eq(skus.sellerId, sellerId)));
  const known = new Set(found.map((row) => row.id));
  const missing = ids.find((id) => !known.has(id));
  if (missing) throw new AppError('order.sku_not_found', { sku: missing });
}

/**
 * The seller something is entered for (an order, an import, a shop): a seller's own; the chosen
 * one for agents and admins, who must choose (`missing` when they did not); never for warehouse
 * roles.
 */
export async function sellerOf(
  tx: TenantTx,
  actor: Actor,
  chosen: string | undefined,
  missing: ErrorCode = 'order.seller_required',
): Promise<string> {
  if (isSellerBound(actor)) {
    if (!actor.sellerId) throw new AppError('common.forbidden');
    return actor.sellerId;
  }
  if (isWarehouseBound(actor)) throw new AppError('common.forbidden');
  if (!chosen) throw new AppError(missing);
  const [seller] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, chosen), eq(users.userRole, 'seller')));
  if (!seller) throw new AppError('order.seller_not_found');
  return seller.id;
}

export async function insertLines(
  tx: TenantTx,
  orderId: string,
  sellerId: string,
  lines: readonly LineContent[number][],
): Promise<void> {
  // A marketplace order may have no line paired to a SKU yet: its lines wait as unmatched ones.
  if (lines.length === 0) return;
  await tx.insert(orderLines).values(
    lines.map((line, position) => ({
      orderId,
      sellerId,
      skuId: line.skuId,
      itemId: line.itemId,
      variationId: line.variationId,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      position,
    })),
  );
}

type UnmatchedLine = MarketplaceOrder['unmatchedLines'][number];

/** The rows of a marketplace order's unmatched lines, numbered after its paired ones. */
const unmatchedRows = (orderId: string, sellerId: string, lines: readonly UnmatchedLine[], after: number) =>
  lines.map((line, index) => ({ orderId, sellerId, ...line, position: after + index }));

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
 * An order entered by hand: to review, on the platform it was sold on ('manual' when none), unique
 * by the seller, that platform and the order number.
 */
export async function createOrder(
  tx: TenantTx,
  actor: Actor,
  raw: CreateOrderInput,
): Promise<SavedOrderView> {
  const input = parseInput(createOrderInput, raw);
  if (input.orderNo === '') throw new AppError('order.no_required');
  const sellerId = await sellerOf(tx, actor, input.sellerId || undefined);
  await visibleWarehouse(tx, actor, input.warehouseId);
  await checkSkus(tx, sellerId, input.lines);
  const [taken] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.sellerId, sellerId),
        eq(orders.platform, input.platform),
        eq(orders.shopId, ''),
        eq(orders.orderNo, input.orderNo),
      ),
    );
  if (taken) throw new AppError('order.no_duplicate', { orderNo: input.orderNo });
  const systemNo = await nextSystemNo(tx);
  const { lines, sellerId: _chosen, shipBy, paidAt, ...header } = input;
  const [order] = await guardUnique(
    () =>
      tx
        .insert(orders)
        .values({
          ...header,
          systemNo,
          sellerId,
          shopId: '',
          localStatus: 'to_review',
          shipBy: shipBy ? new Date(shipBy) : null,
          paidAt: paidAt ? new Date(paidAt) : null,
          parcelType: parcelTypeOf(lines),
          totalAmount: linesTotal(lines),
          createdBy: actor.userId,
        })
        .returning(),
    { orders_shop_order_key: 'order.no_duplicate' },
  );
  if (!order) throw new Error('order insert returned no row');
  await insertLines(tx, order.id, sellerId, lines);
  await recordHistory(tx, actor, order.id, 'local', null, 'to_review');
  return { id: order.id, orderNo: order.orderNo, systemNo: order.systemNo };
}

/**
 * Moves the order to a status and keeps its reservation in step (RESERVING_STATUSES): entering a
 * status that holds stock from one that holds none reserves; leaving them releases.
 */
export async function moveOrder(
  tx: TenantTx,
  actor: Actor,
  order: OrderRecord,
  to: LocalStatus,
  note = '',
): Promise<OrderRecord> {
  const updated = await writeLocalStatus(tx, actor, order, to, note);
  if (updated === order) return order;
  if (holdsStock(order.localStatus) && !holdsStock(to)) await releaseOrder(tx, actor, order, to);
  if (holdsStock(to) && !holdsStock(order.localStatus)) await reserveOrder(tx, actor, updated);
  if (to === 'cancelled') await resolveExceptions(tx, actor, order.id, 'cancelled');
  return updated;
}

type MarketplaceOrder = ReturnType<typeof marketplaceOrderInput.parse>;

/** What the platform's fields of an order are, as stored, and the platform status it reported. */
function marketplaceHeader(input: MarketplaceOrder) {
  const platformStatus = normalisePlatformStatus(input.platformStatus);
  const storedStatus = platformStatus ?? input.platformStatus.toUpperCase().slice(0, 32);
  const {
    lines,
    unmatchedLines,
    amounts,
    shipBy,
    paidAt,
    orderedAt: _orderedAt,
    sellerId: _sellerId,
    platform: _platform,
    shopId: _shopId,
    orderNo: _orderNo,
    tags: _tags,
    ...fields
  } = input;
  const header = {
    ...fields,
    platformStatus: storedStatus,
    shipBy: shipBy ? new Date(shipBy) : null,
    paidAt: paidAt ? new Date(paidAt) : null,
    // The platform's amounts whatever is matched; a caller without them: what was sold.
    totalAmount: amounts?.total ?? linesTotal([...lines, ...unmatchedLines]),
    shippingAmount: amounts?.shipping ?? 0,
    discountAmount: amounts?.discount ?? 0,
  };
  return { platformStatus, storedStatus, header };
}

/**
 * New marketplace orders (none of them stored yet), each in the status its platform status maps
 * to: their system ids from one counter update, then one insert each for the orders, their lines
 * and their first history rows. One that arrives in a status holding stock (already in
 * cancellation: paid, the buyer's request still open) reserves its lines as it is created, like
 * an order entering that status.
 */
async function insertMarketplaceOrders(
  tx: TenantTx,
  actor: Actor,
  inputs: readonly MarketplaceOrder[],
  taken: readonly string[] = [],
): Promise<(SavedOrderView & { changed: boolean })[]> {
  if (inputs.length === 0) return [];
  const more = Math.max(0, inputs.length - taken.length);
  const systemNos = [...taken.slice(0, inputs.length), ...(await nextSystemNos(tx, more))];
  const prepared = inputs.map((input, index) => {
    const { platformStatus, storedStatus, header } = marketplaceHeader(input);
    const localStatus: LocalStatus = platformStatus ? PLATFORM_TO_LOCAL[platformStatus] : 'to_review';
    return { input, header, storedStatus, localStatus, systemNo: systemNos[index] ?? '' };
  });
  const inserted = await insertJsonRows<{ id: string; system_no: string }>(
    tx,
    orders,
    prepared.map(({ input, header, localStatus, systemNo }) => ({
      ...header,
      orderNo: input.orderNo,
      systemNo,
      sellerId: input.sellerId,
      platform: input.platform,
      shopId: input.shopId,
      localStatus,
      orderedAt: input.orderedAt ? new Date(input.orderedAt) : new Date(),
      parcelType: parcelTypeOf(input.lines),
      createdBy: actor.userId,
    })),
    ['id', 'systemNo'],
  );
  const idOf = new Map(inserted.map((row) => [row.system_no, row.id]));
  const saved = prepared.map((entry) => ({ ...entry, id: idOf.get(entry.systemNo) ?? '' }));
  if (saved.some((entry) => entry.id === '')) throw new Error('order insert returned fewer rows');
  await insertJsonRows(
    tx,
    orderLines,
    saved.flatMap(({ id, input }) =>
      input.lines.map((line, position) => ({
        orderId: id,
        sellerId: input.sellerId,
        skuId: line.skuId,
        itemId: line.itemId,
        variationId: line.variationId,
        quantity: line.quantity,
        unitPrice: line.unitPrice,
        position,
      })),
    ),
  );
  const unmatched = saved.flatMap(({ id, input }) =>
    unmatchedRows(id, input.sellerId, input.unmatchedLines, input.lines.length),
  );
  if (unmatched.length > 0) await insertJsonRows(tx, orderUnmatchedLines, unmatched);
  await insertJsonRows(
    tx,
    orderStatusHistory,
    saved.map(({ id, localStatus, storedStatus }) => ({
      orderId: id,
      field: 'local' as const,
      fromStatus: null,
      toStatus: localStatus,
      note: storedStatus.slice(0, 255),
      actorId: actor.userId,
    })),
  );
  const holding = saved.filter((entry) => holdsStock(entry.localStatus)).map((entry) => entry.id);
  if (holding.length > 0) {
    const rows = await tx.select().from(orders).where(inArray(orders.id, holding));
    const byId = new Map(rows.map((row) => [row.id, row]));
    await reserveOrders(
      tx,
      actor,
      holding.flatMap((id) => byId.get(id) ?? []),
    );
  }
  return saved.map(({ id, input, systemNo }) => ({ id, orderNo: input.orderNo, systemNo, changed: true }));
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

function resultOf(order: OrderRecord, code: string | null = null): OrderActionResult {
  return { id: order.id, orderNo: order.orderNo, localStatus: order.localStatus, ok: true, code };
}

function assertCan(action: OrderAction, rows: readonly OrderRecord[], label: string): void {
  const refused = rows.find((row) => !canAct(action, row.localStatus));
  if (refused) throw new AppError('order.action_not_allowed', { orderNo: refused.orderNo, action: label });
}

/** Cancels the selected orders, releasing exactly what each held; a combined order takes its merged orders with it. */
export async function cancelOrders(
  tx: TenantTx,
  actor: Actor,
  raw: CancelOrdersInput,
): Promise<OrderActionResult[]> {
  const input = parseInput(cancelOrdersInput, raw);
  const rows = await lockOrders(tx, actor, input.ids);
  assertCan('cancel', rows, 'cancel');
  const results: OrderActionResult[] = [];
  for (const row of rows) {
    const moved = await moveOrder(tx, actor, row, 'cancelled', input.reason);
    const merged = await tx.select().from(orders).where(eq(orders.mergedIntoId, row.id)).for('update');
    for (const child of merged) await moveOrder(tx, actor, child, 'cancelled', input.reason);
    results.push(resultOf(moved));
  }
  return results;
}

/**
 * Approves orders to review: they become pending shipment and reserve their lines (out of stock
 * when short), the whole selection at once: one status update and history insert for all, then
 * reserveOrders, which takes them in id order as if one after the other. An order that cannot
 * pass (no longer to review, or waiting for SKU matching) is answered refused with its reason
 * and the rest pass: one order the live sync cancelled meanwhile does not hold up a page of
 * them. When none can pass, the first refusal is the error.
 */
export async function passReview(
  tx: TenantTx,
  actor: Actor,
  raw: OrderIdsInput,
): Promise<OrderActionResult[]> {
  const input = parseInput(orderIdsInput, raw);
  const selected = await lockOrders(tx, actor, input.ids);
  // An order waiting for SKU matching lacks lines: it would reserve only part of what was sold.
  const unmatched = await withOpenException(
    tx,
    selected.map((row) => row.id),
    'unmatched_sku',
  );
  const refusals = new Map<string, AppError>();
  for (const row of selected) {
    if (!canAct('reviewPass', row.localStatus))
      refusals.set(row.id, new AppError('order.not_to_review', { orderNo: row.orderNo }));
    else if (unmatched.has(row.id))
      refusals.set(row.id, new AppError('order.sku_unmatched', { orderNo: row.orderNo }));
  }
  const rows = selected.filter((row) => !refusals.has(row.id));
  const [first] = refusals.values();
  if (rows.length === 0 && first) throw first;
  const ids = rows.map((row) => row.id);
  await resolveExceptionsOf(tx, actor, ids, 'review_passed', ['review_rejected']);
  const moved = await writeLocalStatuses(tx, actor, rows, 'pending_shipment');
  // From to review nothing is held: every order moved reserves.
  await reserveOrders(tx, actor, moved);
  const short = await withOpenException(tx, ids, 'out_of_stock');
  const passed = new Map(moved.map((order) => [order.id, order]));
  return selected.map((row) => {
    const order = passed.get(row.id);
    if (order) return resultOf(order, short.has(order.id) ? 'order.out_of_stock' : null);
    return { ...resultOf(row, refusals.get(row.id)?.code ?? null), ok: false };
  });
}

/** Rejects orders to review: they stay to review with a review-rejected exception carrying the reason. */
export async function rejectReview(
  tx: TenantTx,
  actor: Actor,
  raw: RejectReviewInput,
): Promise<OrderActionResult[]> {
  const input = parseInput(rejectReviewInput, raw);
  const rows = await lockOrders(tx, actor, input.ids);
  assertCan('reviewReject', rows, 'reviewReject');
  for (const row of rows) {
    await openException(tx, actor, row.id, 'review_rejected', input.reason);
    await recordHistory(tx, actor, row.id, 'local', row.localStatus, row.localStatus, input.reason);
  }
  return rows.map((row) => resultOf(row));
}

/**
 * Marks orders out of stock by hand: what they held is released and an out-of-stock exception
 * opened; arriving stock is allocated to them like to any order short of stock.
 */
export async function markOutOfStock(
  tx: TenantTx,
  actor: Actor,
  raw: OrderIdsInput,
): Promise<OrderActionResult[]> {
  const input = parseInput(orderIdsInput, raw);
  const rows = await lockOrders(tx, actor, input.ids);
  assertCan('markOutOfStock', rows, 'markOutOfStock');
  for (const row of rows) {
    await releaseOrder(tx, actor, row, 'out_of_stock');
    await openException(tx, actor, row.id, 'out_of_stock', 'marked');
  }
  return rows.map((row) => resultOf(row));
}

/** Adds, removes or sets the hand tags; 'problem' and 'out_of_stock' follow the open exceptions and are kept as they are. */
export async function setOrderTags(
  tx: TenantTx,
  actor: Actor,
  raw: OrderTagsInput,
): Promise<OrderActionResult[]> {
  const input = parseInput(orderTagsInput, raw);
  const rows = await lockOrders(tx, actor, input.ids);
  const derived: readonly OrderTag[] = ['problem', 'out_of_stock'];
  const chosen = input.tags.filter((tag) => !derived.includes(tag));
  for (const row of rows) {
    const kept = row.tags.filter((tag) => derived.includes(tag));
    const hand = row.tags.filter((tag) => !derived.includes(tag));
    const next =
      input.mode === 'add'
        ? [...hand, ...chosen]
        : input.mode === 'remove'
          ? hand.filter((tag) => !chosen.includes(tag))
          : chosen;
    const tags = [...new Set([...next, ...kept])].sort();
    await tx
      .update(orders)
      .set({ tags, updatedAt: sql`now()` })
      .where(eq(orders.id, row.id));
  }
  return rows.map((row) => resultOf(row));
}

/** Notes by who keeps them: the seller's note by the seller side (and agents), the warehouse's notes by the warehouse side (and agents). */
export async function editOrderNotes(
  tx: TenantTx,
  actor: Actor,
  raw: OrderNotesInput,
): Promise<SavedOrderView> {
  const input = parseInput(orderNotesInput, raw);
  const [order] = await lockOrders(tx, actor, [input.id]);
  if (!order) throw new AppError('order.not_found');
  const sellerSide = isSellerBound(actor);
  const warehouseSide = isWarehouseBound(actor);
  const warehouseNotes =
    input.warehouseNote !== undefined || input.transferNote !== undefined || input.expressNote !== undefined;
  if ((sellerSide && warehouseNotes) || (warehouseSide && input.sellerNote !== undefined))
    throw new AppError('order.note_not_allowed');
  const { id: _id, ...notes } = input;
  await tx
    .update(orders)
    .set({ ...notes, updatedAt: sql`now()` })
    .where(eq(orders.id, order.id));
  return { id: order.id, orderNo: order.orderNo, systemNo: order.systemNo };
}
