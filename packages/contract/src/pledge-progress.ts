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
