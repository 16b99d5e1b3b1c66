import type { TTreasuryHolding } from '@aidf/contract';
import { describe, expect, it } from 'vitest';
import { amountShower, coverageLines, holdingsLines } from './cli-amounts.ts';

const row = (over: Partial<TTreasuryHolding>): TTreasuryHolding => ({
  chain: 'bsc',
  currency: 'cow',
  source: 'report',
  hot: '99.999948408999638863',
  cold: '744000',
  unswept: '0',
  collection: null,
  invest: null,
  total: '744099.999948408999638863',
  shouldHold: '744100',
  difference: '-0.000051591000361137',
  ratio: '0.9999',
  alert: false,
  ...over,
});

describe('[treasury] the operator command prints amounts', () => {
  it('rounded down to the display decimals by default, digits grouped, never the server exact string', () => {
    const [head, line] = holdingsLines([row({ alert: true })], amountShower(false));
    expect(head?.split(/\s+/)).toEqual([
      'chain',
      'currency',
      'hot',
      'cold',
      'unswept',
      'collection',
      'invest',
      'total',
      'shouldHold',
      'difference',
      'ratio',
    ]);
    expect(line?.split(/\s+/)).toEqual([
      'bsc',
      'cow',
      '99.9999',
      '744,000',
      '0',
      '-',
      '-',
      '744,099.9999',
      '744,100',
      // A dust difference rounds to 0 (towards zero, never past it); --exact shows it.
      '0',
      '0.9999',
      'ALERT',
    ]);
    expect(line).not.toContain('99.99994');
  });

  it('to the last digit with --exact, each column as wide as its widest value', () => {
    const [head, line] = holdingsLines([row({})], amountShower(true));
    expect(line?.split(/\s+/).slice(2, 4)).toEqual(['99.999948408999638863', '744000']);
    // The columns line up: each header starts where its values start.
    expect(head?.indexOf('cold')).toBe(line?.indexOf('744000'));
    expect(head?.indexOf('ratio')).toBe(line?.indexOf('0.9999'));
  });

  it('per currency over all chains, rounded or exact', () => {
    const coverage = [
      { currency: 'cow', holdings: '80.123456789', liabilities: '881.1', ratio: '0.0909', alert: true },
    ];
    expect(coverageLines(coverage, amountShower(false))).toEqual([
      'cow: all chains 80.1234 against liabilities 881.1, ratio 0.0909 ALERT: below liabilities',
    ]);
    expect(coverageLines(coverage, amountShower(true))[0]).toContain('all chains 80.123456789 against');
  });
});
