/**
 * Where a GET /api/order/list request's time goes, on a database the orders bench kept
 * (BENCH_REUSE_DATABASE=<name>, made by `BENCH_KEEP_DATABASE=1 npx tsx bench/orders.ts`). For each
 * call, one after another so each sees the same machine: the whole route through app.inject, then
 * its parts alone: the session read (authenticate), an empty tenant transaction, the tab counts
 * and the page each in a tenant transaction, then both side by side on two connections as the
 * route runs them, the same two statements raw through `pg`, the query's validation and the
 * reply's serialisation (zod parse and JSON). BENCH_PROFILE_CALLS chooses the calls (batch,
 * window, opening), BENCH_LIST_ITERATIONS how many. A profiling aid run by hand, not a part of
 * `npm run bench`: it prints no target. Nothing is written.
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { buildApp } from '@server/app.js';
import { connectDatabase, readInTenant, withTenant } from '@server/db/client.js';
import { authenticate } from '@server/modules/identity/index.js';
import { orderListCounts, orderListPage } from '@server/modules/orders/orders.queries.js';
import { envelope } from '@shared/contract/common.js';
import { orderListQuery, orderPage } from '@shared/contract/orders.js';
import { batchCalls, openingCalls, windowCalls, type ListCall } from './orders-calls.js';
import { actorOf, benchServer, demoTenantId, injectLogin, quantile, withDatabase } from './support.js';

const DATABASE = process.env.BENCH_REUSE_DATABASE ?? '';
const ITERATIONS = Number(process.env.BENCH_LIST_ITERATIONS ?? 200);
const KIND = process.env.BENCH_PROFILE_CALLS ?? 'batch';
const WARM_UP = 10;

const elapsedMs = (since: bigint) => Number(process.hrtime.bigint() - since) / 1e6;

async function timed<T>(into: number[], work: () => Promise<T> | T): Promise<T> {
  const started = process.hrtime.bigint();
  const result = await work();
  into.push(elapsedMs(started));
  return result;
}

async function main() {
  if (!/^wms_bench_orders_[0-9a-f]+$/.test(DATABASE))
    throw new Error('BENCH_REUSE_DATABASE names a database the orders bench kept');
  const { url } = await benchServer();
  const database = connectDatabase({ url: withDatabase(url, DATABASE), poolSize: 6 });
  const statements: { text: string; params: unknown[] }[] = [];
  const noting = drizzle(database.appPool, {
    logger: { logQuery: (text, params) => void statements.push({ text, params }) },
  });
  const raw = new pg.Client(database.appConnection);
  const app = await buildApp({ db: database.db, logLevel: 'silent' });
  try {
    const tenantId = await demoTenantId(database.ownerPool);
    const actor = await actorOf(database.db, tenantId, 'agent');
    const token = await injectLogin(app, 'agent');
    await raw.connect();
    await raw.query(`select set_config('app.tenant_id', $1, false)`, [tenantId]);
    const count = ITERATIONS + WARM_UP;
    const calls: ListCall[] =
      KIND === 'window'
        ? windowCalls(count)
        : KIND === 'opening'
          ? openingCalls(count)
          : await batchCalls(database.ownerPool, tenantId, count);
    const reply = envelope(orderPage);
    const parts: Record<string, number[]> = {
      'route (app.inject)': [],
      'session read (authenticate)': [],
      'empty tenant transaction': [],
      'counts in a tenant transaction': [],
      'page in a tenant transaction': [],
      'both side by side (withTenant, two connections)': [],
      'counts in one message (readInTenant)': [],
      'page in one message (readInTenant)': [],
      'both side by side (as the route)': [],
      'counts, raw (pg)': [],
      'page, raw (pg)': [],
      'query validation (zod)': [],
      'reply serialisation (zod + JSON)': [],
      'reply bytes': [],
    };
    const take = (name: string) => parts[name] ?? [];
    for (const [index, call] of calls.entries()) {
      const warm = index < WARM_UP;
      const sink = (name: string) => (warm ? [] : take(name));
      const path = `/api/order/list?${new URLSearchParams(call.params).toString()}`;
      await timed(sink('route (app.inject)'), () =>
        app.inject({ method: 'GET', url: path, headers: { 'x-access-token': token } }),
      );
      await timed(sink('session read (authenticate)'), () => authenticate(database.db, token));
      await timed(sink('empty tenant transaction'), () =>
        withTenant(database.db, tenantId, async () => undefined, actor.userId),
      );
      const query = await timed(sink('query validation (zod)'), () => orderListQuery.parse(call.params));
      statements.length = 0;
      const counts = await timed(sink('counts in a tenant transaction'), () =>
        withTenant(noting, tenantId, (tx) => orderListCounts(tx, actor, query), actor.userId),
      );
      const records = await timed(sink('page in a tenant transaction'), () =>
        withTenant(noting, tenantId, (tx) => orderListPage(tx, actor, query), actor.userId),
      );
      await timed(sink('both side by side (withTenant, two connections)'), () =>
        Promise.all([
          withTenant(database.db, tenantId, (tx) => orderListCounts(tx, actor, query), actor.userId),
          withTenant(database.db, tenantId, (tx) => orderListPage(tx, actor, query), actor.userId),
        ]),
      );
      await timed(sink('counts in one message (readInTenant)'), () =>
        readInTenant(database.db, tenantId, (tx) => orderListCounts(tx, actor, query), actor.userId),
      );
      await timed(sink('page in one message (readInTenant)'), () =>
        readInTenant(database.db, tenantId, (tx) => orderListPage(tx, actor, query), actor.userId),
      );
      await timed(sink('both side by side (as the route)'), () =>
        readInTenant(
          database.db,
          tenantId,
          (tx) => Promise.all([orderListCounts(tx, actor, query), orderListPage(tx, actor, query)]),
          actor.userId,
        ),
      );
      const [countsStatement, pageStatement] = statements.filter((statement) => statement.text !== 'begin');
      if (!countsStatement || !pageStatement) throw new Error('no counts or page statement noted');
      await timed(sink('counts, raw (pg)'), () => raw.query(countsStatement.text, countsStatement.params));
      await timed(sink('page, raw (pg)'), () => raw.query(pageStatement.text, pageStatement.params));
      const { total, ...tabs } = counts;
      const body = {
        success: true,
        message: '',
        code: 200,
        result: { records, total, current: query.pageNo, size: query.pageSize, pages: 1, counts: tabs },
        timestamp: Date.now(),
      };
      const text = await timed(sink('reply serialisation (zod + JSON)'), () =>
        JSON.stringify(reply.parse(body)),
      );
      sink('reply bytes').push(text.length);
    }
    console.log(
      `\nGET /api/order/list, ${KIND} calls (${ITERATIONS} after ${WARM_UP} to warm up), ${DATABASE}`,
    );
    console.log('                                        p50 ms    p95 ms');
    for (const [name, values] of Object.entries(parts))
      console.log(
        `  ${name.padEnd(36)} ${quantile(values, 0.5).toFixed(2).padStart(8)}  ${quantile(values, 0.95).toFixed(2).padStart(8)}`,
      );
  } finally {
    await raw.end().catch(() => undefined);
    await app.close();
    await database.close();
  }
}

await main();
