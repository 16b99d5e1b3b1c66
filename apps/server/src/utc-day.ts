// The UTC day is shared by the daily jobs and the rules that count per day (a pledge's start, an order's day), so
// it lives below both layers.

/** The UTC day of a moment, 'YYYY-MM-DD'. */
export function utcDayOf(moment: Date): string {
  return moment.toISOString().slice(0, 10);
}
