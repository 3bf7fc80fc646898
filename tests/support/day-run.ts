/**
 * The simulated day run, for the server test and the bench alike: a server app with
 * its job runner working jobs, the bundled sandbox in the same process, and the demo seller's
 * six shops — one per marketplace, a catalogue of the seller's own SKUs plus two items the seller
 * has none of, 40 orders of the last ten days — connected through the routes a seller uses, each
 * connection queueing the shop's first sync. Then the day (src/sandbox/day.ts) is played on the
 * sandbox's clock, `stepMinutes` of simulated time every `stepRealMs`, and every sync path runs as
 * the product runs it: the webhooks each platform sends for each change (posted to the product's
 * webhook route), a schedule slot every 30 simulated minutes (the schedule's job sent to the job
 * queue, as pg-boss's cron sends it, and worked by the app's own handler), and a seller's 'Sync
 * now' every `manualEveryHours`. Each slot the seller also approves some orders waiting for
 * review, so cancellations meet orders holding stock. When the day is over the trouble ends, the
 * queue is worked dry, two more slots run (the last changes of the day), and day-check.ts
 * compares the product with the platforms.
 *
 * The sandbox's rate limits count real seconds, so the product's waits (a 429's Retry-After, a
 * back-off) are real waits, which the caller's runtime may cut short as the tests' does.
 */
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { Db } from '@server/db/client.js';
import { startJobRunner } from '@server/jobs/job-runner.js';
import type { MarketplaceRuntime } from '@server/modules/marketplaces/index.js';
import { SYNC_JOB, SYNC_SCHEDULE_JOB } from '@server/modules/marketplaces/sync.jobs.js';
import { DEMO_PASSWORD } from '@server/seed/demo.js';
import { approveOnSandbox } from '@server/seed/sandbox-approve.js';
import { MARKETPLACE_PLATFORMS, type MarketplacePlatform } from '@shared/domain/marketplaces.js';
import { SANDBOX_COUPANG_VENDORS } from '../../src/sandbox/apps.js';
import { SimulatedDay, type DayOptions, type DayTally } from '../../src/sandbox/day.js';
import { SANDBOX_PLATFORMS } from '../../src/sandbox/platforms/index.js';
import type { RunningSandbox } from '../../src/sandbox/server.js';
import type { SandboxItem } from '../../src/sandbox/world-model.js';
import { checkDay, type DayCheck } from './day-check.js';

const SHOP_ID: Record<MarketplacePlatform, string> = {
  shopee: '600128',
  lazada: '1000128',
  tiktok: '7494000128',
  shopify: 'day-seller.myshopify.com',
  joom: 'joom-day-seller',
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
const SLOT_MS = 30 * 60_000;
const DAY_MS = 86_400_000;

export interface DayRunInput {
  app: FastifyInstance;
  db: Db;
  ownerPool: pg.Pool;
  /** The owner's connection: the slots' schedule job is sent through a runner of its own on it. */
  ownerConnection: pg.ClientConfig;
  sandbox: RunningSandbox;
  /** The app's marketplace runtime, for the check's reads of the platforms. */
  runtime: MarketplaceRuntime;
  day: DayOptions;
  stepMinutes: number;
  stepRealMs: number;
  manualEveryHours: number;
  /** How long the end may take to work the queue dry, per wait. */
  drainSeconds?: number;
  log?: (line: string) => void;
}

export interface DayRun {
  check: DayCheck;
  tally: DayTally;
  /** Wall seconds of the day itself (from the first step to the queue worked dry after it). */
  seconds: number;
  /** Orders the day's runs created and updated in the order list. */
  created: number;
  updated: number;
  webhooks: { delivered: number; refused: number };
  slots: number;
  manual: number;
  reviewed: number;
  /** False when the queue was not worked dry in time (the check then says what was left). */
  isDrained: boolean;
}

async function countOf(pool: pg.Pool, text: string, values: unknown[] = []): Promise<number> {
  return Number((await pool.query<{ n: number }>(text, values)).rows[0]?.n ?? 0);
}

/** Waits until no sync job is queued or worked and no run is under way; false after `seconds`. */
async function drain(pool: pg.Pool, seconds: number, log: (line: string) => void): Promise<boolean> {
  const deadline = Date.now() + seconds * 1000;
  let toldAt = Date.now();
  for (;;) {
    if (Date.now() - toldAt > 5000) {
      toldAt = Date.now();
      const { rows } = await pool.query<{ state: string; trigger: string; n: number; retries: number }>(
        `select state, data->>'trigger' as trigger, count(*)::int as n, max(retry_count)::int as retries from pgboss.job
          where name = $1 and state in ('created', 'retry', 'active') group by 1, 2`,
        [SYNC_JOB],
      );
      log(`still queued: ${JSON.stringify(rows)}`);
    }
    const open = await countOf(
      pool,
      `select (select count(*) from pgboss.job where name in ($1, $2) and state in ('created', 'retry', 'active'))
            + (select count(*) from shop_sync_runs where state = 'running') as n`,
      [SYNC_JOB, SYNC_SCHEDULE_JOB],
    );
    if (open === 0) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Waits until the shop has no full sync queued or worked (its singleton key is the shop id); false after `seconds`. */
async function fullSyncEnded(pool: pg.Pool, shopId: string, seconds: number): Promise<boolean> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const open = await countOf(
      pool,
      `select count(*) as n from pgboss.job where name = $1 and singleton_key = $2 and state in ('created', 'retry', 'active')`,
      [SYNC_JOB, shopId],
    );
    if (open === 0) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Runs the day of the module comment; answers its figures and the end check. */
export async function runSimulatedDay(input: DayRunInput): Promise<DayRun> {
  const { app, ownerPool, sandbox } = input;
  const world = sandbox.world;
  const log = input.log ?? (() => undefined);
  const drainSeconds = input.drainSeconds ?? 120;
  // The platforms' documented limits count the machine's seconds, while the day's clock runs
  // thousands of times faster: a day's traffic in seconds would meet them thousands of times
  // harder than at the real pace. They are scaled by the same factor for the day (the documented
  // limits have their own tests: marketplace-rate-limits.test.ts, real-clients.test.ts); the
  // day's throttling is its bursts, the platform's own refusals.
  const acceleration = Math.max(1, (input.stepMinutes * 60_000) / Math.max(1, input.stepRealMs));
  const documentedLimits = { ...world.traffic.rateLimits };
  for (const platform of Object.keys(world.traffic.rateLimits) as (keyof typeof world.traffic.rateLimits)[])
    world.traffic.rateLimits[platform] = documentedLimits[platform] * acceleration;
  const call = async <Result = never>(token: string, url: string, payload: object) => {
    const reply = await app.inject({
      method: 'POST',
      url,
      headers: { 'x-access-token': token, 'accept-language': 'en-US' },
      payload,
    });
    return reply.json() as { success: boolean; code: string | number; message: string; result: Result };
  };
  const login = await app.inject({
    method: 'POST',
    url: '/api/sys/login',
    payload: { username: 'seller', password: DEMO_PASSWORD },
  });
  const token = String((login.json() as { result?: { token?: string } }).result?.token ?? '');
  const seller = (
    await ownerPool.query<{ tenant_id: string; seller_id: string }>(
      "select tenant_id, seller_id from users where username = 'seller'",
    )
  ).rows[0];
  if (!token || !seller) throw new Error('the demo seller cannot sign in');
  const warehouseId = (
    await ownerPool.query<{ id: string }>(
      'select id from warehouses where tenant_id = $1 order by code limit 1',
      [seller.tenant_id],
    )
  ).rows[0]?.id;
  const skuRows = (
    await ownerPool.query<{ seller_sku: string; name: string; barcode: string }>(
      `select distinct on (s.seller_sku) s.seller_sku, p.name, coalesce(b.barcode, '') as barcode
         from skus s join products p on p.tenant_id = s.tenant_id and p.id = s.product_id
         left join sku_barcodes b on b.tenant_id = s.tenant_id and b.sku_id = s.id
        where s.seller_id = $1 order by s.seller_sku limit 12`,
      [seller.seller_id],
    )
  ).rows;

  // Each platform's webhook for each change, posted to the product's route as the platform would.
  const pending = new Set<Promise<void>>();
  const webhooks = { delivered: 0, refused: 0 };
  const sandboxOf = new Map(SANDBOX_PLATFORMS.map((platform) => [platform.platform, platform]));
  world.onOrderChanged = (order, event) => {
    const target = world.webhookTargets.get(order.platform);
    const made = target ? sandboxOf.get(order.platform)?.webhook(order, target, event) : null;
    if (!made) return;
    const delivery = app
      .inject({
        method: 'POST',
        url: `/api/webhooks/${order.platform}`,
        headers: made.headers,
        payload: made.body,
      })
      .then((reply) => {
        if (reply.statusCode === 200) webhooks.delivered += 1;
        else {
          webhooks.refused += 1;
          log(
            `webhook ${order.platform} ${order.orderId} answered ${reply.statusCode}: ${reply.body.slice(0, 200)}`,
          );
        }
      })
      .finally(() => pending.delete(delivery));
    pending.add(delivery);
  };

  const shopIds: string[] = [];
  const now = world.now();
  for (const platform of MARKETPLACE_PLATFORMS) {
    const unit = platform === 'coupang' ? 100 : 1;
    const catalogue: SandboxItem[] = [
      ...skuRows.map((row, index) => ({
        itemId: `${8000 + index}`,
        variationId: `${8000 + index}01`,
        sellerSku: row.seller_sku,
        barcode: row.barcode,
        title: row.name,
        unitPrice: (19_900 + index * 1_000) * unit,
      })),
      // Two items the seller has no SKU for: their orders wait as unmatched problem orders.
      {
        itemId: '8900',
        variationId: '890001',
        sellerSku: '',
        barcode: '',
        title: 'Gift wrap',
        unitPrice: 2_000 * unit,
      },
      {
        itemId: '8901',
        variationId: '890101',
        sellerSku: 'BUNDLE-DAY-2',
        barcode: '',
        title: 'Twin pack',
        unitPrice: 35_900 * unit,
      },
    ];
    world.addShop({
      platform,
      shopId: SHOP_ID[platform],
      name: `Day ${platform}`,
      region: platform === 'coupang' ? 'KR' : 'TH',
      currency: CURRENCY[platform],
      catalogue,
    });
    world.seedOrders(platform, SHOP_ID[platform], 40, now - 10 * DAY_MS, now);
    world.webhookTargets.set(platform, `${input.runtime.publicUrl}/api/webhooks/${platform}`);
    const added = await call(token, '/api/shop/add', { platform, alias: `Day ${platform}`, warehouseId });
    const id = String((added.result as { id?: string } | undefined)?.id ?? '');
    if (!added.success) throw new Error(`shop/add ${platform}: ${added.message}`);
    if (platform === 'coupang') {
      const keys = SANDBOX_COUPANG_VENDORS[SHOP_ID.coupang];
      const connected = await call(token, '/api/shop/keys', { id, vendorId: SHOP_ID.coupang, ...keys });
      if (!connected.success) throw new Error(`shop/keys: ${connected.message}`);
    } else {
      const started = await call(token, '/api/shop/authorise', {
        id,
        ...(platform === 'shopify' ? { shopDomain: SHOP_ID.shopify } : {}),
      });
      const url = String((started.result as { url?: string } | undefined)?.url ?? '');
      const returned = await approveOnSandbox(url, SHOP_ID[platform]);
      const connected = await call(token, '/api/shop/authorise/callback', { query: returned });
      if (!connected.success) throw new Error(`authorise ${platform}: ${connected.message}`);
    }
    shopIds.push(id);
  }

  // The slots' schedule job goes through a runner that only sends, as the cron's firing does.
  const sender = await startJobRunner({
    connection: input.ownerConnection,
    definitions: [],
    workers: 0,
    log: { info: () => undefined, warn: () => undefined, error: () => undefined },
  });
  const phase = (() => {
    let at = performance.now();
    return (what: string) => {
      const now = performance.now();
      log(`${what}: ${Math.round(now - at)} ms`);
      at = now;
    };
  })();
  let isDrained = await drain(ownerPool, drainSeconds, log);
  phase('connected and first syncs');
  const runsBefore = await countOf(ownerPool, 'select count(*)::int as n from shop_sync_runs');
  const day = new SimulatedDay(world, input.day);
  let slots = 0;
  let manual = 0;
  let reviewed = 0;
  const fireSlot = async () => {
    await sender.send(SYNC_SCHEDULE_JOB, {});
    slots += 1;
  };
  /** The seller approves up to ten orders waiting for review that have no problem. */
  const approveSome = async () => {
    const ids = (
      await ownerPool.query<{ id: string }>(
        `select o.id from orders o where o.shop_id = any($1::text[]) and o.local_status = 'to_review'
            and not exists (select 1 from order_exceptions e where e.order_id = o.id and e.resolved_at is null)
          order by o.ordered_at, o.id limit 10`,
        [shopIds],
      )
    ).rows.map((row) => row.id);
    if (ids.length === 0) return;
    const passed = await call(token, '/api/order/review/pass', { ids });
    if (passed.success) reviewed += ids.length;
    else log(`review pass refused: ${passed.code} ${passed.message}`);
  };

  const started = performance.now();
  const stepMs = input.stepMinutes * 60_000;
  try {
    for (let offset = stepMs; offset <= day.lengthMs; offset += stepMs) {
      day.playUntil(offset);
      if (offset % SLOT_MS === 0) {
        await fireSlot();
        await approveSome();
      }
      // Between slots (a quarter past), once the shop's slot sync has ended: a press while that sync
      // is still queued or running adds none ('sync_already_queued'), so pressing at once would make
      // the 'manual' run depend on how fast this machine worked the slot.
      if ((offset - SLOT_MS / 2) % (input.manualEveryHours * 3_600_000) === 0) {
        const id = shopIds[manual % shopIds.length] ?? '';
        if (!(await fullSyncEnded(ownerPool, id, drainSeconds))) log(`the slot sync of ${id} did not end`);
        const pressed = await call<{ isQueued: boolean }>(token, '/api/shop/sync', { id });
        if (!pressed.success) log(`sync now refused: ${pressed.code} ${pressed.message}`);
        else if (!pressed.result.isQueued) log(`sync now found a sync of ${id} queued`);
        manual += 1;
      }
      await new Promise((resolve) => setTimeout(resolve, input.stepRealMs));
    }
    phase('the day played');
    day.endTrouble();
    await Promise.all([...pending]);
    isDrained = (await drain(ownerPool, drainSeconds, log)) && isDrained;
    for (let last = 0; last < 2; last += 1) {
      world.moveClock(SLOT_MS);
      await fireSlot();
      await Promise.all([...pending]);
      isDrained = (await drain(ownerPool, drainSeconds, log)) && isDrained;
    }
  } finally {
    await sender.stop();
    Object.assign(world.traffic.rateLimits, documentedLimits);
  }
  const seconds = (performance.now() - started) / 1000;
  phase('worked dry after the day');
  const written = (
    await ownerPool.query<{ created: number; updated: number }>(
      `select coalesce(sum(created), 0)::int as created, coalesce(sum(updated), 0)::int as updated
         from (select created, updated from shop_sync_runs order by started_at offset $1) later`,
      [runsBefore],
    )
  ).rows[0];
  const check = await checkDay({
    db: input.db,
    ownerPool,
    runtime: input.runtime,
    world,
    tenantId: seller.tenant_id,
    shopIds,
  });
  phase('checked');
  return {
    check,
    tally: day.tally,
    seconds,
    created: written?.created ?? 0,
    updated: written?.updated ?? 0,
    webhooks,
    slots,
    manual,
    reviewed,
    isDrained,
  };
}
