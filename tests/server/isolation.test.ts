import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf, withTenant } from '@server/db/client.js';
import { authenticate } from '@server/modules/identity/index.js';
import {
  apiOperations,
  build,
  optionsOf,
  stringPlaces,
  type JsonSchema,
  type Operation,
  type Segment,
} from '../support/openapi.js';
import { createSandboxWorld, type SandboxWorld } from '../support/sandbox-world.js';
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
  it('leaves no tenant on the connection that read a session', async () => {
    const token = await world.login('acme-agent', { agentCode: 'acme' });
    const pool = new pg.Pool({ ...world.database.appConnection, max: 1 });
    try {
      const db = drizzle(pool);
      expect(await authenticate(db, token)).toMatchObject({ tenantId: acmeId });
      const [after] = rowsOf<{ tenant: string | null; users: number }>(
        await db.execute(
          sql`select current_setting('app.tenant_id', true) as tenant, (select count(*)::int from users) as users`,
        ),
      );
      expect(after?.tenant ?? '').toBe('');
      expect(after?.users).toBe(0);
    } finally {
      await pool.end();
    }
  });

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
    // The demo tenant's warehouse and channel are free in acme; acme's own warehouse is not.
    for (const [query, isTaken] of [
      ['tableName=warehouses&fieldName=code&fieldVal=DG01', false],
      ['tableName=warehouses&fieldName=code&fieldVal=acm1', true],
      ['tableName=logistics_channels&fieldName=name&fieldVal=Sandbox%20Express', false],
    ] as const) {
      const answer = await world.request({
        method: 'GET',
        url: `/api/sys/duplicate/check?${query}`,
        token: acme,
      });
      expect(answer.statusCode, query).toBe(isTaken ? 409 : 200);
    }
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

/**
 * Every route in the OpenAPI document, called by a user of another tenant (acme-agent) and by
 * another seller of the same tenant (seller2) with the victims' ids in every id it takes (path,
 * query and body; the rest shaped by the schema): no successful JSON reply carries a victim's
 * id, and no victim row changes. A route added later is covered by being in the document.
 */
describe('isolation on every route', () => {
  const SKIP = new Set(['POST /api/sys/logout']);
  const ID_NAME = /(^id$|Id$|^ids$|Ids$)/;
  const UUID_TEXT = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

  interface Victim {
    attacker: string;
    /** Every id the attacker must never see. */
    ids: Set<string>;
    /** One id of each table, to put into the routes' id slots. */
    probes: string[];
    /** The victim's rows, summarised per table, to see that nothing changed. */
    snapshot: () => Promise<Record<string, string>>;
  }

  async function columnsOf(table: string): Promise<Set<string>> {
    const { rows } = await world.database.ownerPool.query<{ column_name: string }>(
      `select column_name from information_schema.columns where table_schema = 'public' and table_name = $1`,
      [table],
    );
    return new Set(rows.map((row) => row.column_name));
  }

  async function victimOf(attacker: string, where: (columns: Set<string>) => string | null): Promise<Victim> {
    const scoped: { table: string; where: string; hasId: boolean }[] = [];
    for (const table of tenantTables) {
      const columns = await columnsOf(table);
      const condition = where(columns);
      if (condition) scoped.push({ table, where: condition, hasId: columns.has('id') });
    }
    const ids = new Set<string>();
    const probes: string[] = [];
    for (const { table, where: condition } of scoped.filter((entry) => entry.hasId)) {
      const { rows } = await world.database.ownerPool.query<{ id: string }>(
        `select id::text as id from ${table} where ${condition} order by id`,
      );
      for (const row of rows) ids.add(row.id);
      if (rows[0]) probes.push(rows[0].id);
    }
    const snapshot = async () => {
      const sums: Record<string, string> = {};
      for (const { table, where: condition } of scoped) {
        const { rows } = await world.database.ownerPool.query<{ sum: string | null }>(
          `select md5(string_agg(t::text, '|' order by t::text)) as sum from ${table} t where ${condition}`,
        );
        sums[table] = rows[0]?.sum ?? '';
      }
      return sums;
    };
    return { attacker, ids, probes, snapshot };
  }

  function setAt(target: Record<string, unknown>, segments: Segment[], value: unknown) {
    let node: Record<string | number, unknown> = target;
    for (const [index, segment] of segments.entries()) {
      if (index === segments.length - 1) {
        node[segment] = value;
        return;
      }
      const next = segments[index + 1];
      if (typeof node[segment] !== 'object' || node[segment] === null)
        node[segment] = typeof next === 'number' ? [] : {};
      node = node[segment] as Record<string | number, unknown>;
    }
  }

  const isIdSlot = (name: Segment | undefined, schema?: JsonSchema) =>
    (typeof name === 'string' && ID_NAME.test(name)) ||
    schema?.format === 'uuid' ||
    (schema ? optionsOf(schema).some((option) => option.format === 'uuid') : false);

  function requestWith(operation: Operation, id: string, token: string) {
    const path = operation.path.replace(/{([^}]+)}/g, (_, name: string) => {
      const parameter = operation.parameters.find((p) => p.in === 'path' && p.name === name);
      return encodeURIComponent(
        isIdSlot(name, parameter?.schema) ? id : String(build(parameter?.schema ?? {}, null, '')),
      );
    });
    const query = new URLSearchParams();
    for (const parameter of operation.parameters.filter((p) => p.in === 'query')) {
      if (isIdSlot(parameter.name, parameter.schema)) query.set(parameter.name, id);
      else if (parameter.required) query.set(parameter.name, String(build(parameter.schema ?? {}, null, '')));
    }
    let body: unknown;
    if (operation.body) {
      body = build(operation.body, null, '');
      const slots = stringPlaces(operation.body).filter((segments) => isIdSlot(segments.at(-1)));
      for (const segments of slots) setAt(body as Record<string, unknown>, segments, id);
      for (const [key, child] of Object.entries(operation.body.properties ?? {}))
        if (child.type === 'array' && child.items?.format === 'uuid' && isIdSlot(key))
          setAt(body as Record<string, unknown>, [key], [id]);
    }
    return world.app.inject({
      method: operation.method as 'POST',
      url: `${path}${query.size > 0 ? `?${query}` : ''}`,
      remoteAddress: `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.3`,
      headers: { 'x-access-token': token },
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    });
  }

  it("never shows or changes another tenant's or another seller's rows, whatever id a route is given", async () => {
    const operations = await apiOperations(world, SKIP);
    expect(operations.length).toBeGreaterThan(100);
    const sellerId = (
      await world.database.ownerPool.query<{ id: string }>(
        `select id::text as id from users where username = 'seller'`,
      )
    ).rows[0]?.id;
    const victims = [
      await victimOf('acme-agent', () => `tenant_id = '${demoId}'`),
      await victimOf('seller2', (columns) =>
        columns.has('seller_id') ? `tenant_id = '${demoId}' and seller_id = '${sellerId}'` : null,
      ),
    ];
    victims[1]?.ids.add(sellerId ?? '');
    const leaks: string[] = [];
    let reached = 0;
    for (const victim of victims) {
      expect(victim.probes.length, victim.attacker).toBeGreaterThan(3);
      const token =
        victim.attacker === 'acme-agent'
          ? await world.login('acme-agent', { agentCode: 'acme' })
          : await world.login(victim.attacker);
      const before = await victim.snapshot();
      for (const operation of operations) {
        const takesIds =
          operation.parameters.some((p) => isIdSlot(p.name, p.schema)) ||
          (operation.body
            ? stringPlaces(operation.body).some((segments) => isIdSlot(segments.at(-1)))
            : false);
        const probes = takesIds ? victim.probes : [randomUUID()];
        const replies = await Promise.all(probes.map((id) => requestWith(operation, id, token)));
        for (const [index, reply] of replies.entries()) {
          if (reply.statusCode !== 400 && reply.statusCode !== 401 && reply.statusCode !== 403) reached += 1;
          if (reply.statusCode < 200 || reply.statusCode >= 300) continue;
          if (!String(reply.headers['content-type']).startsWith('application/json')) continue;
          const seen = (reply.body.match(UUID_TEXT) ?? []).filter((id) => victim.ids.has(id.toLowerCase()));
          if (seen.length > 0)
            leaks.push(
              `${victim.attacker} ${operation.method} ${operation.path} with ${probes[index]} → ${seen.slice(0, 3).join(', ')}`,
            );
        }
      }
      expect(await victim.snapshot(), `${victim.attacker} changed a victim row`).toEqual(before);
    }
    expect(leaks).toEqual([]);
    expect(reached).toBeGreaterThan(100);
  }, 240_000);
});

/**
 * Every route in the OpenAPI document (swagger builds it from the app's own onRoute hook, so a
 * route added later is in it), called as a user of every role the demo has, with the smallest
 * body its schema takes: a refusal (4xx) is fine, a 5xx is a defect and is named with the route
 * and the role. Ids are fresh, so no call finds a row to change. The marketplaces and the carrier
 * are wired to the sandbox, as on a configured server, so their routes run rather than answer
 * "not configured".
 */
describe('every route as every role', () => {
  const SKIP = new Set(['POST /api/sys/logout']);
  const USERS = ['admin', 'agent', 'seller', 'sellerstaff', 'waremanager', 'warestaff', 'service'];
  let configured: SandboxWorld;

  beforeAll(async () => {
    configured = await createSandboxWorld({ maxSleepMs: 10 });
  });
  afterAll(async () => {
    await configured.world.close();
    await configured.sandbox.close();
  });

  function minimalRequest(operation: Operation, token: string) {
    const path = operation.path.replace(/{([^}]+)}/g, (_, name: string) => {
      const parameter = operation.parameters.find((p) => p.in === 'path' && p.name === name);
      return encodeURIComponent(String(build(parameter?.schema ?? {}, null, '')));
    });
    const query = new URLSearchParams();
    for (const parameter of operation.parameters.filter((p) => p.in === 'query' && p.required))
      query.set(parameter.name, String(build(parameter.schema ?? {}, null, '')));
    const body = operation.body ? build(operation.body, null, '') : undefined;
    return configured.world.app.inject({
      method: operation.method as 'POST',
      url: `${path}${query.size > 0 ? `?${query}` : ''}`,
      remoteAddress: `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.4`,
      headers: { 'x-access-token': token },
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    });
  }

  it('answers no route with a 5xx, whoever calls it', async () => {
    const target = configured.world;
    const operations = await apiOperations(target, SKIP);
    expect(operations.length).toBeGreaterThan(100);
    const roles = await target.database.ownerPool.query<{ username: string; user_role: string }>(
      `select username, user_role from users where username = any($1)`,
      [USERS],
    );
    expect(new Set(roles.rows.map((row) => row.user_role)).size).toBe(USERS.length);
    const failures: string[] = [];
    let handled = 0;
    for (const username of USERS) {
      let token = await target.login(username);
      for (const operation of operations) {
        let reply = await minimalRequest(operation, token);
        // A route that ends the caller's sessions (a password change, say) leaves the next
        // calls to a fresh sign-in.
        if (reply.statusCode === 401) {
          token = await target.login(username);
          reply = await minimalRequest(operation, token);
        }
        if (reply.statusCode !== 401 && reply.statusCode !== 403) handled += 1;
        if (reply.statusCode >= 500)
          failures.push(
            `${username}: ${operation.method} ${operation.path} → ${reply.statusCode} ${reply.body.slice(0, 160)}`,
          );
      }
    }
    expect(failures).toEqual([]);
    expect(handled).toBeGreaterThan(USERS.length * 50);
  }, 300_000);
});
