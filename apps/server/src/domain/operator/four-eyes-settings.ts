import type { TCurrency } from '@aidf/contract';
import type { Repositories } from '../../db/repositories/index.ts';

/** The settings that shape four eyes itself; they are money settings (money-settings.ts): a second admin approves a change. */
export const FOUR_EYES_SETTINGS = {
  /** Per currency: at or above it a credit (or a held payout's retry or refund) waits for a second operator. */
  threshold: (currency: TCurrency) => `credit.approvalThreshold.${currency}`,
  /** Hours a proposal stays open before it expires. */
  expiryHours: 'proposal.expiryHours',
} as const;

export const DEFAULT_PROPOSAL_EXPIRY_HOURS = 72;

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
