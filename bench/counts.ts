/**
 * Part of `npm run bench`: the count ops' throughput, on one fresh migrated and seeded
 * database that is dropped afterwards, with the app listening on a loopback port. 'count.location'
 * ops (a blind count of one location: two SKUs with their quantities, the book at count computed
 * on the server) are pushed through POST /api/pda/sync/push in batches of 100, from one device
 * and from four at once (each on its own check order of the whole warehouse, cycling through its
 * locations: a location counted again is a recount), beside pgbench's TPC-B-like tps on the same
 * server. Each device's ops are then checked on the server: every op applied once, and the
 * check order's locations counted as many rounds as ops were pushed. The target is ≥ 1 × pgbench.
 * BENCH_SECONDS shortens it (for trying it out).
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '@server/app.js';
import { connectDatabase, rowsOf, withTenant, type Database } from '@server/db/client.js';
import { runMigrations } from '@server/db/migrate.js';
import { skus } from '@server/modules/catalog/index.js';
import { countLocations, createCount } from '@server/modules/counts/index.js';
import { warehouseLocations, warehouses } from '@server/modules/warehouse/index.js';
import { seedDemo } from '@server/seed/demo.js';
import {
  actorOf,
  benchLogin,
  benchServer,
  demoTenantId,
  fixed,
  freshDatabases,
  pgbenchBinary,
  pushThroughput,
  runPgbench,
  withDatabase,
} from './support.js';
import { settleLedgerBench } from './ledger-lanes.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const BATCH = 100;
const DEVICES = 4;
const TARGET_RATIO = 1;

/** A check order of the whole of DG01, its locations, and the SKUs a count finds on each. */
interface CountTarget {
  countOrderId: string;
  locationIds: string[];
  skuIds: string[];
}

interface World {
  database: Database;
  tenantId: string;
  base: string;
  token: string;
}

async function countTargets(database: Database, tenantId: string, count: number): Promise<CountTarget[]> {
  const manager = await actorOf(database.db, tenantId, 'admin');
  return withTenant(database.db, tenantId, async (tx) => {
    const [warehouse] = await tx.select().from(warehouses).where(eq(warehouses.code, 'DG01'));
    const found = await tx
      .select({ id: skus.id })
      .from(skus)
      .where(sql`${skus.sellerSku} in ('TS-BLK-M', 'TS-BLK-L')`);
    if (!warehouse || found.length === 0)
      throw new Error('the demo warehouse DG01 or its T-shirts are missing');
    const targets: CountTarget[] = [];
    for (let index = 0; index < count; index += 1) {
      const order = await createCount(tx, manager, { warehouseId: warehouse.id, type: 'warehouse' });
      const planned = await tx
        .select({ locationId: countLocations.locationId })
        .from(countLocations)
        .innerJoin(warehouseLocations, eq(warehouseLocations.id, countLocations.locationId))
        .where(eq(countLocations.countOrderId, order.id))
        .orderBy(warehouseLocations.code);
      targets.push({
        countOrderId: order.id,
        locationIds: planned.map((row) => row.locationId),
        skuIds: found.map((row) => row.id),
      });
    }
    return targets;
  });
}

/** Every op of the device applied once, and the order's locations counted that many rounds. */
async function assertAppliedOnce(world: World, device: string, target: CountTarget, count: number) {
  const [seen] = await withTenant(world.database.db, world.tenantId, async (tx) =>
    rowsOf<{ ops: number; applied: number; distinct: number; rounds: number }>(
      await tx.execute(sql`
        select count(*)::int as ops,
               (count(*) filter (where result->>'status' = 'applied'))::int as applied,
               count(distinct op_id)::int as distinct,
               (select coalesce(sum(round), 0)::int from ${countLocations}
                 where count_order_id = ${target.countOrderId}) as rounds
        from pda_processed_ops where device_id = ${device}`),
    ),
  );
  const expected = { ops: count, applied: count, distinct: count, rounds: count };
  if (JSON.stringify(seen) !== JSON.stringify(expected))
    throw new Error(
      `device ${device}: the server holds ${JSON.stringify(seen)}, expected ${JSON.stringify(expected)}`,
    );
}

/** Ops per second through the endpoint, one device per target at once, checked on the server. */
const throughput = (world: World, targets: CountTarget[]) =>
  pushThroughput({
    base: world.base,
    token: world.token,
    targets,
    seconds: SECONDS,
    batch: BATCH,
    prefix: 'bench-count',
    opOf: (target, seq) => ({
      type: 'count.location',
      payload: {
        countOrderId: target.countOrderId,
        locationId: target.locationIds[seq % target.locationIds.length] ?? '',
        countedAt: new Date().toISOString(),
        lines: target.skuIds.map((skuId, index) => ({ skuId, quantity: (seq + index) % 7 })),
      },
    }),
    check: (device, target, count) => assertAppliedOnce(world, device, target, count),
  });

async function main() {
  const { url, embedded } = await benchServer();
  const suffix = randomBytes(4).toString('hex');
  const names = { app: `wms_bench_counts_${suffix}`, pgbench: `wms_bench_counts_pgbench_${suffix}` };
  const databases = await freshDatabases(url, Object.values(names));
  const database = connectDatabase({ url: withDatabase(url, names.app), poolSize: DEVICES + 4 });
  let app: Awaited<ReturnType<typeof buildApp>> | null = null;
  try {
    await runMigrations(database.ownerPool);
    await seedDemo(database.db);
    app = await buildApp({ db: database.db, logLevel: 'silent' });
    const tenantId = await demoTenantId(database.ownerPool);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const world: World = { database, tenantId, base, token: await benchLogin(base, 'warestaff') };
    const [one, ...more] = await countTargets(database, tenantId, DEVICES + 1);
    if (!one) throw new Error('bench check orders were not made');
    await settleLedgerBench(database, tenantId);
    const locations = one.locationIds.length;

    const single = await throughput(world, [one]);
    const parallel = await throughput(world, more);
    const binary = pgbenchBinary();
    const tps = binary ? runPgbench(binary, withDatabase(url, names.pgbench), SECONDS, DEVICES) : null;

    console.log(
      `\nPDA count ops (count.location of ${one.skuIds.length} SKUs over ${locations} locations, ${BATCH} a push, ${SECONDS} s each, ${new URL(url).host})`,
    );
    console.log(`  1 device                         ${fixed(single)} ops/s`);
    console.log(`  ${DEVICES} devices at once, own orders   ${fixed(parallel)} ops/s`);
    if (tps === null) {
      console.log(
        '  pgbench                          not found under /usr/lib/postgresql/*/bin: no baseline',
      );
    } else {
      console.log(`  pgbench TPC-B-like (-s 1 -c ${DEVICES})   ${fixed(tps)} transactions/s`);
      console.log(
        `  ratio 1 device / pgbench           ${(single / tps).toFixed(2)}  (target ≥ ${TARGET_RATIO})`,
      );
      console.log(
        `  ratio ${DEVICES} devices / pgbench          ${(parallel / tps).toFixed(2)}  (target ≥ ${TARGET_RATIO})`,
      );
    }
    console.log('  on the server: every op applied once, each location counted as many rounds as pushed');
  } finally {
    await app?.close();
    await database.close();
    await databases.drop();
    await embedded?.stop();
  }
}

await main();
