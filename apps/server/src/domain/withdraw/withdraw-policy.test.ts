import { Money, WITHDRAW_PER_DAY } from '@aidf/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { utcDayOf } from '../../utc-day.ts';
import { windowStart } from './amount-limits.ts';
import { withdrawalsLeftToday, withdrawalTerms, withdrawConfigOf } from './withdraw-policy.ts';

const UNIT = 10n ** 18n;
const DAY_MS = 86_400_000;

/** Base units (10^-18) as the decimal text a client sends: no exponent, no trailing zeros. */
const textOf = (units: bigint) => {
  const frac = (units % UNIT).toString().padStart(18, '0').replace(/0+$/, '');
  return frac ? `${units / UNIT}.${frac}` : `${units / UNIT}`;
};
const unitsOf = (m: Money) => BigInt(m.times(new Money(UNIT.toString())).toFixed(0));

/** An amount in base units inside the allowed range, 1 to 1,000,000 COW. */
const inRange = fc.oneof(
  // The bounds themselves are in: drawn as often as any other amount.
  fc.constantFrom(UNIT, 1_000_000n * UNIT),
  fc.bigInt({ min: 1n * UNIT, max: 1_000_000n * UNIT }),
);
/** A fee rate as the config accepts it: a decimal in [0, 1) with up to 18 digits. */
const feeRate = fc.bigInt({ min: 0n, max: UNIT - 1n }).map((u) => new Money(textOf(u)));

describe('withdrawalTerms', () => {
  // RULES.md: "fee = feeRate x amount (one config value ...)" and "the user receives amount - fee, which must be
  // positive". The fee is cut to 18 decimals in the user's favour (the contract's withdrawalFigures).
  it('takes the fee as feeRate x amount and pays out the rest, to the base unit', () => {
    fc.assert(
      fc.property(inRange, feeRate, (units, rate) => {
        const terms = withdrawalTerms({ feeRate: rate, hotWallet: null }, textOf(units));
        if (!terms.ok) return expect.unreachable(`refused ${textOf(units)} with ${terms.code}`);
        const exactFee = BigInt(rate.times(textOf(units)).times(UNIT.toString()).floor().toFixed(0));
        expect(unitsOf(terms.amount)).toBe(units);
        expect(unitsOf(terms.fee)).toBe(exactFee);
        // Nothing made or lost: what the user receives and the fee are the amount debited.
        expect(unitsOf(terms.fee) + unitsOf(terms.receive)).toBe(units);
        expect(terms.receive.gt(0)).toBe(true);
      }),
    );
  });

  // RULES.md: "Withdrawal: COW only, amount 1 to 1,000,000".
  it('refuses any amount below 1 or above 1,000,000 (81011)', () => {
    const outside = fc.oneof(
      fc.constantFrom(UNIT - 1n, 1_000_000n * UNIT + 1n),
      fc.bigInt({ min: 1n, max: UNIT - 1n }),
      fc.bigInt({ min: 1_000_000n * UNIT + 1n, max: 10n ** 30n * UNIT }),
    );
    fc.assert(
      fc.property(outside, feeRate, (units, rate) => {
        expect(withdrawalTerms({ feeRate: rate, hotWallet: null }, textOf(units))).toEqual({ ok: false, code: 81011 });
      }),
    );
  });

  it.each(['0', '-5', '1e3', '', 'abc', '10.0000000000000000001'])('refuses %j as an amount (81011)', (text) => {
    expect(withdrawalTerms({ feeRate: new Money('0.005'), hotWallet: null }, text)).toEqual({ ok: false, code: 81011 });
  });

  // RULES.md: "the user receives amount - fee, which must be positive". The config keeps the rate below 1, so
  // only a rate of 1 or more (never configured) leaves nothing to receive.
  it('refuses a withdrawal that would leave nothing to receive (81009)', () => {
    fc.assert(
      fc.property(inRange, fc.integer({ min: 1, max: 5 }), (units, rate) => {
        expect(withdrawalTerms({ feeRate: new Money(rate), hotWallet: null }, textOf(units))).toEqual({
          ok: false,
          code: 81009,
        });
      }),
    );
  });
});

describe('the daily limit', () => {
  // RULES.md: "at most 2 per user per UTC day".
  it('leaves 2 minus the withdrawals made today, never fewer than none', () => {
    fc.assert(
      fc.property(fc.nat(50), (used) => {
        const left = withdrawalsLeftToday(used);
        expect(left).toBe(Math.max(0, 2 - used));
        expect(left === 0).toBe(used >= 2);
        const none = { limit: null, left: null };
        const config = withdrawConfigOf({ feeRate: new Money('0.005'), hotWallet: null }, used, {
          day: none,
          days30: none,
        });
        expect(config.leftToday).toBe(left);
      }),
    );
    expect(WITHDRAW_PER_DAY).toBe(2);
  });

  it("shows the smaller of the day's and the 30 days' amounts left, and none without a limit", () => {
    const policy = { feeRate: new Money('0.005'), hotWallet: null };
    const both = withdrawConfigOf(policy, 0, {
      day: { limit: '100', left: '40' },
      days30: { limit: '500', left: '25.5' },
    });
    expect(both).toMatchObject({ dayLimit: '100', days30Limit: '500', amountLeftToday: '25.5' });
    const dayOnly = withdrawConfigOf(policy, 0, {
      day: { limit: '100', left: '40' },
      days30: { limit: null, left: null },
    });
    expect(dayOnly).toMatchObject({ days30Limit: null, amountLeftToday: '40' });
    const none = withdrawConfigOf(policy, 0, { day: { limit: null, left: null }, days30: { limit: null, left: null } });
    expect(none).toMatchObject({ dayLimit: null, days30Limit: null, amountLeftToday: null });
  });

  it('counts 30 days as today and the 29 UTC days before it', () => {
    expect(windowStart('2026-03-30')).toBe('2026-03-01');
    expect(windowStart('2026-01-05')).toBe('2025-12-07');
  });

  // RULES.md: "per user per UTC day": every instant belongs to the UTC day that contains it.
  it('counts by the UTC day of the request', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_102_444_800_000 }), (ms) => {
        const day = utcDayOf(new Date(ms));
        const start = Date.parse(`${day}T00:00:00Z`);
        expect(start).toBeLessThanOrEqual(ms);
        expect(ms).toBeLessThan(start + DAY_MS);
      }),
    );
  });
});
