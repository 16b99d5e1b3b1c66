import { describe, expect, it } from 'vitest';
import { isAnother } from './nonce-taken.ts';

describe('isAnother: the proof a nonce-taken refund needs', () => {
  const variants = ['0xAB12', '0xcd34'];

  it('is a known transaction that is none of the payout variants', () => {
    expect(isAnother('0xef56', variants)).toBe(true);
  });

  it('is not one of the variants, whatever the case of its hex', () => {
    expect(isAnother('0xab12', variants)).toBe(false);
    expect(isAnother('0xCD34', variants)).toBe(false);
  });

  it('is not proven when the node shows no taker', () => {
    expect(isAnother(null, variants)).toBe(false);
  });
});
