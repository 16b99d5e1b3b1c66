import { Money, type TWithdrawCurrency } from '@aidf/contract';
import type { Repositories } from '../../db/repositories/index.ts';
import type { LimitPeriod } from '../../db/repositories/withdraw-limits.ts';
import { AppError } from '../errors.ts';

/**
 * Amount limits of withdrawals, per currency: per UTC day and per 30 UTC days (today and the 29 before). The
 * platform's limit is a setting (a money setting: a second admin approves a change); an operator may give one user
 * a limit of their own (a 'withdraw-limit' proposal, four eyes). No setting means no amount limit.
 */
export const WITHDRAW_LIMIT_SETTINGS = {
  day: (currency: TWithdrawCurrency) => `withdraw.limit.day.${currency}`,
  days30: (currency: TWithdrawCurrency) => `withdraw.limit.days30.${currency}`,
} as const;

export const LIMIT_PERIODS: readonly LimitPeriod[] = ['day', 'days30'];

/** A limit amount: 0 or more, at most 18 digits before the point and 18 after. */
export const LIMIT_AMOUNT_PATTERN = /^(?:0|[1-9]\d{0,17})(?:\.\d{1,18})?$/;

/** The first UTC day of the 30-day window that ends with `today` ('YYYY-MM-DD'). */
export function windowStart(today: string): string {
  const start = new Date(`${today}T00:00:00Z`);
  start.setUTCDate(start.getUTCDate() - 29);
  return start.toISOString().slice(0, 10);
}

/** One period's limit (null: none) and what is left of it (null: no limit). */
export interface PeriodAllowance {
  limit: string | null;
  left: string | null;
}

export type Allowance = Record<LimitPeriod, PeriodAllowance>;

/** The user's limits in `currency` (their own where an operator raised one, else the platform's), by period. */
async function limitsOf(repos: Repositories, userId: bigint, currency: TWithdrawCurrency) {
  const keys = LIMIT_PERIODS.map((p) => WITHDRAW_LIMIT_SETTINGS[p](currency));
  const [platform, own] = await Promise.all([
    repos.settings.get(keys),
    repos.withdrawLimits.overridesOf(userId, currency),
  ]);
  const limitOf = (p: LimitPeriod) => own.get(p) ?? platform.get(WITHDRAW_LIMIT_SETTINGS[p](currency)) ?? null;
  return { day: limitOf('day'), days30: limitOf('days30') };
}

/** What the user may still withdraw in `currency` today (UTC day `today`, by the database's clock). */
export async function allowanceOf(
  repos: Repositories,
  userId: bigint,
  currency: TWithdrawCurrency,
  today: string,
): Promise<Allowance> {
  const limits = await limitsOf(repos, userId, currency);
  const [usedToday, used30] = await Promise.all([
    limits.day === null ? '0' : repos.withdrawLimits.requestedSince(userId, currency, today),
    limits.days30 === null ? '0' : repos.withdrawLimits.requestedSince(userId, currency, windowStart(today)),
  ]);
  const left = (limit: string | null, used: string) =>
    limit === null ? null : Money.max(0, new Money(limit).minus(used)).toFixed();
  return {
    day: { limit: limits.day, left: left(limits.day, usedToday) },
    days30: { limit: limits.days30, left: left(limits.days30, used30) },
  };
}

/** What is left today across both periods: the smaller of the two (null when neither has a limit). */
export function leftToday(allowance: Allowance): string | null {
  const lefts = LIMIT_PERIODS.map((p) => allowance[p].left).filter((l): l is string => l !== null);
  if (lefts.length === 0) return null;
  return Money.min(...lefts).toFixed();
}

/**
 * Refuses `amount` above what is left: 81080 over the day's limit, 81081 over the 30 days'. Run under the user's
 * withdrawal lock, so parallel requests cannot together pass a limit each passes alone.
 */
export async function assertWithinLimits(
  tx: Repositories,
  userId: bigint,
  currency: TWithdrawCurrency,
  amount: Money,
  today: string,
) {
  const allowance = await allowanceOf(tx, userId, currency, today);
  const over = (p: LimitPeriod) => allowance[p].left !== null && amount.gt(allowance[p].left as string);
  if (over('day')) throw new AppError(81080, `${allowance.day.left} left today`);
  if (over('days30')) throw new AppError(81081, `${allowance.days30.left} left in these 30 days`);
}
