import { type Database, openDatabase } from '../../apps/server/src/db/client.ts';

/**
 * The harness's own connection to the stack's database (the users made, the contracts read, the checks). The
 * server's pool gives up on a new connection after 5 s, as an instance should; beside the e2e tests a connect
 * through PgBouncer took longer, twice, and ended the run before its scenario. The harness is no client under test:
 * its connections may take a minute.
 */
export function openHarnessDatabase(databaseUrl: string): Promise<Database> {
  return openDatabase({ databaseUrl, dataDir: ':memory:', onConnectionLost: () => {}, connectionTimeoutMs: 60_000 });
}
