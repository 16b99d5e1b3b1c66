import type { Repositories } from '../../db/repositories/index.ts';
import type { PledgeRow } from '../../db/repositories/pledges.ts';
import { utcDayOf } from '../../utc-day.ts';
import { AppError } from '../errors.ts';

/**
 * Switches a running pledge's auto-renew (RULES.md "Pledge"): the user's own pledge, until its maturity day (from
 * then the daily settlement may already have released or renewed it). 81112: no running pledge of the user by
 * this id; 81113: its maturity day has come. Changes no money.
 */
export async function setPledgeAutoRenew(
  repos: Repositories,
  userId: bigint,
  pledgeId: bigint,
  on: boolean,
  now = new Date(),
): Promise<PledgeRow> {
  const updated = await repos.pledges.setAutoRenew(userId, pledgeId, on, utcDayOf(now));
  if (updated) return updated;
  const pledge = await repos.pledges.byId(pledgeId);
  if (!pledge || pledge.userId !== userId || pledge.status !== 'running') throw new AppError(81112);
  throw new AppError(81113);
}
