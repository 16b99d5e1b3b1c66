import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { holdEnd, runningHoldUntil } from './security-hold.ts';

const HOUR_MS = 3_600_000;
/** Instants from 1970 to 2100, in ms. */
const instant = fc.integer({ min: 0, max: 4_102_444_800_000 });

describe('the security hold', () => {
  // RULES.md "Sign-in and sessions": "After a bind, unbind or password change, money leaving the account is held
  // for 24 hours (config)".
  it('ends the configured hours after the change (24 h by default), to the millisecond', () => {
    fc.assert(
      fc.property(instant, fc.double({ min: 0, max: 720, noNaN: true }), (now, hours) => {
        expect(holdEnd(new Date(now), hours).getTime() - now).toBe(Math.round(hours * HOUR_MS));
      }),
    );
    fc.assert(
      fc.property(instant, (now) => {
        expect(holdEnd(new Date(now), 24).getTime()).toBe(now + 24 * HOUR_MS);
      }),
    );
  });

  it('holds money leaving the account at every moment before the latest end, and from that end on no more', () => {
    fc.assert(
      fc.property(
        instant,
        fc.oneof(fc.constantFrom(-1, 0, 1), fc.integer({ min: -30 * 24 * HOUR_MS, max: 30 * 24 * HOUR_MS })),
        (end, offset) => {
          const now = new Date(end + offset);
          const until = runningHoldUntil(new Date(end), now);
          if (now.getTime() < end) expect(until).toBe(end);
          else expect(until).toBeNull();
        },
      ),
    );
    expect(runningHoldUntil(null, new Date())).toBeNull();
  });
});
