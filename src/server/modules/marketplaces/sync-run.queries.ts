/**
 * A sync run's record (shop_sync_runs) and the shop's resume point: starting a run (one running
 * per shop, a run lost with its node no longer blocking), the window it reads, and its counts
 * saved in each page's transaction (RunState; pages that changed nothing saved with the next
 * page that writes, or on their own once a second). The run itself is in sync.service.ts.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { SyncOrderError, SyncTrigger } from '@shared/contract/shops.js';
import { MARKETPLACE_SYNC } from '@shared/domain/marketplaces.js';
import { withTenant, type Db, type TenantTx } from '../../db/client.js';
import { pgErrorOf } from '../../db/query-helpers.js';
import type { IngestCounts } from './ingest.service.js';
import { shopSyncRuns, shops, type SyncResumePoint } from './marketplaces.tables.js';
import type { MarketplaceRuntime } from './runtime.js';
import { ShopSession } from './shop-session.js';

/** What a sync run is asked to do: which shop, why, and for a webhook, which orders. */
export interface SyncRequest {
  tenantId: string;
  shopId: string;
  trigger: SyncTrigger;
  /** A webhook's orders: fetched by number instead of paging a window. */
  orderNos?: string[];
  /** How many times the job waited for a run of the shop under way (sync.jobs.ts). */
  deferrals?: number;
}

type ShopRow = typeof shops.$inferSelect;
/** How often the counts of pages that changed nothing are saved (the progress a seller watches). */
const UNCHANGED_SAVE_MS = 1_000;

/** How many of a run's orders that could not be stored its record names (the count has them all). */
const ORDER_ERRORS_KEPT = 50;

/** A run still marked running after this long was lost with its node; it no longer blocks. */
const STALE_RUN_MINUTES = 30;
/** Starts a run for the shop; null when the shop is not active or another run is under way. */
export async function startRun(
  db: Db,
  request: SyncRequest,
  window: (shop: ShopRow) => { from: Date; to: Date },
) {
  return withTenant(db, request.tenantId, async (tx) => {
    // Not locked: the unique index on running runs is what keeps one run per shop, and a lock
    // here would deadlock with a running page's update of the same shop row.
    const [shop] = await tx.select().from(shops).where(eq(shops.id, request.shopId));
    if (!shop || shop.status !== 'active') return null;
    await tx
      .update(shopSyncRuns)
      .set({
        state: 'failed',
        errorCode: 'shop.unavailable',
        errorMessage: 'the run was lost',
        finishedAt: sql`clock_timestamp()`,
      })
      .where(
        and(
          eq(shopSyncRuns.shopId, shop.id),
          eq(shopSyncRuns.state, 'running'),
          sql`${shopSyncRuns.startedAt} < now() - make_interval(mins => ${STALE_RUN_MINUTES})`,
        ),
      );
    const { from, to } = window(shop);
    try {
      const [run] = await tx.transaction((savepoint) =>
        savepoint
          .insert(shopSyncRuns)
          .values({
            shopId: shop.id,
            trigger: request.trigger,
            windowFrom: from,
            windowTo: to,
            startedAt: sql`clock_timestamp()`,
          })
          .returning({ id: shopSyncRuns.id }),
      );
      return run ? { shop, runId: run.id } : null;
    } catch (error) {
      if (pgErrorOf(error)?.code === '23505') return null;
      throw error;
    }
  });
}

/** Where this run starts and ends: a failed run's resume point, else the last end less the overlap. */
export function windowOf(shop: ShopRow, now: Date): { from: Date; to: Date } {
  if (shop.resumePoint)
    return { from: new Date(shop.resumePoint.windowFrom), to: new Date(shop.resumePoint.runTo) };
  const from = shop.syncedTo
    ? new Date(shop.syncedTo.getTime() - MARKETPLACE_SYNC.overlapMinutes * 60_000)
    : new Date(now.getTime() - MARKETPLACE_SYNC.firstSyncDays * 86_400_000);
  return { from, to: now };
}

/** The windows of [from, to) no longer than the platform allows, oldest first. */
export function windowsOf(from: Date, to: Date, maxMs: number): { from: Date; to: Date }[] {
  const windows: { from: Date; to: Date }[] = [];
  for (let start = from.getTime(); start < to.getTime(); start += maxMs) {
    windows.push({ from: new Date(start), to: new Date(Math.min(start + maxMs, to.getTime())) });
  }
  return windows;
}

const noCounts = (): IngestCounts => ({
  fetched: 0,
  created: 0,
  updated: 0,
  unchanged: 0,
  waiting: 0,
  failed: [],
});

export class RunState extends ShopSession {
  /** Counts and resume point of pages that changed nothing, not saved yet. */
  private pending = noCounts();
  private pendingPages = 0;
  private pendingResume: SyncResumePoint | undefined;
  private savedAt = Date.now();
  /** Every order of the run that could not be stored. */
  readonly orderErrors: SyncOrderError[] = [];

  constructor(
    db: Db,
    runtime: MarketplaceRuntime,
    shop: ShopRow,
    readonly runId: string,
  ) {
    super(db, runtime, shop);
  }

  /**
   * The run's counts (a page's, and those of unchanged pages before it) and the resume point,
   * in the caller's transaction.
   */
  async save(tx: TenantTx, page?: IngestCounts, resume?: SyncResumePoint): Promise<void> {
    if (!page && this.pendingPages === 0) return;
    const counts = this.pending;
    const written = page ?? noCounts();
    const failed = [...counts.failed, ...(page?.failed ?? [])];
    this.orderErrors.push(...failed);
    const at = resume ?? this.pendingResume;
    await tx
      .update(shopSyncRuns)
      .set({
        pages: sql`${shopSyncRuns.pages} + ${this.pendingPages + (page ? 1 : 0)}`,
        fetched: sql`${shopSyncRuns.fetched} + ${counts.fetched + written.fetched}`,
        created: sql`${shopSyncRuns.created} + ${counts.created + written.created}`,
        updated: sql`${shopSyncRuns.updated} + ${counts.updated + written.updated}`,
        unchanged: sql`${shopSyncRuns.unchanged} + ${counts.unchanged + written.unchanged}`,
        waiting: sql`${shopSyncRuns.waiting} + ${counts.waiting + written.waiting}`,
        ...(failed.length > 0
          ? {
              failed: sql`${shopSyncRuns.failed} + ${failed.length}`,
              // The first ORDER_ERRORS_KEPT of the run, each with why.
              orderErrors: sql`(select coalesce(jsonb_agg(e), '[]'::jsonb) from (
                select e from jsonb_array_elements(${shopSyncRuns.orderErrors} || ${JSON.stringify(failed)}::jsonb) e
                limit ${ORDER_ERRORS_KEPT}) kept)`,
            }
          : {}),
      })
      .where(eq(shopSyncRuns.id, this.runId));
    if (at !== undefined) await tx.update(shops).set({ resumePoint: at }).where(eq(shops.id, this.shop.id));
    this.pending = noCounts();
    this.pendingPages = 0;
    this.pendingResume = undefined;
    this.savedAt = Date.now();
  }

  /**
   * A page that changed nothing: its counts and resume point are saved with the next page that
   * writes, or on their own once a second. Losing them to a crash only means reading those pages
   * again, so that commit does not wait for the disk.
   */
  async unchangedPage(fetched: number, unchanged: number, resume?: SyncResumePoint): Promise<void> {
    this.pending.fetched += fetched;
    this.pending.unchanged += unchanged;
    this.pendingPages += 1;
    if (resume !== undefined) this.pendingResume = resume;
    if (Date.now() - this.savedAt >= UNCHANGED_SAVE_MS) await this.saveNow();
  }

  /** What unchanged pages left unsaved, in a transaction of its own. */
  async saveNow(): Promise<void> {
    if (this.pendingPages === 0) return;
    await withTenant(this.db, this.shop.tenantId, async (tx) => {
      await tx.execute(sql`set local synchronous_commit = off`);
      await this.save(tx);
    });
  }
}
