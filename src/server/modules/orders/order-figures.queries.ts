/**
 * The home page's order figures (GET /dashboard/figures), each one aggregate statement over the
 * orders the actor sees (orderScope: a seller's own, a warehouse role's assigned warehouses, the
 * whole tenant for agents), merged orders left out as the list leaves them out. Days and "today"
 * are the viewer's calendar (`timeZone`, checked by the caller). Reads only; one transaction.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  AT_RISK_HOURS,
  CHART_TABS,
  DASHBOARD_TOP,
  ORDER_CHART_DAYS,
  type AtRiskOrder,
  type OrdersAtRisk,
  type OrdersPerDay,
  type OrderTabsToday,
  type OutOfStock,
  type ShortSku,
} from '@shared/contract/dashboard.js';
import {
  LOCAL_STATUSES,
  PLATFORMS,
  TAB_STATUSES,
  TO_SHIP_STATUSES,
  type Platform,
} from '@shared/domain/order.js';
import { rowsOf, type TenantTx } from '../../db/client.js';
import type { Actor } from '../../http/actor.js';
import { products, skus } from '../catalog/index.js';
import { users } from '../identity/index.js';
import { stockBalances } from '../inventory/index.js';
import { warehouses } from '../warehouse/index.js';
import { orderScope, statusList } from './orders.access.js';
import { orderLines, orders } from './orders.tables.js';

export interface OrderFigures {
  perDay: OrdersPerDay;
  today: OrderTabsToday;
  atRisk: OrdersAtRisk;
  outOfStock: OutOfStock;
}

/** Statuses whose orders may still miss their ship-by: the partial index orders_ship_by_idx covers them. */
const OPEN_STATUSES = TO_SHIP_STATUSES;

/** The orders the actor sees, merged ones left out (they ship inside their combined order). */
function visible(actor: Actor): SQL {
  return sql`${orderScope(actor) ?? sql`true`} and ${orders.mergedIntoId} is null`;
}

/** Where today starts in the viewer's calendar, as a timestamp with time zone. */
const startOfToday = (timeZone: string) =>
  sql`((now() at time zone ${timeZone})::date::timestamp at time zone ${timeZone})`;

/** The calendar days of the chart, oldest first, ending with `today` (YYYY-MM-DD). */
export function chartDays(today: string, count = ORDER_CHART_DAYS): string[] {
  const [year, month, day] = today.split('-').map(Number);
  return Array.from({ length: count }, (_, index) =>
    new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, (day ?? 1) - (count - 1 - index)))
      .toISOString()
      .slice(0, 10),
  );
}

async function perDay(tx: TenantTx, actor: Actor, timeZone: string): Promise<OrdersPerDay> {
  const tabOf = sql.join(
    CHART_TABS.map(
      (tab) => sql`when ${orders.localStatus} in (${statusList(TAB_STATUSES[tab])}) then ${tab}`,
    ),
    sql` `,
  );
  const [today] = rowsOf<{ today: string }>(
    await tx.execute(sql`select to_char((now() at time zone ${timeZone})::date, 'YYYY-MM-DD') as today`),
  );
  const days = chartDays(today?.today ?? new Date().toISOString().slice(0, 10));
  // Every status listed, so the (tenant, status, ordered_at) index serves the date range.
  const rows = rowsOf<{ day: string; platform: Platform; tab: (typeof CHART_TABS)[number]; count: number }>(
    await tx.execute(sql`
      select to_char((${orders.orderedAt} at time zone ${timeZone})::date, 'YYYY-MM-DD') as day,
        ${orders.platform} as platform, case ${tabOf} end as tab, count(*)::int as count
      from ${orders}
      where ${visible(actor)}
        and ${orders.localStatus} in (${statusList(LOCAL_STATUSES)})
        and ${orders.orderedAt} >= ((now() at time zone ${timeZone})::date - ${ORDER_CHART_DAYS - 1}::int)::timestamp at time zone ${timeZone}
      group by 1, 2, 3`),
  );
  const index = new Map(days.map((day, position) => [day, position]));
  const series = <K extends string>(keys: readonly K[], keyOf: (row: (typeof rows)[number]) => K) => {
    const counts = new Map(keys.map((key) => [key, days.map(() => 0)]));
    for (const row of rows) {
      const position = index.get(row.day);
      const line = counts.get(keyOf(row));
      if (position !== undefined && line) line[position] = (line[position] ?? 0) + Number(row.count);
    }
    return counts;
  };
  const platforms = series(PLATFORMS, (row) => row.platform);
  const tabs = series(CHART_TABS, (row) => row.tab);
  return {
    days,
    byPlatform: PLATFORMS.flatMap((platform) => {
      const counts = platforms.get(platform) ?? [];
      return counts.some((value) => value > 0) ? [{ platform, counts }] : [];
    }),
    byStatus: CHART_TABS.map((tab) => ({ tab, counts: tabs.get(tab) ?? days.map(() => 0) })),
  };
}

/** The tabs as the order list counts them, with shipped, cancelled and placed for today only. */
async function tabsToday(tx: TenantTx, actor: Actor, timeZone: string): Promise<OrderTabsToday> {
  const since = startOfToday(timeZone);
  const [row] = rowsOf<OrderTabsToday>(
    await tx.execute(sql`
      select
        count(*) filter (where ${orders.orderedAt} >= ${since})::int as ordered,
        count(*) filter (where ${orders.localStatus} in (${statusList(TAB_STATUSES.to_review)}))::int as to_review,
        count(*) filter (where ${orders.localStatus} in (${statusList(TAB_STATUSES.pending)}))::int as pending,
        count(*) filter (where ${orders.openExceptions} > 0)::int as problem,
        count(*) filter (where ${orders.localStatus} in (${statusList(TAB_STATUSES.shipped)})
          and ${orders.shippedAt} >= ${since})::int as shipped,
        count(*) filter (where ${orders.localStatus} = 'cancelled' and ${orders.cancelledAt} >= ${since})::int as cancelled
      from ${orders}
      where ${visible(actor)}`),
  );
  return {
    ordered: Number(row?.ordered ?? 0),
    to_review: Number(row?.to_review ?? 0),
    pending: Number(row?.pending ?? 0),
    problem: Number(row?.problem ?? 0),
    shipped: Number(row?.shipped ?? 0),
    cancelled: Number(row?.cancelled ?? 0),
  };
}

/** Open orders whose ship-by is within AT_RISK_HOURS or already past, the most urgent first. */
async function atRisk(tx: TenantTx, actor: Actor): Promise<OrdersAtRisk> {
  const risky = sql`${visible(actor)}
    and ${orders.localStatus} in (${statusList(OPEN_STATUSES)})
    and ${orders.shipBy} < now() + make_interval(hours => ${AT_RISK_HOURS})`;
  const [counts] = rowsOf<{ total: number; overdue: number; to_review: number; pending: number }>(
    await tx.execute(sql`
      select count(*)::int as total,
        count(*) filter (where ${orders.shipBy} < now())::int as overdue,
        count(*) filter (where ${orders.localStatus} = 'to_review')::int as to_review,
        count(*) filter (where ${orders.localStatus} = 'pending_shipment')::int as pending
      from ${orders} where ${risky}`),
  );
  const top = rowsOf<Omit<AtRiskOrder, 'shipBy'> & { shipBy: Date | string }>(
    await tx.execute(sql`
      select ${orders.id} as "id", ${orders.orderNo} as "orderNo", ${orders.systemNo} as "systemNo",
        ${orders.platform} as "platform", ${orders.shopName} as "shopName",
        ${users.realname} as "sellerName", ${warehouses.code} as "warehouseCode",
        case when ${orders.localStatus} = 'to_review' then 'to_review' else 'pending' end as "tab",
        ${orders.shipBy} as "shipBy"
      from ${orders}
      join ${users} on ${users.id} = ${orders.sellerId}
      join ${warehouses} on ${warehouses.id} = ${orders.warehouseId}
      where ${risky}
      order by ${orders.shipBy}, ${orders.id}
      limit ${DASHBOARD_TOP}`),
  );
  return {
    total: Number(counts?.total ?? 0),
    overdue: Number(counts?.overdue ?? 0),
    toReview: Number(counts?.to_review ?? 0),
    pending: Number(counts?.pending ?? 0),
    top: top.map((row) => ({ ...row, shipBy: new Date(row.shipBy).toISOString() })),
  };
}

/**
 * Orders waiting for stock (an open out-of-stock exception, so the problem index finds them) and,
 * per warehouse and SKU, the units their lines need against what is available now.
 */
async function outOfStock(tx: TenantTx, actor: Actor): Promise<OutOfStock> {
  const [row] = rowsOf<{ orders: number; skus: number; units: number; top: ShortSku[] }>(
    await tx.execute(sql`
      with waiting as (
        select ${orders.id} as id, ${orders.warehouseId} as warehouse_id from ${orders}
        where ${visible(actor)} and ${orders.openExceptions} > 0
          and ${orders.tags} @> array['out_of_stock']::text[]),
      needed as (
        select w.warehouse_id, l.sku_id, count(distinct l.order_id)::int as orders, sum(l.quantity)::int as needed
        from waiting w join ${orderLines} l on l.order_id = w.id
        group by w.warehouse_id, l.sku_id),
      short as (
        select n.*, coalesce(b.available, 0)::int as available,
          (n.needed - coalesce(b.available, 0))::int as short
        from needed n
        left join ${stockBalances} b on b.warehouse_id = n.warehouse_id and b.sku_id = n.sku_id
        where n.needed > coalesce(b.available, 0))
      select (select count(*) from waiting)::int as orders,
        (select count(*) from short)::int as skus,
        (select coalesce(sum(short), 0) from short)::int as units,
        (select coalesce(json_agg(t), '[]'::json) from (
          select s.sku_id as "skuId", k.seller_sku as "sellerSku", p.name as "productName",
            s.warehouse_id as "warehouseId", wh.code as "warehouseCode", s.orders, s.needed,
            s.available, s.short
          from short s
          join ${skus} k on k.id = s.sku_id
          join ${products} p on p.id = k.product_id
          join ${warehouses} wh on wh.id = s.warehouse_id
          order by s.short desc, k.seller_sku, wh.code
          limit ${DASHBOARD_TOP}) t) as top`),
  );
  return {
    orders: Number(row?.orders ?? 0),
    skus: Number(row?.skus ?? 0),
    units: Number(row?.units ?? 0),
    top: row?.top ?? [],
  };
}

/** Every order figure of the dashboard for the actor, in the caller's transaction. */
export async function orderFigures(
  tx: TenantTx,
  actor: Actor,
  input: { timeZone: string },
): Promise<OrderFigures> {
  return {
    perDay: await perDay(tx, actor, input.timeZone),
    today: await tabsToday(tx, actor, input.timeZone),
    atRisk: await atRisk(tx, actor),
    outOfStock: await outOfStock(tx, actor),
  };
}
