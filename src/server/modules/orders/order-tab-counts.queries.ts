/**
 * The order list's tab counts read from the counters that triggers on orders keep (migrations
 * 0038 and 0042, docs/architecture.md §5 "Orders and their reservations"): order_tab_counts per
 * seller, warehouse, platform, shop, local status, problem, order type, warehouse status, parcel
 * type and tags; order_tab_day_counts the same per UTC day of the order time;
 * order_tab_count_changes what writers changed that is not folded in yet. A query whose filters
 * are all among those keys (the opening page of every role, and any mix of those filters with a
 * date range on the order time) is counted by summing rows in one statement, so its counts are
 * exactly what count(*) over the orders would give in the same snapshot; any other filter (the
 * remaining ship time, a number search, a date range on another time) is counted over the
 * orders it leaves, each from an index that narrows them (orders_ship_by_idx, the numbers'
 * indexes, orders_paid_list_idx and its kind).
 */
import { eq, gte, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { OrderListQuery, OrderTabCounts, TagMatch } from '@shared/contract/orders.js';
import { ORDER_TABS, TAB_STATUSES, type OrderTab, type OrderTag } from '@shared/domain/order.js';
import { rowsOf, type TenantTx } from '../../db/client.js';
import { allOf } from '../../db/query-helpers.js';
import type { Actor } from '../../http/actor.js';
import { sellerFilter } from '../../access/seller-scope.js';
import { orderScope } from './orders.access.js';
import { orders, orderTabCountChanges, orderTabCounts, orderTabDayCounts } from './orders.tables.js';

export type ListCounts = OrderTabCounts & { total: number };

/**
 * How each filter of the list is counted: 'key' by the counters' keys, 'none' is not a filter,
 * 'orders' only by counting the orders. A filter added to the contract must be placed here (the
 * typecheck asks), so the counters never answer a filter they do not know.
 */
const COUNTED_BY = {
  pageNo: 'none',
  pageSize: 'none',
  _t: 'none',
  tab: 'none',
  tagMatch: 'none',
  sellerId: 'key',
  warehouseId: 'key',
  platform: 'key',
  shopName: 'key',
  status: 'key',
  dateField: 'key',
  dateFrom: 'key',
  dateTo: 'key',
  type: 'key',
  warehouseStatus: 'key',
  parcelType: 'key',
  tags: 'key',
  shipTime: 'orders',
  orderNos: 'orders',
  trackingNos: 'orders',
  numbers: 'orders',
  searchTrackingNo: 'orders',
} as const satisfies Record<keyof OrderListQuery, 'key' | 'none' | 'orders'>;

const inUse = (value: unknown) =>
  value !== undefined && value !== '' && value !== 'all' && !(Array.isArray(value) && value.length === 0);

/** True when the counters answer the query's counts: every filter in use is one of their keys. */
export function isCountedByKeys(query: OrderListQuery): boolean {
  const dated = inUse(query.dateFrom) || inUse(query.dateTo);
  if (dated && query.dateField !== 'ordered') return false;
  return (Object.keys(COUNTED_BY) as (keyof OrderListQuery)[]).every(
    (name) => COUNTED_BY[name] !== 'orders' || !inUse(query[name]),
  );
}

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * A date range on the order time as whole UTC days, which the day counters answer, and the part
 * days at either end (at most a day each), counted from the orders. A range inside one day is
 * all part day.
 */
export function splitRange(
  dateFrom: string | undefined,
  dateTo: string | undefined,
): { days: { from?: string; to?: string } | null; parts: { from?: Date; to?: Date }[] } {
  const fromMs = dateFrom ? Date.parse(dateFrom) : null;
  const toMs = dateTo ? Date.parse(dateTo) : null;
  const firstDay = fromMs === null ? null : Math.ceil(fromMs / DAY_MS) * DAY_MS;
  const lastDay = toMs === null ? null : Math.floor(toMs / DAY_MS) * DAY_MS;
  if (fromMs !== null && toMs !== null && firstDay !== null && lastDay !== null && firstDay >= lastDay)
    return { days: null, parts: [{ from: new Date(fromMs), to: new Date(toMs) }] };
  const parts: { from?: Date; to?: Date }[] = [];
  if (fromMs !== null && firstDay !== null && fromMs < firstDay)
    parts.push({ from: new Date(fromMs), to: new Date(firstDay) });
  if (toMs !== null && lastDay !== null && lastDay < toMs)
    parts.push({ from: new Date(lastDay), to: new Date(toMs) });
  return {
    days: {
      ...(firstDay === null ? {} : { from: dayOf(firstDay) }),
      ...(lastDay === null ? {} : { to: dayOf(lastDay) }),
    },
    parts,
  };
}

interface KeyColumns {
  sellerId: AnyPgColumn;
  warehouseId: AnyPgColumn;
  platform: AnyPgColumn;
  shopName: AnyPgColumn;
  localStatus: AnyPgColumn;
  orderType: AnyPgColumn;
  warehouseStatus: AnyPgColumn;
  parcelType: AnyPgColumn;
  tags: AnyPgColumn;
}

/**
 * Rows carrying any of the tags (all of them with 'all'), on the orders or the counters; no
 * condition for no tags. It says tags <> '{}' too, which it implies: the orders' partial index
 * of tagged orders (orders_tagged_idx) needs the planner to see it.
 */
export function tagCondition(
  column: AnyPgColumn,
  tags: readonly OrderTag[],
  match: TagMatch,
): SQL | undefined {
  if (tags.length === 0) return undefined;
  const wanted = sql`${sql.param([...tags])}::text[]`;
  const matched = match === 'all' ? sql`${column} @> ${wanted}` : sql`${column} && ${wanted}`;
  return sql`${column} <> '{}'::text[] and ${matched}`;
}

/** The actor's scope and the query's keyed filters, on a table that has the keys' columns. */
export function keyConditions(actor: Actor, query: OrderListQuery, table: KeyColumns): SQL | undefined {
  return allOf([
    orderScope(actor, table),
    sellerFilter(actor, table.sellerId, query.sellerId || undefined),
    query.type && query.type !== 'all' ? eq(table.orderType, query.type) : undefined,
    query.status ? eq(table.localStatus, query.status) : undefined,
    query.warehouseStatus ? eq(table.warehouseStatus, query.warehouseStatus) : undefined,
    query.platform ? eq(table.platform, query.platform) : undefined,
    query.shopName ? eq(table.shopName, query.shopName) : undefined,
    query.warehouseId ? eq(table.warehouseId, query.warehouseId) : undefined,
    query.parcelType ? eq(table.parcelType, query.parcelType) : undefined,
    tagCondition(table.tags, query.tags ?? [], query.tagMatch),
  ]);
}

function dayConditions(column: AnyPgColumn, days: { from?: string; to?: string }): (SQL | undefined)[] {
  return [days.from ? gte(column, days.from) : undefined, days.to ? lt(column, days.to) : undefined];
}

const statusesOf = (tab: Exclude<OrderTab, 'problem'>) =>
  sql.join(
    TAB_STATUSES[tab].map((status) => sql`${status}`),
    sql`, `,
  );

function tabSum(tab: OrderTab): SQL {
  if (tab === 'problem') return sql`coalesce(sum(c.n) filter (where c.problem), 0)::int`;
  return sql`coalesce(sum(c.n) filter (where c.status in (${statusesOf(tab)})), 0)::int`;
}

/**
 * The tab counts of a query isCountedByKeys accepts, in one statement: the counters' rows and
 * the changes not folded yet under the same conditions, with a date range the whole days'
 * rows and the part days' orders (orders_list_idx, or orders_shop_list_idx for a shop).
 */
export async function keptTabCounts(tx: TenantTx, actor: Actor, query: OrderListQuery): Promise<ListCounts> {
  const dated = Boolean(query.dateFrom || query.dateTo);
  const { days, parts } = dated ? splitRange(query.dateFrom, query.dateTo) : { days: {}, parts: [] };
  const sources: SQL[] = [];
  if (days) {
    const counters = dated
      ? sql`select ${orderTabDayCounts.localStatus} as status, ${orderTabDayCounts.isProblem} as problem, ${orderTabDayCounts.orders} as n
          from ${orderTabDayCounts}
          where ${allOf([keyConditions(actor, query, orderTabDayCounts), ...dayConditions(orderTabDayCounts.day, days)]) ?? sql`true`}`
      : sql`select ${orderTabCounts.localStatus} as status, ${orderTabCounts.isProblem} as problem, ${orderTabCounts.orders} as n
          from ${orderTabCounts}
          where ${keyConditions(actor, query, orderTabCounts) ?? sql`true`}`;
    sources.push(counters);
    sources.push(sql`select ${orderTabCountChanges.localStatus} as status, ${orderTabCountChanges.isProblem} as problem, ${orderTabCountChanges.orders} as n
      from ${orderTabCountChanges}
      where ${allOf([keyConditions(actor, query, orderTabCountChanges), ...dayConditions(orderTabCountChanges.day, days)]) ?? sql`true`}`);
  }
  // Each part day its own select: an index-only scan of its range, where one select over both
  // ranges was planned as a bitmap over the heap.
  for (const part of parts)
    sources.push(sql`select ${orders.localStatus} as status, ${orders.openExceptions} > 0 as problem, 1 as n
      from ${orders}
      where ${allOf([
        keyConditions(actor, query, orders),
        isNull(orders.mergedIntoId),
        part.from ? gte(orders.orderedAt, part.from) : undefined,
        part.to ? lt(orders.orderedAt, part.to) : undefined,
      ])}`);
  const columns = ORDER_TABS.map((tab) => sql`${tabSum(tab)} as ${sql.identifier(tab)}`);
  const total = query.tab ? tabSum(query.tab) : sql`coalesce(sum(c.n), 0)::int`;
  const [row] = rowsOf<Record<OrderTab | 'all' | 'total', number>>(
    await tx.execute(sql`select ${sql.join(columns, sql`, `)}, coalesce(sum(c.n), 0)::int as "all", ${total} as "total"
      from (${sql.join(sources, sql` union all `)}) c`),
  );
  return Object.fromEntries(
    (['all', ...ORDER_TABS, 'total'] as const).map((name) => [name, Number(row?.[name] ?? 0)]),
  ) as ListCounts;
}
