import type { Repositories } from '../../db/repositories/index.ts';

export const STAR_LEVELS = [1, 2, 3, 4, 5, 6, 7] as const;
export type StarLevel = (typeof STAR_LEVELS)[number];

/** The setting keys of the team (migration 0017 seeds them; the operator changes them with set-config). */
export const TEAM_SETTINGS = {
  /** Team volume (AIDF worth of machines bought by the whole downline) a level needs. */
  volume: (level: StarLevel) => `team.level.${level}.volume`,
  /** Direct invitees a level needs. */
  direct: (level: StarLevel) => `team.level.${level}.direct`,
  /** Level bonus rate, percent of the machine's worth. */
  rate: (level: StarLevel) => `team.level.${level}.rate`,
  /** Direct bonus to the buyer's inviter, percent of the worth. */
  directRate: 'team.directRate',
  /** Peer bonus to the first upline of the same level as the one just paid, percent of the worth. */
  peerRate: 'team.peerRate',
  /** All bonuses of one purchase together never exceed this percent of its worth. */
  maxBonusPercent: 'team.maxBonusPercent',
} as const;

export interface LevelRule {
  level: StarLevel;
  minVolume: string;
  minDirect: number;
  rate: string;
}

export interface TeamConfig {
  levels: LevelRule[];
  directRate: string;
  peerRate: string;
  maxBonusPercent: string;
}

export function teamSettingKeys(): string[] {
  return [
    ...STAR_LEVELS.flatMap((l) => [TEAM_SETTINGS.volume(l), TEAM_SETTINGS.direct(l), TEAM_SETTINGS.rate(l)]),
    TEAM_SETTINGS.directRate,
    TEAM_SETTINGS.peerRate,
    TEAM_SETTINGS.maxBonusPercent,
  ];
}

/** The team's numbers as the operator last set them. */
export async function teamConfig(repos: Repositories): Promise<TeamConfig> {
  return teamConfigFrom(await repos.settings.get(teamSettingKeys()));
}

/** The team's numbers from the settings read (teamSettingKeys). */
export function teamConfigFrom(values: Map<string, string>): TeamConfig {
  const read = (key: string) => {
    const value = values.get(key);
    if (value === undefined) throw new Error(`setting ${key} is missing`);
    return value;
  };
  return {
    levels: STAR_LEVELS.map((level) => ({
      level,
      minVolume: read(TEAM_SETTINGS.volume(level)),
      minDirect: Number(read(TEAM_SETTINGS.direct(level))),
      rate: read(TEAM_SETTINGS.rate(level)),
    })),
    directRate: read(TEAM_SETTINGS.directRate),
    peerRate: read(TEAM_SETTINGS.peerRate),
    maxBonusPercent: read(TEAM_SETTINGS.maxBonusPercent),
  };
}

/** The thresholds and rates as the statements that recompute levels and bonuses take them. */
export function levelArrays(config: TeamConfig) {
  return {
    volumes: config.levels.map((l) => l.minVolume),
    directs: config.levels.map((l) => l.minDirect),
    rates: `{${config.levels.map((l) => l.rate).join(',')}}`,
  };
}
