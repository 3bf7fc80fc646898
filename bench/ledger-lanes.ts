/**
 * The ledger bench's world and workloads, shared by bench/run.ts (throughput beside pgbench) and
 * bench/ledger-profile.ts (statements per movement): the demo tenant migrated and seeded, one
 * lane (a SKU and a shelf of DG01) per client, and the two workloads, one movement per
 * transaction and BATCH movements per transaction.
 */
import { eq } from 'drizzle-orm';
import { withTenant, withTenantStatement, type Database } from '@server/db/client.js';
import { runMigrations } from '@server/db/migrate.js';
import type { Actor } from '@server/http/actor.js';
import { addProduct } from '@server/modules/catalog/index.js';
import { issueStock, receiveStock, recordMovements, reserveStock } from '@server/modules/inventory/index.js';
import type { StockMovementInput } from '@shared/contract/inventory.js';
import { warehouseLocations, warehouses } from '@server/modules/warehouse/index.js';
import { seedDemo } from '@server/seed/demo.js';
import { demoPhotoKey } from '@server/seed/demo-photos.js';
import { actorOf, demoTenantId, settleLikePgbench } from './support.js';

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

/** Movements already in the ledger when a bench starts (see writeLedgerHistory). */
export const HISTORY = 20_000;

/**
 * Gives the ledger a history of `movements` movements on a lane of its own (receipts, reserves
 * and issues through the ledger, a thousand a transaction), as a warehouse in use has. A bench on
 * a ledger of a few seeded movements measures a table nobody runs: its plans are made for a few
 * pages, and the foreign-key checks into it, planned once per connection as sequential scans
 * while it is that small, stay so while the bench makes it grow (on a server whose autovacuum
 * would have analysed it by then, they are planned again). pgbench's own tables start at
 * 100,000 accounts for the same reason.
 */
export async function writeLedgerHistory(
  database: Database,
  tenantId: string,
  manager: Actor,
  lane: Lane,
  movements = HISTORY,
): Promise<void> {
  const source = { type: 'bench_history', id: null };
  for (let written = 0; written < movements; written += 999) {
    const entries: StockMovementInput[] = [];
    for (let index = 0; index < Math.min(333, Math.ceil((movements - written) / 3)); index += 1)
      entries.push(
        { kind: 'receipt', ...lane, quantity: 1, source },
        { kind: 'reserve', warehouseId: lane.warehouseId, skuId: lane.skuId, quantity: 1, source },
        { kind: 'issue', ...lane, quantity: 1, source },
      );
    await withTenant(database.db, tenantId, (tx) => recordMovements(tx, manager, entries));
  }
}

/** Makes `count` SKUs of the demo seller, each with a shelf of its own in DG01. */
async function makeLanes(database: Database, tenantId: string, count: number, name: string): Promise<Lane[]> {
  const seller = await actorOf(database.db, tenantId, 'seller');
  return withTenant(database.db, tenantId, async (tx) => {
    const product = await addProduct(tx, seller, {
      name,
      photos: [demoPhotoKey(seller.sellerId ?? '', 't-shirt')],
      skus: Array.from({ length: count }, (_, index) => ({
        sellerSku: `${name.toUpperCase().replace(/\W+/g, '-')}-${index}`,
      })),
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
}

/**
 * Gives a migrated and seeded bench database its ledger history (writeLedgerHistory, on a SKU of
 * its own) and settles it as pgbench's initialisation does its own (settleLikePgbench): the state
 * every bench that writes the ledger starts from.
 */
export async function settleLedgerBench(database: Database, tenantId: string): Promise<void> {
  const manager = await actorOf(database.db, tenantId, 'waremanager');
  const [history] = await makeLanes(database, tenantId, 1, 'Bench history');
  if (!history) throw new Error('no history lane');
  await writeLedgerHistory(database, tenantId, manager, history);
  await settleLikePgbench(database.ownerPool);
}

/**
 * Migrates and seeds the database, makes `lanes` SKUs each with a shelf of its own, and settles
 * the database with its ledger history (settleLedgerBench).
 */
export async function prepareLedgerBench(database: Database, lanes = 2): Promise<LedgerBench> {
  await runMigrations(database.ownerPool);
  await seedDemo(database.db);
  const tenantId = await demoTenantId(database.ownerPool);
  const manager = await actorOf(database.db, tenantId, 'waremanager');
  const made = await makeLanes(database, tenantId, lanes, 'Bench product');
  await settleLedgerBench(database, tenantId);
  return { database, tenantId, manager, lanes: made };
}

const source = { type: 'bench', id: null };

/**
 * The two workloads; each runs once on a lane and answers how many movements it made. One
 * cycle is three movements: a unit received, reserved, then issued (consuming a lot FIFO).
 */
export function ledgerWorkloads({ database, tenantId, manager }: LedgerBench) {
  const inTenant = <T>(work: Parameters<typeof withTenant<T>>[2]) => withTenant(database.db, tenantId, work);
  // A movement that is its request's whole transaction goes as the inventory routes send it:
  // begin, the tenant, the ledger's call and commit in one message.
  const alone = <T>(work: Parameters<typeof withTenant<T>>[2]) =>
    withTenantStatement(database.db, tenantId, work);
  return {
    'one movement per transaction': async (lane: Lane) => {
      await alone((tx) => receiveStock(tx, manager, { ...lane, quantity: 1, source }));
      await alone((tx) =>
        reserveStock(tx, manager, { warehouseId: lane.warehouseId, skuId: lane.skuId, quantity: 1, source }),
      );
      await alone((tx) => issueStock(tx, manager, { ...lane, quantity: 1, source }));
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
