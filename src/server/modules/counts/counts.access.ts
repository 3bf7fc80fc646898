/**
 * Who sees which check order: the warehouses the actor sees (warehouse managers and staff only
 * those assigned to them); another warehouse's order answers 404, as if it did not exist.
 */
import { and, eq } from 'drizzle-orm';
import { canCountTransition, type CountStatus } from '@shared/domain/counts.js';
import { AppError } from '@shared/errors.js';
import type { TenantTx } from '../../db/client.js';
import type { Actor } from '../../http/actor.js';
import { warehouseScope } from '../warehouse/index.js';
import { countOrders } from './counts.tables.js';

export type CountOrderRow = typeof countOrders.$inferSelect;

/** The check order locked for the rest of the transaction, if the actor sees its warehouse. */
export async function lockCountOrder(tx: TenantTx, actor: Actor, id: string): Promise<CountOrderRow> {
  const [row] = await tx
    .select()
    .from(countOrders)
    .where(and(eq(countOrders.id, id), warehouseScope(actor, countOrders.warehouseId)))
    .for('update');
  if (!row) throw new AppError('counts.not_found');
  return row;
}

/** Refuses work on a closed (counted) check order. */
export function assertOpen(order: CountOrderRow): void {
  if (order.status === 'counted') throw new AppError('counts.closed', { countNo: order.countNo });
}

/** The one assert of the check order's lifecycle. */
export function assertCountTransition(order: CountOrderRow, to: CountStatus): void {
  if (!canCountTransition(order.status, to))
    throw new AppError('counts.transition_not_allowed', { countNo: order.countNo, from: order.status, to });
}
