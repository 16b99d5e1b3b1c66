/** The rows of a raw `db.execute` result: node-postgres and PGlite shape it differently. */
export const rowsOf = <T>(result: unknown) =>
  (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];
