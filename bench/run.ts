/**
 * `npm run bench`: stock movements per second through the inventory service, one movement per
 * transaction and 100 per transaction, beside pgbench's TPC-B-like transactions per second on
 * the same PostgreSQL server in the same run. Each side gets fresh databases that are dropped
 * afterwards. TEST_DATABASE_URL names the server (loopback only); without it the machine's
 * PostgreSQL on 127.0.0.1:5432 is used, or an embedded one when that cannot be reached.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { connectDatabase, withTenant, type Db } from '../src/server/db/client.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../src/server/db/embedded.js';
import { runMigrations } from '../src/server/db/migrate.js';
import type { Actor } from '../src/server/http/actor.js';
import { addProduct } from '../src/server/modules/catalog/index.js';
import { users } from '../src/server/modules/identity/index.js';
import { issueStock, receiveStock, reserveStock } from '../src/server/modules/inventory/index.js';
import { warehouseLocations, warehouses } from '../src/server/modules/warehouse/index.js';
import { seedDemo } from '../src/server/seed/demo.js';

const SECONDS = 10;
const CLIENTS = 2;
const BATCH = 100;
const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

function withDatabase(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

async function serverUrl(): Promise<{ url: string; embedded: EmbeddedDatabase | null }> {
  const given = process.env.TEST_DATABASE_URL;
  if (given || (await reachable(DEFAULT_URL))) return { url: given ?? DEFAULT_URL, embedded: null };
  console.log('no PostgreSQL on 127.0.0.1:5432: starting an embedded one');
  const embedded = await startEmbeddedPostgres('./data/bench', 54331, (message) => console.warn(message));
  return { url: embedded.url, embedded };
}

async function actorOf(db: Db, tenantId: string, username: string): Promise<Actor> {
  const [user] = await withTenant(db, tenantId, (tx) =>
    tx.select().from(users).where(eq(users.username, username)),
  );
  if (!user) throw new Error(`no user ${username}`);
  return {
    tenantId,
    userId: user.id,
    sessionId: '00000000-0000-0000-0000-000000000000',
    username: user.username,
    userRole: user.userRole,
    sellerId: user.sellerId,
    orgCode: user.orgCode,
    permissions: new Set(),
    isAdmin: user.userRole === 'admin',
  };
}

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

function pgbenchBinary(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const binary = join(root, version, 'bin', 'pgbench');
    if (existsSync(binary)) return binary;
  }
  return null;
}

function runPgbench(binary: string, url: string): number {
  execFileSync(binary, ['-i', '-s', '1', '-q', url], { stdio: 'pipe', timeout: 60_000 });
  const output = execFileSync(binary, ['-T', String(SECONDS), '-c', String(CLIENTS), '-n', url], {
    encoding: 'utf8',
    timeout: (SECONDS + 30) * 1000,
  });
  const match =
    /tps = ([\d.]+) \((?:without initial connection time|excluding connections establishing)\)/.exec(output);
  if (!match?.[1]) throw new Error(`pgbench printed no tps:\n${output}`);
  return Number(match[1]);
}

async function main() {
  const { url, embedded } = await serverUrl();
  if (!LOOPBACK.has(new URL(url).hostname))
    throw new Error(`the bench runs on loopback only, not ${new URL(url).hostname}`);
  const suffix = randomBytes(4).toString('hex');
  const names = { app: `wms_bench_${suffix}`, pgbench: `wms_bench_pgbench_${suffix}` };
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  for (const name of Object.values(names)) await admin.query(`create database ${name}`);
  const database = connectDatabase({ url: withDatabase(url, names.app), poolSize: CLIENTS + 1 });
  try {
    await runMigrations(database.ownerPool);
    await seedDemo(database.db);
    const { rows } = await database.ownerPool.query<{ id: string }>(
      "select id from tenants where agent_code = 'demo'",
    );
    const tenantId = rows[0]?.id ?? '';
    const manager = await actorOf(database.db, tenantId, 'waremanager');
    const seller = await actorOf(database.db, tenantId, 'seller');
    const lanes = await withTenant(database.db, tenantId, async (tx) => {
      const product = await addProduct(tx, seller, {
        name: 'Bench product',
        photos: ['bench/photo.jpg'],
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
    const tps = binary ? runPgbench(binary, withDatabase(url, names.pgbench)) : null;

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
    for (const name of Object.values(names))
      await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    await embedded?.stop();
  }
}

await main();
