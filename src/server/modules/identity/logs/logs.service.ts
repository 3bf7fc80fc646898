/**
 * Login statistics for the dashboard (/sys/loginfo, /sys/visitInfo), counted from sys_logs.
 * Days are calendar days in UTC, the database's clock.
 */
import { sql } from 'drizzle-orm';
import type { LoginInfo, VisitDay } from '@shared/contract/system-admin.js';
import { rowsOf, type TenantTx } from '@server/db/client.js';
import type { Actor } from '@server/http/actor.js';
import { LOG_TYPE } from '../../system/index.js';

/** GET /sys/loginfo: logins ever, logins today, addresses today, and the actor's own logins today. */
export async function loginInfo(tx: TenantTx, actor: Actor): Promise<LoginInfo> {
  const [row] = rowsOf<{ total: number; today: number; today_ip: number; today_user: number }>(
    await tx.execute(sql`
      select
        count(*)::int as total,
        count(*) filter (where created_at >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC')::int as today,
        count(distinct ip) filter (where created_at >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC')::int as today_ip,
        count(*) filter (where created_at >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC'
          and user_id = ${actor.userId})::int as today_user
      from sys_logs
      where log_type = ${LOG_TYPE.login}`),
  );
  return {
    totalVisitCount: row?.total ?? 0,
    todayVisitCount: row?.today ?? 0,
    todayIp: row?.today_ip ?? 0,
    todayUserVisitCount: row?.today_user ?? 0,
  };
}

/** GET /sys/visitInfo: logins and distinct addresses on each of the last seven days, oldest first. */
export async function visitInfo(tx: TenantTx, _actor: Actor): Promise<VisitDay[]> {
  const rows = rowsOf<{ day: string; visit: number; ip: number }>(
    await tx.execute(sql`
      with days as (
        select generate_series(
          (now() at time zone 'UTC')::date - 6, (now() at time zone 'UTC')::date, interval '1 day')::date as day
      )
      select to_char(days.day, 'YYYY-MM-DD') as day,
        count(logs.id)::int as visit,
        count(distinct logs.ip)::int as ip
      from days
      left join sys_logs logs
        on logs.log_type = ${LOG_TYPE.login} and (logs.created_at at time zone 'UTC')::date = days.day
      group by days.day
      order by days.day`),
  );
  return rows.map((row) => ({ tian: row.day, type: row.day.slice(5), visit: row.visit, ip: row.ip }));
}
