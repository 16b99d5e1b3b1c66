import type { ScannedTransfer, WatchedToken } from './deposit-source.ts';

/** Where a payment seen earlier stands now: deep enough to count, still to wait, moved to another block, gone. */
export type PaymentCheck =
  | { verdict: 'final' }
  | { verdict: 'wait' }
  | { verdict: 'moved'; blockNumber: bigint; blockHash: string | null }
  | { verdict: 'gone' };

/**
 * What the collection watcher (domain/machine/collection-watcher.ts) needs of a chain: payments to the
 * platform's one collection address, in the pinned currencies (the chain's native coin has contract null).
 */
export interface CollectionSource {
  chain: 'bsc' | 'solana';
  genesisHash(): Promise<string>;
  /** The newest block and the newest one deep enough to count (head - depth; Solana: finalized). */
  heads(): Promise<{ head: bigint; confirmed: bigint }>;
  /** The hash of a block, to notice a reorganisation under the cursor; null where finality makes it moot. */
  blockHash(block: bigint): Promise<string | null>;
  /** Blocks (slots) per scan. */
  maxRange: bigint;
  /** Successful payments to `collection` in [from, to], and the hash of block `to`. */
  scan(
    from: bigint,
    to: bigint,
    collection: string,
    tokens: WatchedToken[],
  ): Promise<{ payments: ScannedTransfer[]; lastBlockHash: string | null }>;
  /**
   * The payments to `collection` of one transaction as the chain has it now, at any depth (a hint): 'pending'
   * while the node has it but no block yet; null when the node does not know it at all; [] when it failed or
   * paid nothing to the collection address.
   */
  ofTransaction(
    txHash: string,
    collection: string,
    tokens: WatchedToken[],
  ): Promise<ScannedTransfer[] | 'pending' | null>;
  /** Whether a payment seen at (block, hash) is still there and deep enough (`confirmed`: the heads' answer). */
  check(
    payment: { txHash: string; blockNumber: bigint; blockHash: string | null },
    confirmed: bigint,
  ): Promise<PaymentCheck>;
}
