/**
 * Connections to PostgreSQL. The owner pool migrates and listens; the app pool works as the
 * wms_app role (a login of its own through DATABASE_APP_URL, or `SET ROLE` at connect), so
 * forced row-level security holds for every query the app makes. All request work runs in
 * `withTenant`: one transaction with the tenant set transaction-locally.
 */
import { createHash } from 'node:crypto';
import { sql, type ExtractTablesWithRelations, type SQL } from 'drizzle-orm';
import {
  drizzle,
  NodePgSession,
  NodePgTransaction,
  type NodePgDatabase,
  type NodePgSessionOptions,
} from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';

/** Queries are built with Drizzle's query builder over the tables each module owns (no relational schema). */
export type Db = NodePgDatabase;
export type TenantTx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  appPool: pg.Pool;
  ownerPool: pg.Pool;
  /** How to open one more connection as the app role, outside the pools (the LISTEN connection). */
  appConnection: pg.ClientConfig;
  /** The owner's connection settings, for the job runner (it keeps its own schema). */
  ownerConnection: pg.ClientConfig;
  close(): Promise<void>;
}

export const APP_ROLE = 'wms_app';

export function connectDatabase(options: { url: string; appUrl?: string; poolSize: number }): Database {
  const ownerPool = new pg.Pool({ connectionString: options.url, max: 2 });
  const appConnection: pg.ClientConfig = options.appUrl
    ? { connectionString: options.appUrl }
    : { connectionString: options.url, options: `-c role=${APP_ROLE}` };
  const appPool = new pg.Pool({ ...appConnection, max: options.poolSize });
  // An idle client that loses its server (restart, network) must not crash the process.
  ownerPool.on('error', () => undefined);
  appPool.on('error', () => undefined);
  const db = drizzle(appPool);
  return {
    db,
    appPool,
    ownerPool,
    appConnection,
    ownerConnection: { connectionString: options.url },
    async close() {
      await Promise.allSettled([appPool.end(), ownerPool.end()]);
    },
  };
}

const dialect = new PgDialect();

/** The connection of each transaction withTenant opened, for statements prepared on it. */
const connections = new WeakMap<TenantTx, pg.PoolClient>();

/**
 * Runs `work` in one transaction scoped to the tenant; RLS sees only that tenant's rows. The
 * transaction's start and its tenant go to the server as one message (`begin; select
 * set_config(…)`, the values quoted by the driver), one round trip instead of two for every
 * transaction of the app. The transaction object is Drizzle's own (nested `transaction` calls
 * are savepoints, as before).
 */
/** The options (its logger) the db was made with, for a transaction on one of its connections. */
function sessionOptionsOf(db: Db): NodePgSessionOptions {
  const { session } = db as unknown as { session?: { options?: NodePgSessionOptions } };
  return session?.options ?? {};
}

export async function withTenant<T>(
  db: Db,
  tenantId: string,
  work: (tx: TenantTx) => Promise<T>,
  userId?: string,
): Promise<T> {
  const pool: unknown = (db as { $client?: unknown }).$client;
  if (!(pool instanceof pg.Pool))
    return db.transaction(async (tx) => {
      await tx.execute(
        sql`select set_config('app.tenant_id', ${tenantId}, true), set_config('app.user_id', ${userId ?? ''}, true)`,
      );
      return work(tx);
    });
  const client = await pool.connect();
  try {
    await client.query(
      `begin; select set_config('app.tenant_id', ${client.escapeLiteral(tenantId)}, true), set_config('app.user_id', ${client.escapeLiteral(userId ?? '')}, true)`,
    );
    const tx: TenantTx = new NodePgTransaction<
      Record<string, never>,
      ExtractTablesWithRelations<Record<string, never>>
    >(dialect, new NodePgSession(client, dialect, undefined, sessionOptionsOf(db)), undefined);
    connections.set(tx, client);
    try {
      const result = await work(tx);
      await client.query('commit');
      return result;
    } catch (error) {
      await client.query('rollback');
      throw error;
    }
  } finally {
    client.release();
  }
}

/**
 * Runs a statement the app sends again and again (the ledger's) as a named prepared statement
 * of the transaction's connection: parsed once per connection, and planned once when a generic
 * plan does (PostgreSQL's plan cache). Big statements cost more to parse and plan than to run.
 * In a savepoint's transaction the connection is not known here: the statement then goes as
 * any other.
 */
export async function executePrepared<T>(tx: TenantTx, query: SQL): Promise<T[]> {
  const client = connections.get(tx);
  if (!client) return rowsOf<T>(await tx.execute(query));
  const { sql: text, params } = dialect.sqlToQuery(query);
  const name = `app_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
  const result = await client.query({ name, text, values: params });
  return result.rows as T[];
}

/** A value written into a statement's text as a string literal, quoted the way PostgreSQL reads one. */
export function literal(value: string): SQL {
  return sql.raw(pg.escapeLiteral(value));
}

/**
 * Sends read statements as one message (PostgreSQL's simple query protocol) and answers each
 * one's rows. The server runs the statements of one message in one implicit transaction: a
 * `set_config(…, true)` of an earlier statement holds for the later ones and ends with the
 * message, so nothing stays set on the pooled connection. One round trip where begin, the
 * tenant, the read and commit took four: for the reads every request makes (its session). The
 * simple protocol carries no parameters, so values go in as `literal(…)`; a statement with a
 * parameter is refused rather than sent.
 */
export async function readInOneMessage(db: Db, statements: readonly SQL[]): Promise<unknown[][]> {
  const texts = statements.map((statement) => {
    const { sql: text, params } = dialect.sqlToQuery(statement);
    if (params.length > 0) throw new Error('readInOneMessage takes literals, not parameters');
    return text;
  });
  const client = (db as unknown as { $client: pg.Pool | pg.ClientBase }).$client;
  const answered: pg.QueryResult | pg.QueryResult[] = await client.query(texts.join(';\n'));
  return (Array.isArray(answered) ? answered : [answered]).map((result) => result.rows as unknown[]);
}

/** Rows of a raw query result, typed by the caller. */
export function rowsOf<T>(result: { rows: unknown[] }): T[] {
  return result.rows as T[];
}
