/**
 * Rules packing, hand-over and the bag screens share, no I/O: who sees a bag, and which orders
 * are not to be shipped (their units are put back instead).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Actor } from '../../http/actor.js';
import { isSellerBound } from '../../access/seller-scope.js';
import type { OrderRecord } from '../orders/index.js';
import { warehouseScope } from '../warehouse/index.js';
import { bags } from './bags.tables.js';

export type BagRow = typeof bags.$inferSelect;

/** Bags the actor sees: those of their warehouses; a seller's people see none (bags mix sellers). */
export function bagScope(actor: Actor): SQL | undefined {
  if (isSellerBound(actor)) return sql`false`;
  return warehouseScope(actor, bags.warehouseId);
}

/** Cancelled, or waiting for the platform to decide a cancellation: not to be shipped. */
export const isCancelled = (order: Pick<OrderRecord, 'localStatus'>) =>
  order.localStatus === 'cancelled' || order.localStatus === 'in_cancellation';
