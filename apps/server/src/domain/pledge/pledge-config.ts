import { PLEDGE_DAYS, type PledgeDays } from '@aidf/contract';
import type { Repositories } from '../../db/repositories/index.ts';

/** The setting keys of the pledge: one rate per period (percent for the whole period) and the daily limit. */
export const PLEDGE_SETTINGS = {
  rate: (days: PledgeDays) => `pledge.rate.${days}`,
  dailyLimit: 'pledge.dailyLimit',
} as const;

export interface PledgeConfig {
  rates: Record<PledgeDays, string>;
  dailyLimit: number;
}

/** The pledge's numbers as the operator last set them (migration 0013 seeds them). */
export async function pledgeConfig(repos: Repositories): Promise<PledgeConfig> {
  const keys = [...PLEDGE_DAYS.map(PLEDGE_SETTINGS.rate), PLEDGE_SETTINGS.dailyLimit];
  const values = await repos.settings.get(keys);
  const read = (key: string) => {
    const value = values.get(key);
    if (value === undefined) throw new Error(`setting ${key} is missing`);
    return value;
  };
  const rates = Object.fromEntries(PLEDGE_DAYS.map((d) => [d, read(PLEDGE_SETTINGS.rate(d))])) as Record<
    PledgeDays,
    string
  >;
  return { rates, dailyLimit: Number(read(PLEDGE_SETTINGS.dailyLimit)) };
}
