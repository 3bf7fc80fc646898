/**
 * Part of `npm run bench`: pick ops pushed beside pgbench, on one fresh migrated and
 * seeded database that is dropped afterwards, with the app listening on a loopback port.
 * 'pick.take' ops of one unit each (shelf to the warehouse's staging location through the ledger)
 * go through POST /api/pda/sync/push in batches of 100, from one device and from four at once
 * (each picking its own wave), for BENCH_SECONDS each; pgbench's TPC-B-like tps on the same
 * server is the baseline (target: at least 1×). Afterwards the server must hold every op applied
 * once, the units in order_picks and on staging, and the ledger's balance equal to its locations.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '@server/app.js';
import { connectDatabase, rowsOf, withTenant, type Database } from '@server/db/client.js';
import { runMigrations } from '@server/db/migrate.js';
import { skus } from '@server/modules/catalog/index.js';
import { receiveStock } from '@server/modules/inventory/index.js';
import { markSelfShipped } from '@server/modules/logistics/index.js';
import { orderLines, passReview, upsertMarketplaceOrder } from '@server/modules/orders/index.js';
import { createWave } from '@server/modules/logistics/index.js';
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
/** Units of each bench order's one line: more than a device picks in BENCH_SECONDS. */
const UNITS = 100_000;

interface PickTarget {
  waveId: string;
  orderId: string;
  lineId: string;
  locationId: string;
}

interface World {
  database: Database;
  tenantId: string;
  base: string;
  token: string;
  skuId: string;
}

/** A shelf without a capacity holding enough of TS-BLK-M, and one ready order in its own wave per device. */
async function benchWaves(database: Database, tenantId: string, count: number) {
  const manager = await actorOf(database.db, tenantId, 'waremanager');
  const agent = await actorOf(database.db, tenantId, 'agent');
  const admin = await actorOf(database.db, tenantId, 'admin');
  const seller = await actorOf(database.db, tenantId, 'seller');
  const { warehouse, sku, locationId } = await withTenant(database.db, tenantId, async (tx) => {
    const [found] = await tx.select().from(warehouses).where(eq(warehouses.code, 'DG01'));
    const [item] = await tx.select().from(skus).where(eq(skus.sellerSku, 'TS-BLK-M'));
    if (!found || !item) throw new Error('the demo warehouse DG01 or SKU TS-BLK-M is missing');
    const [shelf] = await tx
      .insert(warehouseLocations)
      .values({ warehouseId: found.id, code: 'BENCH-PICK', locationType: 'storage' })
      .returning({ id: warehouseLocations.id });
    if (!shelf) throw new Error('bench shelf not made');
    await receiveStock(tx, manager, {
      warehouseId: found.id,
      skuId: item.id,
      locationId: shelf.id,
      quantity: UNITS * count,
    });
    return { warehouse: found, sku: item, locationId: shelf.id };
  });
  const targets: PickTarget[] = [];
  for (let index = 0; index < count; index += 1) {
    const order = await withTenant(database.db, tenantId, (tx) =>
      upsertMarketplaceOrder(tx, agent, {
        sellerId: seller.sellerId ?? '',
        platform: 'manual',
        shopId: 'bench',
        shopName: '',
        orderNo: `BENCH-PICK-${randomBytes(4).toString('hex')}`,
        platformStatus: 'READY_TO_SHIP',
        warehouseId: warehouse.id,
        buyerName: 'bench',
        recipientName: 'bench',
        recipientPhone: '+66 81 234 5678',
        recipientAddress: '99 Sukhumvit Bangkok 10110',
        currency: 'THB',
        lines: [{ skuId: sku.id, quantity: UNITS, unitPrice: 100, itemId: '', variationId: '' }],
      }),
    );
    await withTenant(database.db, tenantId, async (tx) => {
      await passReview(tx, agent, { ids: [order.id] });
      await markSelfShipped(tx, admin, {
        orderId: order.id,
        trackingNo: `BENCH${index}${randomBytes(3).toString('hex')}`,
        carrierName: 'Kerry Express',
      });
    });
    const target = await withTenant(database.db, tenantId, async (tx) => {
      const wave = await createWave(tx, manager, { warehouseId: warehouse.id, orderIds: [order.id] });
      const [line] = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id));
      if (!line) throw new Error('bench order has no line');
      return { waveId: wave.id, orderId: order.id, lineId: line.id, locationId };
    });
    targets.push(target);
  }
  return { targets, skuId: sku.id };
}

/** The server holds each op of the device applied once, and the order's line that many units picked. */
async function assertAppliedOnce(world: World, device: string, target: PickTarget, count: number) {
  const [row] = await withTenant(world.database.db, world.tenantId, async (tx) =>
    rowsOf<{ ops: number; applied: number; distinct: number; picked: number }>(
      await tx.execute(sql`
        select count(*)::int as ops,
               (count(*) filter (where result->>'status' = 'applied'))::int as applied,
               count(distinct op_id)::int as distinct,
               (select coalesce(sum(quantity), 0)::int from order_picks where line_id = ${target.lineId}) as picked
        from pda_processed_ops where device_id = ${device}`),
    ),
  );
  const expected = { ops: count, applied: count, distinct: count, picked: count };
  if (JSON.stringify(row) !== JSON.stringify(expected))
    throw new Error(
      `device ${device}: the server holds ${JSON.stringify(row)}, expected ${JSON.stringify(expected)}`,
    );
}

/** Ops per second through the endpoint, one device per target at once, checked on the server. */
const throughput = (world: World, targets: PickTarget[]) =>
  pushThroughput({
    base: world.base,
    token: world.token,
    targets,
    seconds: SECONDS,
    batch: BATCH,
    prefix: 'bench-pick',
    // Four devices' batches queue on the one SKU's balance row: a batch may wait for three others,
    // longer than the app's 15 s on a busy machine.
    timeoutMs: 120_000,
    trace: Boolean(process.env.BENCH_PICK_TRACE),
    opOf: (target) => ({ type: 'pick.take', payload: { ...target, quantity: 1 } }),
    check: (device, target, count) => assertAppliedOnce(world, device, target, count),
  });

/** The SKU's balance equals the units on its locations, and staging holds every unit picked (order_picks). */
async function assertLedger(world: World) {
  const [row] = await withTenant(world.database.db, world.tenantId, async (tx) =>
    rowsOf<{ total: number; located: number; staged: number }>(
      await tx.execute(sql`
        select (select sum(total)::int from stock_balances where sku_id = ${world.skuId}) as total,
               (select sum(quantity)::int from location_stock where sku_id = ${world.skuId}) as located,
               (select coalesce(sum(s.quantity), 0)::int from location_stock s
                  join warehouse_locations l on l.id = s.location_id and l.location_type = 'outbound'
                  where s.sku_id = ${world.skuId}) as staged`),
    ),
  );
  const [picks] = await withTenant(world.database.db, world.tenantId, async (tx) =>
    rowsOf<{ picked: number }>(
      await tx.execute(sql`select coalesce(sum(quantity), 0)::int as picked from order_picks`),
    ),
  );
  if (!row || row.total !== row.located || row.staged !== picks?.picked)
    throw new Error(`the ledger does not reconcile: ${JSON.stringify({ ...row, ...picks })}`);
}

async function main() {
  const { url, embedded } = await benchServer();
  const suffix = randomBytes(4).toString('hex');
  const names = { app: `wms_bench_pick_${suffix}`, pgbench: `wms_bench_pick_pgbench_${suffix}` };
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
    const { targets, skuId } = await benchWaves(database, tenantId, DEVICES + 1);
    const world: World = { database, tenantId, base, token: await benchLogin(base, 'warestaff'), skuId };
    const [one, ...more] = targets;
    if (!one) throw new Error('bench waves were not made');
    await settleLedgerBench(database, tenantId);
    const started = Date.now();
    const single = await throughput(world, [one]);
    const parallel = await throughput(world, more);
    await assertLedger(world);
    const binary = pgbenchBinary();
    const tps = binary ? runPgbench(binary, withDatabase(url, names.pgbench), SECONDS, DEVICES) : null;

    console.log(
      `\nPDA pick push (pick.take ops of one unit, shelf to staging, ${BATCH} a push, ${SECONDS} s each, ${new URL(url).host}; ${((Date.now() - started) / 1000).toFixed(0)} s)`,
    );
    console.log(`  1 device                         ${fixed(single)} ops/s`);
    console.log(`  ${DEVICES} devices at once, own waves    ${fixed(parallel)} ops/s`);
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
    console.log(
      '  on the server: every op applied once, order_picks and staging hold the units, the ledger reconciles',
    );
  } finally {
    await app?.close();
    await database.close();
    await databases.drop();
    await embedded?.stop();
  }
}

await main();
