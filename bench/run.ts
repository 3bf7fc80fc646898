/**
 * `npm run bench`: stock movements per second through the inventory service, one movement per
 * transaction and 100 per transaction, beside pgbench's TPC-B-like transactions per second on
 * the same PostgreSQL server in the same run. Each side gets fresh databases that are dropped
 * afterwards. TEST_DATABASE_URL names the server (loopback only); without it the machine's
 * PostgreSQL on 127.0.0.1:5432 is used, or an embedded one when that cannot be reached.
 */
import { randomBytes } from 'node:crypto';
import { connectDatabase } from '@server/db/client.js';
import { BATCH, ledgerWorkloads, prepareLedgerBench, type Lane } from './ledger-lanes.js';
import { benchServer, freshDatabases, pgbenchBinary, runPgbench, withDatabase } from './support.js';

const SECONDS = 10;
const CLIENTS = 2;
/** The targets: movements per second over pgbench's transactions per second. */
const TARGETS = { single: 0.5, batched: 3 } as const;

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

function verdict(label: string, rate: number, tps: number, target: number): string {
  const ratio = rate / tps;
  return `  ${label} ${ratio.toFixed(2).padStart(6)} × pgbench   target ≥ ${target} ×   ${ratio >= target ? 'met' : 'NOT met'}`;
}

async function main() {
  const { url, embedded } = await benchServer();
  const suffix = randomBytes(4).toString('hex');
  const names = { app: `wms_bench_${suffix}`, pgbench: `wms_bench_pgbench_${suffix}` };
  const databases = await freshDatabases(url, Object.values(names));
  const database = connectDatabase({ url: withDatabase(url, names.app), poolSize: CLIENTS + 1 });
  try {
    const bench = await prepareLedgerBench(database, CLIENTS);
    const workloads = ledgerWorkloads(bench);
    const single = await measure(bench.lanes, workloads['one movement per transaction']);
    const batched = await measure(bench.lanes, workloads[`${BATCH} movements per transaction`]);
    const binary = pgbenchBinary();
    const tps = binary ? runPgbench(binary, withDatabase(url, names.pgbench), SECONDS, CLIENTS) : null;

    console.log(
      `\nstock movements through the service (${CLIENTS} clients, ${SECONDS} s each, ${new URL(url).host})`,
    );
    console.log(`  one movement per transaction   ${single.toFixed(0).padStart(8)} movements/s`);
    console.log(
      `  ${BATCH} movements per transaction ${batched.toFixed(0).padStart(8)} movements/s (recordMovements)`,
    );
    if (tps === null) {
      console.log('  pgbench                        not found under /usr/lib/postgresql/*/bin: no baseline');
    } else {
      console.log(`  pgbench TPC-B-like (-s 1 -c ${CLIENTS}) ${tps.toFixed(0).padStart(8)} transactions/s`);
      console.log(verdict('single / pgbench ', single, tps, TARGETS.single));
      console.log(verdict('batched / pgbench', batched, tps, TARGETS.batched));
    }
  } finally {
    await database.close();
    await databases.drop();
    await embedded?.stop();
  }
}

await main();
