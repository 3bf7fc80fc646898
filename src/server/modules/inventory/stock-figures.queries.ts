/**
 * The home page's stock figure (GET /dashboard/figures): available, frozen and total units per
 * warehouse, summed from the balances the actor sees — a seller their own stock in every
 * warehouse, a warehouse role every seller's in their assigned warehouses, agents all. One
 * aggregate statement; warehouses holding nothing are left out.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { WarehouseStock } from '@shared/contract/dashboard.js';
import type { TenantTx } from '../../db/client.js';
import type { Actor } from '../../http/actor.js';
import { sellerScope } from '../../access/seller-scope.js';
import { warehouses, warehouseScope } from '../warehouse/index.js';
import { stockBalances } from './inventory.tables.js';

export async function stockByWarehouse(tx: TenantTx, actor: Actor): Promise<WarehouseStock[]> {
  const rows = await tx
    .select({
      warehouseId: warehouses.id,
      code: warehouses.code,
      name: warehouses.name,
      available: sql<number>`coalesce(sum(${stockBalances.available}), 0)::int`,
      frozen: sql<number>`coalesce(sum(${stockBalances.frozen}), 0)::int`,
      total: sql<number>`coalesce(sum(${stockBalances.total}), 0)::int`,
      skus: sql<number>`(count(*) filter (where ${stockBalances.total} > 0))::int`,
    })
    .from(stockBalances)
    .innerJoin(warehouses, eq(warehouses.id, stockBalances.warehouseId))
    .where(and(sellerScope(actor, stockBalances.sellerId), warehouseScope(actor, stockBalances.warehouseId)))
    .groupBy(warehouses.id, warehouses.code, warehouses.name)
    .having(sql`sum(${stockBalances.total}) > 0`)
    .orderBy(asc(warehouses.code));
  return rows.map((row) => ({
    ...row,
    available: Number(row.available),
    frozen: Number(row.frozen),
    total: Number(row.total),
    skus: Number(row.skus),
  }));
}
