/**
 * The ledger bench's world and workloads, shared by bench/run.ts (throughput beside pgbench) and
 * bench/ledger-profile.ts (statements per movement): the demo tenant migrated and seeded, one
 * lane (a SKU and a shelf of DG01) per client, and the two workloads, one movement per
 * transaction and BATCH movements per transaction.
 */
import { eq } from 'drizzle-orm';
import { withTenant, type Database } from '@server/db/client.js';
import { runMigrations } from '@server/db/migrate.js';
import type { Actor } from '@server/http/actor.js';
import { addProduct } from '@server/modules/catalog/index.js';
import { issueStock, receiveStock, recordMovements, reserveStock } from '@server/modules/inventory/index.js';
import type { StockMovementInput } from '@shared/contract/inventory.js';
import { warehouseLocations, warehouses } from '@server/modules/warehouse/index.js';
import { seedDemo } from '@server/seed/demo.js';
import { demoPhotoKey } from '@server/seed/demo-photos.js';
import { actorOf, demoTenantId } from './support.js';

export const BATCH = 100;

export interface Lane {
  warehouseId: string;
  skuId: string;
  locationId: string;
}

export interface LedgerBench {
  database: Database;
  tenantId: string;
  manager: Actor;
  lanes: Lane[];
}

/** Migrates and seeds the database, and makes `lanes` SKUs each with a shelf of its own. */
export async function prepareLedgerBench(database: Database, lanes = 2): Promise<LedgerBench> {
  await runMigrations(database.ownerPool);
  await seedDemo(database.db);
  const tenantId = await demoTenantId(database.ownerPool);
  const manager = await actorOf(database.db, tenantId, 'waremanager');
  const seller = await actorOf(database.db, tenantId, 'seller');
  const made = await withTenant(database.db, tenantId, async (tx) => {
    const product = await addProduct(tx, seller, {
      name: 'Bench product',
      photos: [demoPhotoKey(seller.sellerId ?? '', 't-shirt')],
      skus: Array.from({ length: lanes }, (_, index) => ({ sellerSku: `BENCH-${index}` })),
    });
    const [warehouse] = await tx.select().from(warehouses).where(eq(warehouses.code, 'DG01'));
    const shelves = await tx
      .select({ id: warehouseLocations.id })
      .from(warehouseLocations)
      .where(eq(warehouseLocations.warehouseId, warehouse?.id ?? ''));
    return product.skus.map((sku, index) => ({
      warehouseId: warehouse?.id ?? '',
      skuId: sku.id,
      locationId: shelves[index]?.id ?? '',
    }));
  });
  return { database, tenantId, manager, lanes: made };
}

const source = { type: 'bench', id: null };

/**
 * The two workloads; each runs once on a lane and answers how many movements it made. One
 * cycle is three movements: a unit received, reserved, then issued (consuming a lot FIFO).
 */
export function ledgerWorkloads({ database, tenantId, manager }: LedgerBench) {
  const inTenant = <T>(work: Parameters<typeof withTenant<T>>[2]) => withTenant(database.db, tenantId, work);
  return {
    'one movement per transaction': async (lane: Lane) => {
      await inTenant((tx) => receiveStock(tx, manager, { ...lane, quantity: 1, source }));
      await inTenant((tx) =>
        reserveStock(tx, manager, { warehouseId: lane.warehouseId, skuId: lane.skuId, quantity: 1, source }),
      );
      await inTenant((tx) => issueStock(tx, manager, { ...lane, quantity: 1, source }));
      return 3;
    },
    // 33 cycles and one more receipt: exactly BATCH movements in one transaction, through the
    // ledger's batch use case, as a caller with BATCH movements to make would write them.
    [`${BATCH} movements per transaction`]: async (lane: Lane) => {
      const entries: StockMovementInput[] = [];
      for (let index = 0; index < Math.floor(BATCH / 3); index += 1)
        entries.push(
          { kind: 'receipt', ...lane, quantity: 1, source },
          { kind: 'reserve', warehouseId: lane.warehouseId, skuId: lane.skuId, quantity: 1, source },
          { kind: 'issue', ...lane, quantity: 1, source },
        );
      for (let index = 0; index < BATCH % 3; index += 1)
        entries.push({ kind: 'receipt', ...lane, quantity: 1, source });
      await inTenant((tx) => recordMovements(tx, manager, entries));
      return BATCH;
    },
  };
}
