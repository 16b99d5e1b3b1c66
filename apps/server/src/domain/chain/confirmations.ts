import type { Repositories } from '../../db/repositories/index.ts';

/** A receipt's on-chain leg: how many blocks are on top of its block, and whether that is past the required depth. */
export type LegConfirmations = {
  /** Blocks (Solana: slots) on top of the leg's block at the newest head the watchers saw; null when not known. */
  confirmations: number | null;
  /** Past the depth the platform waits for (BSC: `bscConfirmations`; Solana: finalized, as the watchers scan). */
  confirmed: boolean;
};

const UNKNOWN: LegConfirmations = { confirmations: null, confirmed: false };

/**
 * The confirmations of a page's on-chain legs, from what the watchers already record (each chain's newest head and
 * how far their scans reached) and the block each leg was recorded in: one read of the cursor tables per page, no
 * request to a chain. The count is the project's own measure, as the deposit screen states it: blocks on top.
 */
export async function confirmationsReader(repos: Repositories, bscConfirmations: number) {
  const progress = await repos.confirmations.progress();
  return (chain: string, block: bigint | null): LegConfirmations => {
    const seen = progress.get(chain);
    if (block === null || !seen || block > seen.head) return UNKNOWN;
    const confirmations = Number(seen.head - block);
    // BSC counts blocks on top; Solana's depth is 'finalized', which a watcher's scan reached once it passed the slot.
    const confirmed = chain === 'bsc' ? confirmations >= bscConfirmations : block <= seen.scannedTo;
    return { confirmations, confirmed };
  };
}

/** The same for legs known only by their transaction hash (statement lines): each looked up where it was recorded. */
export async function confirmationsOfTransactions(
  repos: Repositories,
  bscConfirmations: number,
  txHashes: string[],
): Promise<(txHash: string | null) => LegConfirmations> {
  // A page with no on-chain line reads nothing more.
  if (txHashes.length === 0) return () => UNKNOWN;
  const [read, blocks] = await Promise.all([
    confirmationsReader(repos, bscConfirmations),
    repos.confirmations.blocksOf([...new Set(txHashes)]),
  ]);
  return (txHash) => {
    const found = txHash ? blocks.get(txHash) : undefined;
    return found ? read(found.chain, found.block) : UNKNOWN;
  };
}
