import { Money, moneyString, TEAM_BONUS_TYPES, WORTH_CURRENCY } from '@aidf/contract';
import type { Repositories } from '../../db/repositories/index.ts';
import { readWithSession } from '../auth/sessions.ts';
import { AppError } from '../errors.ts';
import { nextLevelGap } from './level-progress.ts';
import { teamConfigFrom, teamSettingKeys } from './team-config.ts';

/** NUMERIC text without the trailing zeros ('100.500000000000000000' → '100.5'). */
const plain = (text: string) => moneyString(new Money(text));

/**
 * GET /v1/cow/user/child: the team of the caller, or of `of` (a username in the caller's downline: 81045
 * otherwise), its level and what the next one lacks under the current thresholds, one page of direct invitees,
 * and the caller's own income by bonus type. The caller is the token's: the session is read in the team's own
 * statement (the summary is polled often, and a session looked up first was one more round trip); 401 when the
 * token names no live session, as the session check answers.
 */
export async function teamViewOfSession(
  repos: Repositories,
  token: string | null,
  query: { of?: string | undefined; pageNum?: number | undefined; pageSize?: number | undefined },
  now = new Date(),
) {
  const pageSize = query.pageSize ?? 20;
  const read = await readWithSession(repos, token, now, (tokenHash) =>
    repos.sessionReads.team({
      tokenHash,
      now,
      of: query.of === undefined ? null : query.of.trim().toLowerCase(),
      limit: pageSize,
      offset: ((query.pageNum ?? 1) - 1) * pageSize,
      settingKeys: teamSettingKeys(),
    }),
  );
  if (read.refused) throw new AppError(81045);
  const { stats, invitees } = read;
  const view = {
    username: read.subject.username,
    starLevel: stats.level,
    teamPerformance: plain(stats.teamVolume),
    volumeCurrency: WORTH_CURRENCY,
    directCount: stats.directCount,
    teamSize: read.teamSize,
    next: nextLevelGap(stats, teamConfigFrom(read.settings).levels),
    income: TEAM_BONUS_TYPES.map((type) => ({ type, amount: plain(read.income.get(type) ?? '0') })),
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
  return { session: read.user, view };
}
