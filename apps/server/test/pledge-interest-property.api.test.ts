import { pledgeDueUpTo } from '@aidf/contract';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/raw.ts';
import { pledgeDueSql } from '../src/db/repositories/pledges.ts';
import { freshDatabase } from './test-server.ts';

type Input = { amount: string; rate: string; days: number; elapsed: number };

/** A decimal of `whole` and up to `scale` fractional digits, as the columns hold it (NUMERIC(48,18), (20,8)). */
const decimal = (maxWhole: number, scale: number) =>
  fc
    .tuple(fc.integer({ min: 0, max: maxWhole }), fc.bigInt({ min: 0n, max: 10n ** BigInt(scale) - 1n }))
    .map(([w, f]) => `${w}.${String(f).padStart(scale, '0')}`);

const input: fc.Arbitrary<Input> = fc
  .record({
    amount: decimal(1_000_000, 18),
    rate: decimal(100, 8),
    days: fc.oneof(fc.constantFrom(30, 90, 180, 365), fc.integer({ min: 1, max: 1000 })),
    elapsed: fc.integer({ min: 0, max: 1100 }),
  })
  .filter((i) => i.amount !== '0.000000000000000000');

/** One field of the inputs as a PostgreSQL array literal: one bound parameter per column, whatever the count. */
const list = (inputs: Input[], field: keyof Input) => `{${inputs.map((i) => i[field]).join(',')}}`;

describe('[property] the pledge interest formula: the settlement SQL and the contract agree', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(async () => {
    await database.close();
    await database.drop();
  });

  /** pledgeDueSql over the inputs, typed as the pledges table types them, in one statement. */
  async function dueInSql(inputs: Input[]): Promise<string[]> {
    const rows = rowsOf<{ due: string }>(
      await database.db.execute(sql`
        SELECT ${pledgeDueSql(sql`x.amount`, sql`x.rate`, sql`x.days`, sql`x.elapsed`)}::numeric(48,18)::text AS due
        FROM unnest(${list(inputs, 'amount')}::numeric(48,18)[], ${list(inputs, 'rate')}::numeric(20,8)[],
                    ${list(inputs, 'days')}::int[], ${list(inputs, 'elapsed')}::int[])
             WITH ORDINALITY AS x(amount, rate, days, elapsed, n)
        ORDER BY x.n`),
    );
    return rows.map((r) => r.due);
  }

  it('computes the same figure, to the base unit, for generated amounts, rates, periods and days', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(input, { minLength: 1, maxLength: 50 }), async (inputs) => {
        expect(await dueInSql(inputs)).toEqual(inputs.map((i) => pledgeDueUpTo(i)));
      }),
      { numRuns: 200 },
    );
  });

  it('cuts, never rounds up, where a rounded quotient would carry into the base unit', async () => {
    // amount × rate / 100 = 6.00000003059600000199999999…: NUMERIC's rounded `/` made it …002.
    const edge = { amount: '100.000000009933333317', rate: '6.00000003', days: 90, elapsed: 90 };
    expect(pledgeDueUpTo(edge)).toBe('6.000000030596000001');
    expect(await dueInSql([edge, { ...edge, elapsed: 120 }, { ...edge, elapsed: 0 }])).toEqual([
      '6.000000030596000001',
      '6.000000030596000001',
      '0.000000000000000000',
    ]);
  });
});
