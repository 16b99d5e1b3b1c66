import type { Query, SQL } from 'drizzle-orm';
import type { AppDb } from './client.ts';

/** The rows of a raw `db.execute` result: node-postgres and PGlite shape it differently. */
export const rowsOf = <T>(result: unknown) =>
  (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];

/** A raw statement prepared under a name; `execute` fills its `sql.placeholder`s. */
export interface PreparedRaw {
  execute(values: Record<string, unknown>): Promise<unknown>;
}

/**
 * A raw statement as a named prepared statement: PostgreSQL parses and plans it once per connection instead of
 * once per call (PGlite runs the same code). drizzle's builder prepares only what it builds, and `db.execute` never
 * names its statement, so this takes the same path `db.execute` takes (session.prepareQuery), with a name.
 */
export function prepareRaw(db: AppDb, statement: SQL, name: string): PreparedRaw {
  const internals = db as unknown as {
    session: { prepareQuery(query: Query, fields: undefined, name: string, arrayMode: boolean): PreparedRaw };
    dialect: { sqlToQuery(statement: SQL): Query };
  };
  return internals.session.prepareQuery(internals.dialect.sqlToQuery(statement), undefined, name, false);
}
