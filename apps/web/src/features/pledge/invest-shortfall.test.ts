import { describe, expect, it } from 'vitest';
import { investShortfall } from './pledge-math.ts';

describe('invest from wallet: what is missing', () => {
  it('is the amount less the balance when the balance is short, exactly', () => {
    expect(investShortfall('100', '30.5')).toBe('69.5');
    expect(investShortfall('1', '0.999999999999999999')).toBe('0.000000000000000001');
    expect(investShortfall('100', '0')).toBe('100');
  });

  it('is null when nothing is missing or the amount is no valid pledge', () => {
    expect(investShortfall('100', '100')).toBeNull();
    expect(investShortfall('', '0')).toBeNull();
    expect(investShortfall('0.5', '0')).toBeNull();
    expect(investShortfall('1000001', '0')).toBeNull();
    expect(investShortfall('1e3', '0')).toBeNull();
  });
});
