/**
 * The order list's kept tab counts (migrations 0038 and 0042): orders go through every kind of change —
 * entered by hand, a review passed, out of stock opened and closed, merged, split, cancelled, a
 * marketplace page inserted and then updated by the sync's upsert, pages written side by side,
 * a warehouse and a seller changed, an order deleted — and after each, the counters kept per key
 * (with the changes not folded yet) equal count(*) over the orders per key, in all and per day,
 * and the list's counts for the agent, a seller and a warehouse manager, unfiltered, by shop, by
 * status, by order type, warehouse status, parcel type and tags, and over date ranges with part
 * days, equal count(*) of the orders each of them sees.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '@server/http/actor.js';
import { receiveStock } from '@server/modules/inventory/index.js';
import { upsertMarketplaceOrders } from '@server/modules/orders/index.js';
import type { MarketplaceOrderInput } from '@shared/contract/orders.js';
import { ORDER_TABS, TAB_STATUSES, type LocalStatus, type OrderTab } from '@shared/domain/order.js';
import {
  actorFor,
  asActor,
  createProduct,
  demoWarehouse,
  locationOf,
  type DemoWarehouse,
} from '../support/stock-world.js';
import { createTestWorld, type TestWorld } from '../support/test-app.js';

let world: TestWorld;
let agent: Actor;
let manager: Actor;
let dg01: DemoWarehouse;
let tenantId: string;
const tokens: Record<'agent' | 'seller' | 'waremanager', string> = { agent: '', seller: '', waremanager: '' };
let sellerId: string;
let seller2Id: string;
let skuA: string;
let skuB: string;

beforeAll(async () => {
  world = await createTestWorld();
  agent = await actorFor(world, 'agent');
  manager = await actorFor(world, 'waremanager');
  const seller = await actorFor(world, 'seller');
  sellerId = seller.sellerId ?? '';
  seller2Id = (await actorFor(world, 'seller2')).sellerId ?? '';
  tenantId = agent.tenantId;
  for (const role of ['agent', 'seller', 'waremanager'] as const) tokens[role] = await world.login(role);
  dg01 = await demoWarehouse(world, 'DG01');
  const product = await createProduct(world, tokens.seller, ['TAB-A', 'TAB-B']);
  skuA = product.skus[0]?.id ?? '';
  skuB = product.skus[1]?.id ?? '';
  await asActor(world, manager, async (tx) => {
    const locationId = locationOf(dg01, 'A-02-04');
    await receiveStock(tx, manager, { warehouseId: dg01.id, skuId: skuA, locationId, quantity: 6 });
    await receiveStock(tx, manager, { warehouseId: dg01.id, skuId: skuB, locationId, quantity: 1 });
  });
});
afterAll(() => world.close());

const KEY =
  'tenant_id, seller_id, warehouse_id, platform, shop_name, local_status, is_problem, order_type, warehouse_status, parcel_type, tags';

/** Keys whose kept count (counters and changes) differs from count(*) over the orders, every tenant. */
async function keptMismatches(): Promise<unknown[]> {
  const mismatches = async (counters: string, key: string, orderKey: string) => {
    const { rows } = await world.database.ownerPool.query(`
      with kept as (
        select ${key}, sum(orders)::int as n from (
          select ${key}, orders from ${counters}
          union all select ${key}, orders from order_tab_count_changes) k
        group by ${key} having sum(orders) <> 0),
      counted as (
        select ${orderKey}, count(*)::int as n from orders where merged_into_id is null group by ${key})
      select '${counters}' as counters, *, kept.n as kept, counted.n as counted
      from kept full join counted using (${key})
      where kept.n is distinct from counted.n`);
    return rows;
  };
  const orderKey =
    'tenant_id, seller_id, warehouse_id, platform, shop_name, local_status, open_exceptions > 0 as is_problem, order_type, warehouse_status, parcel_type, tags';
  return [
    ...(await mismatches('order_tab_counts', KEY, orderKey)),
    ...(await mismatches(
      'order_tab_day_counts',
      `day, ${KEY}`,
      `(ordered_at at time zone 'UTC')::date as day, ${orderKey}`,
    )),
  ];
}

interface OrderFact {
  seller_id: string;
  warehouse_id: string;
  shop_name: string;
  local_status: LocalStatus;
  open_exceptions: number;
  ordered_at: Date;
  order_type: string;
  warehouse_status: string;
  parcel_type: string;
  tags: string[];
}

/** What count(*) over the orders gives each tab for a role and a query, from the rows themselves. */
async function countedFor(role: keyof typeof tokens, query: Record<string, string>) {
  const { rows } = await world.database.ownerPool.query<OrderFact>(
    `select seller_id, warehouse_id, shop_name, local_status, open_exceptions, ordered_at, order_type,
       warehouse_status, parcel_type, tags from orders
     where tenant_id = $1 and merged_into_id is null`,
    [tenantId],
  );
  const { rows: staffed } = await world.database.ownerPool.query<{ warehouse_id: string }>(
    'select warehouse_id from warehouse_staff where user_id = $1',
    [manager.userId],
  );
  const managed = new Set(staffed.map((row) => row.warehouse_id));
  const seen = rows.filter(
    (row) =>
      (role !== 'seller' || row.seller_id === sellerId) &&
      (role !== 'waremanager' || managed.has(row.warehouse_id)) &&
      (!query.shopName || row.shop_name === query.shopName) &&
      (!query.status || row.local_status === query.status) &&
      (!query.type || row.order_type === query.type) &&
      (!query.warehouseStatus || row.warehouse_status === query.warehouseStatus) &&
      (!query.parcelType || row.parcel_type === query.parcelType) &&
      (!query.tags ||
        (query.tagMatch === 'all'
          ? query.tags.split(',').every((tag) => row.tags.includes(tag))
          : query.tags.split(',').some((tag) => row.tags.includes(tag)))) &&
      (!query.dateFrom || row.ordered_at.getTime() >= Date.parse(query.dateFrom)) &&
      (!query.dateTo || row.ordered_at.getTime() < Date.parse(query.dateTo)),
  );
  const inTab = (tab: OrderTab, row: OrderFact) =>
    tab === 'problem' ? row.open_exceptions > 0 : TAB_STATUSES[tab].includes(row.local_status);
  return {
    all: seen.length,
    ...(Object.fromEntries(
      ORDER_TABS.map((tab) => [tab, seen.filter((row) => inTab(tab, row)).length]),
    ) as Record<OrderTab, number>),
  };
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The views compared: unfiltered, a shop, a status, date ranges with part days at both ends and inside one day. */
function views(): Record<string, string>[] {
  const now = Date.now();
  return [
    {},
    { shopName: 'Tab Shopee TH' },
    { status: 'to_review' },
    { dateFrom: new Date(now - 2.5 * DAY).toISOString(), dateTo: new Date(now + 3 * HOUR).toISOString() },
    { dateFrom: new Date(now - 40 * DAY - 7 * HOUR).toISOString() },
    { dateTo: new Date(now - 1.3 * DAY).toISOString(), shopName: 'Tab Shopee TH' },
    { dateFrom: new Date(now - 2 * HOUR).toISOString(), dateTo: new Date(now + HOUR).toISOString() },
    { type: 'stock', parcelType: 'single_single' },
    { warehouseStatus: 'picking', shopName: 'Tab Shopee TH' },
    { tags: 'urgent,out_of_stock' },
    {
      tags: 'out_of_stock,problem',
      tagMatch: 'all',
      dateFrom: new Date(now - 3 * DAY - 5 * HOUR).toISOString(),
    },
  ];
}

/** Every role's list counts under every view equal count(*), the kept rows equal it per key. */
async function expectExact(step: string) {
  expect(await keptMismatches(), step).toEqual([]);
  for (const role of ['agent', 'seller', 'waremanager'] as const)
    for (const view of views())
      for (const tab of ['', 'problem', 'pending'] as const) {
        const query = new URLSearchParams({ ...view, ...(tab ? { tab } : {}), pageSize: '5' });
        const response = await world.request({
          method: 'GET',
          url: `/api/order/list?${query.toString()}`,
          token: tokens[role],
        });
        expect(response.statusCode, response.body).toBe(200);
        const { counts, total } = response.json().result as { counts: Record<string, number>; total: number };
        const counted = await countedFor(role, view);
        const label = `${step}: ${role} ${query.toString()}`;
        expect(counts, label).toEqual(counted);
        expect(total, label).toBe(tab ? counted[tab] : counted.all);
      }
}

async function post(url: string, payload: unknown, token = tokens.seller) {
  const response = await world.request({ method: 'POST', url, payload: payload as object, token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result;
}

let handNumber = 0;
async function enter(lines: { skuId: string; quantity: number }[], buyerName = 'Somchai') {
  handNumber += 1;
  return (await post('/api/order/add', {
    orderNo: `TAB-${handNumber}`,
    warehouseId: dg01.id,
    buyerName,
    recipientName: buyerName,
    recipientPhone: '0812345678',
    recipientAddress: '12 Sukhumvit Rd, Bangkok',
    currency: 'THB',
    lines: lines.map((line) => ({ ...line, unitPrice: 10_000 })),
  })) as { id: string };
}

function marketplacePage(
  shopId: string,
  count: number,
  platformStatus: string,
  hoursAgo = 0,
): MarketplaceOrderInput[] {
  return Array.from({ length: count }, (_, index) => {
    const orderedAt = new Date(Date.now() - hoursAgo * HOUR - index * 7 * HOUR).toISOString();
    return {
      sellerId,
      platform: 'shopee',
      shopId,
      shopName: 'Tab Shopee TH',
      orderNo: `${shopId}-${index + 1}`,
      platformStatus,
      warehouseId: dg01.id,
      buyerName: `buyer ${index}`,
      recipientName: `Recipient ${index}`,
      recipientPhone: '0812345678',
      recipientAddress: '12 Sukhumvit Soi 11, Bangkok 10110',
      currency: 'THB',
      orderedAt,
      paidAt: orderedAt,
      lines:
        index % 3 === 2 ? [] : [{ skuId: skuA, quantity: 1, unitPrice: 19_900, itemId: '', variationId: '' }],
    };
  });
}

async function changesLeft(): Promise<number> {
  const { rows } = await world.database.ownerPool.query<{ n: number }>(
    'select count(*)::int as n from order_tab_count_changes',
  );
  return rows[0]?.n ?? 0;
}

describe('the kept order tab counts', () => {
  it('start equal to counting the seeded orders', async () => {
    await expectExact('seeded');
  });

  it('stay exact through entering, review, out of stock, merge, split and cancel', async () => {
    const first = await enter([{ skuId: skuA, quantity: 2 }]);
    const second = await enter([{ skuId: skuA, quantity: 1 }]);
    const third = await enter([{ skuId: skuB, quantity: 1 }], 'Nguyen');
    const short = await enter([{ skuId: skuB, quantity: 5 }], 'Nguyen');
    await expectExact('entered');

    // The short one opens an out-of-stock exception: a problem order still to review.
    await post('/api/order/review/pass', { ids: [first.id, second.id, short.id] });
    await expectExact('reviewed, one out of stock');
    await post('/api/order/outOfStock', { ids: [third.id] });
    await expectExact('marked out of stock');

    const merged = (await post('/api/order/merge', { ids: [first.id, second.id] })) as { id: string };
    await expectExact('merged');
    const two = await enter([
      { skuId: skuA, quantity: 1 },
      { skuId: skuB, quantity: 1 },
    ]);
    const detail = await world.request({
      method: 'GET',
      url: `/api/order/detail?id=${two.id}`,
      token: tokens.seller,
    });
    const lines = detail.json().result.lines as { id: string; skuId: string }[];
    const lineB = lines.find((line) => line.skuId === skuB)?.id;
    await post('/api/order/split', { id: two.id, lines: [{ lineId: lineB, quantity: 1 }] });
    await expectExact('split');

    // Cancelling resolves the exception: the problem tab loses it as the cancelled tab gains it.
    await post('/api/order/cancel', { ids: [short.id, merged.id] });
    await expectExact('cancelled');
  });

  it('stay exact through the sync inserting a page, updating it, and pages written side by side', async () => {
    await asActor(world, agent, (tx) =>
      upsertMarketplaceOrders(tx, agent, marketplacePage('tab-shop', 8, 'READY_TO_SHIP')),
    );
    await expectExact('a page inserted');
    await asActor(world, agent, (tx) =>
      upsertMarketplaceOrders(tx, agent, [
        ...marketplacePage('tab-shop', 4, 'CANCELLED'),
        ...marketplacePage('tab-shop', 8, 'READY_TO_SHIP').slice(4),
        ...marketplacePage('tab-shop-2', 3, 'READY_TO_SHIP', 30),
      ]),
    );
    await expectExact('a page updated and inserted by one upsert');

    await Promise.all(
      Array.from({ length: 4 }, (_, client) =>
        asActor(world, agent, (tx) =>
          upsertMarketplaceOrders(
            tx,
            agent,
            marketplacePage(`tab-side-${client}`, 12, 'READY_TO_SHIP', client),
          ),
        ),
      ),
    );
    await expectExact('four pages side by side');
  });

  it('stay exact when an order changes warehouse, seller, warehouse status, type or tags, or is deleted', async () => {
    const owner = world.database.ownerPool;
    const { rows: warehouses } = await owner.query<{ id: string }>(
      'select id from warehouses where tenant_id = $1 and id <> $2 order by code limit 1',
      [tenantId, dg01.id],
    );
    const elsewhere = warehouses[0]?.id ?? '';
    expect(elsewhere).not.toBe('');
    await owner.query(
      `update orders set warehouse_id = $1 where id in (select id from orders where shop_id = 'tab-side-0' order by id limit 3)`,
      [elsewhere],
    );
    await expectExact('moved to another warehouse');
    // An order without lines changes seller (its lines would tie it to its seller's SKUs).
    const moved = await owner.query(
      `update orders o set seller_id = $1 where o.id in (select id from orders x where x.shop_id = 'tab-side-1'
         and not exists (select 1 from order_lines l where l.order_id = x.id)
         and not exists (select 1 from order_unmatched_lines u where u.order_id = x.id))`,
      [seller2Id],
    );
    expect(moved.rowCount).toBeGreaterThan(0);
    await expectExact('moved to another seller');
    await owner.query(
      `update orders set warehouse_status = 'picking', tags = array['urgent'] where id in
         (select id from orders where shop_id = 'tab-side-3' order by id limit 4)`,
    );
    await owner.query(
      `update orders set order_type = 'express', parcel_type = 'multi', tags = array['urgent', 'problem'] where id in
         (select id from orders where shop_id = 'tab-shop' order by id limit 3)`,
    );
    await expectExact('warehouse status, type, parcel type and tags changed');
    await owner.query(`delete from orders where shop_id = 'tab-side-2'`);
    await expectExact('deleted');
  });

  it('count the changes not folded yet while another transaction is folding, and fold them after', async () => {
    // A transaction holding the tenant's fold lock: every write's fold leaves its changes behind.
    const holder = new pg.Client(world.database.ownerConnection);
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('select pg_advisory_xact_lock(74190038, hashtext($1))', [tenantId]);
      await asActor(world, agent, (tx) =>
        upsertMarketplaceOrders(tx, agent, marketplacePage('tab-held', 6, 'READY_TO_SHIP')),
      );
      await enter([{ skuId: skuA, quantity: 1 }]);
      expect(await changesLeft()).toBeGreaterThan(0);
      await expectExact('changes not folded');
      await holder.query('commit');
    } finally {
      await holder.end();
    }
    await enter([{ skuId: skuA, quantity: 1 }]);
    expect(await changesLeft()).toBe(0);
    await expectExact('folded');
  });
});
