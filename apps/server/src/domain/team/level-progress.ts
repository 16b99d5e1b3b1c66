import { Money, moneyString } from '@aidf/contract';
import type { LevelRule } from './team-config.ts';

/** NUMERIC text without the trailing zeros ('100.500000000000000000' → '100.5'). */
const plain = (text: string) => moneyString(new Money(text));

/**
 * What a user at star level `level` still lacks for the next one under the current thresholds (RULES.md
 * "Invitations and team": a level needs its team volume and its direct invitees); null at the top level.
 */
export function nextLevelGap(
  stats: { level: number; teamVolume: string; directCount: number },
  levels: readonly LevelRule[],
) {
  const nextRule = levels.find((l) => l.level === stats.level + 1);
  if (!nextRule) return null;
  return {
    level: nextRule.level,
    volumeNeeded: plain(nextRule.minVolume),
    directNeeded: nextRule.minDirect,
    volumeMissing: moneyString(Money.max(new Money(nextRule.minVolume).minus(new Money(stats.teamVolume)), 0)),
    directMissing: Math.max(nextRule.minDirect - stats.directCount, 0),
  };
}
