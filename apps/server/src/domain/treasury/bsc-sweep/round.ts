/** What one tick of the BNB Smart Chain sweeper did, reported by its `tick` and counted by its steps. */
export type BscCounts = Record<
  'planned' | 'skipped' | 'toppedUp' | 'signed' | 'swept' | 'failed' | 'held' | 'toCold',
  number
>;

/** One tick's shared view: the head every step prices at, the token contracts, and what the steps report. */
export interface BscRound {
  head: bigint;
  tokens: Map<string, `0x${string}`>;
  counts: BscCounts;
  problems: string[];
}

export function newRound(head: bigint, tokens: Map<string, `0x${string}`>): BscRound {
  const counts = { planned: 0, skipped: 0, toppedUp: 0, signed: 0, swept: 0, failed: 0, held: 0, toCold: 0 };
  return { head, tokens, counts, problems: [] };
}

/** The token contract a sweep of `currency` moves; null for BNB and for a token without a configured contract. */
export const tokenIn = (round: BscRound, currency: string) =>
  currency === 'bnb' ? null : (round.tokens.get(currency) ?? null);
