import { CHAINS } from '@aidf/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { SolanaSweepChain, SweepAsset } from '../../../chain/solana/solana-sweep-chain.ts';
import type { Repositories } from '../../../db/repositories/index.ts';
import type { SweepRow, SweepStatus } from '../../../db/repositories/sweeps.ts';
import { TREASURY_CURRENCIES } from '../treasury-settings.ts';

/** What every step of the Solana sweeper works with. */
export interface SolanaSweepContext {
  repos: Repositories;
  chain: SolanaSweepChain;
  maxAttempts: number;
  log?: Pick<FastifyBaseLogger, 'warn' | 'error' | 'info'>;
  /** Test seams where a real crash could happen: a hook that throws stops the tick there. */
  crashPoints?: { afterSigned?: (sweep: SweepRow) => void; afterSent?: (sweep: SweepRow) => void };
}

export type SolanaCounts = Record<
  'planned' | 'skipped' | 'signed' | 'sent' | 'swept' | 'failed' | 'held' | 'expired',
  number
>;

/** An asset the sweeper moves, with its decimals. */
export type KnownAsset = SweepAsset & { decimals: number };

/** One tick's shared view: the assets configured, and what the steps report. */
export interface SolanaRound {
  assets: Map<string, KnownAsset>;
  counts: SolanaCounts;
  problems: string[];
}

export function newSolanaRound(assets: Map<string, KnownAsset>): SolanaRound {
  const counts = { planned: 0, skipped: 0, signed: 0, sent: 0, swept: 0, failed: 0, held: 0, expired: 0 };
  return { assets, counts, problems: [] };
}

/** The assets the sweeper moves: SOL, and USDT once its mint is configured. */
export async function sweptAssets(repos: Repositories): Promise<Map<string, KnownAsset>> {
  const found = new Map<string, KnownAsset>([['sol', { kind: 'sol', decimals: CHAINS.solana.nativeDecimals }]]);
  for (const token of await repos.tokenConfigs.all()) {
    if (token.chainCurrency !== 'sol' || !token.contractAddress) continue;
    if (!TREASURY_CURRENCIES.solana.includes(token.currency) || token.currency === 'sol') continue;
    found.set(token.currency, { kind: 'token', mint: token.contractAddress, decimals: token.decimals });
  }
  return found;
}

/** What `owner` holds of `asset` at 'finalized'. */
export const balanceOf = (chain: SolanaSweepChain, owner: string, asset: SweepAsset) =>
  asset.kind === 'sol' ? chain.solBalance(owner) : chain.tokenBalance(owner, asset.mint);

/** A sweep's failure: counted, held after `maxAttempts` (with the alert `sweep-held`). */
export async function failSweep(
  ctx: SolanaSweepContext,
  round: SolanaRound,
  sweep: SweepRow,
  from: SweepStatus,
  error: string,
) {
  const to = await ctx.repos.sweeps.fail(sweep.id, from, error, ctx.maxAttempts);
  if (to === 'held') {
    round.counts.held++;
    ctx.log?.error(
      { alert: 'sweep-held', chain: 'solana', sweepId: sweep.id.toString(), currency: sweep.currency, error },
      'a Solana sweep failed repeatedly and is held for an operator',
    );
  } else if (to === 'failed') round.counts.failed++;
}
