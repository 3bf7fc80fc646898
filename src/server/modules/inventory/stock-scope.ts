/**
 * What a stock change may touch, resolved in one query before any write: the warehouse must be
 * one the actor sees, the SKU one of the actor's seller (any seller's for agent and warehouse
 * roles), and every location one of that warehouse. Out of sight answers 404.
 */
import { sql } from 'drizzle-orm';
import { AppError } from '@shared/errors.js';
import { rowsOf, type TenantTx } from '../../db/client.js';
import type { Actor } from '../../http/actor.js';
import { sellerScope } from '../../access/seller-scope.js';
import { skus } from '../catalog/index.js';
import { warehouseLocations, warehouses, warehouseScope } from '../warehouse/index.js';

export interface StockScope {
  warehouseId: string;
  skuId: string;
  sellerId: string;
  /** Shelf codes by location id. */
  locationCodes: Map<string, string>;
}

interface ScopeRow {
  warehouse_ok: boolean;
  seller_id: string | null;
  locations: { id: string; warehouseId: string; code: string; visible: boolean }[] | null;
}

/** Resolves and checks the warehouse, SKU and locations of one stock change. */
export async function resolveStockScope(
  tx: TenantTx,
  actor: Actor,
  input: { warehouseId: string; skuId: string; locationIds: (string | null | undefined)[] },
): Promise<StockScope> {
  const locationIds = [...new Set(input.locationIds.filter((id): id is string => typeof id === 'string'))];
  const visible = warehouseScope(actor, warehouses.id) ?? sql`true`;
  const ownSku = sellerScope(actor, skus.sellerId) ?? sql`true`;
  const locationVisible = warehouseScope(actor, warehouseLocations.warehouseId) ?? sql`true`;
  const locations =
    locationIds.length > 0
      ? sql`(select json_agg(json_build_object('id', ${warehouseLocations.id}, 'warehouseId', ${warehouseLocations.warehouseId}, 'code', ${warehouseLocations.code}, 'visible', ${locationVisible}))
            from ${warehouseLocations} where ${warehouseLocations.id} in ${locationIds})`
      : sql`null`;
  const [row] = rowsOf<ScopeRow>(
    await tx.execute(sql`select
      exists (select 1 from ${warehouses} where ${warehouses.id} = ${input.warehouseId} and ${visible}) as warehouse_ok,
      (select ${skus.sellerId} from ${skus} where ${skus.id} = ${input.skuId} and ${ownSku}) as seller_id,
      ${locations} as locations`),
  );
  if (!row?.warehouse_ok) throw new AppError('warehouse.not_found');
  if (!row.seller_id) throw new AppError('catalog.sku_not_found');
  const found = new Map((row.locations ?? []).map((location) => [location.id, location]));
  const locationCodes = new Map<string, string>();
  for (const id of locationIds) {
    const location = found.get(id);
    if (!location || !location.visible) throw new AppError('warehouse.location_not_found');
    if (location.warehouseId !== input.warehouseId)
      throw new AppError('warehouse.location_other_warehouse', { code: location.code });
    locationCodes.set(id, location.code);
  }
  return { warehouseId: input.warehouseId, skuId: input.skuId, sellerId: row.seller_id, locationCodes };
}
