import { PGlite, type PGliteOptions, types } from '@electric-sql/pglite';

const keepText = (value: string) => value;

/**
 * The result parsers drizzle-orm sends with every query to PGlite (drizzle-orm/pglite/session.js): dates, times,
 * intervals, numeric[] and the date and time arrays stay PostgreSQL's text, the same as on node-postgres.
 */
export const DRIZZLE_PARSERS: Record<number, (value: string) => string> = {
  [types.TIMESTAMP]: keepText,
  [types.TIMESTAMPTZ]: keepText,
  [types.INTERVAL]: keepText,
  [types.DATE]: keepText,
  1231: keepText, // numeric[]
  1115: keepText, // timestamp[]
  1185: keepText, // timestamptz[]
  1187: keepText, // interval[]
  1182: keepText, // date[]
};

/** An in-process PostgreSQL, ready, with drizzle's result parsers as its own (see drizzleClient). */
export async function startPglite(options: PGliteOptions): Promise<PGlite> {
  const client = new PGlite(options);
  await client.waitReady;
  // Set once ready: starting, PGlite adds a parser per array type (numeric[] among them), which would replace these.
  Object.assign(client.parsers, DRIZZLE_PARSERS);
  return client;
}

type Queryable = Pick<PGlite, 'query'> & { transaction?: PGlite['transaction'] };

/**
 * The PGlite client handed to drizzle: the same instance, but the parsers drizzle passes with each query are dropped.
 * Given per query, PGlite copies its whole parser table (an entry per type, several hundred) into a new object for
 * every query, which cost more than many small queries themselves; the instance made by newPglite already has the
 * same parsers, so every result is what drizzle asked for.
 */
export function drizzleClient<T extends Queryable>(target: T, counter: { sent: number } = { sent: 0 }): T {
  return new Proxy(target, {
    get(object, key) {
      if (key === 'query') {
        return (sql: string, params?: unknown[], options?: { parsers?: unknown }) => {
          counter.sent++;
          return object.query(sql, params, options && { ...options, parsers: undefined });
        };
      }
      if (key === 'transaction' && object.transaction) {
        const transaction = object.transaction.bind(object);
        return <R>(work: (tx: Queryable) => Promise<R>) => {
          // BEGIN and COMMIT (or ROLLBACK), as node-postgres sends them.
          counter.sent += 2;
          return transaction((tx) => work(drizzleClient(tx, counter)));
        };
      }
      // PGlite keeps its state in private fields: its methods run on the instance itself, never on the proxy.
      const value = Reflect.get(object, key, object);
      return typeof value === 'function' ? value.bind(object) : value;
    },
  });
}
