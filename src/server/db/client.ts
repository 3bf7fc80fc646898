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
import { prepareValue } from 'pg/lib/utils.js';

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
const connections = new WeakMap<TenantTx, OpeningClient>();

/** The options (its logger) the db was made with, for a transaction on one of its connections. */
function sessionOptionsOf(db: Db): NodePgSessionOptions {
  const { session } = db as unknown as { session?: { options?: NodePgSessionOptions } };
  return session?.options ?? {};
}

/** The statement that sets the tenant and the user for the rest of the transaction, values quoted. */
function tenantSettings(tenantId: string, userId: string | undefined): string {
  return `select set_config('app.tenant_id', ${pg.escapeLiteral(tenantId)}, true), set_config('app.user_id', ${pg.escapeLiteral(userId ?? '')}, true)`;
}

/** A Drizzle transaction whose statements go through `client` (a stand-in for a pool client). */
function transactionOver(db: Db, client: object): TenantTx {
  return new NodePgTransaction<Record<string, never>, ExtractTablesWithRelations<Record<string, never>>>(
    dialect,
    new NodePgSession(client as pg.PoolClient, dialect, undefined, sessionOptionsOf(db)),
    undefined,
  );
}

/**
 * Sends several statements as one simple-protocol message, with the rows as the driver query
 * `config` asks (array rows, its type parsers), and answers the last statement's result, or the
 * result of the statement `trailing` places before the last.
 */
async function lastResultOf(
  target: pg.Pool | pg.PoolClient,
  text: string,
  config: DriverQuery,
  trailing = 0,
): Promise<pg.QueryResult> {
  // Several statements in one message answer one result each (the driver's types know one).
  const answered = (await target.query({
    text,
    ...(config.rowMode ? { rowMode: config.rowMode } : {}),
    ...(config.types ? { types: config.types } : {}),
  })) as pg.QueryResult | pg.QueryResult[];
  const results = Array.isArray(answered) ? answered : [answered];
  const last = results[results.length - 1 - trailing];
  if (!last) throw new Error('the server answered no result');
  return last;
}

/**
 * Runs `work` in one transaction scoped to the tenant; RLS sees only that tenant's rows. The
 * transaction's start and its tenant (`begin; select set_config(…)`, the values quoted by the
 * driver) go to the server in one message with the transaction's first statement
 * (openingClient): its first round trip does all three, and a transaction that sends nothing
 * costs none. The transaction object is Drizzle's own (nested `transaction` calls are
 * savepoints, as before).
 */

export function withTenant<T>(
  db: Db,
  tenantId: string,
  work: (tx: TenantTx) => Promise<T>,
  userId?: string,
): Promise<T> {
  return inTenantTransaction(db, tenantId, work, userId, false);
}

/**
 * Runs `work` whose one statement is its whole transaction (a single movement of the ledger):
 * begin, the tenant, the statement and commit go to the server in one message, one round trip
 * where withTenant takes two. The statement is committed when its answer arrives, so `work` may
 * do nothing after it that would need it undone (a refusal the statement answers, having
 * written nothing, is fine); a second statement is refused as a programming error. A statement
 * that fails leaves the rest of the message unrun, and the transaction is rolled back.
 */
export function withTenantStatement<T>(
  db: Db,
  tenantId: string,
  work: (tx: TenantTx) => Promise<T>,
  userId?: string,
): Promise<T> {
  return inTenantTransaction(db, tenantId, work, userId, true);
}

async function inTenantTransaction<T>(
  db: Db,
  tenantId: string,
  work: (tx: TenantTx) => Promise<T>,
  userId: string | undefined,
  oneStatement: boolean,
): Promise<T> {
  const pool: unknown = (db as { $client?: unknown }).$client;
  if (!(pool instanceof pg.Pool))
    return db.transaction(async (tx) => {
      await tx.execute(
        sql`select set_config('app.tenant_id', ${tenantId}, true), set_config('app.user_id', ${userId ?? ''}, true)`,
      );
      return work(tx);
    });
  const connection = await pool.connect();
  try {
    const client = openingClient(connection, `begin; ${tenantSettings(tenantId, userId)}`, oneStatement);
    const tx = transactionOver(db, client);
    connections.set(tx, client);
    const open = () => client.opened() && !client.closed();
    try {
      const result = await work(tx);
      if (open()) await connection.query('commit');
      return result;
    } catch (error) {
      if (open()) await connection.query('rollback');
      throw error;
    }
  } finally {
    connection.release();
  }
}

/** The statements executePrepared has prepared on each connection, by name. */
const preparedOn = new WeakMap<pg.PoolClient, Set<string>>();

/**
 * A transaction's connection that sends the transaction's opening (`begin` and the tenant) with
 * its first statement, in one message: a statement without a name has its values written in
 * (`inlineParameters`); one executePrepared has prepared on the connection before goes as
 * `execute name(values)`; one not yet prepared is sent after the opening, which then goes alone.
 * A transaction that sends nothing opens nothing (`opened()`: whether begin was sent).
 */
function openingClient(connection: pg.PoolClient, opening: string, closesWithFirst = false) {
  let pending: string | null = opening;
  let closed = false;
  let prepared = preparedOn.get(connection);
  if (!prepared) preparedOn.set(connection, (prepared = new Set()));
  const known = prepared;
  return {
    opened: () => pending === null,
    /** The first statement's message committed the transaction (withTenantStatement). */
    closed: () => closed,
    async query(config: DriverQuery, values?: unknown[]): Promise<pg.QueryResult> {
      const parameters = values ?? config.values ?? [];
      if (closed) throw new Error('a one-statement transaction sent a second statement');
      if (pending === null) {
        const result = await connection.query(config, [...parameters]);
        if (config.name) known.add(config.name);
        return result;
      }
      const head = pending;
      pending = null;
      if (config.name && !known.has(config.name)) {
        await connection.query(head);
        const result = await connection.query(config, [...parameters]);
        known.add(config.name);
        if (closesWithFirst) {
          await connection.query('commit');
          closed = true;
        }
        return result;
      }
      const statement = config.name
        ? `execute ${config.name}${parameters.length > 0 ? `(${parameters.map(literalOf).join(', ')})` : ''}`
        : inlineParameters(config.text, parameters);
      if (!closesWithFirst) return lastResultOf(connection, `${head};\n${statement}`, config);
      const result = await lastResultOf(connection, `${head};\n${statement};\ncommit`, config, 1);
      closed = true;
      return result;
    },
  };
}

type OpeningClient = ReturnType<typeof openingClient>;

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

/**
 * Runs read-only `work` for the tenant, each statement it sends going to the server as one
 * message of its own (tenantReadMessage): `set transaction read only`, the tenant and user set
 * transaction-locally, then the statement (PostgreSQL runs one message's statements in one
 * implicit transaction, so nothing stays set on the pooled connection). One round trip per
 * statement where withTenant takes one and two more (begin and the tenant, commit), and
 * statements sent side by side (`Promise.all`) run side by side on connections of their own.
 * For the hot reads of a list, which a transaction gave nothing but its cost: each statement
 * sees its own snapshot, so a read that needs one snapshot across statements stays in
 * withTenant. The simple protocol carries no parameters: each one goes into the text as a quoted
 * literal (`inlineParameters`), untyped as the driver sends parameters, so the server reads it
 * exactly as it would the parameter. A write is refused by the server (read-only transaction).
 */
export async function readInTenant<T>(
  db: Db,
  tenantId: string,
  work: (tx: TenantTx) => Promise<T>,
  userId?: string,
): Promise<T> {
  const pool: unknown = (db as { $client?: unknown }).$client;
  if (!(pool instanceof pg.Pool)) return withTenant(db, tenantId, work, userId);
  const client = {
    async query(config: DriverQuery, values?: unknown[]): Promise<pg.QueryResult> {
      return lastResultOf(
        pool,
        tenantReadMessage(tenantId, userId, config.text, values ?? config.values ?? []),
        config,
      );
    },
  };
  return work(transactionOver(db, client));
}

type DriverQuery = pg.QueryConfig<unknown[]> & { rowMode?: 'array' };

/** The message readInTenant sends for a statement: read only, the tenant and user set, the statement with its values in. */
export function tenantReadMessage(
  tenantId: string,
  userId: string | undefined,
  text: string,
  values: readonly unknown[],
): string {
  return `set transaction read only; ${tenantSettings(tenantId, userId)};\n${inlineParameters(text, values)}`;
}

/** A quoted string, a quoted identifier or a placeholder: what inlineParameters looks for. */
const QUOTED_OR_PLACEHOLDER = /'(?:[^']|'')*'|"(?:[^"]|"")*"|\$(\d+)|['"]/g;

/**
 * A statement's text with its parameters `$1`, `$2` … written in as quoted literals (the values as
 * the driver would send them: `pg`'s own conversion of dates, arrays, booleans and numbers to
 * text, bytes in bytea's hex form). Placeholders inside quoted strings and identifiers are left
 * alone.
 */
export function inlineParameters(text: string, values: readonly unknown[]): string {
  return text.replace(QUOTED_OR_PLACEHOLDER, (match: string, number: string | undefined) => {
    if (number === undefined) {
      if (match.length === 1) throw new Error('inlineParameters: an unterminated quote');
      return match;
    }
    const index = Number(number) - 1;
    if (index < 0 || index >= values.length) throw new Error(`inlineParameters: no value for $${index + 1}`);
    return literalOf(values[index]);
  });
}

/** A value as a quoted literal; bytes in bytea's hex form ('\\x…'), as the column reads them. */
function literalOf(value: unknown): string {
  const text = prepareValue(value);
  if (text === null || text === undefined) return 'null';
  if (typeof text !== 'string') return `'\\x${text.toString('hex')}'`;
  return pg.escapeLiteral(text);
}

/**
 * A statement sent as a prepared statement of its name on a connection of the pool: parsed and
 * planned once per connection (PostgreSQL's plan cache), one round trip after that. For the
 * calls every request makes outside a tenant transaction (its session read).
 */
export async function queryPrepared<T>(
  db: Db,
  statement: { name: string; text: string },
  values: readonly unknown[],
): Promise<T[]> {
  const client = (db as unknown as { $client: pg.Pool | pg.ClientBase }).$client;
  const result = await client.query({ name: statement.name, text: statement.text, values: [...values] });
  return result.rows as T[];
}

/** Rows of a raw query result, typed by the caller. */
export function rowsOf<T>(result: { rows: unknown[] }): T[] {
  return result.rows as T[];
}
