import type { ChainServices } from '../../chain/chain-services.ts';
import type { ChainName } from '../../db/repositories/chain.ts';
import { errorSummary } from '../chain/error-summary.ts';

export type ChainHead = { chain: ChainName; head: bigint } | { chain: ChainName; error: string };

/** How long /readyz and /metrics wait for a chain's RPC: a scrape must not hang on a chain that is down. */
const HEAD_TIMEOUT_MS = 5_000;

export function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** Each configured chain's head block, or why its RPC did not answer; the chains are asked at the same time. */
export async function chainHeads(chains: ChainServices, timeoutMs = HEAD_TIMEOUT_MS): Promise<ChainHead[]> {
  const sources = [chains.bsc?.deposits, chains.solana?.deposits].filter((s) => s !== undefined);
  return Promise.all(
    sources.map(async (source) => {
      try {
        const { head } = await withTimeout(source.heads(), timeoutMs);
        return { chain: source.chain, head };
      } catch (error) {
        return { chain: source.chain, error: errorSummary(error) };
      }
    }),
  );
}

/**
 * Whether the block a watcher scanned last (its cursor's `nextBlock - 1`) has another hash on the chain now: a
 * reorganisation deeper than the confirmations, which stops the watcher (cursor-scan.ts) until an operator acts.
 * False when the cursor keeps no hash (Solana: finalized slots do not reorganise) or the RPC does not answer.
 */
export async function scannedBlockChanged(
  chains: ChainServices,
  chain: ChainName,
  cursor: { nextBlock: bigint; lastBlockHash: string | null },
  timeoutMs = HEAD_TIMEOUT_MS,
): Promise<boolean> {
  const source = chains[chain]?.deposits;
  if (!source || cursor.lastBlockHash === null || cursor.nextBlock <= 0n) return false;
  try {
    const now = await withTimeout(source.blockHash(cursor.nextBlock - 1n), timeoutMs);
    return now !== null && now !== cursor.lastBlockHash;
  } catch {
    return false; // the RPC's own trouble shows as aidf_chain_up 0
  }
}
