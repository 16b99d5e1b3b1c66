import { describe, expect, it } from 'vitest';
import { localWindowLimit } from './local-window.ts';

describe('localWindowLimit', () => {
  it('allows max calls per key in a window, other keys apart, and starts again in the next window', () => {
    let t = 1_000;
    const limit = localWindowLimit({ max: 2, windowMs: 1_000, maxKeys: 3 }, () => t);
    expect([limit.take('a'), limit.take('a'), limit.take('a')]).toEqual([true, true, false]);
    expect(limit.take('b')).toBe(true);
    expect(limit.take('c')).toBe(true);
    expect(limit.take('d')).toBe(false); // a fourth key in one window
    t = 2_000;
    expect([limit.take('a'), limit.take('d')]).toEqual([true, true]);
  });
});
