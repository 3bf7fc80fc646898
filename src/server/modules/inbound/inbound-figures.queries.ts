/**
 * The home page's inbound figure (GET /dashboard/figures): inbound orders still expected — pending
 * or partly received — that the actor sees (inboundScope), counted by expected arrival in the
 * viewer's calendar, with the earliest of those due within the week. One aggregate statement.
 */
import { sql } from 'drizzle-orm';
import { DASHBOARD_TOP, type DueInbound, type InboundDue } from '@shared/contract/dashboard.js';
import type { InboundStatus } from '@shared/domain/inbound.js';
import { rowsOf, type TenantTx } from '../../db/client.js';
import type { Actor } from '../../http/actor.js';
import { users } from '../identity/index.js';
import { warehouses } from '../warehouse/index.js';
import { inboundScope } from './inbound.access.js';
import { inboundBoxLines, inboundOrders } from './inbound.tables.js';

/** Orders whose goods are still on their way: nothing, or not everything, received yet. */
const EXPECTED: readonly InboundStatus[] = ['pending', 'partial'];

export async function inboundFigures(
  tx: TenantTx,
  actor: Actor,
  input: { timeZone: string },
): Promise<InboundDue> {
  const { timeZone } = input;
  const statuses = sql.join(
    EXPECTED.map((status) => sql`${status}`),
    sql`, `,
  );
  const [row] = rowsOf<{
    overdue: number;
    today: number;
    next7: number;
    later: number;
    no_date: number;
    top: (Omit<DueInbound, 'expectedArrival'> & { expectedArrival: string })[];
  }>(
    await tx.execute(sql`
      with due as (
        select ${inboundOrders.id} as id, ${inboundOrders.inboundNo} as inbound_no,
          ${inboundOrders.warehouseId} as warehouse_id, ${inboundOrders.sellerId} as seller_id,
          ${inboundOrders.expectedArrival} as expected_arrival,
          (${inboundOrders.expectedArrival} at time zone ${timeZone})::date
            - (now() at time zone ${timeZone})::date as days_away
        from ${inboundOrders}
        where ${inboundScope(actor) ?? sql`true`} and ${inboundOrders.status} in (${statuses}))
      select
        count(*) filter (where days_away < 0)::int as overdue,
        count(*) filter (where days_away = 0)::int as today,
        count(*) filter (where days_away between 1 and 7)::int as next7,
        count(*) filter (where days_away > 7)::int as later,
        count(*) filter (where days_away is null)::int as no_date,
        (select coalesce(json_agg(t), '[]'::json) from (
          select d.id, d.inbound_no as "inboundNo", w.code as "warehouseCode", u.realname as "sellerName",
            d.expected_arrival as "expectedArrival",
            (select coalesce(sum(greatest(l.ship_quantity - l.received_quantity, 0)), 0)::int
              from ${inboundBoxLines} l where l.order_id = d.id) as units
          from due d
          join ${warehouses} w on w.id = d.warehouse_id
          join ${users} u on u.id = d.seller_id
          where d.days_away <= 7
          order by d.expected_arrival, d.inbound_no
          limit ${DASHBOARD_TOP}) t) as top
      from due`),
  );
  return {
    overdue: Number(row?.overdue ?? 0),
    today: Number(row?.today ?? 0),
    next7Days: Number(row?.next7 ?? 0),
    later: Number(row?.later ?? 0),
    noDate: Number(row?.no_date ?? 0),
    top: (row?.top ?? []).map((order) => ({
      ...order,
      expectedArrival: new Date(order.expectedArrival).toISOString(),
    })),
  };
}
