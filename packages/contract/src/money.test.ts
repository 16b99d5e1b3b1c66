import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addAmounts,
  compareAmounts,
  formatAmount,
  formatAmountNonZero,
  fromBaseUnits,
  toBaseUnits,
  withdrawalFigures,
} from './amount-format.ts';
import { Money, moneyString, parsePositiveAmount } from './money.ts';

const decimalString = fc
  .tuple(fc.bigInt({ min: 0n, max: 10n ** 24n - 1n }), fc.bigInt({ min: 0n, max: 10n ** 18n - 1n }))
  .map(([w, f]) => (f === 0n ? `${w}` : `${w}.${f.toString().padStart(18, '0').replace(/0+$/, '')}`));

describe('money', () => {
  it.each(['0', '-1', '1e3', '1e309', 'NaN', '', ' 1', '1.0000000000000000001', '01', '0x10', '1,5'])(
    'refuses %j as an amount',
    (text) => expect(parsePositiveAmount(text)).toBeNull(),
  );

  it('refuses amounts above the per-request maximum', () => {
    expect(parsePositiveAmount('1000000000000000000000000')).not.toBeNull();
    expect(parsePositiveAmount('1000000000000000000000000.000000000000000001')).toBeNull();
  });

  it('accepts 18 decimals and keeps them exactly', () => {
    expect(moneyString(parsePositiveAmount('0.000000000000000001') ?? new Money(0))).toBe('0.000000000000000001');
    expect(moneyString(parsePositiveAmount('123456789012345678.123456789012345678') ?? new Money(0))).toBe(
      '123456789012345678.123456789012345678',
    );
  });

  it('round-trips any valid decimal string (property)', () => {
    fc.assert(
      fc.property(decimalString, (s) => {
        const parsed = parsePositiveAmount(s);
        if (s === '0') return parsed === null;
        return parsed !== null && moneyString(parsed) === s;
      }),
    );
  });

  it('adds strings exactly like the decimal library (property)', () => {
    fc.assert(
      fc.property(
        fc.array(decimalString, { maxLength: 8 }),
        fc.array(decimalString, { maxLength: 8 }),
        (plus, minus) => {
          const values = [...plus, ...minus.map((m) => (m === '0' ? m : `-${m}`))];
          const expected = values.reduce((sum, v) => sum.plus(v), new Money(0));
          return addAmounts(values) === moneyString(expected);
        },
      ),
    );
  });

  it("converts to a token's base units and back exactly (property)", () => {
    fc.assert(
      fc.property(decimalString, fc.constantFrom(6, 9, 18), (s, decimals) => {
        const units = toBaseUnits(s, decimals);
        return (
          units === BigInt(new Money(s).times(new Money(10).pow(decimals)).toFixed(0, Money.ROUND_DOWN)) &&
          compareAmounts(
            fromBaseUnits(units, decimals),
            new Money(s).toDecimalPlaces(decimals, Money.ROUND_DOWN).toFixed(),
          ) === 0
        );
      }),
    );
    expect(fromBaseUnits(1_500_000n, 6)).toBe('1.5');
    expect(toBaseUnits('10', 18)).toBe(10n ** 19n);
  });

  it('compares strings exactly like the decimal library (property)', () => {
    fc.assert(fc.property(decimalString, decimalString, (a, b) => compareAmounts(a, b) === new Money(a).comparedTo(b)));
    expect(compareAmounts('0.000000000000000002', '0.000000000000000001')).toBe(1);
  });

  it('never shows a non-zero amount as 0 where a sign is acted on: the bound below the last place shown', () => {
    expect(formatAmountNonZero('0.00003')).toBe('<0.0001');
    expect(formatAmountNonZero('-0.00003')).toBe('>-0.0001');
    expect(formatAmountNonZero('-0.000051591000361137', 6)).toBe('-0.000051');
    expect(formatAmountNonZero('0.4', 0)).toBe('<1');
    expect(formatAmountNonZero('0')).toBe('0');
    expect(formatAmountNonZero('-0.000')).toBe('0');
    expect(formatAmountNonZero('-1564454.00001')).toBe('-1,564,454');
    expect(formatAmountNonZero('0.0001')).toBe('0.0001');
  });

  it('formats rounding down, never up, with grouping and Latin digits', () => {
    expect(formatAmount('1234567.98769')).toBe('1,234,567.9876');
    expect(formatAmount('0.99999999')).toBe('0.9999');
    expect(formatAmount('5')).toBe('5');
    expect(formatAmount('-0.00001')).toBe('0');
    expect(formatAmount('-2.5')).toBe('-2.5');
    fc.assert(
      fc.property(decimalString, (s) => {
        const shown = new Money(formatAmount(s, 4).replaceAll(',', ''));
        return shown.lte(s) && new Money(s).minus(shown).lt('0.0001');
      }),
    );
  });
});

describe('withdrawalFigures', () => {
  it('computes the fee and the amount received from the one fee rate', () => {
    expect(withdrawalFigures('100', '0.005')).toEqual({ fee: '0.5', receive: '99.5' });
    expect(withdrawalFigures('10', '0.005')).toEqual({ fee: '0.05', receive: '9.95' });
    // Cut at 18 decimals in the user's favour, on the server and in the form alike.
    expect(withdrawalFigures('0.000000000000000001', '0.5')).toEqual({ fee: '0', receive: '0.000000000000000001' });
  });
});
