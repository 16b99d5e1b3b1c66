import type { FundingTransaction } from '@aidf/devchain';
import type { ChainServices } from '../chain/chain-services.ts';
import type { Repositories } from '../db/repositories/index.ts';
import { recordTreasuryFunding } from '../domain/treasury/treasury-funding.ts';
import type { DevChains } from './dev-chains.ts';

/** The dev start's own funding of the platform's hot wallets, to book as production books a funding. */
export interface DevFunding {
  bsc: FundingTransaction[];
  solana: { currency: string; amount: string; txHash: string }[];
}

/** Slots after which the Solana stand-in calls a slot 'finalized' (packages/devchain, finalizationDepth). */
const SOLANA_FINALIZATION_DEPTH = 31;

/**
 * Books the dev chains' funding of the hot wallets through treasury funding, read from the chain like an
 * operator's `treasury-fund` (docs/operator-guide.md "Treasury funding"), so a fresh `npm start` reconciles: the
 * clearing accounts say the chains hold what the faucet sent. The blocks are mined (and the slots advanced) past
 * the confirmations first, so it is booked before the first reserves report.
 */
export async function bookDevFunding(
  repos: Repositories,
  chains: ChainServices,
  devChains: DevChains,
  funding: DevFunding,
) {
  if (funding.bsc.length > 0 && chains.bsc) await devChains.evm.mine(chains.bsc.confirmations);
  if (funding.solana.length > 0) devChains.solana.advanceSlots(SOLANA_FINALIZATION_DEPTH + 1);
  const actor = { name: 'dev-chain', role: 'admin', ip: null } as const;
  const booked: string[] = [];
  for (const [chain, transactions] of [
    ['bsc', funding.bsc],
    ['solana', funding.solana],
  ] as const) {
    for (const t of transactions) {
      const reason = 'the dev chain funded the hot wallet at start';
      await recordTreasuryFunding(repos, chains, actor, { chain, ...t, reason });
      booked.push(`${t.amount} ${t.currency} on ${chain}`);
    }
  }
  return booked;
}
