/** Transaction types of SPEC.md point 3; the label is shown through i18n key `txType.<raw>`. */
export const TRANSACTION_TYPES = [
  'cow-fund-release',
  'cow-fund-buy',
  'cow-fund-settlement',
  'merchant-system-transfer',
  'user-transfer-out',
  'user-transfer-in',
  'cow-ai-maching-buy',
  'cow-push-income',
  'cow-point-income',
  'cow-sns-level-income',
  'cow-sns-same-level-income',
  'cow-income-fee',
  'cow-ai-machine-auto-mint',
  'cow-ai-machine-mint-income',
  'eow-swap',
  // Ours (SPEC.md names no labels for them): on-chain recharge and withdrawal, and a failed payout's refund.
  'chain-recharge',
  'chain-withdraw',
  'chain-withdraw-refund',
  // Ours: AIDF invested through the invest contract (RULES.md "Pledge"), credited after its confirmations.
  'chain-invest',
] as const;
export type TTransactionType = (typeof TRANSACTION_TYPES)[number];

/** The types shown on the income details screen. */
export const INCOME_TRANSACTION_TYPES: readonly TTransactionType[] = [
  'cow-fund-settlement',
  'cow-push-income',
  'cow-point-income',
  'cow-sns-level-income',
  'cow-sns-same-level-income',
  'cow-ai-machine-mint-income',
];

export function transactionTypeKey(raw: string): string {
  return (TRANSACTION_TYPES as readonly string[]).includes(raw) ? `txType.${raw}` : 'txType.unknown';
}
