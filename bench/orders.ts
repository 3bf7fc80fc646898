/**
 * Part of `npm run bench`: the order centre's numbers, on one fresh migrated and
 * seeded database that is dropped afterwards, beside baselines measured in the same run:
 * 1. the order list at BENCH_ORDERS orders (1,000,000) over BENCH_TENANTS tenants (100), made
 *    with set-based SQL (bench/orders-data.ts): GET /api/order/list through app.inject as the
 *    demo tenant's agent (it sees all of the biggest tenant's orders; token, permission,
 *    validation, the tenant transaction, serialisation) and listOrders in a tenant transaction,
 *    each beside the raw SQL of the same result page (the page statement the app sends, with
 *    its parameters, through `pg` on a connection of the app role with the tenant set): (1) as
 *    an unnamed statement, parsed and planned on every call, and (2) prepared by name on its
 *    connection, parsed once with PostgreSQL's plan cache (what preparing it would save); and
 *    (3) all the SQL the route needs, raw and sent as the app sends it: the session read (a
 *    prepared statement), the counts and the page side by side on three connections (the route
 *    reads ahead of its session read: http/auth.ts), the reads each one message with the tenant
 *    (readInTenant's tenantReadMessage). The call
 *    is a status tab, a date range and a batch search of 50 numbers, paged; two more calls
 *    without the batch search show what counting the tabs costs.
 *    Target: p95 < 50 ms and p95 ≤ 2 × the raw page's p95, (1); the ratio to (3) is the route's
 *    own cost beyond the SQL it needs (like with like: the route also reads the session and
 *    counts the tabs exactly).
 * 2. reserving BENCH_RESERVE_ORDERS new orders (10,000) against limited stock from
 *    BENCH_RESERVE_CLIENTS connections (4): the marketplace sync's upsert creates them a page of
 *    BENCH_SYNC_PAGE (50) a transaction (1: upsertMarketplaceOrder alone), then reviewers pass them BENCH_REVIEW_BATCH (50, a page of the to-review tab)
 *    a transaction, which reserves them; orders/s of each step and end to end beside pgbench's
 *    TPC-B-like transactions/s with as many clients, and the statements each order costs. Then
 *    checked: no balance below zero, frozen equal to the open reservations and to the ledger,
 *    every order reserved in full or out of stock holding nothing, an order out of stock only
 *    where its SKU's stock is short of its line, each order made once with one reserve movement
 *    per line. Target: reserving ≥ 0.5 × pgbench.
 * Sizes shrink with BENCH_ORDERS, BENCH_TENANTS, BENCH_LIST_ITERATIONS, BENCH_RESERVE_ORDERS
 * and BENCH_SECONDS (pgbench's run); BENCH_KEEP_DATABASE=1 keeps the database for EXPLAIN, and
 * BENCH_REUSE_DATABASE=<its name> measures on it again (migrated again, not seeded or filled, kept
 * afterwards: minutes saved when iterating on the list); BENCH_ORDERS_PARTS=list runs the list
 * alone (the reservation part adds 10,000 orders to the demo tenant on every run).
 */
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { buildApp } from '@server/app.js';
import { connectDatabase, rowsOf, tenantReadMessage, withTenant, type Db } from '@server/db/client.js';
import { runMigrations } from '@server/db/migrate.js';
import type { Actor } from '@server/http/actor.js';
import { addProduct } from '@server/modules/catalog/index.js';
import { sha256 } from '@server/modules/identity/sign-in/credentials.js';
import { SESSION_ACTOR } from '@server/modules/identity/sign-in/sign-in.queries.js';
import { receiveStock } from '@server/modules/inventory/index.js';
import {
  listOrders,
  passReview,
  upsertMarketplaceOrder,
  upsertMarketplaceOrders,
} from '@server/modules/orders/index.js';
import { seedDemo } from '@server/seed/demo.js';
import { demoPhotoKey } from '@server/seed/demo-photos.js';
import { orderListQuery, type MarketplaceOrderInput, type OrderListQuery } from '@shared/contract/orders.js';
import {
  batchCalls,
  listViews,
  PAGE_SIZE,
  randomOf,
  type ListCall,
  type ListRole,
  type ListView,
} from './orders-calls.js';
import { countOrdersWorld, generateOrdersWorld } from './orders-data.js';
import {
  actorOf,
  benchServer,
  demoTenantId,
  freshDatabases,
  injectLogin,
  pgbenchBinary,
  quantile,
  runPgbench,
  withDatabase,
} from './support.js';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const TENANTS = Number(process.env.BENCH_TENANTS ?? 100);
const ITERATIONS = Number(process.env.BENCH_LIST_ITERATIONS ?? 200);
/** Calls measured for each view of the list, after the warm-up. */
const VIEW_ITERATIONS = Number(process.env.BENCH_VIEW_ITERATIONS ?? 100);
const RESERVE_ORDERS = Number(process.env.BENCH_RESERVE_ORDERS ?? 10_000);
const CLIENTS = Number(process.env.BENCH_RESERVE_CLIENTS ?? 4);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARM_UP = 10;
/** Keeps the orders database for a look with EXPLAIN afterwards (drop it by hand). */
const KEEP = process.env.BENCH_KEEP_DATABASE === '1';
/** A database an earlier run kept: measured again as it is, and kept. */
const REUSE = process.env.BENCH_REUSE_DATABASE ?? '';
/** The parts to run: the list, the reservations, or both. */
const PARTS = new Set((process.env.BENCH_ORDERS_PARTS ?? 'list,reserve').split(','));
const BATCH = 50;
const LIST_P95_MS = 50;
const LIST_RATIO = 2;
const RESERVE_RATIO = 0.5;
/** Orders passed review in one transaction: a page of the to-review tab (1: one at a time). */
const REVIEW_BATCH = Number(process.env.BENCH_REVIEW_BATCH ?? 50);
/** Orders the sync upserts in one transaction: a page of the marketplace's order list (1: upsertMarketplaceOrder alone). */
const SYNC_PAGE = Number(process.env.BENCH_SYNC_PAGE ?? 50);
/** Reservation: SKUs competing, units received of each; the orders want about half again as much. */
const RESERVE_SKUS = 20;
const DAY = 86_400_000;

const fixed = (value: number, digits = 0, width = 8) => value.toFixed(digits).padStart(width);
const elapsedMs = (since: bigint) => Number(process.hrtime.bigint() - since) / 1e6;

// 1. The order list ----------------------------------------------------------------------------

interface Statement {
  text: string;
  params: unknown[];
}

interface Timings {
  /** The page statement through `pg` as an unnamed statement: parsed and planned on every call. */
  raw: number[];
  /** The same page statement prepared by name on the connection: parsed once, its plan cached. */
  rawPrepared: number[];
  /** All the SQL the route sends, through `pg` as the app sends it: the session read, then counts and page side by side. */
  rawRoute: number[];
  service: number[];
  route: number[];
  rows: number[];
}

interface ListWorld {
  app: Awaited<ReturnType<typeof buildApp>>;
  db: Db;
  /** The same pool as db, with each statement noted: for the page statement of a call. */
  noting: { db: Db; statements: Statement[] };
  raw: pg.Client;
  /** A second raw connection, for the counts beside the page. */
  rawBeside: pg.Client;
  /** A third, for the session read beside both (the route reads ahead of it: http/auth.ts). */
  rawSession: pg.Client;
  tenantId: string;
  /** Each role's user: its actor, token, and the session read the route makes for the token (a prepared statement). */
  roles: Record<ListRole, { actor: Actor; token: string; sessionRead: pg.QueryConfig }>;
}

const queryOf = (call: ListCall): OrderListQuery => orderListQuery.parse(call.params);

/** The two statements listOrders sends for the call, the counts and the page (the one with the limit), with their parameters. */
async function listStatements(
  world: ListWorld,
  call: ListCall,
  role: ListRole,
): Promise<{ counts: Statement; page: Statement }> {
  world.noting.statements.length = 0;
  await withTenant(world.noting.db, world.tenantId, (tx) =>
    listOrders(tx, world.roles[role].actor, queryOf(call)),
  );
  const page = world.noting.statements.find((statement) => / limit \$\d+/.test(statement.text));
  const counts = world.noting.statements.find((statement) => statement !== page);
  if (!page || !counts) throw new Error('listOrders sent no page or no counts statement');
  return {
    counts: { text: counts.text, params: [...counts.params] },
    page: { text: page.text, params: [...page.params] },
  };
}

/** A statement prepared by name on the connection (a name per text), as `pg` does for a named query. */
const prepared = (statement: Statement): pg.QueryConfig => ({
  name: `bench_${createHash('sha1').update(statement.text).digest('hex').slice(0, 24)}`,
  text: statement.text,
  values: statement.params,
});

async function timeCalls(world: ListWorld, calls: ListCall[], role: ListRole = 'agent'): Promise<Timings> {
  const timings: Timings = { raw: [], rawPrepared: [], rawRoute: [], service: [], route: [], rows: [] };
  const { actor, token, sessionRead } = world.roles[role];
  const statements = [];
  for (const call of calls) statements.push(await listStatements(world, call, role));
  for (const [index, call] of calls.entries()) {
    const sent = statements[index];
    if (!sent) continue;
    const { page, counts } = sent;
    const query = new URLSearchParams(call.params).toString();
    // Interleaved, so all of them see the same machine.
    let started = process.hrtime.bigint();
    const raw = await world.raw.query(page.text, page.params);
    const rawMs = elapsedMs(started);
    started = process.hrtime.bigint();
    await world.raw.query(prepared(page));
    const rawPreparedMs = elapsedMs(started);
    started = process.hrtime.bigint();
    await Promise.all([
      world.rawSession.query(sessionRead),
      world.raw.query(tenantReadMessage(world.tenantId, actor.userId, page.text, page.params)),
      world.rawBeside.query(tenantReadMessage(world.tenantId, actor.userId, counts.text, counts.params)),
    ]);
    const rawRouteMs = elapsedMs(started);
    started = process.hrtime.bigint();
    const listed = await withTenant(world.db, world.tenantId, (tx) => listOrders(tx, actor, queryOf(call)));
    const serviceMs = elapsedMs(started);
    started = process.hrtime.bigint();
    const response = await world.app.inject({
      method: 'GET',
      url: `/api/order/list?${query}`,
      headers: { 'x-access-token': token },
    });
    const routeMs = elapsedMs(started);
    if (response.statusCode !== 200) throw new Error(`GET /api/order/list: ${response.body}`);
    const body = response.json() as { result: { records: unknown[] } };
    if (body.result.records.length !== raw.rows.length || listed.records.length !== raw.rows.length)
      throw new Error(
        `the route answered ${body.result.records.length} rows, the service ${listed.records.length}, the raw page ${raw.rows.length}`,
      );
    if (index < WARM_UP) continue;
    timings.raw.push(rawMs);
    timings.rawPrepared.push(rawPreparedMs);
    timings.rawRoute.push(rawRouteMs);
    timings.service.push(serviceMs);
    timings.route.push(routeMs);
    timings.rows.push(listed.total);
  }
  return timings;
}

// 2. Reserving new orders -------------------------------------------------------------------

interface ReserveWorld {
  db: Db;
  tenantId: string;
  agent: Actor;
  sellerId: string;
  warehouseId: string;
  skuIds: string[];
  stock: number;
}

function reserveInputs(world: ReserveWorld, count: number, suffix: string): MarketplaceOrderInput[] {
  const random = randomOf(7);
  const now = Date.now();
  return Array.from({ length: count }, (_, index) => {
    const lineCount = random() < 0.6 ? 1 : 2;
    const first = Math.floor(random() * world.skuIds.length);
    const lines = Array.from({ length: lineCount }, (_, at) => ({
      skuId: world.skuIds[(first + at * 7) % world.skuIds.length] ?? '',
      quantity: random() < 0.7 ? 1 : 2,
      unitPrice: 19_900,
      itemId: '',
      variationId: '',
    }));
    const orderedAt = new Date(now - Math.floor(random() * 3_600_000));
    return {
      sellerId: world.sellerId,
      platform: 'shopee',
      shopId: `bench-${suffix}`,
      shopName: 'Bench Shopee TH',
      orderNo: `RSV${String(index + 1).padStart(7, '0')}`,
      platformStatus: 'READY_TO_SHIP',
      warehouseId: world.warehouseId,
      buyerName: `buyer ${index}`,
      recipientName: `Recipient ${index}`,
      recipientPhone: '0812345678',
      recipientAddress: '12 Sukhumvit Soi 11, Bangkok 10110',
      currency: 'THB',
      orderedAt: orderedAt.toISOString(),
      paidAt: orderedAt.toISOString(),
      shipBy: new Date(orderedAt.getTime() + 2 * DAY).toISOString(),
      lines,
    };
  });
}

interface ReserveResult {
  createSeconds: number;
  reserveSeconds: number;
  reserved: number;
  outOfStock: number;
  /** Statements sent an order (begin and commit included), creating and reserving. */
  createStatements: number;
  reserveStatements: number;
}

/** Receives the stock the orders compete for: RESERVE_SKUS SKUs of the demo seller, `stock` units each. */
async function reserveWorld(db: Db, tenantId: string, stock: number, suffix: string): Promise<ReserveWorld> {
  const agent = await actorOf(db, tenantId, 'agent');
  const seller = await actorOf(db, tenantId, 'seller');
  const manager = await actorOf(db, tenantId, 'waremanager');
  return withTenant(db, tenantId, async (tx) => {
    const product = await addProduct(tx, seller, {
      name: 'Bench reserved product',
      photos: [demoPhotoKey(seller.sellerId ?? '', 't-shirt')],
      // The run's own SKUs: a reused database holds those of earlier runs.
      skus: Array.from({ length: RESERVE_SKUS }, (_, index) => ({ sellerSku: `RSV-${suffix}-${index + 1}` })),
    });
    const [place] = rowsOf<{ warehouse_id: string; location_id: string }>(
      await tx.execute(sql`select w.id as warehouse_id, l.id as location_id from warehouses w
        join warehouse_locations l on l.warehouse_id = w.id where w.code = 'DG01' order by l.code limit 1`),
    );
    if (!place) throw new Error('the demo warehouse DG01 has no location');
    const { warehouse_id: warehouseId, location_id: locationId } = place;
    for (const sku of product.skus)
      await receiveStock(tx, manager, { warehouseId, skuId: sku.id, locationId, quantity: stock });
    return {
      db,
      tenantId,
      agent,
      sellerId: seller.sellerId ?? '',
      warehouseId,
      skuIds: product.skus.map((sku) => sku.id),
      stock,
    };
  });
}

/**
 * From CLIENTS connections at once: the sync creates the orders, one upsert a transaction; then
 * reviewers pass them, REVIEW_BATCH a transaction in the order they came (a page of the to-review
 * tab selected and passed), which reserves them. Answers the timings and outcomes.
 */
async function reserveOrders(
  world: ReserveWorld,
  inputs: readonly MarketplaceOrderInput[],
  counting: Db,
  statements: { count: number },
): Promise<ReserveResult> {
  const { agent } = world;
  const ids: string[] = new Array<string>(inputs.length);
  let next = 0;
  statements.count = 0;
  let started = process.hrtime.bigint();
  const pages: number[] = [];
  for (let at = 0; at < inputs.length; at += SYNC_PAGE) pages.push(at);
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      for (let index = next++; index < pages.length; index = next++) {
        const at = pages[index] ?? 0;
        const page = inputs.slice(at, at + SYNC_PAGE);
        const saved = await withTenant(
          counting,
          world.tenantId,
          async (tx) =>
            SYNC_PAGE === 1 && page[0]
              ? [await upsertMarketplaceOrder(tx, agent, page[0])]
              : upsertMarketplaceOrders(tx, agent, page),
          agent.userId,
        );
        for (const [offset, order] of saved.entries()) ids[at + offset] = order.id;
      }
    }),
  );
  const createSeconds = elapsedMs(started) / 1000;
  const createStatements = statements.count / inputs.length;

  const batches: string[][] = [];
  for (let at = 0; at < ids.length; at += REVIEW_BATCH) batches.push(ids.slice(at, at + REVIEW_BATCH));
  let reserved = 0;
  let outOfStock = 0;
  next = 0;
  statements.count = 0;
  started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      for (let index = next++; index < batches.length; index = next++) {
        const batch = batches[index] ?? [];
        const results = await withTenant(
          counting,
          world.tenantId,
          (tx) => passReview(tx, agent, { ids: batch }),
          agent.userId,
        );
        for (const result of results)
          if (result.code === 'order.out_of_stock') outOfStock += 1;
          else reserved += 1;
      }
    }),
  );
  return {
    createSeconds,
    reserveSeconds: elapsedMs(started) / 1000,
    reserved,
    outOfStock,
    createStatements,
    reserveStatements: statements.count / inputs.length,
  };
}

/** What must hold after the run; answers the problems found (none when sound). */
async function oversoldChecks(owner: pg.Pool, world: ReserveWorld, shopId: string, count: number) {
  const problems: string[] = [];
  const ask = async (what: string, text: string, values: unknown[]) => {
    const { rows } = await owner.query(text, values);
    for (const row of rows.slice(0, 5)) problems.push(`${what}: ${JSON.stringify(row)}`);
    if (rows.length > 5) problems.push(`${what}: ${rows.length - 5} more`);
  };
  await ask(
    'a balance below zero',
    'select warehouse_id, sku_id, available, frozen, in_transit from stock_balances where available < 0 or frozen < 0 or in_transit < 0',
    [],
  );
  await ask(
    'frozen is not the open reservations nor the ledger',
    `select b.sku_id, b.available, b.frozen, b.total,
       (select coalesce(sum(r.quantity), 0)::int from order_reservations r
         where r.tenant_id = b.tenant_id and r.sku_id = b.sku_id and r.warehouse_id = b.warehouse_id and r.state = 'active') as reserved,
       (select coalesce(sum(m.frozen_delta), 0)::int from stock_movements m
         where m.tenant_id = b.tenant_id and m.sku_id = b.sku_id and m.warehouse_id = b.warehouse_id) as ledger_frozen,
       (select coalesce(sum(m.available_delta), 0)::int from stock_movements m
         where m.tenant_id = b.tenant_id and m.sku_id = b.sku_id and m.warehouse_id = b.warehouse_id) as ledger_available
     from stock_balances b where b.tenant_id = $4 and b.warehouse_id = $1 and b.sku_id = any($2::uuid[])
       and (b.frozen <> (select coalesce(sum(r.quantity), 0) from order_reservations r
              where r.tenant_id = b.tenant_id and r.sku_id = b.sku_id and r.warehouse_id = b.warehouse_id and r.state = 'active')
         or b.frozen <> (select coalesce(sum(m.frozen_delta), 0) from stock_movements m
              where m.tenant_id = b.tenant_id and m.sku_id = b.sku_id and m.warehouse_id = b.warehouse_id)
         or b.available <> (select coalesce(sum(m.available_delta), 0) from stock_movements m
              where m.tenant_id = b.tenant_id and m.sku_id = b.sku_id and m.warehouse_id = b.warehouse_id)
         or b.total <> $3::int)`,
    [world.warehouseId, world.skuIds, world.stock, world.tenantId],
  );
  await ask(
    'orders made other than once',
    `select count(*)::int as orders, count(distinct order_no)::int as numbers from orders
     where tenant_id = $4 and seller_id = $1 and shop_id = $2 having count(*) <> $3 or count(distinct order_no) <> $3`,
    [world.sellerId, shopId, count, world.tenantId],
  );
  await ask(
    'an order neither reserved in full nor out of stock with nothing held',
    `with o as (
       select o.id, o.order_no, o.local_status,
         exists (select 1 from order_exceptions e where e.tenant_id = o.tenant_id and e.order_id = o.id
           and e.reason = 'out_of_stock' and e.resolved_at is null) as short,
         (select count(*) from order_lines l where l.tenant_id = o.tenant_id and l.order_id = o.id) as lines,
         (select coalesce(sum(quantity), 0) from order_lines l where l.tenant_id = o.tenant_id and l.order_id = o.id) as units,
         (select count(*) from order_reservations r where r.tenant_id = o.tenant_id and r.order_id = o.id
           and r.state = 'active') as held_rows,
         (select coalesce(sum(quantity), 0) from order_reservations r where r.tenant_id = o.tenant_id and r.order_id = o.id
           and r.state = 'active') as held,
         (select count(*) from stock_movements m where m.tenant_id = o.tenant_id and m.source_type = 'order'
           and m.source_id = o.id::text and m.kind = 'reserve') as reserve_movements
       from orders o where o.tenant_id = $3 and o.seller_id = $1 and o.shop_id = $2
     )
     select * from o where local_status <> 'pending_shipment'
       or (short and (held_rows <> 0 or reserve_movements <> 0))
       or (not short and (held_rows <> lines or held <> units or reserve_movements <> lines))`,
    [world.sellerId, shopId, world.tenantId],
  );
  await ask(
    'an order out of stock while its stock would have covered it',
    `select o.order_no from orders o
     where o.tenant_id = $3 and o.seller_id = $1 and o.shop_id = $2
       and exists (select 1 from order_exceptions e where e.tenant_id = o.tenant_id and e.order_id = o.id
                   and e.reason = 'out_of_stock' and e.resolved_at is null)
       and not exists (select 1 from order_lines l join stock_balances b on b.tenant_id = l.tenant_id
                         and b.sku_id = l.sku_id and b.warehouse_id = o.warehouse_id
                       where l.tenant_id = o.tenant_id and l.order_id = o.id and b.available < l.quantity)`,
    [world.sellerId, shopId, world.tenantId],
  );
  return problems;
}

// The run ---------------------------------------------------------------------------------------

function percentiles(values: readonly number[]) {
  return { p50: quantile(values, 0.5), p95: quantile(values, 0.95) };
}

function printList(title: string, timings: Timings) {
  const raw = percentiles(timings.raw);
  const rawPrepared = percentiles(timings.rawPrepared);
  const rawRoute = percentiles(timings.rawRoute);
  const service = percentiles(timings.service);
  const route = percentiles(timings.route);
  const totals = percentiles(timings.rows);
  console.log(
    `  ${title} (${timings.route.length} calls, total found p50 ${totals.p50.toFixed(0)}, p95 ${totals.p95.toFixed(0)})`,
  );
  const ratios = (p95: number) =>
    `${fixed(p95 / raw.p95, 2, 5)} ${fixed(p95 / rawPrepared.p95, 2, 5)} ${fixed(p95 / rawRoute.p95, 2, 5)}`;
  console.log(
    '                                                    p50 ms   p95 ms   p95 ratio to (1)  (2)  (3)',
  );
  console.log(`    (1) raw SQL of the page (pg, unnamed)         ${fixed(raw.p50, 2)} ${fixed(raw.p95, 2)}`);
  console.log(
    `    (2) raw SQL of the page (pg, prepared)        ${fixed(rawPrepared.p50, 2)} ${fixed(rawPrepared.p95, 2)}`,
  );
  console.log(
    `    (3) raw SQL the route sends (pg: session read, counts and page side by side, as the app sends them)` +
      `\n                                                  ${fixed(rawRoute.p50, 2)} ${fixed(rawRoute.p95, 2)}`,
  );
  console.log(
    `    listOrders in a tenant transaction            ${fixed(service.p50, 2)} ${fixed(service.p95, 2)}   ${ratios(service.p95)}`,
  );
  console.log(
    `    GET /api/order/list (app.inject)              ${fixed(route.p50, 2)} ${fixed(route.p95, 2)}   ${ratios(route.p95)}`,
  );
  console.log(
    `    target p95 < ${LIST_P95_MS} ms: ${route.p95 < LIST_P95_MS ? 'yes' : 'no'}; p95 ≤ ${LIST_RATIO} × the raw page (1): ` +
      `${route.p95 / raw.p95 <= LIST_RATIO ? 'yes' : 'no'}; p95 ≤ ${LIST_RATIO} × the raw SQL the route sends (3): ` +
      `${route.p95 / rawRoute.p95 <= LIST_RATIO ? 'yes' : 'no'}`,
  );
}

interface ViewResult {
  view: ListView;
  timings: Timings;
}

/** One line a view: the route's p50 and p95 beside listOrders and the raw SQL, and whether it meets the target. */
function printViews(results: readonly ViewResult[]): void {
  console.log(
    `\nevery view of the list (${VIEW_ITERATIONS} calls each after ${WARM_UP} to warm up; target GET /api/order/list p95 < ${LIST_P95_MS} ms)`,
  );
  console.log(
    '                                                  route p50  route p95  listOrders p95  raw page p95  raw SQL (3) p95  found p50',
  );
  let passed = true;
  for (const { view, timings } of results) {
    const route = percentiles(timings.route);
    const met = route.p95 < LIST_P95_MS;
    passed &&= met;
    console.log(
      `  ${met ? 'PASS' : 'FAIL'} ${view.name.padEnd(43).slice(0, 43)} ${fixed(route.p50, 2, 9)} ${fixed(route.p95, 2, 10)}` +
        ` ${fixed(percentiles(timings.service).p95, 2, 15)} ${fixed(percentiles(timings.raw).p95, 2, 13)}` +
        ` ${fixed(percentiles(timings.rawRoute).p95, 2, 16)} ${fixed(percentiles(timings.rows).p50, 0, 10)}`,
    );
  }
  console.log(`  every view p95 < ${LIST_P95_MS} ms: ${passed ? 'yes' : 'no'}`);
}

async function main() {
  const { url, embedded } = await benchServer();
  const suffix = randomBytes(4).toString('hex');
  if (REUSE && !/^wms_bench_orders_[0-9a-f]+$/.test(REUSE))
    throw new Error(`BENCH_REUSE_DATABASE names a database this bench kept, not ${REUSE}`);
  const names = {
    app: REUSE || `wms_bench_orders_${suffix}`,
    pgbench: `wms_bench_orders_pgbench_${suffix}`,
  };
  const databases = await freshDatabases(url, [
    ...(REUSE ? [] : [names.app]),
    ...(PARTS.has('reserve') ? [names.pgbench] : []),
  ]);
  const database = connectDatabase({ url: withDatabase(url, names.app), poolSize: CLIENTS + 2 });
  const statements: Statement[] = [];
  const counter = { count: 0 };
  const noting = drizzle(database.appPool, {
    logger: { logQuery: (text, params) => void statements.push({ text, params }) },
  });
  const counting = drizzle(database.appPool, { logger: { logQuery: () => void (counter.count += 1) } });
  const raw = new pg.Client(database.appConnection);
  const rawBeside = new pg.Client(database.appConnection);
  const rawSession = new pg.Client(database.appConnection);
  let app: Awaited<ReturnType<typeof buildApp>> | null = null;
  try {
    await runMigrations(database.ownerPool);
    if (!REUSE) await seedDemo(database.db);
    const tenantId = await demoTenantId(database.ownerPool);
    const owner = await database.ownerPool.connect();
    let made;
    try {
      made = REUSE
        ? await countOrdersWorld(owner)
        : await generateOrdersWorld(owner, { tenants: TENANTS, orders: ORDERS });
    } finally {
      owner.release();
    }
    console.log(
      REUSE
        ? `\norders world: ${made.orders} orders (${made.lines} lines) over ${made.tenants} tenants, reused from ${REUSE}; the demo tenant has ${made.demoOrders}`
        : `\norders world: ${made.orders} orders (${made.lines} lines) over ${made.tenants} tenants made in ${made.seconds.toFixed(0)} s; the demo tenant has ${made.demoOrders}`,
    );

    if (PARTS.has('list')) {
      app = await buildApp({ db: database.db, logLevel: 'silent' });
      const token = await injectLogin(app, 'agent');
      await rawSession.connect();
      for (const client of [raw, rawBeside]) {
        await client.connect();
        await client.query(`select set_config('app.tenant_id', $1, false)`, [tenantId]);
      }
      const listApp = app;
      const roleOf = async (username: ListRole) => {
        const roleToken = username === 'agent' ? token : await injectLogin(listApp, username);
        return {
          actor: await actorOf(database.db, tenantId, username),
          token: roleToken,
          sessionRead: { ...SESSION_ACTOR, values: [sha256(roleToken)] },
        };
      };
      const world: ListWorld = {
        app,
        db: database.db,
        noting: { db: noting, statements },
        raw,
        rawBeside,
        rawSession,
        tenantId,
        roles: {
          agent: await roleOf('agent'),
          seller: await roleOf('seller'),
          waremanager: await roleOf('waremanager'),
        },
      };
      console.log(
        `\norder list of the demo tenant's agent (${made.demoOrders} of ${made.orders} orders, page size ${PAGE_SIZE}, ${new URL(url).host})`,
      );
      const batch = await timeCalls(
        world,
        await batchCalls(database.ownerPool, tenantId, ITERATIONS + WARM_UP),
      );
      printList(`tab + 30-day range + ${BATCH} numbers, pages 1–3`, batch);
      const results: ViewResult[] = [];
      for (const view of await listViews(database.ownerPool, tenantId, VIEW_ITERATIONS + WARM_UP))
        results.push({ view, timings: await timeCalls(world, view.calls, view.role) });
      printViews(results);
    }
    if (PARTS.has('reserve')) {
      // About 1.5 lines of 1.3 units an order: stock for about half the demand.
      const stock = Math.max(1, Math.round((RESERVE_ORDERS * 1.4 * 1.3) / RESERVE_SKUS / 2));
      const reserving = await reserveWorld(database.db, tenantId, stock, suffix);
      const inputs = reserveInputs(reserving, RESERVE_ORDERS, suffix);
      const reserved = await reserveOrders(reserving, inputs, counting, counter);
      const problems = await oversoldChecks(database.ownerPool, reserving, `bench-${suffix}`, RESERVE_ORDERS);
      const binary = pgbenchBinary();
      const tps = binary ? runPgbench(binary, withDatabase(url, names.pgbench), SECONDS, CLIENTS) : null;

      const createRate = RESERVE_ORDERS / reserved.createSeconds;
      const reserveRate = RESERVE_ORDERS / reserved.reserveSeconds;
      const bothRate = RESERVE_ORDERS / (reserved.createSeconds + reserved.reserveSeconds);
      console.log(
        `\nreserving ${RESERVE_ORDERS} new orders (${CLIENTS} clients, ${RESERVE_SKUS} SKUs of ${stock} units; reserved ${reserved.reserved}, out of stock ${reserved.outOfStock})`,
      );
      console.log(
        `  created by the sync's upsert, ${String(SYNC_PAGE).padStart(2)} a transaction       ${fixed(createRate)} orders/s  ${fixed(reserved.createStatements, 1, 5)} statements an order`,
      );
      console.log(
        `  reserved by review pass, ${String(REVIEW_BATCH).padStart(2)} a transaction      ${fixed(reserveRate)} orders/s  ${fixed(reserved.reserveStatements, 1, 5)} statements an order`,
      );
      console.log(`  created and reserved, end to end                    ${fixed(bothRate)} orders/s`);
      if (tps === null) {
        console.log(
          '  pgbench                            not found under /usr/lib/postgresql/*/bin: no baseline',
        );
      } else {
        console.log(
          `  pgbench TPC-B-like (-s 1 -c ${CLIENTS})                     ${fixed(tps)} transactions/s`,
        );
        console.log(
          `  ratio reserved / pgbench   ${(reserveRate / tps).toFixed(2)}  (target ≥ ${RESERVE_RATIO}: ${reserveRate / tps >= RESERVE_RATIO ? 'yes' : 'no'});` +
            ` created / pgbench ${(createRate / tps).toFixed(2)}; end to end / pgbench ${(bothRate / tps).toFixed(2)}`,
        );
      }
      console.log(
        problems.length === 0
          ? '  none oversold: no balance below zero, frozen = open reservations = ledger, each order reserved in full or out of stock where its stock was short, each made once'
          : `  CHECK FAILED:\n    ${problems.join('\n    ')}`,
      );
      if (problems.length > 0) process.exitCode = 1;
    }
  } finally {
    await raw.end().catch(() => undefined);
    await rawBeside.end().catch(() => undefined);
    await rawSession.end().catch(() => undefined);
    await app?.close();
    await database.close();
    if (KEEP || REUSE) console.log(`\nkept the database ${names.app} (BENCH_REUSE_DATABASE=${names.app})`);
    await databases.drop(KEEP || REUSE ? [names.app] : []);
    await embedded?.stop();
  }
}

await main();
