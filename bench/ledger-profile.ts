/**
 * Where a stock movement's time goes, for the ledger bench (bench/run.ts): the statements each
 * movement sends and what they cost on the server, read from pg_stat_statements. Runs the same
 * two workloads as the bench (one movement per transaction, 100 per transaction) for a fixed
 * number of movements on a fresh migrated and seeded database that is dropped afterwards.
 *
 * pg_stat_statements must be preloaded, so this runs on a server of its own, e.g.
 *   initdb, then shared_preload_libraries = 'pg_stat_statements,auto_explain' and
 *   pg_stat_statements.track = all, then
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:54399/postgres npx tsx bench/ledger-profile.ts
 * Planning counts in when pg_stat_statements.track_planning is on. BENCH_EXPLAIN=1 also logs every statement's plan (auto_explain, nested statements too) to the
 * server's log.
 */
import { randomBytes } from 'node:crypto';
import { connectDatabase } from '@server/db/client.js';
import { ledgerWorkloads, prepareLedgerBench } from './ledger-lanes.js';
import { benchServer, freshDatabases, withDatabase } from './support.js';

const MOVEMENTS = Number(process.env.BENCH_PROFILE_MOVEMENTS ?? 600);

interface StatementRow {
  query: string;
  calls: string;
  total_exec_time: number;
  total_plan_time: number;
  toplevel: boolean;
}

async function main() {
  const { url, embedded } = await benchServer();
  const name = `wms_profile_${randomBytes(4).toString('hex')}`;
  const databases = await freshDatabases(url, [name]);
  const database = connectDatabase({ url: withDatabase(url, name), poolSize: 3 });
  try {
    const bench = await prepareLedgerBench(database);
    await database.ownerPool.query('create extension if not exists pg_stat_statements');
    if (process.env.BENCH_EXPLAIN)
      await database.ownerPool.query(
        `alter database ${name} set auto_explain.log_min_duration = 0;
         alter database ${name} set auto_explain.log_nested_statements = on;
         alter database ${name} set auto_explain.log_analyze = on`,
      );
    const workloads = ledgerWorkloads(bench);
    for (const [label, workload] of Object.entries(workloads)) {
      const lane = bench.lanes[0];
      if (!lane) throw new Error('no lane');
      await workload(lane); // warm up: plans cached, balance rows in place
      await database.ownerPool.query('select pg_stat_statements_reset()');
      let movements = 0;
      const started = process.hrtime.bigint();
      while (movements < MOVEMENTS) movements += await workload(lane);
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const { rows } = await database.ownerPool.query<StatementRow>(
        `select s.query, s.calls, s.total_exec_time + s.total_plan_time as total_exec_time, s.total_plan_time, s.toplevel from pg_stat_statements s
         join pg_database d on d.oid = s.dbid where d.datname = $1 and s.query not like '%pg_stat_statements%'
         order by s.toplevel desc, s.total_exec_time desc`,
        [name],
      );
      const top = rows.filter((row) => row.toplevel);
      const calls = top.reduce((sum, row) => sum + Number(row.calls), 0);
      const serverMs = top.reduce((sum, row) => sum + row.total_exec_time, 0);
      console.log(`\n${label}: ${movements} movements in ${seconds.toFixed(2)} s, one client`);
      console.log(
        // Statements, not round trips: begin, the tenant and a movement's call go in one message,
        // and for a single movement its commit too (withTenantStatement).
        `  ${(calls / movements).toFixed(2)} statements per movement, ` +
          `server time ${((serverMs * 1000) / movements).toFixed(0)} µs per movement, ` +
          `wall ${((seconds * 1e6) / movements).toFixed(0)} µs per movement`,
      );
      for (const row of rows.slice(0, 25)) {
        const text = row.query.replace(/\s+/g, ' ').slice(0, 110);
        console.log(
          `  ${row.toplevel ? 'top ' : 'nest'} ${(Number(row.calls) / movements).toFixed(2).padStart(6)}/mv ` +
            `${((row.total_exec_time * 1000) / movements).toFixed(0).padStart(6)} µs/mv  ${text}`,
        );
      }
    }
  } finally {
    await database.close();
    await databases.drop();
    await embedded?.stop();
  }
}

await main();
