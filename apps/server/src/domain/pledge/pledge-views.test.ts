import { Money, PLEDGE_DAYS } from '@aidf/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PledgeRow } from '../../db/repositories/pledges.ts';
import { toPledgeOrder } from './pledge-views.ts';

const DAY_MS = 86_400_000;
const dayText = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A pledge row as the repository reads it, `paidDays` days into its period (NUMERIC text with 18 decimals). */
const pledgeRow = fc
  .record({
    startMs: fc.integer({ min: 18_000, max: 25_000 }).map((d) => d * DAY_MS),
    days: fc.constantFrom(...PLEDGE_DAYS),
    share: fc.double({ min: 0, max: 1, noNaN: true }),
    amountUnits: fc.bigInt({ min: 10n ** 18n, max: 10n ** 24n }),
    createdOffsetMs: fc.integer({ min: 0, max: DAY_MS - 1 }),
  })
  .map(({ startMs, days, share, amountUnits, createdOffsetMs }) => {
    const paidDays = Math.round(share * days);
    const numeric = (units: bigint) => `${units / 10n ** 18n}.${(units % 10n ** 18n).toString().padStart(18, '0')}`;
    const row: PledgeRow = {
      id: 7n,
      userId: 3n,
      amount: numeric(amountUnits),
      days,
      rate: '12.50000000',
      submode: '00',
      startDay: dayText(startMs),
      endDay: dayText(startMs + days * DAY_MS),
      createdAt: new Date(startMs + createdOffsetMs),
      paid: numeric((amountUnits * BigInt(paidDays)) / BigInt(days) / 8n),
      paidDays,
      lastPaidDay: paidDays === 0 ? null : dayText(startMs + paidDays * DAY_MS),
      // The settlement of the last day returns the principal and completes the pledge in one transaction.
      status: paidDays === days ? 'completed' : 'running',
      completedAt: paidDays === days ? new Date(startMs + days * DAY_MS) : null,
      idemKey: 'pledge:k',
      movementId: 1n,
      autoRenew: false,
      renewedFrom: null,
      renewal: null,
    };
    return { row, startMs };
  });

describe('a pledge as the client sees it', () => {
  // RULES.md "Pledge": "Each day the pledge pays ... on the last day the principal returns (cow-fund-release)";
  // "Pledge list filter: all / in progress / completed".
  it('unlocks on its start day + its period, pays next on the day after the days paid, none once completed', () => {
    fc.assert(
      fc.property(pledgeRow, ({ row, startMs }) => {
        const order = toPledgeOrder(row);
        expect(order.endTime).toBe(startMs + row.days * DAY_MS);
        expect(order.paidDays).toBe(row.paidDays);
        expect(order.status).toBe(row.paidDays === row.days ? 'completed' : 'running');
        expect(order.nextPayTime).toBe(order.status === 'running' ? startMs + (row.paidDays + 1) * DAY_MS : null);
        if (order.nextPayTime !== null) expect(order.nextPayTime).toBeLessThanOrEqual(order.endTime);
      }),
    );
  });

  it('shows the amount, rate and paid so far exactly, without the trailing zeros of NUMERIC', () => {
    fc.assert(
      fc.property(pledgeRow, ({ row }) => {
        const order = toPledgeOrder(row);
        for (const [shown, stored] of [
          [order.amount, row.amount],
          [order.rate, row.rate],
          [order.settled, row.paid],
        ] as const) {
          expect(new Money(shown).eq(new Money(stored))).toBe(true);
          expect(shown).not.toMatch(/\.\d*0$|\.$/);
        }
        expect(order.createTime).toBe(row.createdAt.getTime());
      }),
    );
  });
});
