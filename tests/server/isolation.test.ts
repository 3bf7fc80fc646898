import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf, withTenant } from '../../src/server/db/client.js';
import { createTestWorld, type TestWorld } from '../support/test-app.js';

let world: TestWorld;
let tenantTables: string[];
let demoId: string;
let acmeId: string;

beforeAll(async () => {
  world = await createTestWorld();
  const { rows } = await world.database.ownerPool.query<{ table_name: string }>(
    `select c.table_name from information_schema.columns c
     join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
     where c.table_schema = 'public' and c.column_name = 'tenant_id' and t.table_type = 'BASE TABLE'
     order by c.table_name`,
  );
  tenantTables = rows.map((row) => row.table_name);
  const tenants = await world.database.ownerPool.query<{ id: string; agent_code: string }>(
    'select id, agent_code from tenants',
  );
  demoId = tenants.rows.find((row) => row.agent_code === 'demo')?.id ?? '';
  acmeId = tenants.rows.find((row) => row.agent_code === 'acme')?.id ?? '';
});
afterAll(() => world.close());

describe('row-level security (DESIGN §4)', () => {
  it('is enabled and forced, with a tenant policy, on every table that has tenant_id', async () => {
    expect(tenantTables.length).toBeGreaterThanOrEqual(10);
    const { rows } = await world.database.ownerPool.query<{
      relname: string;
      relrowsecurity: boolean;
      relforcerowsecurity: boolean;
      policies: number;
    }>(
      `select c.relname, c.relrowsecurity, c.relforcerowsecurity,
              (select count(*)::int from pg_policies p where p.tablename = c.relname and p.policyname = 'tenant_isolation') as policies
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relname = any($1)`,
      [tenantTables],
    );
    const unsafe = rows
      .filter((row) => !row.relrowsecurity || !row.relforcerowsecurity || row.policies !== 1)
      .map((row) => row.relname);
    expect(unsafe).toEqual([]);
    expect(rows).toHaveLength(tenantTables.length);
  });

  it('has the app work as a role that owns no table and cannot bypass RLS', async () => {
    const [role] = rowsOf<{ current_user: string; rolbypassrls: boolean; rolsuper: boolean }>(
      await world.database.db.execute(
        sql`select current_user, r.rolbypassrls, r.rolsuper from pg_roles r where r.rolname = current_user`,
      ),
    );
    expect(role).toMatchObject({ current_user: 'wms_app', rolbypassrls: false, rolsuper: false });
    const { rows } = await world.database.ownerPool.query(
      "select tablename from pg_tables where schemaname = 'public' and tableowner = 'wms_app'",
    );
    expect(rows).toEqual([]);
  });

  it('shows nothing of any tenant table without a tenant, or under a tenant that has no data', async () => {
    const db = world.database.db;
    for (const table of tenantTables) {
      const [outside] = rowsOf<{ n: number }>(
        await db.execute(sql`select count(*)::int as n from ${sql.identifier(table)}`),
      );
      expect(outside?.n, `${table} without a tenant`).toBe(0);
      const stranger = await withTenant(db, randomUUID(), async (tx) =>
        rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from ${sql.identifier(table)}`)),
      );
      expect(stranger[0]?.n, `${table} under an empty tenant`).toBe(0);
    }
  });

  it("never shows one tenant's rows under another tenant's scope", async () => {
    const db = world.database.db;
    let seenOwn = 0;
    for (const table of tenantTables) {
      const rows = await withTenant(db, acmeId, async (tx) =>
        rowsOf<{ tenant_id: string }>(await tx.execute(sql`select tenant_id from ${sql.identifier(table)}`)),
      );
      expect(
        rows.filter((row) => row.tenant_id !== acmeId),
        table,
      ).toEqual([]);
      seenOwn += rows.length;
    }
    expect(seenOwn).toBeGreaterThan(0);
    const tenants = await withTenant(db, acmeId, async (tx) =>
      rowsOf<{ id: string }>(await tx.execute(sql`select id from tenants`)),
    );
    expect(tenants.map((row) => row.id)).toEqual([acmeId]);
  });

  it('refuses to write a row for another tenant', async () => {
    await expect(
      withTenant(world.database.db, acmeId, (tx) =>
        tx.execute(
          sql`insert into departments (tenant_id, org_code, depart_name) values (${demoId}, 'X99', 'Intruder')`,
        ),
      ),
    ).rejects.toMatchObject({
      cause: { code: '42501', message: expect.stringMatching(/row-level security/) },
    });
    await expect(
      withTenant(world.database.db, acmeId, (tx) =>
        tx.execute(sql`update users set realname = 'hacked' where tenant_id = ${demoId}`),
      ),
    ).resolves.toBeDefined();
    const { rows } = await world.database.ownerPool.query(
      "select count(*)::int as n from users where realname = 'hacked'",
    );
    expect(rows[0].n).toBe(0);
  });
});

describe('tenant isolation through the API', () => {
  it("does not let a token of one tenant reach another tenant's data", async () => {
    const acme = await world.login('acme-agent', { agentCode: 'acme' });
    const info = await world.request({ method: 'GET', url: '/api/user/info', token: acme });
    expect(info.json().result.tenantId).toBe(acmeId);
    const menu = await world.request({
      method: 'GET',
      url: '/api/sys/permission/getUserPermissionByToken',
      token: acme,
    });
    expect(menu.statusCode).toBe(200);
    const duplicate = await world.request({
      method: 'GET',
      url: '/api/sys/duplicate/check?tableName=sys_user&fieldName=username&fieldVal=seller',
      token: acme,
    });
    expect(duplicate.json().success).toBe(true);
    const departs = await world.request({
      method: 'GET',
      url: '/api/sys/user/getCurrentUserDeparts',
      token: acme,
    });
    expect(
      departs.json().result.list.every((depart: { orgCode: string }) => depart.orgCode.startsWith('A01')),
    ).toBe(true);
  });
});
