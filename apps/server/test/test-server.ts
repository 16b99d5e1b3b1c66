import { DEV_REQUEST_SIGN_SECRET, HEADERS, MERCHANT_ID, requestSignature } from '@aidf/contract';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { type Repositories, repositories } from '../src/db/repositories/index.ts';
import { throwawayDatabase } from '../src/db/throwaway-database.ts';
import type { DevChains } from '../src/dev/dev-chains.ts';
import { checkLedger } from '../src/domain/ledger/check.ts';
import { buildApp } from '../src/http/app.ts';
import { ensurePostgresTemplate, pgliteTemplate } from './database-template.ts';

/** 'postgres' when the API suite runs against TEST_DATABASE_URL, else the embedded PGlite. */
export const TEST_DB = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/**
 * A fresh, migrated database of its own: PGlite in memory, or a new database on the PostgreSQL of
 * TEST_DATABASE_URL; either starts as a copy of the suite's migrated template (./database-template.ts).
 */
export async function freshDatabase(): Promise<Database & { drop: () => Promise<void> }> {
  const adminUrl = TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
  if (TEST_DB === 'postgres' && !adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const database = await throwawayDatabase(
    adminUrl,
    adminUrl ? { postgresDatabase: await ensurePostgresTemplate(adminUrl) } : { pgliteDataDir: await pgliteTemplate() },
  );
  // Nothing is left to apply on a copy of the template; a migration it lacks would still be applied here.
  await migrate(database);
  return database;
}

export interface TestServer {
  app: FastifyInstance;
  baseUrl: string;
  repos: Repositories;
  database: Database;
  close: () => Promise<void>;
}

/**
 * A real server on a random loopback port over a fresh database. `extend` may add routes before it
 * starts (used to exercise plugins on routes the product does not have).
 */
export async function startTestServer(
  options: {
    env?: Record<string, string>;
    extend?: (app: FastifyInstance) => void;
    /** Runs on the fresh database before the app is built: the dev chains, which write the token config. */
    prepare?: (repos: Repositories) => Promise<{ env: Record<string, string>; devChains: DevChains }>;
  } = {},
): Promise<TestServer> {
  const database = await freshDatabase();
  const prepared = await options.prepare?.(repositories(database.db));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent',
    CONSOLE_DIST_DIR: '/nonexistent',
    DATA_DIR: ':memory:',
    // Password hashes at a 128th of RULES.md's cost (config.ts allows it with NODE_ENV=test only): the suite signs in
    // a few hundred operators and users, and each hash at 2^17 took 0.6 s of CPU.
    PASSWORD_SCRYPT_N: '1024',
    ...options.env,
    ...prepared?.env,
  });
  const app = await buildApp({ config, database, devChains: prepared?.devChains ?? null });
  options.extend?.(app);
  const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    baseUrl,
    repos: repositories(database.db),
    database,
    // Every test file ends with the ledger's invariants checked on its database.
    close: async () => {
      const ledger = await checkLedger(repositories(database.db));
      await app.close();
      await database.close();
      await database.drop();
      if (!ledger.ok) throw new Error(`ledger invariants broken: ${JSON.stringify(ledger)}`);
    },
  };
}

export interface CallOptions {
  method?: 'GET' | 'POST';
  body?: unknown;
  /** The exact body text, to send something JSON.stringify would not produce. */
  rawBody?: string;
  token?: string;
  language?: string;
  timestamp?: number;
  secret?: string;
  headers?: Record<string, string>;
  /** Leave the signature and timestamp headers out. */
  unsigned?: boolean;
}

/** The headers and body of a call (signed, unless `unsigned`), for a test that sends it over a client of its own. */
export function requestOf(pathWithQuery: string, options: CallOptions = {}) {
  const body = options.rawBody ?? (options.body === undefined ? '' : JSON.stringify(options.body));
  const timestamp = String(options.timestamp ?? Date.now());
  const headers: Record<string, string> = {
    [HEADERS.terminal]: 'h5',
    [HEADERS.merchantId]: String(MERCHANT_ID),
    [HEADERS.language]: options.language ?? 'en',
  };
  if (body !== '') headers['content-type'] = 'application/json';
  if (!options.unsigned) {
    headers[HEADERS.timestamp] = timestamp;
    headers[HEADERS.signature] = requestSignature({
      pathWithQuery,
      body,
      timestamp,
      secret: options.secret ?? DEV_REQUEST_SIGN_SECRET,
    });
  }
  if (options.token) headers[HEADERS.authorization] = options.token;
  return { method: options.method ?? 'POST', headers: { ...headers, ...options.headers }, body };
}

/** Calls the API the way an outside client written from SPEC.md and ARCHITECTURE.md would. */
export async function call(baseUrl: string, pathWithQuery: string, options: CallOptions = {}) {
  const { method, headers, body } = requestOf(pathWithQuery, options);
  const response = await fetch(`${baseUrl}${pathWithQuery}`, {
    method,
    headers,
    ...(body !== '' ? { body } : {}),
  });
  const text = await response.text();
  // biome-ignore lint/suspicious/noExplicitAny: tests read any field of the envelope
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  return { status: response.status, headers: response.headers, json, text };
}
