/**
 * The home page's numbers, read from the tables that hold them. Each figure is computed only
 * for an actor whose permissions cover its source: users for user managers, sign-ins for log
 * readers, releases for announcement managers; everyone gets their own unread and pending counts.
 * The business figures (orders, inbound, stock) are each module's own read, through its face,
 * scoped as that module's lists are; this service only decides who gets which.
 */
import { count, sql } from 'drizzle-orm';
import type {
  DashboardFigures,
  DashboardFiguresQuery,
  DashboardQuery,
  DashboardSummary,
} from '@shared/contract/dashboard.js';
import { USER_ROLES, type UserRole } from '@shared/domain/roles.js';
import { AppError } from '@shared/errors.js';
import { PERMISSIONS } from '@shared/permissions.js';
import { rowsOf, type TenantTx } from '../../db/client.js';
import { hasPermission, type Actor } from '../../http/actor.js';
import { isSellerBound } from '../../access/seller-scope.js';
import { releasedCount, unreadCount } from '../announcements/index.js';
import { users } from '../identity/index.js';
import { inboundFigures } from '../inbound/index.js';
import { stockByWarehouse } from '../inventory/index.js';
import { orderFigures } from '../orders/index.js';
import { pendingQuestionCount } from '../questions/index.js';
import { LOG_TYPE, sysLogs } from '../system/index.js';
import { isWarehouseBound, listWarehouseOptions } from '../warehouse/index.js';

const CHART_DAYS = 7;

async function usersByRole(tx: TenantTx): Promise<NonNullable<DashboardSummary['usersByRole']>> {
  const rows = await tx
    .select({ userRole: users.userRole, count: count() })
    .from(users)
    .groupBy(users.userRole);
  const order = (role: UserRole) => USER_ROLES.indexOf(role);
  return rows.sort((a, b) => order(a.userRole) - order(b.userRole));
}

/** Refuses a time zone PostgreSQL does not know (the runtime's list and PostgreSQL's may differ). */
async function assertTimeZone(tx: TenantTx, timeZone: string): Promise<void> {
  const [known] = rowsOf<{ known: boolean }>(
    await tx.execute(sql`select exists(select 1 from pg_timezone_names where name = ${timeZone}) as known`),
  );
  if (!known?.known) throw new AppError('common.validation', {}, [{ path: 'tz', rule: 'time_zone' }]);
}

/** Sign-ins per day of the viewer's calendar, the last 7 days including today, zero days included. */
async function loginsPerDay(
  tx: TenantTx,
  timeZone: string,
): Promise<NonNullable<DashboardSummary['loginsPerDay']>> {
  await assertTimeZone(tx, timeZone);
  return rowsOf<{ date: string; count: number }>(
    await tx.execute(sql`
      with days as (
        select day::date as day from generate_series(
          ((now() at time zone ${timeZone})::date - ${CHART_DAYS - 1}::int)::timestamp,
          (now() at time zone ${timeZone})::date::timestamp,
          interval '1 day') as day)
      select to_char(days.day, 'YYYY-MM-DD') as date, count(${sysLogs.id})::int as count
      from days
      left join ${sysLogs}
        on ${sysLogs.logType} = ${LOG_TYPE.login}
        and ${sysLogs.createdAt} >= (days.day::timestamp at time zone ${timeZone})
        and ${sysLogs.createdAt} < ((days.day + 1)::timestamp at time zone ${timeZone})
      group by days.day
      order by days.day`),
  );
}

/** GET /dashboard/summary */
export async function dashboardSummary(
  tx: TenantTx,
  actor: Actor,
  input: DashboardQuery,
): Promise<DashboardSummary> {
  return {
    unreadAnnouncements: await unreadCount(tx, actor),
    pendingQuestions: await pendingQuestionCount(tx, actor),
    usersByRole: hasPermission(actor, PERMISSIONS.userList) ? await usersByRole(tx) : null,
    loginsPerDay: hasPermission(actor, PERMISSIONS.logList) ? await loginsPerDay(tx, input.tz) : null,
    announcementsReleased: hasPermission(actor, PERMISSIONS.announcementList)
      ? await releasedCount(tx)
      : null,
  };
}

/**
 * GET /dashboard/figures: orders (per day, the tabs today, at risk, waiting for stock) for those
 * who list orders, inbound due for those who list inbound orders, stock by warehouse for those
 * who list stock — each scoped by its own module as its list is.
 */
export async function dashboardFigures(
  tx: TenantTx,
  actor: Actor,
  input: DashboardFiguresQuery,
): Promise<DashboardFigures> {
  const timeZone = input.tz;
  await assertTimeZone(tx, timeZone);
  const [asOf] = rowsOf<{ now: Date | string }>(await tx.execute(sql`select now() as now`));
  return {
    scope: isSellerBound(actor) ? 'seller' : isWarehouseBound(actor) ? 'warehouses' : 'tenant',
    warehouseCount: (await listWarehouseOptions(tx, actor)).length,
    asOf: new Date(asOf?.now ?? Date.now()).toISOString(),
    orders: hasPermission(actor, PERMISSIONS.orderList) ? await orderFigures(tx, actor, { timeZone }) : null,
    inbound: hasPermission(actor, PERMISSIONS.inboundList)
      ? await inboundFigures(tx, actor, { timeZone })
      : null,
    stock: hasPermission(actor, PERMISSIONS.stockList) ? await stockByWarehouse(tx, actor) : null,
  };
}
