/**
 * The one-message reads (readInTenant, the order list's counts and page) and the session read
 * (app_session_actor): the tenant's rows and no other's, no write, nothing left set on a pooled
 * connection, and the same answer as a tenant transaction gives.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import pg from 'pg';
import {
  executePrepared,
  readInTenant,
  rowsOf,
  withTenant,
  withTenantStatement,
  type TenantTx,
} from '@server/db/client.js';
import { authenticate } from '@server/modules/identity/index.js';
import { sha256 } from '@server/modules/identity/sign-in/credentials.js';
import { SESSION_ACTOR } from '@server/modules/identity/sign-in/sign-in.queries.js';
import { orderListCounts, orderListPage } from '@server/modules/orders/orders.queries.js';
import { orderListQuery } from '@shared/contract/orders.js';
import { createTestWorld, type TestWorld } from '../support/test-app.js';

let world: TestWorld;
let demoId: string;
let acmeId: string;

beforeAll(async () => {
  world = await createTestWorld();
  const { rows } = await world.database.ownerPool.query<{ id: string; agent_code: string }>(
    'select id, agent_code from tenants',
  );
  demoId = rows.find((row) => row.agent_code === 'demo')?.id ?? '';
  acmeId = rows.find((row) => row.agent_code === 'acme')?.id ?? '';
});
afterAll(() => world.close());

/** The text of what pg's Client.query was given (a query config or the text itself). */
const textOf = (query: unknown): string =>
  typeof query === 'string' ? query : ((query as { text?: string } | undefined)?.text ?? '');

const tenantsSeen = (tenantId: string, query = sql`select distinct tenant_id from users`) =>
  readInTenant(world.database.db, tenantId, async (tx) =>
    rowsOf<{ tenant_id: string }>(await tx.execute(query)).map((row) => row.tenant_id),
  );

describe('readInTenant', () => {
  it("reads the tenant's rows and no other tenant's, with parameters written in", async () => {
    expect(await tenantsSeen(demoId)).toEqual([demoId]);
    expect(await tenantsSeen(acmeId)).toEqual([acmeId]);
    const other = await tenantsSeen(
      demoId,
      sql`select distinct tenant_id from users where tenant_id = ${acmeId} or username = ${"x' or '1'='1"}`,
    );
    expect(other).toEqual([]);
  });

  it('refuses a write and changes nothing', async () => {
    const name = `read-only-${randomUUID().slice(0, 8)}`;
    await expect(
      readInTenant(world.database.db, demoId, (tx) =>
        tx.execute(sql`update users set realname = ${name} where username = 'seller'`),
      ),
    ).rejects.toMatchObject({ cause: { code: '25006' } }); // read_only_sql_transaction
    const names = await withTenant(world.database.db, demoId, async (tx) =>
      rowsOf<{ realname: string }>(
        await tx.execute(sql`select realname from users where username = 'seller'`),
      ),
    );
    expect(names[0]?.realname).not.toBe(name);
  });

  it('leaves no tenant set on the pooled connections', async () => {
    await Promise.all(Array.from({ length: 12 }, () => tenantsSeen(demoId)));
    const clients = await Promise.all(Array.from({ length: 10 }, () => world.database.appPool.connect()));
    try {
      for (const client of clients) {
        const { rows } = await client.query<{ tenant: string | null; seen: string }>(
          `select current_setting('app.tenant_id', true) as tenant, (select count(*) from users)::text as seen`,
        );
        expect(rows[0]?.tenant ?? '').toBe('');
        expect(rows[0]?.seen).toBe('0');
      }
    } finally {
      for (const client of clients) client.release();
    }
  });

  it("answers the order list's counts and page exactly as a tenant transaction does", async () => {
    const actor = await authenticate(world.database.db, await world.login('agent'));
    if (typeof actor === 'string') throw new Error(`the demo agent signs no one in: ${actor}`);
    for (const params of [
      {},
      { tab: 'pending' },
      { numbers: "ORD-1,O'X", pageSize: '5', tags: 'urgent,problem' },
      { dateFrom: '2026-01-01T00:00:00Z', shipTime: '48h' },
    ]) {
      const query = orderListQuery.parse(params);
      const inTransaction = await withTenant(world.database.db, demoId, async (tx) => ({
        counts: await orderListCounts(tx, actor, query),
        page: await orderListPage(tx, actor, query),
      }));
      const inMessages = await readInTenant(world.database.db, demoId, async (tx) => ({
        counts: await orderListCounts(tx, actor, query),
        page: await orderListPage(tx, actor, query),
      }));
      expect(inMessages).toEqual(inTransaction);
      const sent = vi.spyOn(world.database.appPool, 'query');
      try {
        const [counts, page] = await readInTenant(world.database.db, demoId, (tx) =>
          Promise.all([orderListCounts(tx, actor, query), orderListPage(tx, actor, query)]),
        );
        expect({ counts, page }).toEqual(inTransaction);
        expect(sent).toHaveBeenCalledTimes(2); // one message each
      } finally {
        sent.mockRestore();
      }
    }
  });

  it('answers a failing statement with its error, and the next read works', async () => {
    await expect(
      readInTenant(world.database.db, demoId, (tx) =>
        Promise.all([tx.execute(sql`select 1`), tx.execute(sql`select 1 / ${0}`)]),
      ),
    ).rejects.toMatchObject({ cause: { code: '22012' } }); // division_by_zero
    expect(await tenantsSeen(demoId)).toEqual([demoId]);
  });
});

describe('withTenant, its opening sent with its first statement', () => {
  const seen = (tx: TenantTx, username: string) =>
    tx.execute(
      sql`select tenant_id, current_setting('app.user_id') as user_id from users where username = ${username}`,
    );

  it('opens the tenant transaction with a first statement that has parameters, prepared or not', async () => {
    const userId = randomUUID();
    for (let round = 0; round < 12; round += 1) {
      const rows = await withTenant(
        world.database.db,
        acmeId,
        async (tx) => {
          const first =
            round % 2 === 0
              ? rowsOf<{ tenant_id: string; user_id: string }>(await seen(tx, 'acme-seller'))
              : await executePrepared<{ tenant_id: string; user_id: string }>(
                  tx,
                  sql`select tenant_id, current_setting('app.user_id') as user_id from users where username = ${'acme-seller'}`,
                );
          const transactionOf = async () =>
            rowsOf<{ id: string }>(await tx.execute(sql`select txid_current()::text as id`))[0]?.id;
          return { first, same: (await transactionOf()) === (await transactionOf()) };
        },
        userId,
      );
      expect(rows).toEqual({ first: [{ tenant_id: acmeId, user_id: userId }], same: true });
    }
  });

  it('keeps its statements in one transaction and rolls back on an error, the connection usable after', async () => {
    const name = `rolled-back-${randomUUID().slice(0, 8)}`;
    await expect(
      withTenant(world.database.db, demoId, async (tx) => {
        await tx.execute(sql`update users set realname = ${name} where username = 'seller'`);
        await tx.execute(sql`select 1 / ${0}`);
      }),
    ).rejects.toMatchObject({ cause: { code: '22012' } });
    await expect(
      withTenant(world.database.db, demoId, async (tx) => tx.execute(sql`select 1 / ${0}`)),
    ).rejects.toMatchObject({ cause: { code: '22012' } });
    const names = await withTenant(world.database.db, demoId, async (tx) =>
      rowsOf<{ realname: string }>(
        await tx.execute(sql`select realname from users where username = 'seller'`),
      ),
    );
    expect(names[0]?.realname).not.toBe(name);
    const [{ changed } = { changed: 0 }] = await withTenant(world.database.db, demoId, async (tx) => {
      await tx.execute(sql`update users set realname = realname where username = 'seller'`);
      return rowsOf<{ changed: number }>(await tx.execute(sql`select count(*)::int as changed from users`));
    });
    expect(changed).toBeGreaterThan(0);
  });

  it('sends nothing for a transaction that sends no statement', async () => {
    const sent = vi.spyOn(pg.Client.prototype, 'query');
    try {
      expect(await withTenant(world.database.db, demoId, async () => 'nothing')).toBe('nothing');
      // Nothing that opens a tenant's transaction: whatever else this process sent meanwhile is
      // the job runner's polling, on connections of its own.
      const texts = sent.mock.calls.map((call) => textOf(call[0]));
      expect(texts.filter((text) => text.includes('app.tenant_id'))).toEqual([]);
    } finally {
      sent.mockRestore();
    }
  });
});

describe('withTenantStatement, a one-statement transaction in one message', () => {
  const realname = async () =>
    (
      await world.database.ownerPool.query<{ realname: string }>(
        "select realname from users where username = 'seller' and tenant_id = $1",
        [demoId],
      )
    ).rows[0]?.realname;

  it('sends begin, the tenant, the statement and commit in one message, prepared or not, and commits', async () => {
    const sent = vi.spyOn(pg.Client.prototype, 'query');
    let oneMessage = 0;
    try {
      for (let round = 0; round < 8; round += 1) {
        const name = `one-message-${round}-${randomUUID().slice(0, 8)}`;
        sent.mockClear();
        const rows = await withTenantStatement(world.database.db, demoId, (tx) =>
          executePrepared<{ tenant_id: string }>(
            tx,
            sql`update users set realname = ${name} where username = 'seller' returning tenant_id`,
          ),
        );
        // Only the transaction's connection: the test world's job runner queries the same
        // database from this process on its own schedule, through other connections.
        const calls = sent.mock.calls.map((call, index) => ({
          client: sent.mock.contexts[index],
          query: textOf(call[0]),
          values: call[1],
        }));
        const ours = calls.find((call) => JSON.stringify([call.query, call.values]).includes(name))?.client;
        const texts = calls
          .filter((call) => ours !== undefined && call.client === ours)
          .map((call) => call.query);
        expect(rows).toEqual([{ tenant_id: demoId }]);
        expect(await realname()).toBe(name);
        // Its first time on a connection the statement is prepared (begin and the tenant, the
        // statement, commit: three messages, after the pool's own set-up of a new connection);
        // after that, one.
        expect(texts.length === 1 || texts.length >= 3).toBe(true);
        if (texts.length === 1) {
          const [text] = texts;
          expect(text).toMatch(/^begin;[\s\S]*execute app_\w+\([\s\S]*\);\ncommit$/);
          oneMessage += 1;
        }
      }
    } finally {
      sent.mockRestore();
    }
    expect(oneMessage).toBeGreaterThan(0);
  });

  it('rolls back a statement that fails, the connection usable after', async () => {
    const before = await realname();
    await expect(
      withTenantStatement(world.database.db, demoId, (tx) =>
        tx.execute(sql`update users set realname = ${'never'} where username = 'seller' and 1 / ${0} = 1`),
      ),
    ).rejects.toMatchObject({ cause: { code: '22012' } });
    expect(await realname()).toBe(before);
    const idle = await world.database.ownerPool.query<{ n: number }>(
      "select count(*)::int as n from pg_stat_activity where state = 'idle in transaction (aborted)'",
    );
    expect(idle.rows[0]?.n).toBe(0);
    const rows = await withTenantStatement(world.database.db, acmeId, async (tx) =>
      rowsOf<{ tenant_id: string }>(await tx.execute(sql`select distinct tenant_id from users`)),
    );
    expect(rows).toEqual([{ tenant_id: acmeId }]);
  });

  it('refuses a second statement', async () => {
    await expect(
      withTenantStatement(world.database.db, demoId, async (tx) => {
        await tx.execute(sql`select 1`);
        await tx.execute(sql`select 2`);
      }),
    ).rejects.toMatchObject({ cause: { message: 'a one-statement transaction sent a second statement' } });
  });
});

describe('app_session_actor', () => {
  it("reads a token's actor, and a caller's transaction keeps its own tenant", async () => {
    const token = await world.login('seller');
    const actor = await authenticate(world.database.db, token);
    expect(actor).toMatchObject({ tenantId: demoId, username: 'seller', userRole: 'seller' });
    const acmeToken = await world.login('acme-seller', { agentCode: 'acme' });
    const inside = await withTenant(world.database.db, demoId, async (tx) => {
      const [row] = rowsOf<{ tenant_id: string }>(
        await tx.execute(sql`select tenant_id from app_session_actor(${sha256(acmeToken)})`),
      );
      const [still] = rowsOf<{ tenant: string }>(
        await tx.execute(sql`select current_setting('app.tenant_id') as tenant`),
      );
      return { read: row?.tenant_id, still: still?.tenant };
    });
    expect(inside).toEqual({ read: acmeId, still: demoId });
  });

  it('answers no row for an unknown token', async () => {
    const { rows } = await world.database.appPool.query({
      ...SESSION_ACTOR,
      values: [sha256('no such token')],
    });
    expect(rows).toEqual([]);
  });
});
