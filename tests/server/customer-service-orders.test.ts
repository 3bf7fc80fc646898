/**
 * Customer service and the order list: it reads every order of its tenant (every seller's, on
 * the agent-side list its notifications link to), opens an order's detail, and changes nothing —
 * every order action is refused and leaves the order as it was; another tenant's orders stay out
 * of sight. A tenant provisioned before customer service read orders gets the grant from its
 * migration.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MenuItem } from '@shared/contract/identity.js';
import { adminCalls } from '../support/admin-calls.js';
import { createTestWorld, type TestWorld } from '../support/test-app.js';

let world: TestWorld;
let service: string;
const api = adminCalls(() => world);

beforeAll(async () => {
  world = await createTestWorld();
  service = await api.signIn('service');
});
afterAll(() => world.close());

interface Listed {
  id: string;
  orderNo: string;
  sellerName: string;
  localStatus: string;
}

async function list(token: string, query = 'type=all&pageSize=200') {
  const response = await world.request({ method: 'GET', url: `/api/order/list?${query}`, token });
  return response;
}

async function orderScreens(token: string): Promise<MenuItem[]> {
  const reply = await api.call(token, 'GET', 'sys/permission/getUserPermissionByToken?lang=en-US');
  expect(reply.status).toBe(200);
  const flat = (items: MenuItem[]): MenuItem[] =>
    items.flatMap((item) => [item, ...flat(item.children ?? [])]);
  return flat(reply.body.result.menu as MenuItem[]).filter((item) => item.component === 'orders/OrderList');
}

describe('customer service on the order list', () => {
  it("lists every seller's orders of its tenant, and none of another tenant", async () => {
    const response = await list(service);
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json().result as { total: number; records: Listed[]; counts: { all: number } };
    expect(page.total).toBeGreaterThan(0);
    expect(page.counts.all).toBe(page.total);
    const sellers = new Set(page.records.map((row) => row.sellerName));
    expect(sellers.size).toBeGreaterThan(1);
    expect(page.records.some((row) => row.orderNo.startsWith('ACME'))).toBe(false);

    const { rows } = await world.database.ownerPool.query<{ id: string; order_no: string }>(
      "select id, order_no from orders where order_no like 'ACME%' limit 1",
    );
    const acme = rows[0];
    expect(acme).toBeDefined();
    const foreign = await world.request({
      method: 'GET',
      url: `/api/order/detail?id=${acme?.id}`,
      token: service,
    });
    expect(foreign.statusCode).toBe(404);
    const searched = await list(service, `searchTrackingNo=${acme?.order_no}&type=all`);
    expect(searched.json().result.total).toBe(0);
  });

  it("opens an order's detail and which orders hold a SKU's units", async () => {
    const page = (await list(service, 'tab=pending&pageSize=5')).json().result as { records: Listed[] };
    const order = page.records[0];
    expect(order).toBeDefined();
    const detail = await world.request({
      method: 'GET',
      url: `/api/order/detail?id=${order?.id}`,
      token: service,
    });
    expect(detail.statusCode, detail.body).toBe(200);
    const { lines } = detail.json().result as { lines: { skuId: string }[] };
    expect(lines.length).toBeGreaterThan(0);
    const holders = await world.request({
      method: 'GET',
      url: `/api/order/reservation/holders?skuId=${lines[0]?.skuId}`,
      token: service,
    });
    expect(holders.statusCode, holders.body).toBe(200);
  });

  it('is refused every order action, and the order stays as it was', async () => {
    const page = (await list(service, 'tab=to_review&pageSize=5')).json().result as { records: Listed[] };
    const order = page.records[0];
    expect(order).toBeDefined();
    const id = order?.id ?? '';
    const before = await world.database.ownerPool.query(
      'select local_status, tags, seller_note, updated_at from orders where id = $1',
      [id],
    );
    const { rows: warehouses } = await world.database.ownerPool.query<{ id: string }>(
      "select id from warehouses where code = 'DG01'",
    );
    const attempts: [string, object][] = [
      ['/api/order/cancel', { ids: [id] }],
      ['/api/order/review/pass', { ids: [id] }],
      ['/api/order/review/reject', { ids: [id], reason: 'no' }],
      ['/api/order/outOfStock', { ids: [id] }],
      ['/api/order/tags', { ids: [id], tags: ['urgent'] }],
      ['/api/order/notes', { id, sellerNote: 'changed' }],
      ['/api/order/merge', { ids: [id] }],
      ['/api/order/reservation/repair', {}],
      [
        '/api/order/add',
        { orderNo: 'CS-1', warehouseId: warehouses[0]?.id, lines: [{ skuId: id, quantity: 1 }] },
      ],
    ];
    for (const [url, payload] of attempts) {
      const response = await world.request({ method: 'POST', url, payload, token: service });
      expect(response.statusCode, url).toBe(403);
    }
    const after = await world.database.ownerPool.query(
      'select local_status, tags, seller_note, updated_at from orders where id = $1',
      [id],
    );
    expect(after.rows).toEqual(before.rows);
  });

  it('finds the agent-side list in its menu, with reading only', async () => {
    const screens = await orderScreens(service);
    expect(screens.map((screen) => screen.path)).toEqual(['/agent/order/new']);
    const reply = await api.call(service, 'GET', 'sys/permission/getUserPermissionByToken?lang=en-US');
    const actions = (reply.body.result.auth as { action: string }[]).map((entry) => entry.action);
    expect(actions).toContain('order:list');
    for (const action of ['order:add', 'order:edit', 'order:review', 'order:repair'])
      expect(actions).not.toContain(action);
  });
});

describe('a tenant provisioned before customer service read orders', () => {
  it('gets the grant from the migration, once', async () => {
    await world.database.ownerPool.query(
      `delete from role_permissions rp using roles r, permissions p
        where rp.role_id = r.id and rp.permission_id = p.id
          and r.role_code = 'customer_service' and p.catalog_key in ('order_agent', 'btn_order_list')`,
    );
    const without = await api.signIn('service');
    expect((await list(without)).statusCode).toBe(403);
    expect(await orderScreens(without)).toEqual([]);

    const migration = readFileSync(
      join(import.meta.dirname, '../../src/server/db/migrations/0023_customer_service_orders.sql'),
      'utf8',
    );
    await world.database.ownerPool.query(migration);
    await world.database.ownerPool.query(migration);

    const granted = await api.signIn('service');
    expect((await list(granted)).statusCode).toBe(200);
    expect((await orderScreens(granted)).map((screen) => screen.path)).toEqual(['/agent/order/new']);
    const { rows } = await world.database.ownerPool.query<{ n: number }>(
      `select count(*)::int as n from role_permissions rp join roles r on r.id = rp.role_id
        join permissions p on p.id = rp.permission_id
        where r.role_code = 'customer_service' and p.catalog_key in ('order_agent', 'btn_order_list')`,
    );
    // Both entries, in both tenants.
    expect(rows[0]?.n).toBe(4);
  });
});
