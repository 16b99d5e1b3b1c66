import fs from 'node:fs';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { drizzleClient, startPglite } from './pglite-client.ts';
import * as schema from './schema.ts';

export type AppDb = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The few raw operations the migrator needs, over either driver. */
export interface SqlSession {
  exec(sql: string): Promise<void>;
  query<R>(sql: string, params?: unknown[]): Promise<R[]>;
}

export interface Database {
  kind: 'pglite' | 'postgres';
  db: AppDb;
  /** Runs `work` on one connection (the migrator needs a session for its lock). */
  withSession<T>(work: (session: SqlSession) => Promise<T>): Promise<T>;
  /**
   * Statements sent to the database so far (each a round trip: BEGIN and COMMIT count), for the tests and the
   * bench that count what one request costs.
   */
  statementsSent(): number;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  databaseUrl?: string | undefined;
  dataDir: string;
  /** A PGlite data directory dumped by `dumpDataDir` to start from (tests start from a migrated one). */
  loadDataDir?: Blob | undefined;
  /**
   * Told when PostgreSQL (or the proxy in front of it) closes a pooled connection: a server restart, a failover,
   * an administrator. An idle connection is dropped and the next query opens a new one; a connection checked
   * out of the pool (a transaction in progress) fails its next query, so that request rolls back and is answered
   * 503. Without a listener on every connection its 'error' event would crash the process.
   */
  onConnectionLost?: (error: Error) => void;
  /** How long a new PostgreSQL connection may take before the query fails (5 s; a test harness waits longer). */
  connectionTimeoutMs?: number;
}

/** PostgreSQL when a URL is given, else the embedded PGlite in `dataDir` (':memory:' for none). */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.onConnectionLost ?? warnConnectionLost, options.connectionTimeoutMs)
    : openPglite(options.dataDir, options.loadDataDir);
}

function warnConnectionLost(error: Error) {
  console.warn(`PostgreSQL closed a connection (${error.message}); the next query opens a new one`);
}

async function openPglite(dataDir: string, loadDataDir: Blob | undefined): Promise<Database> {
  if (dataDir !== ':memory:') fs.mkdirSync(dataDir, { recursive: true });
  const client = await startPglite({
    ...(dataDir === ':memory:' ? {} : { dataDir }),
    ...(loadDataDir ? { loadDataDir } : {}),
  });
  const counter = { sent: 0 };
  const session: SqlSession = {
    exec: async (sql) => {
      await client.exec(sql);
    },
    query: async <R>(sql: string, params?: unknown[]) => (await client.query<R>(sql, params)).rows,
  };
  return {
    kind: 'pglite',
    db: drizzlePglite(drizzleClient(client, counter), { schema }) as unknown as AppDb,
    withSession: (work) => work(session),
    statementsSent: () => counter.sent,
    close: () => client.close(),
  };
}

async function openPostgres(
  url: string,
  onConnectionLost: (error: Error) => void,
  connectionTimeoutMs = 5_000,
): Promise<Database> {
  // A database that does not answer (a failover, a dropped network) fails a request after a few seconds with 503,
  // instead of holding it and its client until the socket gives up minutes later.
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: connectionTimeoutMs });
  // Every connection reports its own loss, whether idle in the pool or checked out: the pool listens only on
  // idle ones, and a checked-out connection's unheard 'error' event ends the process.
  // A lost connection may raise several (the server's FATAL, then the socket's end): it is reported once.
  let sent = 0;
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      sent++;
      const result = query(...args);
      return isBegin(args[0]) ? giveBackOnFailure(result, client) : result;
    };
    let reported = false;
    client.on('error', (error) => {
      if (!reported) onConnectionLost(error);
      reported = true;
    });
  });
  // The pool repeats an idle connection's loss as its own event, already reported above; heard so it is not fatal.
  pool.on('error', () => {});
  // Fail at start, with the driver's message, when the database cannot be reached.
  await pool.query('SELECT 1');
  return {
    kind: 'postgres',
    db: drizzlePg(pool, { schema }) as unknown as AppDb,
    withSession: async (work) => {
      const conn = await pool.connect();
      try {
        return await work({
          exec: async (sql) => {
            await conn.query(sql);
          },
          query: async <R>(sql: string, params?: unknown[]) => (await conn.query(sql, params as unknown[])).rows as R[],
        });
      } finally {
        releaseOnce(conn);
      }
    },
    statementsSent: () => sent,
    close: () => pool.end(),
  };
}

function isBegin(query: unknown): boolean {
  const text = typeof query === 'string' ? query : (query as { text?: unknown } | null)?.text;
  return typeof text === 'string' && /^\s*begin\b/i.test(text);
}

/**
 * A transaction's BEGIN that fails gives its connection back to the pool, which drops it: drizzle's `transaction`
 * checks a connection out and sends BEGIN before the `try` whose `finally` releases it, so without this each BEGIN
 * on a connection the server had closed (every idle one, after a restart or a failover) would keep a pool slot for
 * good, until no request could get a connection and closing the pool never ended.
 */
function giveBackOnFailure(result: unknown, client: pg.PoolClient): unknown {
  if (!(result instanceof Promise)) return result;
  return result.catch((error: unknown) => {
    releaseOnce(client, error instanceof Error ? error : new Error(String(error)));
    throw error;
  });
}

/** Releases a checked-out connection unless a failed BEGIN already gave it back (a second release throws). */
function releaseOnce(client: pg.PoolClient, error?: Error) {
  try {
    client.release(error);
  } catch {
    // already given back
  }
}
