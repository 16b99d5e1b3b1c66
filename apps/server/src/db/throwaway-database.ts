import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from './client.ts';

/**
 * A database to throw away after a test file or a benchmark: in-memory PGlite, or a new database created on
 * the PostgreSQL server of `adminUrl` and dropped by `drop()`. `template` starts it as a copy: a PGlite data
 * directory (from `dumpDataDir`), or the name of a database on that server (CREATE DATABASE … TEMPLATE).
 */
export async function throwawayDatabase(
  adminUrl?: string,
  template?: { pgliteDataDir?: Blob | undefined; postgresDatabase?: string | undefined },
): Promise<Database & { drop: () => Promise<void> }> {
  if (!adminUrl) {
    const database = await openDatabase({ dataDir: ':memory:', loadDataDir: template?.pgliteDataDir });
    return { ...database, drop: async () => {} };
  }
  const name = `aidf_tmp_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}${template?.postgresDatabase ? ` TEMPLATE ${template.postgresDatabase}` : ''}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // drop() ends the connections on purpose (WITH FORCE), which is no news worth a warning.
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: ':memory:', onConnectionLost: () => {} });
  return { ...database, drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
