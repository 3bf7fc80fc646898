/**
 * The order list's reads: one page and the tab counts, each one SQL statement over the actor's
 * orders, and the shops they came from. Merged orders are shown inside their combined order, not
 * in the list. A row's columns are in order-rows.queries.ts, one order's detail in
 * order-detail.queries.ts.
 */
import { setImmediate } from 'node:timers/promises';
import { and, asc, desc, eq, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { OrderListQuery, OrderPage, OrderShopView } from '@shared/contract/orders.js';
import {
  ORDER_TABS,
  SHIP_TIME_WINDOWS,
  TAB_STATUSES,
  TO_SHIP_STATUSES,
  type OrderTab,
} from '@shared/domain/order.js';
import type { TenantTx } from '../../db/client.js';
import { allOf, offsetOf } from '../../db/query-helpers.js';
import type { Actor } from '../../http/actor.js';
import { users } from '../identity/index.js';
import { warehouses } from '../warehouse/index.js';
import { orderScope, statusList } from './orders.access.js';
import { rowColumns, toRow } from './order-rows.queries.js';
import {
  isCountedByKeys,
  keptTabCounts,
  keyConditions,
  type ListCounts,
} from './order-tab-counts.queries.js';
import { orders } from './orders.tables.js';

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
