import { describe, expect, it } from 'vitest';
import { excessAboveHotMax } from './to-cold.ts';

describe('what the hot wallet sends on to cold', () => {
  it('is its balance above hotMax', () => {
    expect(excessAboveHotMax(1_000n, 600n, 0n)).toBe(400n);
  });

  it('keeps what payouts not yet confirmed will send on top of hotMax', () => {
    expect(excessAboveHotMax(1_000n, 600n, 150n)).toBe(250n);
  });

  it('is nothing at or below hotMax plus what is owed, never negative', () => {
    expect(excessAboveHotMax(750n, 600n, 150n)).toBe(0n);
    expect(excessAboveHotMax(500n, 600n, 0n)).toBe(0n);
    expect(excessAboveHotMax(1_000n, 600n, 2_000n)).toBe(0n);
  });

  it('sends all above an hotMax of zero', () => {
    expect(excessAboveHotMax(1n, 0n, 0n)).toBe(1n);
  });
});
