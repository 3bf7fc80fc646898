/**
 * Who sees which warehouse (docs/architecture.md §4): warehouse managers and workers only the warehouses they
 * are assigned to; everyone else in the tenant (agents, administrators, sellers shipping to a
 * warehouse) all of them. A warehouse out of sight answers 404, as if it did not exist.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { WAREHOUSE_ROLES } from '@shared/domain/roles.js';
import { AppError } from '@shared/errors.js';
import type { TenantTx } from '../../db/client.js';
import type { Actor } from '../../http/actor.js';
import { warehouses, warehouseStaff } from './warehouse.tables.js';

export type WarehouseRow = typeof warehouses.$inferSelect;

/** True when the actor sees only the warehouses assigned to them. */
export function isWarehouseBound(actor: Actor): boolean {
  return !actor.isAdmin && WAREHOUSE_ROLES.includes(actor.userRole);
}

/** A condition keeping `column` (a warehouse id) to the actor's warehouses; undefined for all. */
export function warehouseScope(actor: Actor, column: AnyPgColumn): SQL | undefined {
  if (!isWarehouseBound(actor)) return undefined;
  return sql`${column} in (select ${warehouseStaff.warehouseId} from ${warehouseStaff} where ${warehouseStaff.userId} = ${actor.userId})`;
}

/** The warehouse if the actor may see it, else 404. */
export async function visibleWarehouse(
  tx: TenantTx,
  actor: Actor,
  warehouseId: string,
): Promise<WarehouseRow> {
  const [row] = await tx
    .select()
    .from(warehouses)
    .where(and(eq(warehouses.id, warehouseId), warehouseScope(actor, warehouses.id)));
  if (!row) throw new AppError('warehouse.not_found');
  return row;
}
