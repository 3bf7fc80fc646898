/**
 * Order reads: the list (one page and the tab counts, each one SQL statement over the actor's
 * orders) and one order's detail with lines, reservations, exceptions and history. Merged
 * orders are shown inside their combined order, not in the list.
 */
import { setImmediate } from 'node:timers/promises';
import { and, asc, desc, eq, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type {
  OrderDetail,
  OrderListQuery,
  OrderPage,
  OrderRow,
  OrderShopView,
  UnmatchedLineView,
} from '@shared/contract/orders.js';
import {
  ORDER_TABS,
  SHIP_TIME_WINDOWS,
  TAB_STATUSES,
  TO_SHIP_STATUSES,
  type OrderTab,
} from '@shared/domain/order.js';
import { AppError } from '@shared/errors.js';
import { rowsOf, type TenantTx } from '../../db/client.js';
import { allOf, iso, offsetOf } from '../../db/query-helpers.js';
import type { Actor } from '../../http/actor.js';
import { skus, products } from '../catalog/index.js';
import { users } from '../identity/index.js';
import { warehouses } from '../warehouse/index.js';
import { orderScope, statusList } from './orders.access.js';
import {
  isCountedByKeys,
  keptTabCounts,
  keyConditions,
  type ListCounts,
} from './order-tab-counts.queries.js';
import {
  orderExceptions,
  orderLines,
  orderReservations,
  orders,
  orderStatusHistory,
  orderUnmatchedLines,
} from './orders.tables.js';

const DATE_COLUMNS = {
  ordered: orders.orderedAt,
  paid: orders.paidAt,
  shipBy: orders.shipBy,
  shipped: orders.shippedAt,
} as const;

function tabCondition(tab: OrderTab): SQL {
  if (tab === 'problem') return sql`${orders.openExceptions} > 0`;
  return inArray(orders.localStatus, [...TAB_STATUSES[tab]]);
}

/**
 * A column equal to one of a batch search's numbers, the numbers sent as one array parameter:
 * one parameter where `in (…)` takes one for each of up to hundreds of numbers, so the
 * statement is as quick to build as without them and its text the same for any count.
 */
function isAnyOf(column: AnyPgColumn, values: readonly string[]): SQL {
  return sql`${column} = any(${sql.param([...values])}::text[])`;
}

/**
 * The same for a column whose index is not partial (the order number, the system id): the
 * array is read by a one-row subquery, so the planner does not estimate each number against
 * the column's statistics. With 50 numbers on two columns that estimate was most of the
 * statement's cost (the counts planned in 1.3 ms, ran in 0.5 ms; 0.2 ms to plan this way, the
 * same plan: a bitmap of the two indexes). The tracking number's index is partial (non-empty
 * numbers), which the planner proves only from the numbers themselves: it keeps isAnyOf.
 */
function isAnyOfUnestimated(column: AnyPgColumn, values: readonly string[]): SQL {
  return sql`${column} = any((select ${sql.param([...values])}::text[])::text[])`;
}

/** Every filter of the list except the tab, so the counts and the page share them. */
function filters(actor: Actor, query: OrderListQuery, now: Date): SQL | undefined {
  const numbers = query.orderNos ?? [];
  const tracking = query.trackingNos ?? [];
  const searched = query.searchTrackingNo;
  const anyKind = query.numbers ?? [];
  const window = query.shipTime ? SHIP_TIME_WINDOWS[query.shipTime] : null;
  const dateColumn = DATE_COLUMNS[query.dateField];
  return allOf([
    isNull(orders.mergedIntoId),
    keyConditions(actor, query, orders),
    query.dateFrom ? gte(dateColumn, new Date(query.dateFrom)) : undefined,
    query.dateTo ? lt(dateColumn, new Date(query.dateTo)) : undefined,
    // Time remains only for orders still to ship (orders_ship_by_idx holds them, by ship-by).
    window ? sql`${orders.localStatus} in (${statusList(TO_SHIP_STATUSES)})` : undefined,
    window?.fromMs != null ? gte(orders.shipBy, new Date(now.getTime() + window.fromMs)) : undefined,
    window?.toMs != null ? lt(orders.shipBy, new Date(now.getTime() + window.toMs)) : undefined,
    numbers.length > 0
      ? or(isAnyOfUnestimated(orders.orderNo, numbers), isAnyOfUnestimated(orders.systemNo, numbers))
      : undefined,
    tracking.length > 0 ? isAnyOf(orders.trackingNo, tracking) : undefined,
    anyKind.length > 0
      ? or(
          isAnyOfUnestimated(orders.orderNo, anyKind),
          isAnyOfUnestimated(orders.systemNo, anyKind),
          isAnyOf(orders.trackingNo, anyKind),
        )
      : undefined,
    searched
      ? or(eq(orders.orderNo, searched), eq(orders.systemNo, searched), eq(orders.trackingNo, searched))
      : undefined,
  ]);
}

const rowColumns = {
  id: orders.id,
  orderNo: orders.orderNo,
  systemNo: orders.systemNo,
  sellerId: orders.sellerId,
  sellerName: users.realname,
  platform: orders.platform,
  shopId: orders.shopId,
  shopName: orders.shopName,
  orderType: orders.orderType,
  platformStatus: orders.platformStatus,
  localStatus: orders.localStatus,
  warehouseStatus: orders.warehouseStatus,
  warehouseId: orders.warehouseId,
  warehouseCode: warehouses.code,
  buyerName: orders.buyerName,
  recipientName: orders.recipientName,
  recipientPhone: orders.recipientPhone,
  recipientAddress: orders.recipientAddress,
  buyerMessage: orders.buyerMessage,
  sellerNote: orders.sellerNote,
  warehouseNote: orders.warehouseNote,
  transferNote: orders.transferNote,
  expressNote: orders.expressNote,
  shipBy: orders.shipBy,
  orderedAt: orders.orderedAt,
  paidAt: orders.paidAt,
  shippedAt: orders.shippedAt,
  cancelledAt: orders.cancelledAt,
  trackingNo: orders.trackingNo,
  logisticsChannel: orders.logisticsChannel,
  parcelType: orders.parcelType,
  currency: orders.currency,
  isPrinted: orders.isPrinted,
  isPicked: orders.isPicked,
  isPacked: orders.isPacked,
  isRefunded: orders.isRefunded,
  isCharged: orders.isCharged,
  isReissued: orders.isReissued,
  tags: orders.tags,
  mergedIntoId: orders.mergedIntoId,
  createdAt: orders.createdAt,
  totalAmount: orders.totalAmount,
  shippingAmount: orders.shippingAmount,
  discountAmount: orders.discountAmount,
  units: sql<number>`(select coalesce(sum(l.quantity), 0)::int from ${orderLines} l where l.order_id = ${orders.id})`,
  problems: sql<
    string[]
  >`(select coalesce(array_agg(e.reason order by e.reason), '{}') from ${orderExceptions} e where e.order_id = ${orders.id} and e.resolved_at is null)`,
};

type SelectedRow = Awaited<ReturnType<typeof selectRows>>[number];

function selectRows(tx: TenantTx, where: SQL | undefined) {
  return tx
    .select(rowColumns)
    .from(orders)
    .innerJoin(users, eq(users.id, orders.sellerId))
    .innerJoin(warehouses, eq(warehouses.id, orders.warehouseId))
    .where(where);
}

function toRow(
  row: SelectedRow,
): OrderRow & Pick<OrderDetail, 'recipientPhone' | 'recipientAddress' | 'transferNote' | 'expressNote'> {
  const {
    isPrinted,
    isPicked,
    isPacked,
    isRefunded,
    isCharged,
    isReissued,
    shipBy,
    orderedAt,
    paidAt,
    shippedAt,
    cancelledAt,
    createdAt,
    totalAmount,
    problems,
    ...rest
  } = row;
  return {
    ...rest,
    shipBy: iso(shipBy),
    orderedAt: iso(orderedAt),
    paidAt: iso(paidAt),
    shippedAt: iso(shippedAt),
    cancelledAt: iso(cancelledAt),
    createdAt: iso(createdAt),
    totalAmount,
    units: Number(rest.units),
    problems: problems as OrderRow['problems'],
    flags: { isPrinted, isPicked, isPacked, isRefunded, isCharged, isReissued },
  };
}

/**
 * One page of the actor's orders in the tab with the filters, newest first, and every tab's count.
 * Two statements. The counts: from the counters the triggers keep when every filter in use is
 * one of their keys (order-tab-counts.queries.ts), else counted over the orders the filters
 * leave (with a batch search at most the numbers asked for). The page is chosen on the orders
 * table alone (its id and order time, by orders_list_idx newest first, orders_shop_list_idx for
 * a shop, or by the numbers' indexes), and only its rows are joined to their seller and
 * warehouse and summed: a join before the limit lets the planner walk every order of a
 * warehouse to find the page.
 */
type TabCounts = ListCounts & { notFound: string[] };

/** The numbers a query searches, each with the columns it matches; none without a number search. */
function searchedNumbers(
  query: OrderListQuery,
): { number: string; columns: ('orderNo' | 'systemNo' | 'trackingNo')[] }[] {
  return [
    ...(query.numbers ?? []).map((number) => ({
      number,
      columns: ['orderNo', 'systemNo', 'trackingNo'] as const,
    })),
    ...(query.orderNos ?? []).map((number) => ({ number, columns: ['orderNo', 'systemNo'] as const })),
    ...(query.trackingNos ?? []).map((number) => ({ number, columns: ['trackingNo'] as const })),
    ...(query.searchTrackingNo
      ? [{ number: query.searchTrackingNo, columns: ['orderNo', 'systemNo', 'trackingNo'] as const }]
      : []),
  ].map((entry) => ({ number: entry.number, columns: [...entry.columns] }));
}

/**
 * The list's tab counts under the query's filters, the 'all' tab's (every order the filters
 * leave) among them, how many the chosen tab holds (the page's total), and the searched
 * numbers no order in any tab answered. Counted over the orders, one pass counts every tab
 * and gathers the numbers the found orders carry.
 */
export async function orderListCounts(tx: TenantTx, actor: Actor, query: OrderListQuery): Promise<TabCounts> {
  if (isCountedByKeys(query)) return { ...(await keptTabCounts(tx, actor, query)), notFound: [] };
  const base = filters(actor, query, new Date());
  const tab = query.tab ? tabCondition(query.tab) : undefined;
  const searched = searchedNumbers(query);
  const countColumns = Object.fromEntries(
    ORDER_TABS.map((name) => [name, sql<number>`count(*) filter (where ${tabCondition(name)})::int`]),
  ) as Record<OrderTab, SQL.Aliased<number> | SQL<number>>;
  const foundColumns = {
    orderNo: sql<string[] | null>`array_agg(distinct ${orders.orderNo})`,
    systemNo: sql<string[] | null>`array_agg(distinct ${orders.systemNo})`,
    trackingNo: sql<string[] | null>`array_agg(distinct ${orders.trackingNo})`,
  };
  const [counts] = await tx
    .select({
      ...countColumns,
      all: sql<number>`count(*)::int`,
      total: tab ? sql<number>`count(*) filter (where ${tab})::int` : sql<number>`count(*)::int`,
      ...(searched.length > 0 ? foundColumns : {}),
    })
    .from(orders)
    .where(base);
  const found = counts as
    (typeof counts & Partial<Record<keyof typeof foundColumns, string[] | null>>) | undefined;
  const carried = {
    orderNo: new Set(found?.orderNo ?? []),
    systemNo: new Set(found?.systemNo ?? []),
    trackingNo: new Set(found?.trackingNo ?? []),
  };
  const notFound = [
    ...new Set(
      searched
        .filter(({ number, columns }) => !columns.some((column) => carried[column].has(number)))
        .map(({ number }) => number),
    ),
  ];
  return {
    ...(Object.fromEntries(
      ['all' as const, ...ORDER_TABS, 'total' as const].map((name) => [name, Number(counts?.[name] ?? 0)]),
    ) as ListCounts),
    notFound,
  };
}

/** The list's page of rows: chosen on the orders table alone, then joined to seller and warehouse. */
export async function orderListPage(
  tx: TenantTx,
  actor: Actor,
  query: OrderListQuery,
): Promise<OrderPage['records']> {
  const base = filters(actor, query, new Date());
  const tab = query.tab ? tabCondition(query.tab) : undefined;
  const where = allOf([base, tab]);
  const page = tx
    .select({ id: orders.id, orderedAt: orders.orderedAt })
    .from(orders)
    .where(where)
    .orderBy(desc(orders.orderedAt), desc(orders.id))
    .limit(query.pageSize)
    .offset(offsetOf(query))
    .as('page');
  const records = await tx
    .select(rowColumns)
    .from(page)
    .innerJoin(orders, eq(orders.id, page.id))
    .innerJoin(users, eq(users.id, orders.sellerId))
    .innerJoin(warehouses, eq(warehouses.id, orders.warehouseId))
    .orderBy(desc(page.orderedAt), desc(page.id));
  return records.map((row) => {
    const {
      recipientPhone: _p,
      recipientAddress: _a,
      transferNote: _t,
      expressNote: _e,
      ...listed
    } = toRow(row);
    return listed;
  });
}

/** The order list's reply from its counts and its page. */
export function orderListOf(
  query: OrderListQuery,
  counts: TabCounts,
  records: OrderPage['records'],
): OrderPage {
  const { total, notFound, ...tabs } = counts;
  return {
    records,
    total,
    current: query.pageNo,
    size: query.pageSize,
    pages: Math.ceil(total / query.pageSize),
    counts: tabs,
    notFound,
  };
}

/** The order list in one transaction: the tab counts, then the page. */
export async function listOrders(tx: TenantTx, actor: Actor, query: OrderListQuery): Promise<OrderPage> {
  const counts = await orderListCounts(tx, actor, query);
  return orderListOf(query, counts, await orderListPage(tx, actor, query));
}

/**
 * The order list read side by side, for a read-only transaction whose statements go one message
 * each on connections of their own (readInTenant): the counts and the page are independent, so the
 * list waits for the slower of the two. The page leaves before the counts are built: Drizzle takes
 * 0.4-1.2 ms to build a statement here, and built together both waited for the second (p50 0.7 ms
 * of 8.5 in bench/orders.ts).
 */
export async function readOrderList(tx: TenantTx, actor: Actor, query: OrderListQuery): Promise<OrderPage> {
  const page = orderListPage(tx, actor, query);
  await setImmediate();
  const [records, counts] = await Promise.all([page, orderListCounts(tx, actor, query)]);
  return orderListOf(query, counts, records);
}

/** The shops the actor's orders came from (merged orders aside), for the list's shop filter. */
export async function listOrderShops(tx: TenantTx, actor: Actor): Promise<OrderShopView[]> {
  const rows = await tx
    .select({
      platform: orders.platform,
      shopName: orders.shopName,
      orders: sql<number>`count(*)::int`,
    })
    .from(orders)
    .where(and(orderScope(actor), isNull(orders.mergedIntoId), sql`${orders.shopName} <> ''`))
    .groupBy(orders.platform, orders.shopName)
    .orderBy(asc(orders.shopName), asc(orders.platform))
    .limit(500);
  return rows.map((row) => ({ ...row, orders: Number(row.orders) }));
}

/** One order the actor sees (merged orders included), with everything the detail drawer shows; else 404. */
export async function getOrder(tx: TenantTx, actor: Actor, id: string): Promise<OrderDetail> {
  const [row] = await selectRows(tx, and(eq(orders.id, id), orderScope(actor)));
  if (!row) throw new AppError('order.not_found');
  const lines = await tx
    .select({
      id: orderLines.id,
      skuId: orderLines.skuId,
      sellerSku: skus.sellerSku,
      productName: products.name,
      itemId: orderLines.itemId,
      variationId: orderLines.variationId,
      quantity: orderLines.quantity,
      unitPrice: orderLines.unitPrice,
      reserved: sql<number>`(select coalesce(sum(r.quantity), 0)::int from ${orderReservations} r
        where r.line_id = ${orderLines.id} and r.state = 'active')`,
    })
    .from(orderLines)
    .innerJoin(skus, eq(skus.id, orderLines.skuId))
    .innerJoin(products, eq(products.id, skus.productId))
    .where(eq(orderLines.orderId, id))
    .orderBy(asc(orderLines.position));
  // The shop's marketplace item of each unmatched line, which SKU matching pairs (read by its
  // table's name: the marketplaces module writes it and depends on this one, not the reverse).
  const unmatchedLines = rowsOf<UnmatchedLineView & { marketplaceItemId: string | null }>(
    await tx.execute(sql`
      select u.id, u.item_id as "itemId", u.variation_id as "variationId", u.seller_sku as "sellerSku", u.title,
        u.quantity, u.unit_price as "unitPrice",
        (select i.id from marketplace_items i where i.shop_id::text = ${row.shopId} and i.item_id = u.item_id
          and i.variation_id = u.variation_id limit 1) as "marketplaceItemId"
      from ${orderUnmatchedLines} u where u.order_id = ${id} order by u.position`),
  );
  const reservations = await tx
    .select({ reservation: orderReservations, sellerSku: skus.sellerSku })
    .from(orderReservations)
    .innerJoin(skus, eq(skus.id, orderReservations.skuId))
    .where(eq(orderReservations.orderId, id))
    .orderBy(asc(orderReservations.createdAt), asc(orderReservations.id));
  const exceptions = await tx
    .select()
    .from(orderExceptions)
    .where(eq(orderExceptions.orderId, id))
    .orderBy(desc(orderExceptions.createdAt));
  const history = await tx
    .select({ history: orderStatusHistory, actorName: users.realname })
    .from(orderStatusHistory)
    .leftJoin(users, eq(users.id, orderStatusHistory.actorId))
    .where(eq(orderStatusHistory.orderId, id))
    .orderBy(asc(orderStatusHistory.id));
  const merged = await tx
    .select({ id: orders.id, orderNo: orders.orderNo, systemNo: orders.systemNo })
    .from(orders)
    .where(eq(orders.mergedIntoId, id))
    .orderBy(asc(orders.systemNo));
  return {
    ...toRow(row),
    lines: lines.map((line) => ({ ...line, reserved: Number(line.reserved) })),
    unmatchedLines: unmatchedLines.map((line) => ({
      ...line,
      quantity: Number(line.quantity),
      unitPrice: Number(line.unitPrice),
    })),
    reservations: reservations.map(({ reservation, sellerSku }) => ({
      id: reservation.id,
      lineId: reservation.lineId,
      skuId: reservation.skuId,
      sellerSku,
      warehouseId: reservation.warehouseId,
      quantity: reservation.quantity,
      state: reservation.state,
      reserveMovementId: reservation.reserveMovementId,
      endMovementId: reservation.endMovementId,
      createdAt: iso(reservation.createdAt),
      endedAt: iso(reservation.endedAt),
    })),
    exceptions: exceptions.map((exception) => ({
      id: exception.id,
      reason: exception.reason,
      note: exception.note,
      shortages: exception.shortages,
      createdAt: iso(exception.createdAt),
      resolvedAt: iso(exception.resolvedAt),
      resolution: exception.resolution,
    })),
    history: history.map(({ history: entry, actorName }) => ({
      id: entry.id,
      field: entry.field,
      fromStatus: entry.fromStatus,
      toStatus: entry.toStatus,
      note: entry.note,
      actorName,
      createdAt: iso(entry.createdAt),
    })),
    mergedOrders: merged,
  };
}
