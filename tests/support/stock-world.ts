/**
 * Helpers for the warehouse, catalog and inventory tests: actors for the service functions,
 * the demo warehouses' ids, products made through the API, and the ledger's reconciliation,
 * read as the database owner so nothing is hidden by RLS.
 */
import type { Actor } from '@server/http/actor.js';
import { withTenant, type TenantTx } from '@server/db/client.js';
import { resolveActor } from '@server/modules/identity/index.js';
import { productPhotoKey, sellerIdOf } from './photos.js';
import type { TestWorld } from './test-app.js';

export async function actorFor(world: TestWorld, username: string, agentCode?: string): Promise<Actor> {
  const token = await world.login(username, agentCode ? { agentCode } : {});
  const actor = await resolveActor(world.database.db, token);
  if (!actor) throw new Error(`no actor for ${username}`);
  return actor;
}

/** Runs service work as the actor would in a request: one transaction in the actor's tenant. */
export function asActor<T>(world: TestWorld, actor: Actor, work: (tx: TenantTx) => Promise<T>): Promise<T> {
  return withTenant(world.database.db, actor.tenantId, work, actor.userId);
}

export interface DemoWarehouse {
  id: string;
  locations: Map<string, string>;
}

/** The demo tenant's warehouse with its locations' ids by shelf code. */
export async function demoWarehouse(world: TestWorld, code: string): Promise<DemoWarehouse> {
  const { rows } = await world.database.ownerPool.query<{
    id: string;
    location_id: string | null;
    code: string | null;
  }>(
    `select w.id, l.id as location_id, l.code from warehouses w
     join tenants t on t.id = w.tenant_id and t.agent_code = 'demo'
     left join warehouse_locations l on l.tenant_id = w.tenant_id and l.warehouse_id = w.id
     where w.code = $1`,
    [code],
  );
  const first = rows[0];
  if (!first) throw new Error(`no demo warehouse ${code}`);
  const locations = new Map<string, string>();
  for (const row of rows) if (row.location_id && row.code) locations.set(row.code, row.location_id);
  return { id: first.id, locations };
}

export function locationOf(warehouse: DemoWarehouse, code: string): string {
  const id = warehouse.locations.get(code);
  if (!id) throw new Error(`no location ${code}`);
  return id;
}

let skuNumber = 0;

/** A product with one SKU per given seller SKU, made through the API as `token`'s seller. */
export async function createProduct(
  world: TestWorld,
  token: string,
  sellerSkus: string[],
  extra: Record<string, unknown> = {},
): Promise<{ id: string; skus: { id: string; sellerSku: string; sysCode: string }[] }> {
  skuNumber += 1;
  const response = await world.request({
    method: 'POST',
    url: '/api/catalog/product/add',
    token,
    payload: {
      name: `Test product ${skuNumber}`,
      photos: [productPhotoKey(await sellerIdOf(world, token))],
      skus: sellerSkus.map((sellerSku) => ({ sellerSku })),
      ...extra,
    },
  });
  if (response.statusCode !== 200) throw new Error(`product add failed: ${response.body}`);
  return response.json().result;
}

/** Every way the ledger could disagree with itself; empty when balances, locations, lots and movements agree. */
export async function ledgerMismatches(world: TestWorld): Promise<string[]> {
  const pool = world.database.ownerPool;
  const problems: string[] = [];
  const balances = await pool.query(
    `select b.tenant_id, b.warehouse_id, b.sku_id, b.available, b.frozen, b.total, b.in_transit,
            coalesce(m.available, 0)::int as m_available, coalesce(m.frozen, 0)::int as m_frozen,
            coalesce(m.in_transit, 0)::int as m_in_transit,
            coalesce(l.quantity, 0)::int as on_locations, coalesce(lots.remaining, 0)::int as in_lots
     from stock_balances b
     left join (select tenant_id, warehouse_id, sku_id, sum(available_delta) as available, sum(frozen_delta) as frozen,
                       sum(in_transit_delta) as in_transit
                from stock_movements group by 1, 2, 3) m using (tenant_id, warehouse_id, sku_id)
     left join (select tenant_id, warehouse_id, sku_id, sum(quantity) as quantity from location_stock group by 1, 2, 3) l
       using (tenant_id, warehouse_id, sku_id)
     left join (select tenant_id, warehouse_id, sku_id, sum(quantity_remaining) as remaining from stock_lots group by 1, 2, 3) lots
       using (tenant_id, warehouse_id, sku_id)`,
  );
  for (const row of balances.rows) {
    const key = `${row.warehouse_id}/${row.sku_id}`;
    if (row.available !== row.m_available)
      problems.push(`${key} available ${row.available} ≠ movements ${row.m_available}`);
    if (row.frozen !== row.m_frozen) problems.push(`${key} frozen ${row.frozen} ≠ movements ${row.m_frozen}`);
    if (row.in_transit !== row.m_in_transit)
      problems.push(`${key} in transit ${row.in_transit} ≠ movements ${row.m_in_transit}`);
    if (row.total !== row.available + row.frozen)
      problems.push(`${key} total ${row.total} ≠ available + frozen`);
    if (row.total !== row.on_locations)
      problems.push(`${key} total ${row.total} ≠ on locations ${row.on_locations}`);
    if (row.total !== row.in_lots) problems.push(`${key} total ${row.total} ≠ in lots ${row.in_lots}`);
  }
  const locations = await pool.query(
    `with flows as (
       select tenant_id, to_location_id as location_id, sku_id, abs(quantity) as quantity from stock_movements where to_location_id is not null
       union all
       select tenant_id, from_location_id, sku_id, -abs(quantity) from stock_movements where from_location_id is not null)
     select coalesce(s.location_id, f.location_id) as location_id, coalesce(s.sku_id, f.sku_id) as sku_id,
            coalesce(s.quantity, 0)::int as stored, coalesce(f.quantity, 0)::int as flowed
     from location_stock s
     full join (select tenant_id, location_id, sku_id, sum(quantity) as quantity from flows group by 1, 2, 3) f
       using (tenant_id, location_id, sku_id)
     where coalesce(s.quantity, 0) <> coalesce(f.quantity, 0)`,
  );
  for (const row of locations.rows)
    problems.push(`location ${row.location_id}/${row.sku_id} holds ${row.stored} ≠ movements ${row.flowed}`);
  // The FIFO bound (migration 0031): no lot with units left was received before it.
  const bounds = await pool.query(
    `select b.warehouse_id, b.sku_id, b.fifo_from, min(l.received_at) as oldest
     from stock_balances b join stock_lots l using (tenant_id, warehouse_id, sku_id)
     where l.quantity_remaining > 0 and b.fifo_from is not null
     group by b.warehouse_id, b.sku_id, b.fifo_from having min(l.received_at) < b.fifo_from`,
  );
  for (const row of bounds.rows)
    problems.push(
      `${row.warehouse_id}/${row.sku_id} has a lot of ${row.oldest} before its FIFO bound ${row.fifo_from}`,
    );
  return problems;
}

/** Row counts of the catalogue and ledger tables, to show that a refused call changed nothing. */
export async function tableCounts(world: TestWorld): Promise<Record<string, number>> {
  const tables = [
    'warehouses',
    'warehouse_partitions',
    'warehouse_locations',
    'warehouse_staff',
    'products',
    'skus',
    'sku_barcodes',
    'stock_balances',
    'location_stock',
    'stock_lots',
    'stock_movements',
  ];
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const { rows } = await world.database.ownerPool.query(`select count(*)::int as n from ${table}`);
    counts[table] = rows[0].n;
  }
  const sums = await world.database.ownerPool.query(
    `select (select coalesce(sum(available), 0)::int from stock_balances) as available,
            (select coalesce(sum(frozen), 0)::int from stock_balances) as frozen,
            (select coalesce(sum(quantity), 0)::int from location_stock) as on_locations`,
  );
  counts.available = sums.rows[0].available;
  counts.frozen = sums.rows[0].frozen;
  counts.onLocations = sums.rows[0].on_locations;
  return counts;
}
