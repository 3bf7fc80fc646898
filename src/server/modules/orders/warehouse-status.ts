/**
 * The order's warehouse status and its picked and packed flags: written here and nowhere else.
 * Every step is checked against WAREHOUSE_TRANSITIONS (src/shared/domain/order.ts, the one
 * statement of the warehouse lifecycle) and recorded in the order's history. The logistics
 * steps (pick, pack, bag, unbag, hand over, put back) call it through the orders module's face.
 *
 * The flags follow the status: reaching 'picked' sets is_picked, 'packed' sets is_packed, and
 * going back to 'none' (a cancelled order's picks put back) clears both; other steps keep them.
 */
import { sql } from 'drizzle-orm';
import { canWarehouseTransition, type WarehouseStatus } from '@shared/domain/order.js';
import { AppError } from '@shared/errors.js';
import type { TenantTx } from '../../db/client.js';
import type { Actor } from '../../http/actor.js';
import { recordHistories } from './orders.access.js';
import { orders } from './orders.tables.js';

/** One step of an order in the warehouse, from the status it is known to hold. */
export interface WarehouseStep {
  orderId: string;
  orderNo: string;
  from: WarehouseStatus;
  to: WarehouseStatus;
}

/**
 * Steps of many orders in one statement (a batch of picks), in the order they happened: an
 * order may take several (none → picking → picked), each checked and recorded, and ends at its
 * last. A step that stays where it is changes and records nothing. A step the lifecycle does
 * not allow is refused ('order.warehouse_step_not_allowed') and nothing is written.
 */
export async function moveWarehouseStatuses(
  tx: TenantTx,
  actor: Actor,
  steps: readonly WarehouseStep[],
): Promise<void> {
  const moving = steps.filter((step) => step.from !== step.to);
  for (const step of moving)
    if (!canWarehouseTransition(step.from, step.to))
      throw new AppError('order.warehouse_step_not_allowed', {
        orderNo: step.orderNo,
        from: step.from,
        to: step.to,
      });
  if (moving.length === 0) return;
  const last = new Map<string, WarehouseStatus>();
  const reached = new Map<string, Set<WarehouseStatus>>();
  for (const step of moving) {
    last.set(step.orderId, step.to);
    reached.set(step.orderId, (reached.get(step.orderId) ?? new Set()).add(step.to));
  }
  const rows = [...last].map(([orderId, status]) => {
    const passed = reached.get(orderId) ?? new Set();
    return sql`(${orderId}::uuid, ${status}::varchar, ${passed.has('picked')}::boolean, ${passed.has('packed')}::boolean)`;
  });
  await tx.execute(sql`
    update ${orders} as o
    set warehouse_status = v.status,
      is_picked = case when v.status = 'none' then false else o.is_picked or v.picked end,
      is_packed = case when v.status = 'none' then false else o.is_packed or v.packed end,
      updated_at = now()
    from (values ${sql.join(rows, sql`, `)}) as v(id, status, picked, packed)
    where o.id = v.id`);
  await recordHistories(
    tx,
    actor,
    moving.map((step) => ({
      orderId: step.orderId,
      field: 'warehouse' as const,
      from: step.from,
      to: step.to,
    })),
  );
}

/** One order's step from the status it holds (a no-op when it is there already). */
export async function moveWarehouseStatus(
  tx: TenantTx,
  actor: Actor,
  order: { id: string; orderNo: string; warehouseStatus: WarehouseStatus },
  to: WarehouseStatus,
): Promise<void> {
  await moveWarehouseStatuses(tx, actor, [
    { orderId: order.id, orderNo: order.orderNo, from: order.warehouseStatus, to },
  ]);
}
