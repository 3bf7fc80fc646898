/**
 * Making waves: a wave groups orders of one warehouse ready to pick — waiting to
 * ship, nothing done in the warehouse yet (or part-picked, a short pick put back to be picked:
 * repickOrders), a tracking number known, every line reserved, not a
 * problem order, and in no other wave still to pick. From the orders chosen in the admin (each
 * must be ready, or the wave is refused naming the first that is not), or else from the
 * warehouse's ready orders matching the criteria, oldest ship-by first. An order is in at most
 * one open wave: the orders are locked while the wave is made, and a unique index on the open
 * wave rows is the backstop against two waves made at once.
 */
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { createWaveInput, type CreateWaveInput } from '@shared/contract/picking.js';
import { AppError } from '@shared/errors.js';
import { rowsOf, type TenantTx } from '../../../db/client.js';
import { pgErrorOf } from '../../../db/query-helpers.js';
import type { Actor } from '../../../http/actor.js';
import { parseInput } from '../../../http/parse-input.js';
import { waybills } from '../logistics.tables.js';
import { orderLines, orderReservations, orders, orderScope } from '../../orders/index.js';
import { visibleWarehouse } from '../../warehouse/index.js';
import { waveCounters, waveOrders, waves } from './picking.tables.js';

/** The next wave number of the tenant for the warehouse's local day: WV20261128-0001. */
async function nextWaveNo(tx: TenantTx, timeZone: string): Promise<string> {
  const [row] = rowsOf<{ day: string; last_value: number }>(
    await tx.execute(sql`
      insert into ${waveCounters} (day, last_value)
      values ((now() at time zone ${timeZone})::date, 1)
      on conflict (tenant_id, day) do update set last_value = ${waveCounters}.last_value + 1
      returning to_char(day, 'YYYYMMDD') as day, last_value`),
  );
  if (!row) throw new Error('wave counter returned no row');
  return `WV${row.day}-${String(row.last_value).padStart(4, '0')}`;
}

/** An order ready to go into a wave (see the header). */
export function readyToPick(): SQL {
  return sql`${orders.localStatus} = 'pending_shipment' and ${orders.warehouseStatus} in ('none', 'picking')
    and ${orders.mergedIntoId} is null and ${orders.openExceptions} = 0
    and exists (select 1 from ${waybills} w where w.order_id = ${orders.id}
      and w.arrange_status in ('arranged', 'self_shipped'))
    and not exists (select 1 from ${orderLines} l where l.order_id = ${orders.id}
      and l.quantity > coalesce((select sum(r.quantity) from ${orderReservations} r
        where r.line_id = l.id and r.state = 'active'), 0))
    and not exists (select 1 from ${waveOrders} wo where wo.order_id = ${orders.id} and wo.state = 'open')`;
}

export async function createWave(
  tx: TenantTx,
  actor: Actor,
  raw: CreateWaveInput,
): Promise<{ id: string; waveNo: string; orderCount: number }> {
  const input = parseInput(createWaveInput, raw);
  const warehouse = await visibleWarehouse(tx, actor, input.warehouseId);
  let orderIds: string[];
  if (input.orderIds.length > 0) {
    const chosen = await tx
      .select({
        id: orders.id,
        orderNo: orders.orderNo,
        isReady: sql<boolean>`(${orders.warehouseId} = ${warehouse.id} and ${readyToPick()})`,
      })
      .from(orders)
      .where(and(inArray(orders.id, input.orderIds), orderScope(actor)))
      .orderBy(asc(orders.id))
      .for('update', { of: orders });
    if (chosen.length !== input.orderIds.length) throw new AppError('order.not_found');
    const notReady = chosen.find((row) => !row.isReady);
    if (notReady) throw new AppError('wave.order_not_ready', { orderNo: notReady.orderNo });
    orderIds = input.orderIds;
  } else {
    const found = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(
          eq(orders.warehouseId, warehouse.id),
          orderScope(actor),
          readyToPick(),
          input.parcelType ? eq(orders.parcelType, input.parcelType) : undefined,
          input.shopId ? eq(orders.shopId, input.shopId) : undefined,
          input.channelId
            ? sql`exists (select 1 from ${waybills} w where w.order_id = ${orders.id} and w.channel_id = ${input.channelId})`
            : undefined,
        ),
      )
      .orderBy(sql`${orders.shipBy} asc nulls last`, asc(orders.orderedAt), asc(orders.id))
      .limit(input.maxOrders)
      .for('update', { of: orders, skipLocked: true });
    orderIds = found.map((row) => row.id);
  }
  if (orderIds.length === 0) throw new AppError('wave.no_ready_orders');
  const waveNo = await nextWaveNo(tx, warehouse.timeZone);
  const [wave] = await tx
    .insert(waves)
    .values({ waveNo, warehouseId: warehouse.id, createdBy: actor.userId })
    .returning({ id: waves.id });
  if (!wave) throw new Error('wave insert returned no row');
  try {
    await tx.transaction((savepoint) =>
      savepoint
        .insert(waveOrders)
        .values(orderIds.map((orderId, index) => ({ waveId: wave.id, orderId, position: index + 1 }))),
    );
  } catch (error) {
    if (pgErrorOf(error)?.code === '23505') throw new AppError('wave.order_in_wave');
    throw error;
  }
  return { id: wave.id, waveNo, orderCount: orderIds.length };
}
