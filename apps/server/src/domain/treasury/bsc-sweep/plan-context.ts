import type { SweepChain } from '../../../chain/evm/evm-sweep-chain.ts';
import type { Repositories } from '../../../db/repositories/index.ts';

/** What planning needs besides the database: the chain, where it counts as confirmed, and the price cap. */
export interface PlanContext {
  repos: Repositories;
  chain: SweepChain;
  confirmations: number;
  maxGasPrice: bigint;
  /** At most this many (address, currency) pairs are looked at per round; the rest come next round. */
  planLimit: number;
  /** The contract of each token currency on BNB Smart Chain (BNB itself has none). */
  tokens: Map<string, `0x${string}`>;
}
