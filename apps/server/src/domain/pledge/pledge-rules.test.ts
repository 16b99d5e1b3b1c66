import { Money, PLEDGE_AMOUNT, PLEDGE_DAYS } from '@aidf/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parsePledgeAmount, pledgesLeftToday } from './pledge-rules.ts';

const UNIT = 10n ** 18n;
/** Base units (10^-18 AIDF) as the decimal text a client sends. */
const textOf = (units: bigint) => {
  const frac = (units % UNIT).toString().padStart(18, '0').replace(/0+$/, '');
  return frac ? `${units / UNIT}.${frac}` : `${units / UNIT}`;
};

describe('the pledge amount', () => {
  // RULES.md "Pledge": "Amount 1 to 1,000,000 AIDF, whole or decimal".
  it('accepts every amount from 1 to 1,000,000 AIDF, whole or with up to 18 decimals, exactly', () => {
    fc.assert(
      fc.property(
        // The bounds themselves are in: drawn as often as any other amount.
        fc.oneof(fc.constantFrom(UNIT, 1_000_000n * UNIT), fc.bigInt({ min: 1n * UNIT, max: 1_000_000n * UNIT })),
        (units) => {
          const amount = parsePledgeAmount(textOf(units));
          expect(amount?.eq(new Money(textOf(units)))).toBe(true);
        },
      ),
    );
    expect(PLEDGE_AMOUNT).toEqual({ min: '1', max: '1000000' });
  });

  it('refuses every amount below 1 or above 1,000,000 AIDF', () => {
    const outside = fc.oneof(
      fc.constantFrom(UNIT - 1n, 1_000_000n * UNIT + 1n),
      fc.bigInt({ min: 1n, max: UNIT - 1n }),
      fc.bigInt({ min: 1_000_000n * UNIT + 1n, max: 10n ** 30n * UNIT }),
    );
    fc.assert(
      fc.property(outside, (units) => {
        expect(parsePledgeAmount(textOf(units))).toBeNull();
      }),
    );
  });

  it.each(['0', '-1', '1e3', '', ' 5', '5.0000000000000000001', 'NaN'])('refuses %j', (text) => {
    expect(parsePledgeAmount(text)).toBeNull();
  });
});

describe('the daily limit', () => {
  // RULES.md "Pledge": "A user may start at most dailyLimit pledges per calendar day (UTC)."
  it('leaves the limit minus the pledges started today, none once the limit is reached', () => {
    fc.assert(
      fc.property(fc.nat(100), fc.nat(200), (dailyLimit, started) => {
        const left = pledgesLeftToday(dailyLimit, started);
        expect(left).toBe(Math.max(0, dailyLimit - started));
        // createPledge refuses (81020) exactly when nothing is left.
        expect(left === 0).toBe(started >= dailyLimit);
      }),
    );
  });
});

describe('the periods', () => {
  // RULES.md "Pledge": "Periods 30, 90, 180, 365 days".
  it('are 30, 90, 180 and 365 days', () => {
    expect([...PLEDGE_DAYS]).toEqual([30, 90, 180, 365]);
  });
});
