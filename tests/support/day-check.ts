/**
 * The simulated day's end check, for the server test and the bench alike: the
 * product's orders against the marketplaces' own, order by order, and the sync's record.
 *
 * For every order of every sandbox shop (a Joom order of several lines is several Joom orders),
 * and every order the product holds for those shops, the platform is asked for the order as it
 * is now through the product's own connector and the shop's grant (so the status is the one the
 * connector maps the platform's to), and the product's order must match it: there at all,
 * platform status, a local status that status allows, lines (paired and unmatched alike: item,
 * variation, quantity, unit price), amounts (total, shipping, discount) and currency; the
 * platform's amounts must be the world's own (the reads are not held to the platforms' rate
 * limits: the check observes, it is not the product); and an order that holds no stock by its status
 * (cancelled above all) has no reservation left open. The sync's record must show no failed run,
 * no marketplace order left failed and no sync job failed. Each difference names the order and
 * what differs, so a failing day says exactly where it went wrong.
 */
import type pg from 'pg';
import { withTenant, type Db } from '@server/db/client.js';
import {
  CONNECTORS,
  ShopSession,
  type MarketplaceOrder,
  type MarketplaceRuntime,
  type ShopRow,
} from '@server/modules/marketplaces/index.js';
import { shops } from '@server/modules/marketplaces/index.js';
import { holdsStock, SHIPPED_ONWARDS, type LocalStatus, type PlatformStatus } from '@shared/domain/order.js';
import type { MarketplacePlatform } from '@shared/domain/marketplaces.js';
import { inArray } from 'drizzle-orm';
import { joomOrderAmounts, joomOrderId } from '../../src/sandbox/platforms/joom-orders.js';
import type { SandboxAmounts, SandboxOrder } from '../../src/sandbox/world-model.js';
import type { World } from '../../src/sandbox/world.js';

const SHIPPED: readonly LocalStatus[] = SHIPPED_ONWARDS;

/** The local statuses an order may be in when its platform reports this status. */
export const LOCAL_FOR_PLATFORM: Readonly<Record<PlatformStatus, readonly LocalStatus[]>> = {
  UNPAID: ['unpaid'],
  READY_TO_SHIP: ['to_review', 'pending_shipment'],
  RETRY_SHIP: ['to_review', 'pending_shipment'],
  TO_CONFIRM_RECEIVE_PAY: ['to_review', 'pending_shipment'],
  IN_CANCEL: ['in_cancellation'],
  CANCELLED: ['cancelled'],
  STARTSHIP: SHIPPED,
  SHIPPED,
  THIRD_SHIPPED: SHIPPED,
  IN_TRANSIT: SHIPPED,
  TO_CONFIRM_RECEIVE: SHIPPED,
  COMPLETED: SHIPPED,
  TO_RETURN: ['to_return'],
};

export interface DayCheck {
  /** Orders compared (the platform's and the product's, once each). */
  orders: number;
  /** Each difference, naming the shop's platform and the order. */
  differences: string[];
  /** Sync runs by trigger and state, e.g. { schedule: { succeeded: 40 } }. */
  runs: Record<string, Record<string, number>>;
  /** The failed runs, each with its code and message. */
  failedRuns: string[];
  failedOrders: string[];
  failedJobs: number;
}

interface ProductOrder {
  id: string;
  order_no: string;
  platform_status: string;
  local_status: LocalStatus;
  currency: string;
  total_amount: string;
  shipping_amount: string;
  discount_amount: string;
}

const lineKey = (line: { itemId: string; variationId: string; quantity: number; unitPrice: number }) =>
  `${line.itemId}/${line.variationId}×${line.quantity}@${line.unitPrice}`;

const sorted = (keys: string[]) => [...keys].sort().join(', ');

/** The platform's order numbers of a world order: Joom shows each line as an order of its own. */
export function platformOrderNos(order: SandboxOrder): string[] {
  if (order.platform !== 'joom') return [order.orderId];
  return order.lines.map((_, index) => joomOrderId(order, index));
}

/** The world's amounts of the platform's order `orderNo` (a Joom order is one line's share). */
function worldAmounts(order: SandboxOrder, orderNo: string): SandboxAmounts | undefined {
  if (order.platform !== 'joom') return order.amounts;
  const index = platformOrderNos(order).indexOf(orderNo);
  return joomOrderAmounts(order)[index];
}

/**
 * Reads orders through the shop's connector with its grant, one order a call, each with the
 * session's own waits and refresh (a batch retried whole after a 429 would spend the platform's
 * rate on the orders it had read). A read that fails in the end is told as a difference.
 */
async function platformOrders(
  db: Db,
  runtime: MarketplaceRuntime,
  shop: ShopRow,
  orderNos: readonly string[],
  differences: string[],
  unread: Set<string>,
): Promise<Map<string, MarketplaceOrder>> {
  const connector = CONNECTORS[shop.platform as MarketplacePlatform];
  const found = new Map<string, MarketplaceOrder>();
  if (!connector) return found;
  const session = new ShopSession(db, runtime, shop);
  for (const orderNo of orderNos) {
    try {
      for (const order of await session.call((ctx) => connector.getOrders(ctx, [orderNo])))
        found.set(order.orderNo, order);
    } catch (error) {
      differences.push(
        `${shop.platform} order ${orderNo}: the platform could not be read (${String(error)})`,
      );
      unread.add(orderNo);
    }
  }
  return found;
}

/**
 * Compares the product's orders of the shops connected to `world`'s shops with the platforms'
 * (see the module comment). `shopIds` are the product's shops to check (one per sandbox shop).
 */
export async function checkDay(input: {
  db: Db;
  ownerPool: pg.Pool;
  runtime: MarketplaceRuntime;
  world: World;
  tenantId: string;
  shopIds: readonly string[];
}): Promise<DayCheck> {
  const { world } = input;
  // The check only observes: its reads are not held to the platforms' rate limits.
  const limits = { ...world.traffic.rateLimits };
  for (const platform of Object.keys(world.traffic.rateLimits) as MarketplacePlatform[])
    world.traffic.rateLimits[platform] = 1_000_000;
  try {
    return await compare(input);
  } finally {
    Object.assign(world.traffic.rateLimits, limits);
  }
}

async function compare(input: Parameters<typeof checkDay>[0]): Promise<DayCheck> {
  const { db, ownerPool, runtime, world } = input;
  const differences: string[] = [];
  let compared = 0;
  const rows: ShopRow[] = await withTenant(db, input.tenantId, (tx) =>
    tx
      .select()
      .from(shops)
      .where(inArray(shops.id, [...input.shopIds])),
  );
  for (const shop of rows) {
    const label = `${shop.platform} ${shop.platformShopId}`;
    const worldOrders = world.ordersOf(shop.platform as MarketplacePlatform, shop.platformShopId);
    const worldOf = new Map<string, SandboxOrder>();
    for (const order of worldOrders) for (const no of platformOrderNos(order)) worldOf.set(no, order);
    const product = (
      await ownerPool.query<ProductOrder>(
        `select id, order_no, platform_status, local_status, currency, total_amount::text, shipping_amount::text,
                discount_amount::text
           from orders where shop_id = $1 and merged_into_id is null`,
        [shop.id],
      )
    ).rows;
    const productOf = new Map(product.map((order) => [order.order_no, order]));
    const lines = await linesOf(
      ownerPool,
      product.map((order) => order.id),
    );
    const open = await openReservations(
      ownerPool,
      product.map((order) => order.id),
    );
    const numbers = [...new Set([...worldOf.keys(), ...productOf.keys()])];
    const unread = new Set<string>();
    const platform = await platformOrders(db, runtime, shop, numbers, differences, unread);
    for (const orderNo of numbers) {
      const theirs = platform.get(orderNo);
      const ours = productOf.get(orderNo);
      if ((!theirs && !ours) || unread.has(orderNo)) continue;
      compared += 1;
      const name = `${label} order ${orderNo}`;
      if (!theirs) {
        differences.push(`${name}: in the product (${ours?.local_status}), the platform does not show it`);
        continue;
      }
      if (!ours) {
        differences.push(`${name}: the platform shows it (${theirs.platformStatus}), the product has none`);
        continue;
      }
      const said = (what: string, product: unknown, platform: unknown) =>
        differences.push(
          `${name}: ${what} is ${String(product)} in the product, ${String(platform)} on the platform`,
        );
      if (ours.platform_status !== theirs.platformStatus)
        said('platform status', ours.platform_status, theirs.platformStatus);
      if (!LOCAL_FOR_PLATFORM[theirs.platformStatus].includes(ours.local_status))
        said(
          'local status',
          ours.local_status,
          `${theirs.platformStatus} (allows ${LOCAL_FOR_PLATFORM[theirs.platformStatus].join('/')})`,
        );
      const ourLines = sorted(lines.get(ours.id) ?? []);
      const theirLines = sorted(theirs.lines.map(lineKey));
      if (ourLines !== theirLines) said('the lines', `[${ourLines}]`, `[${theirLines}]`);
      if (ours.currency !== theirs.currency) said('the currency', ours.currency, theirs.currency);
      const amounts = `${ours.total_amount}/${ours.shipping_amount}/${ours.discount_amount}`;
      const stated = `${theirs.amounts.total}/${theirs.amounts.shipping}/${theirs.amounts.discount}`;
      if (amounts !== stated) said('total/shipping/discount', amounts, stated);
      const source = worldOf.get(orderNo);
      const world = source ? worldAmounts(source, orderNo) : undefined;
      if (world && `${world.total}/${world.shipping}/${world.discount}` !== stated)
        differences.push(
          `${name}: the platform states ${stated}, its world order ${world.total}/${world.shipping}/${world.discount}`,
        );
      const held = open.get(ours.id) ?? 0;
      if (held > 0 && !holdsStock(ours.local_status))
        differences.push(`${name}: ${ours.local_status} but ${held} units still reserved`);
    }
  }
  return { orders: compared, differences, ...(await syncRecord(ownerPool, input.shopIds)) };
}

/** Each order's lines, paired and unmatched, as lineKey spells them. */
async function linesOf(ownerPool: pg.Pool, orderIds: readonly string[]): Promise<Map<string, string[]>> {
  const { rows } = await ownerPool.query<{
    order_id: string;
    item_id: string;
    variation_id: string;
    quantity: number;
    unit_price: string;
  }>(
    `select order_id, item_id, variation_id, quantity, unit_price::text from order_lines where order_id = any($1::uuid[])
     union all
     select order_id, item_id, variation_id, quantity, unit_price::text from order_unmatched_lines where order_id = any($1::uuid[])`,
    [orderIds],
  );
  const lines = new Map<string, string[]>();
  for (const row of rows) {
    const key = lineKey({
      itemId: row.item_id,
      variationId: row.variation_id,
      quantity: row.quantity,
      unitPrice: Number(row.unit_price),
    });
    lines.set(row.order_id, [...(lines.get(row.order_id) ?? []), key]);
  }
  return lines;
}

/** Units each order still holds reserved (active reservations). */
async function openReservations(
  ownerPool: pg.Pool,
  orderIds: readonly string[],
): Promise<Map<string, number>> {
  const { rows } = await ownerPool.query<{ order_id: string; units: number }>(
    `select order_id, sum(quantity)::int as units from order_reservations
      where order_id = any($1::uuid[]) and state = 'active' group by order_id`,
    [orderIds],
  );
  return new Map(rows.map((row) => [row.order_id, row.units]));
}

/** The shops' runs by trigger and state, the failed ones, marketplace orders left failed, and failed sync jobs. */
async function syncRecord(ownerPool: pg.Pool, shopIds: readonly string[]) {
  const runRows = (
    await ownerPool.query<{ trigger: string; state: string; n: number }>(
      `select trigger, state, count(*)::int as n from shop_sync_runs where shop_id = any($1::uuid[])
        group by trigger, state order by trigger, state`,
      [shopIds],
    )
  ).rows;
  const runs: Record<string, Record<string, number>> = {};
  for (const row of runRows) runs[row.trigger] = { ...(runs[row.trigger] ?? {}), [row.state]: row.n };
  const failedRuns = (
    await ownerPool.query<{ line: string }>(
      `select s.platform || ' ' || r.trigger || ' run: ' || r.error_code || ' ' || r.error_message
              || case when r.failed > 0 then ' (' || r.failed || ' orders: ' || r.order_errors::text || ')' else '' end as line
         from shop_sync_runs r join shops s on s.id = r.shop_id
        where r.shop_id = any($1::uuid[]) and (r.state = 'failed' or r.failed > 0) order by r.started_at`,
      [shopIds],
    )
  ).rows.map((row) => row.line);
  const failedOrders = (
    await ownerPool.query<{ line: string }>(
      `select s.platform || ' order ' || m.order_no || ': ' || m.error as line
         from marketplace_orders m join shops s on s.id = m.shop_id
        where m.shop_id = any($1::uuid[]) and m.state = 'failed' order by m.order_no`,
      [shopIds],
    )
  ).rows.map((row) => row.line);
  const failedJobs = Number(
    (
      await ownerPool.query<{ n: number }>(
        `select count(*)::int as n from pgboss.job where name like 'marketplace-sync%' and state = 'failed'`,
      )
    ).rows[0]?.n ?? 0,
  );
  return { runs, failedRuns, failedOrders, failedJobs };
}
