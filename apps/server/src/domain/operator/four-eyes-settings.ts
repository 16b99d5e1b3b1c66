import { CURRENCIES, type TCurrency } from '@aidf/contract';
import type { Repositories } from '../../db/repositories/index.ts';
import { COLD_ADDRESS_KEYS } from '../treasury/treasury-settings.ts';

/** The settings that shape four eyes itself; a change of one is a proposal a second admin approves. */
export const FOUR_EYES_SETTINGS = {
  /** Per currency: at or above it a credit (or a held payout's retry or refund) waits for a second operator. */
  threshold: (currency: TCurrency) => `credit.approvalThreshold.${currency}`,
  /** Hours a proposal stays open before it expires. */
  expiryHours: 'proposal.expiryHours',
} as const;

export const DEFAULT_PROPOSAL_EXPIRY_HOURS = 72;

const FOUR_EYES_KEYS: ReadonlySet<string> = new Set([
  ...CURRENCIES.map(FOUR_EYES_SETTINGS.threshold),
  FOUR_EYES_SETTINGS.expiryHours,
  // Where the treasury sends what the hot wallet does not keep: one operator alone must not redirect it.
  ...COLD_ADDRESS_KEYS,
]);

/** Whether changing `key` needs a second admin. */
export function isFourEyesSetting(key: string): boolean {
  return FOUR_EYES_KEYS.has(key);
}

/** The threshold of `currency`: its setting, else CREDIT_APPROVAL_THRESHOLD; null when neither is set. */
export async function approvalThreshold(
  repos: Repositories,
  currency: TCurrency,
  fallback: string | null,
): Promise<string | null> {
  const key = FOUR_EYES_SETTINGS.threshold(currency);
  return (await repos.settings.get([key])).get(key) ?? fallback;
}

/** When a proposal made at `now` expires (proposal.expiryHours, default 72). */
export async function proposalExpiry(repos: Repositories, now: Date): Promise<Date> {
  const key = FOUR_EYES_SETTINGS.expiryHours;
  const hours = Number((await repos.settings.get([key])).get(key) ?? DEFAULT_PROPOSAL_EXPIRY_HOURS);
  return new Date(now.getTime() + hours * 3_600_000);
}
