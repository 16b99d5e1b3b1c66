import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';

// Migrating a database from nothing costs each API test file seconds; instead the suite migrates one template
// and every file starts from a copy of it: a PGlite data directory dumped to a tar file and loaded per file, or a
// PostgreSQL database cloned per file (CREATE DATABASE … TEMPLATE). Both are named after the migrations (and the
// PGlite version), so a template never holds an older schema, and runs that start together share it.

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '../src/db/migrations');

/** The installed PGlite's version (its package.json is not exported: found beside its entry point). */
function pgliteVersion(): string {
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).version;
}

/**
 * What the PGlite template sets beyond PostgreSQL's defaults, kept in its postgresql.auto.conf. A test database holds
 * a few megabytes: 16 MB of shared buffers hold it whole, and PostgreSQL zeroes the buffers at every start (128 MB,
 * the default, took half of a test database's start).
 */
const PGLITE_TEMPLATE_SETTINGS = { shared_buffers: '16MB' };

/**
 * A test database needs only its own: initdb's template0 and template1 are dropped from the PGlite template (15 of
 * its 44 MB, copied and unpacked at every start), and a copy starts in about 0.53 CPU-s instead of 0.71 to 0.88.
 */
const PGLITE_TEMPLATE_DROPS = ['template0', 'template1'];

/** A hash of every migration file's name and text, and of the PGlite version and settings of the template. */
function schemaKey(): string {
  const hash = createHash('sha256');
  hash.update(`pglite ${pgliteVersion()} ${JSON.stringify(PGLITE_TEMPLATE_SETTINGS)} ${PGLITE_TEMPLATE_DROPS}\n`);
  for (const file of fs.readdirSync(MIGRATIONS_DIR).sort()) {
    if (!file.endsWith('.sql')) continue;
    hash.update(`${file}\n`).update(fs.readFileSync(path.join(MIGRATIONS_DIR, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

/** Where the migrated PGlite data directory is kept, as an uncompressed tar file. */
export function pgliteTemplatePath(): string {
  return path.join(os.tmpdir(), `aidf-pglite-template-${schemaKey()}.tar`);
}

/** The name of the migrated template database on the PostgreSQL server. */
export function postgresTemplateName(): string {
  return `aidf_template_${schemaKey()}`;
}

/** Makes the PGlite template file unless it is there; written under a temporary name and renamed, never half. */
export async function ensurePgliteTemplate(): Promise<void> {
  const file = pgliteTemplatePath();
  if (fs.existsSync(file)) return;
  const client = new PGlite();
  try {
    await migrate({
      withSession: (work) =>
        work({
          exec: async (sql) => {
            await client.exec(sql);
          },
          query: async <R>(sql: string, params?: unknown[]) => (await client.query<R>(sql, params)).rows,
        }),
    });
    for (const [name, value] of Object.entries(PGLITE_TEMPLATE_SETTINGS)) {
      await client.exec(`ALTER SYSTEM SET ${name} = '${value}'`);
    }
    // One statement each: DROP DATABASE cannot run in the transaction a multi-statement exec makes.
    for (const name of PGLITE_TEMPLATE_DROPS) {
      await client.query(`ALTER DATABASE ${name} IS_TEMPLATE false`);
      await client.query(`DROP DATABASE ${name}`);
    }
    const dump = await client.dumpDataDir('none');
    const partial = `${file}.${randomBytes(6).toString('hex')}.partial`;
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, file);
  } finally {
    await client.close();
  }
}

let templateBytes: Buffer | undefined;

/**
 * The template's data directory, made first if need be, to hand to `new PGlite({ loadDataDir })`. The file (29 MB,
 * more than half of it the WAL segment) is read once per test process, and handed over as what PGlite reads of a Blob,
 * its `arrayBuffer()`: a Blob made of it per database, and read back through Node's Blob stream, cost a second of
 * CPU per server started (a seventh of the API suite on PGlite, by its CPU profile). Each load gets its own copy,
 * so no database can change another's start.
 */
export async function pgliteTemplate(): Promise<Blob> {
  // The migrations cannot change during a test run: their hash (the file's name) is taken once, with the read.
  if (!templateBytes) {
    await ensurePgliteTemplate();
    templateBytes = fs.readFileSync(pgliteTemplatePath());
  }
  const bytes = templateBytes;
  const tar: Pick<Blob, 'type' | 'size' | 'arrayBuffer'> = {
    type: 'application/x-tar',
    size: bytes.length,
    arrayBuffer: async () => new Uint8Array(bytes).buffer,
  };
  return tar as Blob;
}

async function withAdmin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Makes the template database on the server of `adminUrl` unless it is there: migrated under a temporary name,
 * then renamed, so a database of the template's name is always complete. Two runs racing both build one; the
 * loser drops its own.
 */
export async function ensurePostgresTemplate(adminUrl: string): Promise<string> {
  const name = postgresTemplateName();
  const exists = async () =>
    withAdmin(adminUrl, async (c) => (await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount);
  if (await exists()) return name;
  const building = `${name}_build_${randomBytes(4).toString('hex')}`;
  await withAdmin(adminUrl, (c) => c.query(`CREATE DATABASE ${building}`));
  try {
    const url = new URL(adminUrl);
    url.pathname = `/${building}`;
    const database = await openDatabase({ databaseUrl: url.toString(), dataDir: ':memory:' });
    try {
      await migrate(database);
    } finally {
      await database.close();
    }
    await withAdmin(adminUrl, (c) => c.query(`ALTER DATABASE ${building} RENAME TO ${name}`));
  } catch (error) {
    await withAdmin(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`));
    if (!(await exists())) throw error;
  }
  return name;
}
