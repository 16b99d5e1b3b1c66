import { describe, expect, it } from 'vitest';
import { pledgeDueUpTo, pledgeProgress } from './pledge-progress.ts';

const at = (day: string) => Date.parse(`${day}T00:00:00Z`);

describe('pledge progress follows the settlement rule', () => {
  const pledge = { startDay: '2026-01-01', days: 90 };
  const unlock = at('2026-04-01');

  it('day 0 (started today, nothing paid): 0 days paid, next payment tomorrow, before the unlock', () => {
    const p = pledgeProgress({ ...pledge, lastPaidDay: null });
    expect(p).toEqual({ paidDays: 0, endTime: unlock, nextPayTime: at('2026-01-02') });
    expect(p.nextPayTime).toBeLessThan(p.endTime);
  });

  it('day 1: one day paid, the next payment the day after', () => {
    expect(pledgeProgress({ ...pledge, lastPaidDay: '2026-01-02' })).toEqual({
      paidDays: 1,
      endTime: unlock,
      nextPayTime: at('2026-01-03'),
    });
  });

  it('mid-period: 45 days paid', () => {
    expect(pledgeProgress({ ...pledge, lastPaidDay: '2026-02-15' })).toMatchObject({
      paidDays: 45,
      nextPayTime: at('2026-02-16'),
    });
  });

  it('the last day: 89 paid, the next payment is the unlock itself', () => {
    expect(pledgeProgress({ ...pledge, lastPaidDay: '2026-03-31' })).toEqual({
      paidDays: 89,
      endTime: unlock,
      nextPayTime: unlock,
    });
  });

  it('after maturity: all 90 days paid and no next payment', () => {
    expect(pledgeProgress({ ...pledge, lastPaidDay: '2026-04-01' })).toEqual({
      paidDays: 90,
      endTime: unlock,
      nextPayTime: null,
    });
  });
});

describe('pledgeDueUpTo', () => {
  it('is amount x rate / 100 x min(elapsed, days) / days, cut (never rounded up) to the base unit', () => {
    expect(pledgeDueUpTo({ amount: '100', rate: '6', days: 90, elapsed: 90 })).toBe('6.000000000000000000');
    expect(pledgeDueUpTo({ amount: '100', rate: '6', days: 90, elapsed: 1 })).toBe('0.066666666666666666');
    expect(pledgeDueUpTo({ amount: '100', rate: '6', days: 90, elapsed: 400 })).toBe('6.000000000000000000');
    expect(pledgeDueUpTo({ amount: '100', rate: '6', days: 90, elapsed: 0 })).toBe('0.000000000000000000');
  });
});
