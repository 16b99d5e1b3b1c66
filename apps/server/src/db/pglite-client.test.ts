import { PGlite } from '@electric-sql/pglite';
import { NoopCache } from 'drizzle-orm/cache/core/cache';
import { NoopLogger } from 'drizzle-orm/logger';
import { PglitePreparedQuery } from 'drizzle-orm/pglite/session';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIZZLE_PARSERS, drizzleClient, startPglite } from './pglite-client.ts';

const RESULT_TYPES = `SELECT timestamptz '2026-11-29 04:00:00+00' AS at, date '2026-11-29' AS day,
  interval '90 minutes' AS span, ARRAY[1.5, 2]::numeric[] AS amounts, 7::bigint AS count`;

describe('the PGlite client drizzle queries', () => {
  let client: PGlite;
  beforeAll(async () => {
    client = await startPglite({});
  }, 60_000);
  afterAll(() => client.close());

  it("has as its own exactly the parsers drizzle sends with each query, each keeping PostgreSQL's text", () => {
    const query = new PglitePreparedQuery(
      {} as never,
      'SELECT 1',
      [],
      new NoopLogger(),
      new NoopCache(),
      undefined,
      undefined,
      undefined,
      undefined,
      false,
    );
    // Private in drizzle's types: this test exists to follow drizzle's internals.
    type Configs = Record<'queryConfig' | 'rawQueryConfig', { parsers?: Record<number, unknown> }>;
    const { queryConfig, rawQueryConfig } = query as unknown as Configs;
    for (const config of [queryConfig, rawQueryConfig]) {
      expect(Object.keys(config.parsers ?? {}).sort()).toEqual(Object.keys(DRIZZLE_PARSERS).sort());
    }
    for (const parse of Object.values(DRIZZLE_PARSERS))
      expect(parse('2026-11-29 04:00:00+00')).toBe('2026-11-29 04:00:00+00');
  });

  it('answers without the per-query parsers what a plain PGlite answers with them, in and out of a transaction', async () => {
    const plain = new PGlite();
    try {
      const withParsers = await plain.query(RESULT_TYPES, [], { rowMode: 'array', parsers: DRIZZLE_PARSERS });
      const viaProxy = drizzleClient(client);
      const outside = await viaProxy.query(RESULT_TYPES, [], { rowMode: 'array', parsers: DRIZZLE_PARSERS });
      const inside = await viaProxy.transaction((tx) =>
        tx.query(RESULT_TYPES, [], { rowMode: 'array', parsers: DRIZZLE_PARSERS }),
      );
      expect(outside.rows).toEqual(withParsers.rows);
      expect(inside.rows).toEqual(withParsers.rows);
      expect(outside.rows[0]).toEqual(['2026-11-29 04:00:00+00', '2026-11-29', '01:30:00', '{1.5,2}', 7]);
    } finally {
      await plain.close();
    }
  }, 60_000);

  it('hands PGlite no parsers of the query, so it makes no copy of its parser table', async () => {
    const seen: unknown[] = [];
    const spy = {
      query: async (_sql: string, _params?: unknown[], options?: { parsers?: unknown }) => {
        seen.push(options?.parsers);
        return { rows: [], fields: [] };
      },
    } as unknown as PGlite;
    await drizzleClient(spy).query('SELECT 1', [], { rowMode: 'array', parsers: DRIZZLE_PARSERS });
    expect(seen).toEqual([undefined]);
  });
});
