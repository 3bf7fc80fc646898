/**
 * What the benches share: the PostgreSQL server they run on (TEST_DATABASE_URL, else the
 * machine's on 127.0.0.1:5432, else an embedded one; loopback only), actors of the demo
 * tenant, pgbench's TPC-B-like baseline on the same server, signing in, and PDA push throughput.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { httpTransport } from '@pda/sync/transport.js';
import type { PdaOpType } from '@shared/contract/pda.js';
import { withTenant, type Db } from '@server/db/client.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '@server/db/embedded.js';
import type { Actor } from '@server/http/actor.js';
import { users } from '@server/modules/identity/index.js';
import { DEMO_PASSWORD } from '@server/seed/demo.js';

const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

export function withDatabase(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/** The server the bench runs on; `embedded` is to be stopped at the end when one was started. */
export async function benchServer(
  embeddedPort = 54331,
): Promise<{ url: string; embedded: EmbeddedDatabase | null }> {
  const given = process.env.TEST_DATABASE_URL;
  let found: { url: string; embedded: EmbeddedDatabase | null };
  if (given || (await reachable(DEFAULT_URL))) found = { url: given ?? DEFAULT_URL, embedded: null };
  else {
    console.log('no PostgreSQL on 127.0.0.1:5432: starting an embedded one');
    const embedded = await startEmbeddedPostgres('./data/bench', embeddedPort, (message) =>
      console.warn(message),
    );
    found = { url: embedded.url, embedded };
  }
  const host = new URL(found.url).hostname;
  if (!LOOPBACK.has(host)) {
    await found.embedded?.stop();
    throw new Error(`the bench runs on loopback only, not ${host}`);
  }
  return found;
}

/**
 * Makes fresh databases on the server; `drop` removes them again (but those it is told to keep)
 * and closes the connection.
 */
export async function freshDatabases(
  serverUrl: string,
  names: string[],
): Promise<{ drop(keep?: readonly string[]): Promise<void> }> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  for (const name of names) await admin.query(`create database ${name}`);
  return {
    async drop(keep = []) {
      for (const name of names)
        if (!keep.includes(name)) await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** The demo tenant's id (tenants has no row-level security: the owner pool reads it). */
export async function demoTenantId(ownerPool: pg.Pool): Promise<string> {
  const { rows } = await ownerPool.query<{ id: string }>("select id from tenants where agent_code = 'demo'");
  const id = rows[0]?.id;
  if (!id) throw new Error('the demo tenant is missing: was the database seeded?');
  return id;
}

export async function actorOf(db: Db, tenantId: string, username: string): Promise<Actor> {
  const [user] = await withTenant(db, tenantId, (tx) =>
    tx.select().from(users).where(eq(users.username, username)),
  );
  if (!user) throw new Error(`no user ${username}`);
  return {
    tenantId,
    userId: user.id,
    sessionId: '00000000-0000-0000-0000-000000000000',
    username: user.username,
    userRole: user.userRole,
    sellerId: user.sellerId,
    orgCode: user.orgCode,
    permissions: new Set(),
    isAdmin: user.userRole === 'admin',
  };
}

export function pgbenchBinary(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const binary = join(root, version, 'bin', 'pgbench');
    if (existsSync(binary)) return binary;
  }
  return null;
}

/**
 * Brings a freshly prepared bench database to the state its baseline starts from: pgbench's
 * initialisation ends with VACUUM ANALYZE of its tables, and a production server's autovacuum
 * keeps statistics current. Without statistics, statements planned while a table was nearly
 * empty keep their plans: the foreign-key check from a lot to its movement, planned once per
 * connection as a sequential scan, grew with every movement written and took the ledger's
 * batches from 5,000 to 1,800 movements/s within ten seconds (see docs/architecture.md §9).
 */
export async function settleLikePgbench(ownerPool: pg.Pool): Promise<void> {
  await ownerPool.query('vacuum analyze');
}

/** pgbench's TPC-B-like transactions per second (scale 1) on the database at `url`. */
export function runPgbench(binary: string, url: string, seconds: number, clients: number): number {
  execFileSync(binary, ['-i', '-s', '1', '-q', url], { stdio: 'pipe', timeout: 60_000 });
  const output = execFileSync(binary, ['-T', String(seconds), '-c', String(clients), '-n', url], {
    encoding: 'utf8',
    timeout: (seconds + 30) * 1000,
  });
  const match =
    /tps = ([\d.]+) \((?:without initial connection time|excluding connections establishing)\)/.exec(output);
  if (!match?.[1]) throw new Error(`pgbench printed no tps:\n${output}`);
  return Number(match[1]);
}

/** The value at quantile `q` (0..1) of some numbers, nearest-rank. */
export function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

/** POST /api/sys/login on a bench server as a demo user: the token, or an error naming the reply. */
export async function benchLogin(base: string, username: string): Promise<string> {
  const response = await fetch(`${base}/api/sys/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  const body = (await response.json()) as { success?: boolean; result?: { token?: string } };
  if (!body.success || !body.result?.token)
    throw new Error(`login ${username} failed: ${JSON.stringify(body)}`);
  return body.result.token;
}

/** The same login through the app in this process (`app.inject`), for benches with no listener. */
export async function injectLogin(app: FastifyInstance, username: string): Promise<string> {
  const login = await app.inject({
    method: 'POST',
    url: '/api/sys/login',
    payload: { username, password: DEMO_PASSWORD },
  });
  const token = (login.json() as { result?: { token?: string } }).result?.token;
  if (!token) throw new Error(`login ${username} failed: ${login.body}`);
  return token;
}

/** A bench op: its type and payload, made for the seq the device gives it. */
export interface BenchOp {
  type: PdaOpType;
  payload: Record<string, unknown>;
}

export interface PushBench<Target> {
  base: string;
  token: string;
  /** One device per target, all pushing at once. */
  targets: Target[];
  seconds: number;
  batch: number;
  /** The device ids' prefix. */
  prefix: string;
  /** The push call's limit, where batches queue behind each other longer than the app's 15 s. */
  timeoutMs?: number;
  /** Each batch's time on the console (a device id and its batch number). */
  trace?: boolean;
  opOf: (target: Target, seq: number) => BenchOp;
  /** Throws unless the server holds each of the device's `count` ops applied once. */
  check: (device: string, target: Target, count: number) => Promise<void>;
}

/**
 * Push throughput through POST /api/pda/sync/push: each device registers, then pushes batches
 * until the time is up (every op of every reply must be applied), then each device is checked
 * on the server. Answers ops per second over all devices.
 */
export async function pushThroughput<Target>(bench: PushBench<Target>): Promise<number> {
  const transport = httpTransport({
    baseUrl: `${bench.base}/api`,
    token: () => bench.token,
    ...(bench.timeoutMs ? { timeoutMs: bench.timeoutMs } : {}),
  });
  const devices = bench.targets.map(() => `${bench.prefix}-${randomBytes(6).toString('hex')}`);
  const deadline = Date.now() + bench.seconds * 1000;
  const pushUntil = async (device: string, target: Target) => {
    const { deviceKey } = await transport.register({ deviceId: device, nextSeq: 1 });
    let seq = 0;
    while (Date.now() < deadline) {
      const ops = Array.from({ length: bench.batch }, () => {
        seq += 1;
        return { opId: randomUUID(), seq, ...bench.opOf(target, seq), createdAt: new Date().toISOString() };
      });
      const at = Date.now();
      const reply = await transport.push({ deviceId: device, deviceKey, ops });
      if (bench.trace) console.log(`${device} batch ${seq / bench.batch}: ${Date.now() - at} ms`);
      const failed = reply.results.find((result) => result.status !== 'applied');
      if (failed || reply.results.length !== bench.batch)
        throw new Error(`push of ${device}: ${JSON.stringify(failed ?? reply.results.length)}`);
    }
    return seq;
  };
  const started = process.hrtime.bigint();
  const counts = await Promise.all(
    bench.targets.map((target, index) => pushUntil(devices[index] ?? '', target)),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  for (const [index, target] of bench.targets.entries())
    await bench.check(devices[index] ?? '', target, counts[index] ?? 0);
  return counts.reduce((sum, count) => sum + count, 0) / seconds;
}

/** A figure right-aligned in eight characters. */
export const fixed = (value: number, digits = 0) => value.toFixed(digits).padStart(8);
