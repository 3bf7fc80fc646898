/**
 * `npm run bench`: stock movements per second through the inventory service, one movement per
 * transaction and 100 per transaction, beside pgbench's TPC-B-like transactions per second on
 * the same PostgreSQL server in the same run. Each side gets fresh databases that are dropped
 * afterwards. TEST_DATABASE_URL names the server (loopback only); without it the machine's
 * PostgreSQL on 127.0.0.1:5432 is used, or an embedded one when that cannot be reached.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { connectDatabase, withTenant, type Db } from '@server/db/client.js';
import { runMigrations } from '@server/db/migrate.js';
import { addProduct } from '@server/modules/catalog/index.js';
import { issueStock, receiveStock, reserveStock } from '@server/modules/inventory/index.js';
import { warehouseLocations, warehouses } from '@server/modules/warehouse/index.js';
import { seedDemo } from '@server/seed/demo.js';
import { demoPhotoKey } from '@server/seed/demo-photos.js';
import {
  actorOf,
  benchServer,
  demoTenantId,
  freshDatabases,
  pgbenchBinary,
  runPgbench,
  withDatabase,
} from './support.js';

const SECONDS = 10;
const CLIENTS = 2;
const BATCH = 100;

interface Lane {
  warehouseId: string;
  skuId: string;
  locationId: string;
}

/** Runs `work` on CLIENTS lanes at once until the time is up; answers movements per second. */
async function measure(lanes: Lane[], work: (lane: Lane) => Promise<number>): Promise<number> {
  const deadline = Date.now() + SECONDS * 1000;
  const started = process.hrtime.bigint();
  const counts = await Promise.all(
    lanes.map(async (lane) => {
      let movements = 0;
      while (Date.now() < deadline) movements += await work(lane);
      return movements;
    }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return counts.reduce((sum, count) => sum + count, 0) / seconds;
}

async function main() {
  const { url, embedded } = await benchServer();
  const suffix = randomBytes(4).toString('hex');
  const names = { app: `wms_bench_${suffix}`, pgbench: `wms_bench_pgbench_${suffix}` };
  const databases = await freshDatabases(url, Object.values(names));
  const database = connectDatabase({ url: withDatabase(url, names.app), poolSize: CLIENTS + 1 });
  try {
    await runMigrations(database.ownerPool);
    await seedDemo(database.db);
    const tenantId = await demoTenantId(database.ownerPool);
    const manager = await actorOf(database.db, tenantId, 'waremanager');
    const seller = await actorOf(database.db, tenantId, 'seller');
    const lanes = await withTenant(database.db, tenantId, async (tx) => {
      const product = await addProduct(tx, seller, {
        name: 'Bench product',
        photos: [demoPhotoKey(seller.sellerId ?? '', 't-shirt')],
        skus: Array.from({ length: CLIENTS }, (_, index) => ({ sellerSku: `BENCH-${index}` })),
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
    const source = { type: 'bench', id: null };
    // One cycle is three movements: a unit received, reserved, then issued (consuming a lot FIFO).
    const cycle = async (tx: Parameters<Parameters<Db['transaction']>[0]>[0], lane: Lane) => {
      await receiveStock(tx, manager, { ...lane, quantity: 1, source });
      await reserveStock(tx, manager, {
        warehouseId: lane.warehouseId,
        skuId: lane.skuId,
        quantity: 1,
        source,
      });
      await issueStock(tx, manager, { ...lane, quantity: 1, source });
    };
    const single = await measure(lanes, async (lane) => {
      await withTenant(database.db, tenantId, (tx) =>
        receiveStock(tx, manager, { ...lane, quantity: 1, source }),
      );
      await withTenant(database.db, tenantId, (tx) =>
        reserveStock(tx, manager, { warehouseId: lane.warehouseId, skuId: lane.skuId, quantity: 1, source }),
      );
      await withTenant(database.db, tenantId, (tx) =>
        issueStock(tx, manager, { ...lane, quantity: 1, source }),
      );
      return 3;
    });
    // 33 cycles and one more receipt: exactly BATCH movements in one transaction.
    const batched = await measure(lanes, async (lane) => {
      await withTenant(database.db, tenantId, async (tx) => {
        for (let index = 0; index < Math.floor(BATCH / 3); index += 1) await cycle(tx, lane);
        for (let index = 0; index < BATCH % 3; index += 1)
          await receiveStock(tx, manager, { ...lane, quantity: 1, source });
      });
      return BATCH;
    });
    const binary = pgbenchBinary();
    const tps = binary ? runPgbench(binary, withDatabase(url, names.pgbench), SECONDS, CLIENTS) : null;

    console.log(
      `\nstock movements through the service (${CLIENTS} clients, ${SECONDS} s each, ${new URL(url).host})`,
    );
    console.log(`  one movement per transaction   ${single.toFixed(0).padStart(8)} movements/s`);
    console.log(`  ${BATCH} movements per transaction ${batched.toFixed(0).padStart(8)} movements/s`);
    if (tps === null) {
      console.log('  pgbench                        not found under /usr/lib/postgresql/*/bin: no baseline');
    } else {
      console.log(`  pgbench TPC-B-like (-s 1 -c ${CLIENTS}) ${tps.toFixed(0).padStart(8)} transactions/s`);
      console.log(`  ratio single / pgbench           ${(single / tps).toFixed(2)}`);
      console.log(`  ratio batched / pgbench          ${(batched / tps).toFixed(2)}`);
    }
  } finally {
    await database.close();
    await databases.drop();
    await embedded?.stop();
  }
}

await main();
