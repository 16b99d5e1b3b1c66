import { MAX_CLOCK_SKEW_MS } from '@aidf/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isStaleTimestamp } from './signed-action.ts';

describe('the freshness of a signed timestamp', () => {
  // RULES.md "Sign-in and sessions": the server "accepts the timestamp only within 5 minutes of server time".
  it('accepts a timestamp up to 5 minutes before or after server time, and nothing further', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4_102_444_800_000 }),
        // The edges, exactly 5 minutes and a millisecond more, as often as any other skew.
        fc.oneof(
          fc.constantFrom(-300_001, -300_000, 300_000, 300_001),
          fc.integer({ min: -3_600_000, max: 3_600_000 }),
        ),
        (now, skew) => {
          expect(isStaleTimestamp(now + skew, new Date(now))).toBe(Math.abs(skew) > 5 * 60_000);
        },
      ),
    );
    expect(MAX_CLOCK_SKEW_MS).toBe(5 * 60_000);
  });
});
