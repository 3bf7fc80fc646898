/**
 * Part of `npm run bench`: marketplace ingest, on one fresh migrated and seeded
 * database that is dropped afterwards. The bundled sandbox serves all six
 * marketplaces, a shop on each for the demo seller, BENCH_MARKET_ORDERS orders (50,000) spread
 * over them and over the last 14 days, every item's seller SKU one of the seller's SKUs. The
 * shops are authorised through the platforms' own flows, then:
 * 1. first sync: the six shops' syncs run side by side, as six job workers would; orders/s is
 *    orders written to the order list per second of wall time. Target ≥ 1,000 orders/s.
 * 2. re-sync: the same windows again with nothing changed on the platforms (the orders are
 *    listed or fetched — Shopee's with get_order_detail's default fields only — found held at
 *    the platform's update time or at their fingerprint (Coupang, whose sheets carry no update
 *    time), and left alone). Target: ≤ 10 % of the first sync's time.
 * Each sync prints when each shop's run ended: the re-sync's wall time is its slowest shop's.
 * The sandbox runs in a process of its own (`npm run sandbox` with SANDBOX_DEMO=off), set up
 * through its control API, as the marketplaces are other machines: its work is not on our
 * thread. The sandbox's rate limits are lifted for the run: the figure is our ingest, not a platform's
 * throttle (each platform's paging and page sizes stay as documented — Shopify's query cost
 * allows 8 orders a page with their lines).
 * Options: BENCH_MARKET_ORDERS (50,000) for a smaller run; BENCH_MARKET_SANDBOX_PROFILE=<dir>
 * writes the sandbox process's CPU profile (node --cpu-prof) there when it ends; BENCH_KEEP_DATABASE
 * keeps the database for a look afterwards (pg_stat_statements, plans).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import type pg from 'pg';
import { connectDatabase, withTenant } from '@server/db/client.js';
import { runMigrations } from '@server/db/migrate.js';
import { addProduct } from '@server/modules/catalog/index.js';
import {
  addShop,
  completeAuthorisation,
  connectWithKeys,
  marketplaceRuntime,
  readMarketplaceApps,
  shops,
  startAuthorisation,
  syncShop,
  type MarketplaceOptions,
} from '@server/modules/marketplaces/index.js';
import { warehouses } from '@server/modules/warehouse/index.js';
import { seedDemo } from '@server/seed/demo.js';
import { demoPhotoKey } from '@server/seed/demo-photos.js';
import { MARKETPLACE_PLATFORMS, type MarketplacePlatform } from '@shared/domain/marketplaces.js';
import { approveOnSandbox } from '@server/seed/sandbox-approve.js';
import { SANDBOX_COUPANG_VENDORS } from '../src/sandbox/apps.js';
import { sandboxEnv } from '../src/sandbox/env.js';
import { SANDBOX_PORT_ORDER } from '../src/sandbox/server.js';
import { spawn } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { actorOf, benchServer, demoTenantId, freshDatabases, withDatabase } from './support.js';

const ORDERS = Number(process.env.BENCH_MARKET_ORDERS ?? 50_000);
const SKUS = 20;
const DAY = 86_400_000;
const INGEST_TARGET = 1_000;
const RESYNC_TARGET = 0.1;

const SHOP_ID: Record<MarketplacePlatform, string> = {
  shopee: '600100',
  lazada: '1000100',
  tiktok: '7494000100',
  shopify: 'bench-seller.myshopify.com',
  joom: 'joom-bench-seller',
  coupang: 'A00012345',
};
const CURRENCY = {
  shopee: 'THB',
  lazada: 'THB',
  tiktok: 'THB',
  shopify: 'USD',
  joom: 'USD',
  coupang: 'KRW',
} as const;

/** CPU seconds a process has used so far (user and system, from /proc); NaN once it is gone. */
function processCpuSeconds(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

/**
 * CPU of the PostgreSQL backends serving one database while `watch` runs: each backend's CPU is
 * read from /proc every 100 ms (the server is on this machine, loopback only) and counted from
 * when it was first seen, so a backend that ends between two looks loses its last 100 ms.
 */
async function backendCpuSeconds<T>(
  pool: pg.Pool,
  database: string,
  watch: () => Promise<T>,
): Promise<{ result: T; seconds: number }> {
  const first = new Map<number, number>();
  const last = new Map<number, number>();
  const look = async () => {
    const { rows } = await pool.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [database],
    );
    for (const { pid } of rows) {
      const seconds = processCpuSeconds(pid);
      if (Number.isNaN(seconds)) continue;
      if (!first.has(pid)) first.set(pid, seconds);
      last.set(pid, seconds);
    }
  };
  await look();
  let looking = true;
  const loop = (async () => {
    while (looking) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      await look();
    }
  })();
  try {
    const result = await watch();
    return {
      result,
      seconds: [...last].reduce((sum, [pid, seconds]) => sum + seconds - (first.get(pid) ?? seconds), 0),
    };
  } finally {
    looking = false;
    await loop;
  }
}

/** The sandbox in a child process on a free port, with the calls the bench makes of its control API. */
async function sandboxProcess() {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  const profile = process.env.BENCH_MARKET_SANDBOX_PROFILE;
  const child = spawn(
    process.execPath,
    [
      ...(profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : []),
      '--import',
      'tsx',
      'src/sandbox/main.ts',
    ],
    {
      env: { ...process.env, SANDBOX_PORT: String(port), SANDBOX_DEMO: 'off' },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  // Each platform on its port beside the main one (SANDBOX_PORT_ORDER), as `npm run sandbox` serves them.
  const urls = Object.fromEntries(
    SANDBOX_PORT_ORDER.map((platform, index) => [platform, `http://127.0.0.1:${port + 1 + index}`]),
  );
  for (let attempt = 0; ; attempt += 1) {
    const up = await fetch(`${url}/__control/state`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) break;
    if (attempt > 300) throw new Error('the sandbox did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const control = async (path: string, body: object) => {
    const response = await fetch(`${url}/__control/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`sandbox ${path}: ${response.status} ${await response.text()}`);
  };
  return {
    url,
    urls,
    control,
    /** CPU seconds the sandbox process has used so far. */
    cpuSeconds: () => processCpuSeconds(child.pid),
    close: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

async function main() {
  const { url, embedded } = await benchServer();
  const name = `wms_bench_market_${randomBytes(4).toString('hex')}`;
  const databases = await freshDatabases(url, [name]);
  const database = connectDatabase({ url: withDatabase(url, name), poolSize: 12 });
  const sandbox = await sandboxProcess();
  const waited = { ms: 0, times: 0 };
  try {
    await runMigrations(database.ownerPool);
    await seedDemo(database.db);
    const tenantId = await demoTenantId(database.ownerPool);
    const seller = await actorOf(database.db, tenantId, 'seller');
    const codes = Array.from({ length: SKUS }, (_, index) => `BENCH-${String(index + 1).padStart(3, '0')}`);
    await withTenant(database.db, tenantId, (tx) =>
      addProduct(tx, seller, {
        name: 'Bench product',
        photos: [demoPhotoKey(seller.sellerId ?? '', 't-shirt')],
        skus: codes.map((sellerSku) => ({ sellerSku })),
      }),
    );
    const catalogue = codes.map((sellerSku, index) => ({
      itemId: String(8000 + index),
      variationId: `${8000 + index}01`,
      sellerSku,
      barcode: '',
      title: `Bench item ${index + 1}`,
      unitPrice: 10_000 + index * 100,
    }));
    const options: MarketplaceOptions = {
      apps: readMarketplaceApps(sandboxEnv(sandbox)),
      secretsKey: randomBytes(32),
      publicUrl: 'http://bench.local',
      // Waits the platforms ask for (throttles, back-off) are counted: they are theirs, not ours.
      sleep: async (ms) => {
        waited.ms += ms;
        waited.times += 1;
        await new Promise((resolve) => setTimeout(resolve, ms));
      },
    };
    const runtime = marketplaceRuntime(options);
    const now = Date.now();
    const perShop = Math.ceil(ORDERS / MARKETPLACE_PLATFORMS.length);
    const shopIds: string[] = [];
    const warehouseId = await withTenant(database.db, tenantId, async (tx) => {
      const [row] = await tx
        .select({ id: warehouses.id })
        .from(warehouses)
        .where(eq(warehouses.code, 'DG01'));
      if (!row) throw new Error('no DG01');
      return row.id;
    });
    for (const platform of MARKETPLACE_PLATFORMS) {
      await sandbox.control('shops', {
        platform,
        shopId: SHOP_ID[platform],
        name: `Bench ${platform}`,
        region: 'TH',
        currency: CURRENCY[platform],
        catalogue,
      });
      await sandbox.control('rate-limits', { platform, perSecond: 1_000_000 });
      await sandbox.control('orders/seed', {
        platform,
        shopId: SHOP_ID[platform],
        count: perShop,
        fromMs: now - 14 * DAY,
        toMs: now - 60_000,
      });
      const shop = await withTenant(database.db, tenantId, (tx) =>
        addShop(tx, seller, { platform, alias: `Bench ${platform}`, warehouseId }),
      );
      if (platform === 'coupang') {
        const keys = SANDBOX_COUPANG_VENDORS[SHOP_ID.coupang];
        if (!keys) throw new Error('no sandbox Coupang vendor');
        await connectWithKeys(database.db, seller, runtime, {
          id: shop.id,
          vendorId: SHOP_ID.coupang,
          ...keys,
        });
      } else {
        const { url: authorise } = await withTenant(database.db, tenantId, (tx) =>
          startAuthorisation(tx, seller, runtime, {
            id: shop.id,
            ...(platform === 'shopify' ? { shopDomain: SHOP_ID.shopify } : {}),
          }),
        );
        await completeAuthorisation(
          database.db,
          seller,
          runtime,
          await approveOnSandbox(authorise, SHOP_ID[platform]),
        );
      }
      shopIds.push(shop.id);
    }
    const count = async () =>
      Number(
        (await database.ownerPool.query('select count(*) from orders where shop_id = any($1)', [shopIds]))
          .rows[0]?.count,
      );
    const ourCpu = () => {
      const usage = process.cpuUsage();
      return (usage.user + usage.system) / 1e6;
    };
    const syncAll = async () => {
      const started = performance.now();
      const cpuBefore = { ours: ourCpu(), sandbox: sandbox.cpuSeconds() };
      const perShop: string[] = [];
      const { result: outcomes, seconds: postgresCpu } = await backendCpuSeconds(
        database.ownerPool,
        name,
        () =>
          Promise.all(
            shopIds.map(async (shopId, index) => {
              const outcome = await syncShop(database.db, runtime, { tenantId, shopId, trigger: 'manual' });
              perShop.push(
                `${MARKETPLACE_PLATFORMS[index]} ${((performance.now() - started) / 1000).toFixed(1)} s`,
              );
              return outcome;
            }),
          ),
      );
      const failed = outcomes.filter((outcome) => outcome?.state !== 'succeeded');
      if (failed.length > 0) throw new Error(`sync failed: ${JSON.stringify(failed)}`);
      console.log(`  shops done at: ${perShop.join(', ')}`);
      // Where the time goes, whatever else the machine is doing: CPU of our process (connectors,
      // normalising, fingerprints, the driver), of the sandbox (the platforms' side) and of the
      // PostgreSQL backends of the bench's database.
      console.log(
        `  CPU: ours ${(ourCpu() - cpuBefore.ours).toFixed(1)} s, sandbox ${(sandbox.cpuSeconds() - cpuBefore.sandbox).toFixed(1)} s, PostgreSQL ${postgresCpu.toFixed(1)} s`,
      );
      return (performance.now() - started) / 1000;
    };

    console.log(
      `\nmarketplace ingest: ${perShop * MARKETPLACE_PLATFORMS.length} orders over six sandbox shops (${perShop} each), first sync of 14 days`,
    );
    const firstSeconds = await syncAll();
    console.log(
      `  (waits asked by the platforms: ${waited.times}, ${(waited.ms / 1000).toFixed(1)} s in all)`,
    );
    const written = await count();
    const rate = written / firstSeconds;
    console.log(
      `  first sync      ${written} orders in ${firstSeconds.toFixed(1)} s = ${rate.toFixed(0)} orders/s  (target ≥ ${INGEST_TARGET}: ${rate >= INGEST_TARGET ? 'yes' : 'no'})`,
    );

    await withTenant(database.db, tenantId, (tx) =>
      tx.update(shops).set({ syncedTo: null, resumePoint: null }),
    );
    const resyncSeconds = await syncAll();
    const ratio = resyncSeconds / firstSeconds;
    const unchanged = await count();
    console.log(
      `  re-sync         ${resyncSeconds.toFixed(1)} s for the same unchanged orders = ${(ratio * 100).toFixed(1)} % of the first sync (target ≤ ${RESYNC_TARGET * 100} %: ${ratio <= RESYNC_TARGET ? 'yes' : 'no'}); orders still ${unchanged}`,
    );
    if (unchanged !== written) {
      console.log('  CHECK FAILED: the re-sync changed the number of orders');
      process.exitCode = 1;
    }
  } finally {
    await sandbox.close();
    await database.close();
    await databases.drop(process.env.BENCH_KEEP_DATABASE ? [name] : []);
    if (process.env.BENCH_KEEP_DATABASE) console.log(`kept the database ${name} (BENCH_KEEP_DATABASE)`);
    await embedded?.stop();
  }
}

await main();
