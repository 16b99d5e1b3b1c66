import { Money, moneyString, type TTransactionType, WORTH_CURRENCY } from '@aidf/contract';
import type { Repositories } from '../../db/repositories/index.ts';
import { AppError } from '../errors.ts';
import { teamConfig } from './team-config.ts';

/** The bonus types of a purchase, in the order one beneficiary's lines are written: direct, level, peer. */
export const TEAM_BONUS_TYPES = [
  'cow-push-income',
  'cow-sns-level-income',
  'cow-sns-same-level-income',
] as const satisfies readonly TTransactionType[];

/** NUMERIC text without the trailing zeros ('100.500000000000000000' → '100.5'). */
const plain = (text: string) => moneyString(new Money(text));

/**
 * GET /v1/cow/user/child: the team of the caller, or of `of` (a username in the caller's downline: 81045
 * otherwise), its level and what the next one lacks under the current thresholds, one page of direct invitees,
 * and the caller's own income by bonus type.
 */
export async function teamView(
  repos: Repositories,
  callerId: bigint,
  query: { of?: string | undefined; pageNum?: number | undefined; pageSize?: number | undefined },
) {
  let subject = await repos.users.byId(callerId);
  if (!subject) throw new AppError(1226);
  if (query.of !== undefined && query.of.trim().toLowerCase() !== subject.username) {
    const member = await repos.users.byUsername(query.of.trim().toLowerCase());
    if (!member || !(await repos.team.isInDownline(callerId, member.id))) throw new AppError(81045);
    subject = member;
  }
  const pageSize = query.pageSize ?? 20;
  const offset = ((query.pageNum ?? 1) - 1) * pageSize;
  const [stats, config, invitees, teamSize, income] = [
    await repos.team.stats(subject.id),
    await teamConfig(repos),
    await repos.team.directInvitees(subject.id, { limit: pageSize, offset }),
    await repos.team.teamSize(subject.id),
    await repos.team.incomeByType(callerId),
  ];
  const nextRule = config.levels.find((l) => l.level === stats.level + 1);
  const volume = new Money(stats.teamVolume);
  return {
    username: subject.username,
    starLevel: stats.level,
    teamPerformance: plain(stats.teamVolume),
    volumeCurrency: WORTH_CURRENCY,
    directCount: stats.directCount,
    teamSize,
    next: nextRule
      ? {
          level: nextRule.level,
          volumeNeeded: plain(nextRule.minVolume),
          directNeeded: nextRule.minDirect,
          volumeMissing: moneyString(Money.max(new Money(nextRule.minVolume).minus(volume), 0)),
          directMissing: Math.max(nextRule.minDirect - stats.directCount, 0),
        }
      : null,
    income: TEAM_BONUS_TYPES.map((type) => ({ type, amount: plain(income.get(type) ?? '0') })),
    total: stats.directCount,
    list: invitees.map((m) => ({
      username: m.username,
      starLevel: m.level,
      performance: plain(m.teamVolume),
      ownVolume: plain(m.ownVolume),
      directCount: m.directCount,
      joinedAt: m.joinedAt.getTime(),
    })),
  };
}
