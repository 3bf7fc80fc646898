/**
 * PDA pull paging and the pruning of the sync logs (docs/research/pda-offline.md §3.6, §3.10): a pull over
 * many pages gives what one page would, says `reset` on its first page only, and keeps the
 * xid-cursor guarantee across pages; old change-log and processed-op rows are pruned in every
 * tenant, and a device whose cursor is older than the pruned changes gets a full pull.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@server/app.js';
import type { Actor } from '@server/http/actor.js';
import { pullChanges, type PullOptions } from '@server/modules/pda/pull.service.js';
import {
  PDA_RETENTION,
  PDA_PRUNE_CRON,
  pdaPruneJob,
  prunePdaLogs,
} from '@server/modules/pda/prune.service.js';
import type { PullChange, PullQuery, PullReply } from '@shared/contract/pda.js';
import { boxId, callerFor, makeOrder, op, push, sellerSkus, type Caller } from '../support/inbound-world.js';
import { actorFor, asActor, demoWarehouse, type DemoWarehouse } from '../support/stock-world.js';
import { createTestWorld, type TestWorld } from '../support/test-app.js';

let world: TestWorld;
let staffActor: Actor;
let staff: Caller;
let seller: Caller;
let sellerToken: string;
let dg01: DemoWarehouse;
let skus: Record<string, string>;

beforeAll(async () => {
  world = await createTestWorld();
  staffActor = await actorFor(world, 'warestaff');
  staff = callerFor(world, await world.login('warestaff'));
  sellerToken = await world.login('seller');
  seller = callerFor(world, sellerToken);
  dg01 = await demoWarehouse(world, 'DG01');
  skus = await sellerSkus(world, sellerToken, ['PG-A', 'PG-B']);
});
afterAll(() => world.close());

const sku = (code: string) => skus[code] ?? '';

/** One page through the service, as the route would, with a page size of the test's choosing. */
const pullPage = (query: Partial<PullQuery>, options: PullOptions = {}): Promise<PullReply> =>
  asActor(world, staffActor, (tx) => pullChanges(tx, staffActor, query as PullQuery, options));

/** Every page of a pull from `cursor` on, as the device's sync engine asks them. */
async function pullAll(cursor: string | undefined, pageSize: number): Promise<PullReply[]> {
  const pages: PullReply[] = [];
  let next = cursor;
  for (;;) {
    const page = await pullPage({ cursor: next }, { pageSize });
    pages.push(page);
    next = page.cursor;
    if (!page.hasMore) return pages;
    if (pages.length > 1000) throw new Error('pull never ends');
  }
}

const keyOf = (change: PullChange) => `${change.entity}:${change.op}:${change.key}`;
const ONE_PAGE = { pageSize: 100_000 };

async function ownerQuery<T>(text: string, values: unknown[] = []): Promise<T[]> {
  const { rows } = await world.database.ownerPool.query(text, values);
  return rows as T[];
}

describe('pull paging', () => {
  it('gives over several pages exactly what one page gives, with reset on the first page only', async () => {
    const whole = await pullPage({}, ONE_PAGE);
    expect(whole).toMatchObject({ reset: true, hasMore: false });
    expect(whole.cursor).toMatch(/^\d+$/);
    expect(whole.changes.length).toBeGreaterThan(9);

    const pages = await pullAll(undefined, 3);
    expect(pages.length).toBe(Math.ceil(whole.changes.length / 3));
    expect(pages.map((page) => page.reset)).toEqual(pages.map((_, index) => index === 0));
    expect(pages.map((page) => page.hasMore)).toEqual(pages.map((_, index) => index < pages.length - 1));
    for (const page of pages) expect(page.changes.length).toBeLessThanOrEqual(3);
    for (const page of pages.slice(0, -1)) expect(page.cursor).toMatch(/^\d+\.f\.[0-2]\.[0-9a-f-]{36}$/);
    const paged = pages.flatMap((page) => page.changes);
    expect(paged).toEqual(whole.changes);
    expect(new Set(paged.map(keyOf)).size).toBe(paged.length);
    // The last page's cursor is the snapshot xmin taken by the first page.
    const last = pages.at(-1);
    expect(last?.cursor).toBe(pages[0]?.cursor.split('.')[0]);
  });

  it('picks up, on the next pull, what was committed while the pages were read', async () => {
    const client = await world.database.ownerPool.connect();
    try {
      // Began before the pull, commits while it pages: its id is at or above the first xmin.
      await client.query('begin');
      await client.query("update skus set variation = 'Long writer' where id = $1", [sku('PG-B')]);
      const first = await pullPage({}, { pageSize: 2 });
      const sent = first.changes[0];
      if (!sent || sent.entity !== 'location') throw new Error('expected a location first');
      await client.query('commit');
      // A row already sent changes while the later pages are read.
      const [location] = await ownerQuery<{ code: string }>(
        'select code from warehouse_locations where id = $1',
        [sent.key],
      );
      await ownerQuery("update warehouse_locations set code = code || '-P' where id = $1", [sent.key]);
      const rest = await pullAll(first.cursor, 2);
      expect(rest.every((page) => !page.reset)).toBe(true);
      const done = rest.at(-1)?.cursor ?? '';
      expect(done).toBe(first.cursor.split('.')[0]);

      const next = await pullAll(done, 2);
      expect(next[0]?.reset).toBe(false);
      const changes = next.flatMap((page) => page.changes);
      expect(changes.find((change) => change.key === sent.key)).toMatchObject({
        op: 'upsert',
        data: { code: `${location?.code}-P` },
      });
      expect(changes.find((change) => change.key === sku('PG-B'))).toMatchObject({
        op: 'upsert',
        data: { variation: 'Long writer' },
      });
      await ownerQuery('update warehouse_locations set code = $2 where id = $1', [sent.key, location?.code]);
    } finally {
      client.release();
    }
  });

  it('pages a delta, tombstones included, to the same changes as one page', async () => {
    const since = (await pullPage({}, ONE_PAGE)).cursor;
    const more = await sellerSkus(world, sellerToken, ['PG-C', 'PG-D', 'PG-E', 'PG-F']);
    const order = await makeOrder(seller, dg01.id, [
      { boxNo: 'G1', lines: [{ skuId: sku('PG-A'), shipQuantity: 2 }] },
    ]);
    const gone = await makeOrder(seller, dg01.id, [
      { boxNo: 'G2', lines: [{ skuId: sku('PG-A'), shipQuantity: 1 }] },
    ]);
    await ownerQuery("update inbound_orders set status = 'stored' where id = $1", [gone.id]);

    const whole = await pullPage({ cursor: since }, ONE_PAGE);
    expect(whole).toMatchObject({ reset: false, hasMore: false });
    const keys = whole.changes.map(keyOf);
    for (const id of Object.values(more)) expect(keys).toContain(`sku:upsert:${id}`);
    expect(keys).toContain(`inbound_order:upsert:${order.id}`);
    expect(keys).toContain(`inbound_order:delete:${gone.id}`);

    const pages = await pullAll(since, 2);
    expect(pages.length).toBe(Math.ceil(whole.changes.length / 2));
    expect(pages.length).toBeGreaterThan(2);
    expect(pages.every((page) => !page.reset)).toBe(true);
    expect(pages.map((page) => page.hasMore)).toEqual(pages.map((_, index) => index < pages.length - 1));
    for (const page of pages.slice(0, -1)) {
      expect(page.cursor).toMatch(new RegExp(`^\\d+\\.d\\.${since}\\.[0-2]\\.[0-9a-f-]{36}$`));
    }
    expect(pages.flatMap((page) => page.changes)).toEqual(whole.changes);
    expect(pages.at(-1)?.cursor).toBe(pages[0]?.cursor.split('.')[0]);
  });

  it('refuses a malformed cursor with a validation error on the field, and restarts one from the future', async () => {
    const uuid = randomUUID();
    for (const cursor of [
      'abc',
      '12.',
      '12.x.0.' + uuid,
      '12.f.3.' + uuid,
      '12.f.0.not-a-uuid',
      `12.d.13.0.${uuid}`,
      '99999999999999999999',
      `1.f.0.${uuid.toUpperCase()}`,
      '1'.repeat(101),
    ]) {
      const response = await staff('GET', `/api/pda/sync/pull?cursor=${encodeURIComponent(cursor)}`);
      expect(response.statusCode, cursor).toBe(400);
      const body = response.json();
      expect(body.code).toBe('common.validation');
      expect(body.fields).toContainEqual(expect.objectContaining({ path: 'cursor' }));
    }
    const bad = (
      await staff('GET', '/api/pda/sync/pull?cursor=12.f.0.x', undefined, { 'x-lang': 'en-US' })
    ).json();
    expect(bad.fields).toEqual([
      {
        path: 'cursor',
        rule: 'cursor_format',
        message: 'is not a valid sync position; start a full sync',
      },
    ]);

    const future = await staff('GET', '/api/pda/sync/pull?cursor=18446744073709551615');
    expect(future.statusCode).toBe(200);
    expect(future.json().result).toMatchObject({ reset: true });
    const continued = await staff('GET', `/api/pda/sync/pull?cursor=1.d.1.2.${uuid}`);
    expect(continued.statusCode).toBe(200);
    expect(continued.json().result).toMatchObject({ reset: false, hasMore: false });
  });
});

describe('pruning the sync logs', () => {
  it('prunes old rows of every tenant, keeps recent ones, and gives an older cursor a full pull', async () => {
    const tenants = await ownerQuery<{ id: string; agent_code: string }>(
      "select id, agent_code from tenants where agent_code in ('demo', 'acme')",
    );
    const demo = tenants.find((tenant) => tenant.agent_code === 'demo')?.id ?? '';
    const acme = tenants.find((tenant) => tenant.agent_code === 'acme')?.id ?? '';

    // A device pulls, a change follows, the device stays away past the retention.
    const before = (await pullPage({}, ONE_PAGE)).cursor;
    const [change] = await ownerQuery<{ xid: string }>(
      "update skus set variation = 'Pruned later' where id = $1 returning pg_current_xact_id()::text as xid",
      [sku('PG-A')],
    );
    // What a device that pulled right after that change holds (a pull's own cursor may be lower
    // while other transactions of the cluster run, which only means more duplicates).
    const after = (BigInt(change?.xid ?? '0') + 1n).toString();
    const order = await makeOrder(seller, dg01.id, [
      { boxNo: 'R1', lines: [{ skuId: sku('PG-A'), shipQuantity: 5 }] },
    ]);
    const receive = (seq: number) =>
      op(seq, 'inbound.receive', {
        inboundOrderId: order.id,
        boxId: boxId(order, 'R1'),
        skuId: sku('PG-A'),
        quantity: 1,
      });
    const oldOp = receive(1);
    await push(staff, 'dev-prune', [oldOp, receive(2)]);

    const old = `now() - make_interval(days => $2)`;
    const aged = await ownerQuery<{ xid: string }>(
      `update pda_changes set created_at = ${old} where entity_id = $1 and xid = $3::xid8 returning xid::text`,
      [sku('PG-A'), PDA_RETENTION.changesDays + 1, change?.xid],
    );
    expect(aged.length).toBeGreaterThan(0);
    await ownerQuery(`update pda_changes set created_at = ${old} where entity_id = $1`, [
      sku('PG-B'),
      PDA_RETENTION.changesDays - 1,
    ]);
    await ownerQuery(`update pda_processed_ops set created_at = ${old} where op_id = $1`, [
      oldOp.opId,
      PDA_RETENTION.processedOpsDays + 1,
    ]);
    // The other tenant's logs, written as the owner.
    const acmeOld = randomUUID();
    const acmeNew = randomUUID();
    await ownerQuery(
      `insert into pda_changes (tenant_id, entity, entity_id, created_at)
       values ($1, 'sku', $2, now() - interval '40 days'), ($1, 'sku', $3, now() - interval '1 day')`,
      [acme, acmeOld, acmeNew],
    );
    const acmeOps = [randomUUID(), randomUUID()];
    await ownerQuery(
      `insert into pda_processed_ops (tenant_id, op_id, device_id, seq, type, user_id, result, created_at)
       values ($1, $2, 'acme-dev', 1, 'inbound.receive', $4, '{}', now() - interval '100 days'),
              ($1, $3, 'acme-dev', 2, 'inbound.receive', $4, '{}', now() - interval '80 days')`,
      [acme, acmeOps[0], acmeOps[1], randomUUID()],
    );
    const counts = async () =>
      ownerQuery<{ changes: number; ops: number }>(
        `select (select count(*)::int from pda_changes) as changes, (select count(*)::int from pda_processed_ops) as ops`,
      );
    const [total] = await counts();

    expect(await prunePdaLogs(world.database.db)).toEqual({ changes: aged.length + 1, processedOps: 2 });
    expect(await counts()).toEqual([
      { changes: (total?.changes ?? 0) - aged.length - 1, ops: (total?.ops ?? 0) - 2 },
    ]);
    expect(await ownerQuery('select 1 from pda_changes where entity_id = $1', [acmeOld])).toEqual([]);
    expect(await ownerQuery('select 1 from pda_changes where entity_id = $1', [acmeNew])).toHaveLength(1);
    expect(await ownerQuery('select 1 from pda_changes where entity_id = $1', [sku('PG-B')])).not.toEqual([]);
    expect(
      await ownerQuery('select op_id from pda_processed_ops where op_id = any($1::uuid[])', [
        [oldOp.opId, ...acmeOps],
      ]),
    ).toEqual([{ op_id: acmeOps[1] }]);
    const maxAged = aged.map((row) => BigInt(row.xid)).reduce((a, b) => (a > b ? a : b));
    expect(
      await ownerQuery('select tenant_id, changes_through::text as through from pda_prune_marks order by 2'),
    ).toEqual(
      expect.arrayContaining([
        { tenant_id: demo, through: maxAged.toString() },
        { tenant_id: acme, through: expect.any(String) },
      ]),
    );
    // Nothing more to prune: a second run takes nothing and keeps the marks.
    expect(await prunePdaLogs(world.database.db)).toEqual({ changes: 0, processedOps: 0 });

    // The device that pulled before the pruned change starts over; one that pulled after goes on.
    const stale = await pullAll(before, 3);
    expect(stale[0]?.reset).toBe(true);
    expect(stale.slice(1).every((page) => !page.reset)).toBe(true);
    expect(stale.flatMap((page) => page.changes)).toEqual((await pullPage({}, ONE_PAGE)).changes);
    const fresh = await pullPage({ cursor: after }, ONE_PAGE);
    expect(fresh.reset).toBe(false);
    // A delta in progress when the prune ran starts over as well.
    const midway = await pullPage({ cursor: `${after}.d.${before}.0.${randomUUID()}` }, ONE_PAGE);
    expect(midway.reset).toBe(true);
    // Through the route, too.
    const response = await staff('GET', `/api/pda/sync/pull?cursor=${before}`);
    expect(response.json().result).toMatchObject({ reset: true });

    // An op replayed after its row was pruned is no longer known: refused, never applied again.
    const replay = await push(staff, 'dev-prune', [oldOp]);
    expect(replay.results[0]).toMatchObject({ status: 'rejected', code: 'pda.sequence_reused' });
  });

  it('never restarts a full pull in progress while an old transaction runs past a prune mark', async () => {
    // A transaction that began before the prune mark and is still running pins every
    // snapshot's xmin below it, as a long report or another database of the cluster can.
    const old = await world.database.ownerPool.connect();
    try {
      await old.query('begin');
      await old.query('select txid_current()');
      const [tenant] = await ownerQuery<{ id: string }>(`select id from tenants where agent_code = 'demo'`);
      const [mark] = await ownerQuery<{ xid: string }>('select txid_current()::text as xid');
      await ownerQuery(
        `insert into pda_prune_marks (tenant_id, changes_through) values ($1, $2::text::xid8)
         on conflict (tenant_id) do update set changes_through = greatest(pda_prune_marks.changes_through, excluded.changes_through)`,
        [tenant?.id, mark?.xid],
      );
      const pages = await pullAll(undefined, 3);
      expect(pages.length).toBeGreaterThan(2);
      expect(pages.map((page) => page.reset)).toEqual([true, ...pages.slice(1).map(() => false)]);
    } finally {
      await old.query('rollback');
      old.release();
    }
  });

  it('runs as a job on the four-hourly schedule of the job runner', async () => {
    const app = await buildApp({
      db: world.database.db,
      logLevel: 'silent',
      jobs: { connection: world.database.ownerConnection, workers: 1 },
    });
    await app.ready();
    const schedule = await ownerQuery(`select cron, timezone from pgboss.schedule where name = 'pda-prune'`);
    expect(schedule).toEqual([{ cron: PDA_PRUNE_CRON, timezone: 'UTC' }]);
    await app.close();
    // What a slot runs: the pruning of every tenant's logs.
    const logged: object[] = [];
    const log = { ...world.app.log, info: (entry: object) => void logged.push(entry) };
    await pdaPruneJob(world.database.db, log as typeof world.app.log).handle({}, { id: 'slot' });
    expect(logged).toEqual([{ pdaChangesPruned: 0, pdaProcessedOpsPruned: 0 }]);
  });
});
