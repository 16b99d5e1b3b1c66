import { MONEY_SCALE, Money } from './money.ts';

const DAY_MS = 86_400_000;
const dayStartMs = (day: string) => Date.parse(`${day}T00:00:00Z`);

/**
 * Where a pledge stands, from the settlement rule of RULES.md "Pledge" (the server's pledge-settlement job):
 * the run of UTC day D pays every pledge started before D its cumulative due up to D, so payment n of a pledge
 * falls on its start day + n, and the last (with the principal) on its end day, start + days. Days paid are the
 * days the latest payout covered (none yet: 0); the next payment is the day after them, none once all are paid.
 */
export function pledgeProgress(p: { startDay: string; days: number; lastPaidDay: string | null }) {
  const start = dayStartMs(p.startDay);
  const covered = p.lastPaidDay === null ? 0 : Math.round((dayStartMs(p.lastPaidDay) - start) / DAY_MS);
  const paidDays = Math.min(Math.max(covered, 0), p.days);
  return {
    paidDays,
    /** The unlock moment: the start of the end day, when the last payment returns the principal. */
    endTime: start + p.days * DAY_MS,
    nextPayTime: paidDays < p.days ? start + (paidDays + 1) * DAY_MS : null,
  };
}

/**
 * RULES.md "Pledge": what a pledge has earned after `elapsed` whole days (capped at its `days`), truncated to the
 * base unit: amount × rate / 100 × min(elapsed, days) / days, computed exactly then cut (never rounded up). The
 * settlement job pays each day this less what it paid before (the cumulative true-up); the server's SQL computes
 * the same figure (pledgeDueSql in apps/server, held to this by a property test), and the app's chart shows it.
 */
export function pledgeDueUpTo(p: { amount: string; rate: string; days: number; elapsed: number }): string {
  const elapsed = Math.min(Math.max(p.elapsed, 0), p.days);
  return new Money(p.amount)
    .times(p.rate)
    .times(elapsed)
    .div(new Money(100).times(p.days))
    .toFixed(MONEY_SCALE, Money.ROUND_DOWN);
}
