/**
 * GET /api/dashboard/figures on a world built through the services beside the demo data: a new
 * seller ("dash") ships from a new warehouse (DSH1) worked by a new warehouse worker; its orders
 * cover every tab, one past its ship-by, one short of a SKU, and its inbound orders are due
 * overdue, today, within a week, later and undated. The new seller's figures are exact; the
 * other sellers see none of them; the new worker sees only DSH1, the demo worker only DG01.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TenantTx } from '@server/db/client.js';
import type { Actor } from '@server/http/actor.js';
import { receiveStock } from '@server/modules/inventory/index.js';
import {
  consumeOrder,
  moveOrder,
  orderLines,
  orders,
  passReview,
  upsertMarketplaceOrder,
} from '@server/modules/orders/index.js';
import { locationOccupancy } from '@server/modules/inventory/index.js';
import { addLocations, addPartition, addWarehouse, assignStaff } from '@server/modules/warehouse/index.js';
import type { DashboardFigures } from '@shared/contract/dashboard.js';
import type { Platform } from '@shared/domain/order.js';
import { actorFor, asActor, createProduct } from '../support/stock-world.js';
import { DEMO_PASSWORD } from '@server/seed/demo.js';
import { createTestWorld, type TestWorld } from '../support/test-app.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const TZ = 'Asia/Bangkok';

let world: TestWorld;
let agent: Actor;
let dashToken: string;
let dashSellerId: string;
let staffToken: string;
let warehouseId: string;
let shelfId: string;
let skuX: string;
let skuY: string;
const placed: Record<string, { id: string; orderNo: string }> = {};
const inbound: Record<string, string> = {};
let seller2Before: DashboardFigures;
let emptyDash: DashboardFigures;

async function figures(token: string, tz = TZ): Promise<DashboardFigures> {
  const response = await world.request({ method: 'GET', url: `/api/dashboard/figures?tz=${tz}`, token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result;
}

async function addUser(payload: Record<string, unknown>): Promise<string> {
  const response = await world.request({
    method: 'POST',
    url: '/api/sys/user/add',
    token: await world.login('agent'),
    payload,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result.id;
}

/** Today in the viewer's calendar, and `days` before it, as YYYY-MM-DD. */
function dayOf(offsetDays: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: TZ }).format(new Date(Date.now() + offsetDays * DAY));
}

async function marketplaceOrder(
  key: string,
  platform: Exclude<Platform, 'manual'>,
  orderedDaysAgo: number,
  shipByFromNow: number | null,
  lines: { skuId: string; quantity: number }[],
): Promise<string> {
  const orderNo = `DASH-${key}`;
  const id = await asActor(world, agent, async (tx) => {
    const saved = await upsertMarketplaceOrder(tx, agent, {
      sellerId: dashSellerId,
      platform,
      shopId: `dash-${platform}`,
      shopName: `Dash ${platform}`,
      orderNo,
      platformStatus: 'READY_TO_SHIP',
      warehouseId,
      currency: 'THB',
      orderedAt: new Date(Date.now() - orderedDaysAgo * DAY).toISOString(),
      shipBy: shipByFromNow === null ? null : new Date(Date.now() + shipByFromNow).toISOString(),
      lines: lines.map((line) => ({ ...line, unitPrice: 10_000 })),
    });
    return saved.id;
  });
  placed[key] = { id, orderNo };
  return id;
}

async function orderRow(tx: TenantTx, id: string) {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id));
  if (!row) throw new Error(`order ${id} is missing`);
  return row;
}

beforeAll(async () => {
  world = await createTestWorld();
  agent = await actorFor(world, 'agent');
  seller2Before = await figures(await world.login('seller2'));

  dashSellerId = await addUser({
    username: 'dashseller',
    realname: 'Dana Dash',
    password: DEMO_PASSWORD,
    userRole: 'seller',
  });
  const staffId = await addUser({
    username: 'dashstaff',
    realname: 'Stan Staff',
    password: DEMO_PASSWORD,
    userRole: 'ware_staff',
  });
  dashToken = await world.login('dashseller');
  staffToken = await world.login('dashstaff');
  emptyDash = await figures(dashToken);

  await asActor(world, agent, async (tx) => {
    const warehouse = await addWarehouse(tx, agent, {
      code: 'DSH1',
      name: 'Dash test warehouse',
      country: 'TH',
      address: '1 Test Road, Bangkok',
      timeZone: TZ,
      contactName: 'Desk',
      contactPhone: '13900000099',
      isActive: true,
    });
    warehouseId = warehouse.id;
    const partition = await addPartition(tx, agent, { warehouseId, code: 'Z', name: 'Zone' });
    const receiving = await addLocations(
      tx,
      agent,
      { warehouseId, partitionId: partition.id, codes: ['Z-RCV'], locationType: 'receiving' },
      locationOccupancy,
    );
    const shelf = await addLocations(
      tx,
      agent,
      { warehouseId, partitionId: partition.id, codes: ['Z-01'], locationType: 'storage' },
      locationOccupancy,
    );
    if (!receiving[0] || !shelf[0]) throw new Error('no locations');
    shelfId = shelf[0].id;
    await assignStaff(tx, agent, { warehouseId, userIds: [staffId] });
  });

  const product = await createProduct(world, dashToken, ['DASH-X', 'DASH-Y']);
  skuX = product.skus[0]?.id ?? '';
  skuY = product.skus[1]?.id ?? '';
  await asActor(world, agent, (tx) =>
    receiveStock(tx, agent, { warehouseId, skuId: skuX, locationId: shelfId, quantity: 10 }),
  );

  // Past its ship-by, approved and reserved: at risk, overdue, pending.
  const late = await marketplaceOrder('LATE', 'shopee', 0, -2 * HOUR, [{ skuId: skuX, quantity: 2 }]);
  // Ships within 24 hours, still to review.
  await marketplaceOrder('SOON', 'lazada', 1, 5 * HOUR, [{ skuId: skuX, quantity: 1 }]);
  // Approved but short of Y: pending, a problem, waiting for stock; ship-by in three days.
  const short = await marketplaceOrder('SHORT', 'tiktok', 3, 3 * DAY, [
    { skuId: skuY, quantity: 4 },
    { skuId: skuX, quantity: 1 },
  ]);
  // Shipped today.
  const shipped = await marketplaceOrder('SHIP', 'shopee', 2, 1 * DAY, [{ skuId: skuX, quantity: 1 }]);
  // Cancelled today.
  const cancelled = await marketplaceOrder('CANCEL', 'lazada', 0, 2 * DAY, [{ skuId: skuX, quantity: 1 }]);
  // Placed before the chart's window, still to review, no ship-by.
  await marketplaceOrder('OLD', 'tiktok', 40, null, [{ skuId: skuX, quantity: 1 }]);

  await asActor(world, agent, async (tx) => {
    await passReview(tx, agent, { ids: [late, short, shipped] });
    const row = await orderRow(tx, shipped);
    const lines = await tx
      .select({ id: orderLines.id })
      .from(orderLines)
      .where(eq(orderLines.orderId, shipped));
    await consumeOrder(
      tx,
      agent,
      row,
      lines.map((line) => ({ lineId: line.id, locationId: shelfId })),
    );
    await moveOrder(tx, agent, row, 'shipped', 'handed over');
    await moveOrder(tx, agent, await orderRow(tx, cancelled), 'cancelled', 'buyer cancelled');
  });

  const plans: [string, number | null, number][] = [
    ['overdue', -2 * DAY, 12],
    ['today', 0, 5],
    ['week', 3 * DAY, 7],
    ['later', 20 * DAY, 1],
    ['undated', null, 2],
  ];
  for (const [key, offset, quantity] of plans) {
    const response = await world.request({
      method: 'POST',
      url: '/api/inbound/order/add',
      token: dashToken,
      payload: {
        warehouseId,
        transportMode: 'sea',
        expectedArrival: offset === null ? null : new Date(Date.now() + offset).toISOString(),
        boxes: [{ boxNo: `DASH-${key}`, lines: [{ skuId: skuX, shipQuantity: quantity }] }],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    inbound[key] = response.json().result.inboundNo;
  }
});
afterAll(() => world.close());

describe('GET /api/dashboard/figures', () => {
  it('gives a new seller empty figures, scoped to them', () => {
    expect(emptyDash.scope).toBe('seller');
    expect(emptyDash.orders?.today).toEqual({
      ordered: 0,
      to_review: 0,
      pending: 0,
      problem: 0,
      shipped: 0,
      cancelled: 0,
    });
    expect(emptyDash.orders?.perDay.byPlatform).toEqual([]);
    expect(emptyDash.orders?.perDay.days).toHaveLength(30);
    expect(emptyDash.orders?.atRisk).toEqual({ total: 0, overdue: 0, toReview: 0, pending: 0, top: [] });
    expect(emptyDash.orders?.outOfStock).toEqual({ orders: 0, skus: 0, units: 0, top: [] });
    expect(emptyDash.inbound).toEqual({ overdue: 0, today: 0, next7Days: 0, later: 0, noDate: 0, top: [] });
    expect(emptyDash.stock).toEqual([]);
  });

  it('counts the seller’s orders per day by marketplace and by status, in the viewer’s calendar', async () => {
    const { perDay } = (await figures(dashToken)).orders ?? {};
    if (!perDay) throw new Error('no order figures');
    expect(perDay.days.at(-1)).toBe(dayOf(0));
    expect(perDay.days[0]).toBe(dayOf(-29));
    const at = (counts: number[] | undefined, daysAgo: number) => counts?.[29 - daysAgo];
    const platform = (name: string) => perDay.byPlatform.find((line) => line.platform === name)?.counts;
    const status = (tab: string) => perDay.byStatus.find((line) => line.tab === tab)?.counts;
    expect(perDay.byPlatform.map((line) => line.platform)).toEqual(['shopee', 'lazada', 'tiktok']);
    expect([at(platform('shopee'), 0), at(platform('shopee'), 2)]).toEqual([1, 1]);
    expect([at(platform('lazada'), 0), at(platform('lazada'), 1)]).toEqual([1, 1]);
    expect(at(platform('tiktok'), 3)).toBe(1);
    // The order placed 40 days ago is outside the window.
    const total = perDay.byPlatform.flatMap((line) => line.counts).reduce((sum, n) => sum + n, 0);
    expect(total).toBe(5);
    expect(at(status('pending'), 0)).toBe(1);
    expect(at(status('cancelled'), 0)).toBe(1);
    expect(at(status('to_review'), 1)).toBe(1);
    expect(at(status('shipped'), 2)).toBe(1);
    expect(at(status('pending'), 3)).toBe(1);
    expect(perDay.byStatus.map((line) => line.tab)).toEqual(['to_review', 'pending', 'shipped', 'cancelled']);
  });

  it('counts the tabs as they stand and what shipped and was cancelled today', async () => {
    expect((await figures(dashToken)).orders?.today).toEqual({
      ordered: 2,
      to_review: 2,
      pending: 2,
      problem: 1,
      shipped: 1,
      cancelled: 1,
    });
  });

  it('lists the open orders whose ship-by is past or within 24 hours, most urgent first', async () => {
    const atRisk = (await figures(dashToken)).orders?.atRisk;
    expect(atRisk).toMatchObject({ total: 2, overdue: 1, toReview: 1, pending: 1 });
    expect(atRisk?.top.map((order) => [order.orderNo, order.tab, order.warehouseCode])).toEqual([
      ['DASH-LATE', 'pending', 'DSH1'],
      ['DASH-SOON', 'to_review', 'DSH1'],
    ]);
    expect(atRisk?.top[0]).toMatchObject({
      id: placed.LATE?.id,
      platform: 'shopee',
      sellerName: 'Dana Dash',
    });
    expect(new Date(atRisk?.top[0]?.shipBy ?? 0).getTime()).toBeLessThan(Date.now());
  });

  it('names the SKUs short for orders waiting for stock, against what is available', async () => {
    expect((await figures(dashToken)).orders?.outOfStock).toEqual({
      orders: 1,
      skus: 1,
      units: 4,
      top: [
        {
          skuId: skuY,
          sellerSku: 'DASH-Y',
          productName: expect.any(String),
          warehouseId,
          warehouseCode: 'DSH1',
          orders: 1,
          needed: 4,
          available: 0,
          short: 4,
        },
      ],
    });
  });

  it('counts inbound orders still expected by arrival day, those due within the week listed', async () => {
    const due = (await figures(dashToken)).inbound;
    expect(due).toMatchObject({ overdue: 1, today: 1, next7Days: 1, later: 1, noDate: 1 });
    expect(due?.top.map((order) => [order.inboundNo, order.units, order.warehouseCode])).toEqual([
      [inbound.overdue, 12, 'DSH1'],
      [inbound.today, 5, 'DSH1'],
      [inbound.week, 7, 'DSH1'],
    ]);
  });

  it('sums available, frozen and total units per warehouse', async () => {
    // 10 received; LATE holds 2; SHIP held 1 and took it away. SHORT held nothing (all or none).
    expect((await figures(dashToken)).stock).toEqual([
      {
        warehouseId,
        code: 'DSH1',
        name: 'Dash test warehouse',
        available: 7,
        frozen: 2,
        total: 9,
        skus: 1,
      },
    ]);
  });

  it('shows another seller none of these figures', async () => {
    const after = await figures(await world.login('seller2'));
    // Sellers ship to every warehouse (DSH1 is one more), but nothing of theirs changed.
    expect(after.warehouseCount).toBe(seller2Before.warehouseCount + 1);
    expect([after.scope, after.inbound, after.stock]).toEqual([
      seller2Before.scope,
      seller2Before.inbound,
      seller2Before.stock,
    ]);
    const { orders: ordersBefore } = seller2Before;
    const { orders: ordersAfter } = after;
    expect(ordersAfter?.perDay).toEqual(ordersBefore?.perDay);
    expect(ordersAfter?.today).toEqual(ordersBefore?.today);
    expect(ordersAfter?.outOfStock).toEqual(ordersBefore?.outOfStock);
    expect(ordersAfter?.atRisk.top.every((order) => order.sellerName === 'Sara Seller')).toBe(true);
    const seller = await figures(await world.login('seller'));
    const named = JSON.stringify(seller);
    for (const text of ['DASH-', 'DSH1', 'Dana Dash']) expect(named).not.toContain(text);
  });

  it('shows a warehouse worker only the warehouses assigned to them', async () => {
    const staff = await figures(staffToken);
    expect(staff).toMatchObject({ scope: 'warehouses', warehouseCount: 1 });
    const dash = await figures(dashToken);
    // DSH1 holds only the new seller's orders, stock and inbound: the worker sees exactly those.
    expect(staff.orders?.today).toEqual(dash.orders?.today);
    expect(staff.orders?.perDay).toEqual(dash.orders?.perDay);
    expect(staff.orders?.outOfStock).toEqual(dash.orders?.outOfStock);
    expect(staff.orders?.atRisk.top.map((order) => order.orderNo)).toEqual(['DASH-LATE', 'DASH-SOON']);
    expect(staff.inbound).toEqual(dash.inbound);
    expect(staff.stock?.map((row) => row.code)).toEqual(['DSH1']);

    const demoWorker = JSON.stringify(await figures(await world.login('warestaff')));
    for (const text of ['DASH-', 'DSH1', 'BKK1', 'TEA']) expect(demoWorker).not.toContain(text);
  });

  it('gives an agent the whole tenant', async () => {
    const all = await figures(await world.login('agent'));
    expect(all.scope).toBe('tenant');
    expect(all.stock?.map((row) => row.code)).toEqual(['BKK1', 'DG01', 'DSH1']);
    expect(all.orders?.atRisk.top[0]?.orderNo).toBe('DASH-LATE');
    expect(all.orders?.outOfStock.top.map((sku) => sku.sellerSku)).toContain('DASH-Y');
    expect(all.inbound?.top.map((order) => order.inboundNo)).toContain(inbound.overdue);
    expect(all.orders?.today.problem).toBeGreaterThan(1);
  });

  it('gives a role only the figures of the lists it reads, and refuses an unknown time zone', async () => {
    // Customer service reads the tenant's orders, neither inbound nor stock.
    const service = await figures(await world.login('service'));
    expect(service).toMatchObject({ inbound: null, stock: null });
    expect(service.orders?.atRisk.top.map((order) => order.orderNo)).toContain('DASH-LATE');
    await world.database.ownerPool.query(
      `delete from role_permissions rp using roles r, permissions p
        where rp.role_id = r.id and rp.permission_id = p.id
          and r.role_code = 'customer_service' and p.perms = 'order:list'`,
    );
    const without = await figures(await world.login('service'));
    expect(without).toMatchObject({ orders: null, inbound: null, stock: null });
    const refused = await world.request({
      method: 'GET',
      url: '/api/dashboard/figures?tz=Mars/Olympus',
      token: dashToken,
    });
    expect(refused.statusCode).toBe(400);
    expect((await world.request({ method: 'GET', url: '/api/dashboard/figures' })).statusCode).toBe(401);
  });
});
