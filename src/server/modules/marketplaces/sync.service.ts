/**
 * A shop's order sync: one run at a time per shop (a unique index on running runs, whichever
 * node took the job), incremental by the platform's update time from where the last run ended
 * less an overlap, in windows no longer than the platform allows, page by page. Each page is
 * written in one transaction together with the run's counts and the shop's resume point, so a
 * run that fails midway (a 5xx, a truncated reply, the process killed) resumes at the page it
 * lost, and a page served twice writes nothing the second time. What is stored of a window's
 * orders is read once as the window starts (held-orders.ts): a page of orders held as they are is
 * compared in memory and costs the database nothing.
 *
 * A platform whose listing does not bring an older order again when it changes (Coupang) has
 * the shop's open orders re-read by number after the windows, a bounded number per run, but for
 * those the windows' listings have just brought.
 *
 * Waits and retries are here, not in the connectors: a 429 or throttle error waits what the
 * platform asks, a 5xx or unreadable reply backs off, a stale token is refreshed once; a
 * revoked authorisation stops the shop with its reason.
 *
 * A run's record (starting it, its window, its counts and resume point saved with the pages) is
 * in sync-run.queries.ts.
 */
import { eq, sql } from 'drizzle-orm';
import type { SyncOrderError } from '@shared/contract/shops.js';
import { rowsOf, withTenant, type Db } from '../../db/client.js';
import {
  MarketplaceError,
  type Connector,
  type ListedOrder,
  type MarketplaceOrder,
  type OrderPage,
} from './connector.js';
import { ingestOrders } from './ingest.service.js';
import { failureOf } from './marketplace-order-input.js';
import {
  failedOrderNos,
  knownOrders,
  markChecked,
  openOrderNos,
  pageChanges,
} from './marketplace-orders.queries.js';
import { takeSystemNos } from '../orders/index.js';
import {
  forgetHeld,
  heldAtListedTime,
  heldUnchanged,
  readHeldOrders,
  type HeldOrders,
} from './held-orders.js';
import { shopSyncRuns, shops, type SyncResumePoint } from './marketplaces.tables.js';
import { platformOf, type MarketplaceRuntime } from './runtime.js';
import { RunState, startRun, windowOf, windowsOf, type SyncRequest } from './sync-run.queries.js';

/** Orders a run writes between refreshes of the order tables' statistics (a bulk load's plans). */
const ANALYZE_EVERY = 5_000;
/**
 * The first refresh comes after the first pages: until the statistics know the tenant's orders,
 * the planner may check each new line's order by scanning all of them (a foreign key's check on
 * an index of the tenant alone), so a page's inserts grow with the orders before it.
 */
const ANALYZE_FIRST = 200;

export interface SyncOutcome {
  runId: string;
  state: 'succeeded' | 'failed';
  errorCode: string;
  /** Orders the run could not store (the run went on without them), for the server's log. */
  orderErrors: SyncOrderError[];
}
/**
 * A page written in one transaction with the run's counts and resume point; the system ids of
 * its new orders are taken just before in a short transaction of their own, so shops' pages do
 * not queue behind one another on the order counter. A page whose orders are all stored as
 * they are (a re-sync) is only read: it writes nothing. Answers the orders it created.
 */
async function writePage(
  db: Db,
  run: RunState,
  page: { orders: MarketplaceOrder[]; knownCount?: number },
  resume?: SyncResumePoint,
  held: HeldOrders = new Map(),
): Promise<number> {
  const { shop } = run;
  const { orders } = page;
  // Orders the listing named at the update time we hold them at: fetched and unchanged.
  const known = page.knownCount ?? 0;
  // Held as they are (or a listing whose orders were all known): nothing to look up or write.
  const heldUnique = heldUnchanged(held, orders);
  const { changed, fresh, unique } =
    heldUnique !== null
      ? { changed: 0, fresh: 0, unique: heldUnique }
      : await withTenant(db, shop.tenantId, (tx) => pageChanges(tx, shop, orders));
  if (changed === 0) {
    await run.unchangedPage(orders.length + known, unique + known, resume);
    return 0;
  }
  forgetHeld(held, orders);
  const systemNos = fresh > 0 ? await takeSystemNos(db, shop.tenantId, fresh) : [];
  return withTenant(db, shop.tenantId, async (tx) => {
    const counts = await ingestOrders(tx, shop, orders, systemNos);
    counts.fetched += known;
    counts.unchanged += known;
    // A page that wrote no order (it changed between the look and the write) only moves the
    // resume point and the counts: losing that to a crash means reading the page again.
    if (counts.created + counts.updated + counts.waiting + counts.failed.length === 0)
      await tx.execute(sql`set local synchronous_commit = off`);
    await run.save(tx, counts, resume);
    return counts.created;
  });
}

/** Open orders re-read and written per page. */
const REREAD_PAGE = 50;

/**
 * Re-reads by number up to `limit` of the shop's open orders, for a platform whose listing does
 * not bring an older order again when it changes (Coupang), but those the run's listings of
 * `listed` just brought: each batch is written as a page is, and its orders marked checked in the
 * same transaction, so the next run takes the next ones.
 */
async function rereadOpenOrders(
  db: Db,
  run: RunState,
  connector: Connector,
  limit: number,
  listed: { from: Date; to: Date },
): Promise<void> {
  const { shop } = run;
  const orderNos = await withTenant(db, shop.tenantId, (tx) => openOrderNos(tx, shop, limit, listed));
  for (let start = 0; start < orderNos.length; start += REREAD_PAGE) {
    const batch = orderNos.slice(start, start + REREAD_PAGE);
    // One call per order, each with its own waits: a batch retried whole after a 429 would spend
    // the platform's rate on the orders it had already read.
    const orders: MarketplaceOrder[] = [];
    for (const orderNo of batch)
      orders.push(...(await run.call((ctx) => connector.getOrders(ctx, [orderNo]))));
    await writePage(db, run, { orders });
    // Checked whether or not they changed: the next run re-reads the others first.
    await withTenant(db, shop.tenantId, (tx) => markChecked(tx, shop, batch));
  }
}

/** Orders of a shop a run could not store, retried by number at the start of each next run. */
const FAILED_RETRIES = 50;

/**
 * Reads again by number, and writes, the shop's orders that earlier runs could not store (the
 * platform may not list them again): the latest version of each, before the run's windows.
 */
async function retryFailedOrders(db: Db, run: RunState, connector: Connector): Promise<void> {
  const { shop } = run;
  const orderNos = await withTenant(db, shop.tenantId, (tx) => failedOrderNos(tx, shop, FAILED_RETRIES));
  for (let start = 0; start < orderNos.length; start += REREAD_PAGE) {
    const batch = orderNos.slice(start, start + REREAD_PAGE);
    const orders = await run.call((ctx) => connector.getOrders(ctx, batch));
    await writePage(db, run, { orders });
  }
}

/** Runs one sync of a shop (see the module comment); null when it was not started. */
export async function syncShop(
  db: Db,
  runtime: MarketplaceRuntime,
  request: SyncRequest,
): Promise<SyncOutcome | null> {
  const now = runtime.now();
  const started = await startRun(db, request, (shop) =>
    request.orderNos ? { from: now, to: now } : windowOf(shop, now),
  );
  if (!started) return null;
  const { shop, runId } = started;
  let session: RunState | null = null;
  try {
    const run = new RunState(db, runtime, shop, runId);
    session = run;
    await run.refreshIfDue();
    const { connector } = platformOf(runtime, shop.platform);
    await retryFailedOrders(db, run, connector);
    if (request.orderNos) {
      const orderNos = request.orderNos;
      const orders = await run.call((ctx) => connector.getOrders(ctx, orderNos));
      await writePage(db, run, { orders });
    } else {
      const { from, to } = windowOf(shop, now);
      let cursor = shop.resumePoint?.cursor ?? null;
      let written = 0;
      let analyzedAt = 0;
      for (const window of windowsOf(from, to, connector.maxWindowMs)) {
        const held = await withTenant(db, shop.tenantId, (tx) => readHeldOrders(tx, shop, window));
        const known = async (listed: readonly ListedOrder[]) => {
          const found = heldAtListedTime(held, listed);
          const others = listed.filter((order) => !found.has(order.orderNo));
          if (others.length === 0) return found;
          const stored = await withTenant(db, shop.tenantId, (tx) => knownOrders(tx, shop, others));
          return new Set([...found, ...stored]);
        };
        const heldInWindow = (orderNos: readonly string[]) =>
          new Set(orderNos.filter((orderNo) => held.has(orderNo)));
        const fetchPage = (pageCursor: string | null) => {
          const fetching = run.call((ctx) =>
            connector.listOrders(ctx, {
              updatedFrom: window.from,
              updatedTo: window.to,
              cursor: pageCursor,
              known,
              heldInWindow,
            }),
          );
          // Awaited by the loop; a page fetched ahead of a failure is simply never written.
          fetching.catch(() => undefined);
          return fetching;
        };
        // The next page is fetched while this one is written: the platform's time and ours overlap.
        let next: Promise<OrderPage> | null = fetchPage(cursor);
        while (next) {
          const page: OrderPage = await next;
          cursor = page.nextCursor;
          next = cursor ? fetchPage(cursor) : null;
          const resume: SyncResumePoint = {
            windowFrom: (cursor ? window.from : window.to).toISOString(),
            windowTo: window.to.toISOString(),
            runTo: to.toISOString(),
            cursor,
          };
          written += await writePage(db, run, page, resume, held);
          if (written >= (analyzedAt === 0 ? ANALYZE_FIRST : analyzedAt + ANALYZE_EVERY)) {
            analyzedAt = written;
            // Skipped when another run's refresh is under way: that one takes this run's orders too.
            await db.execute(sql`select app_try_analyze_order_tables()`);
          }
        }
        cursor = null;
      }
      if (connector.openOrderRereads)
        await rereadOpenOrders(db, run, connector, connector.openOrderRereads, { from, to });
    }
    await withTenant(db, shop.tenantId, async (tx) => {
      await run.save(tx);
      await tx
        .update(shopSyncRuns)
        .set({ state: 'succeeded', finishedAt: sql`clock_timestamp()` })
        .where(eq(shopSyncRuns.id, runId));
      if (!request.orderNos) {
        await tx
          .update(shops)
          .set({
            syncedTo: sql`greatest(${shops.syncedTo}, ${windowOf(shop, now).to.toISOString()}::timestamptz)`,
            resumePoint: null,
          })
          .where(eq(shops.id, shop.id));
      }
    });
    return { runId, state: 'succeeded', errorCode: '', orderErrors: run.orderErrors };
  } catch (error) {
    // The platform's failures are told as the platform's; anything else is this product's own
    // (a bug, the database), never "the marketplace did not answer".
    const code =
      error instanceof MarketplaceError
        ? `shop.${error.code === 'token_expired' ? 'revoked' : error.code}`
        : 'shop.sync_failed';
    const message = error instanceof MarketplaceError ? error.message.slice(0, 500) : failureOf(error);
    const lost = session;
    await withTenant(db, shop.tenantId, async (tx) => {
      // The unchanged pages read before the failure count, and the run resumes after them.
      await lost?.save(tx);
      await tx
        .update(shopSyncRuns)
        .set({ state: 'failed', errorCode: code, errorMessage: message, finishedAt: sql`clock_timestamp()` })
        .where(eq(shopSyncRuns.id, runId));
      if (code === 'shop.revoked') {
        await tx
          .update(shops)
          .set({ status: 'expired', statusReason: code, updatedAt: new Date() })
          .where(eq(shops.id, shop.id));
      }
    });
    if (!(error instanceof MarketplaceError)) throw error;
    return { runId, state: 'failed', errorCode: code, orderErrors: lost?.orderErrors ?? [] };
  }
}

/** The shops every node's schedule syncs: all active shops, across tenants. */
export async function activeShops(db: Db): Promise<{ tenantId: string; shopId: string }[]> {
  const rows = rowsOf<{ tenant_id: string; shop_id: string }>(
    await db.execute(sql`select * from app_active_shops()`),
  );
  return rows.map((row) => ({ tenantId: row.tenant_id, shopId: row.shop_id }));
}
