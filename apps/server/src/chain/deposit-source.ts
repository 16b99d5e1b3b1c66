import type { ChainName } from '../db/repositories/chain.ts';

/** A token the watcher credits: its pinned contract (mint on Solana; null for the chain's native coin). */
export interface WatchedToken {
  currency: string;
  contract: string | null;
  decimals: number;
}

/** A transfer found in a block range, before the watcher has looked up whose deposit address it reached. */
export interface ScannedTransfer {
  txHash: string;
  /** Unique within the transaction: the log index on EVM chains ('native' for BNB itself), the balance that rose on Solana. */
  eventIndex: string;
  blockNumber: bigint;
  /** The block's hash on EVM chains; null on Solana, where finality makes it moot. */
  blockHash: string | null;
  currency: string;
  tokenContract: string | null;
  from: string | null;
  to: string;
  /** Decimal string in whole tokens, converted with the pinned decimals. */
  amount: string;
}

/**
 * Which of `candidates` are the platform's deposit addresses, in one query (an EVM address compared without case:
 * the answer's are lower case, Solana's as given).
 */
export type RecipientLookup = (candidates: string[]) => Promise<ReadonlySet<string>>;

/**
 * What the deposit watcher needs of a chain; one implementation per chain (viem for BNB Smart Chain,
 * @solana/kit for Solana), so both follow the same design: ranges, cursor, depth, one credit per event.
 */
export interface DepositSource {
  chain: ChainName;
  chainCurrency: 'bnb' | 'sol';
  /** Identifies the chain itself, so a cursor is never applied to another chain. */
  genesisHash(): Promise<string>;
  /** The newest block and the newest one deep enough to credit (head - depth; Solana: finalized). */
  heads(): Promise<{ head: bigint; confirmed: bigint }>;
  /** The hash of a block, to notice a reorganisation below the depth; null where finality makes it moot. */
  blockHash(block: bigint): Promise<string | null>;
  /**
   * Successful transfers of the pinned tokens (and of the native coin: the token without a contract) in
   * [from, to] that may have reached `depositAddresses` (the platform's, as the database knows them when the
   * range is scanned), and the hash of block `to`. Asking with the addresses known now is enough: an address
   * is made when a user asks for it, before anyone can pay to it, so a transfer to an address made later lies
   * in a block after the cursor and is scanned then. A source with `matchesRecipients` answers the transfers to
   * every recipient and is given no addresses; given `ours`, it may ask it which of the range's recipients are
   * the platform's (one lookup per range) and answer only the transfers to those.
   */
  transfers(
    from: bigint,
    to: bigint,
    tokens: WatchedToken[],
    depositAddresses: string[],
    ours?: RecipientLookup,
  ): Promise<{ transfers: ScannedTransfer[]; lastBlockHash: string | null }>;
  /** Blocks (slots) per scan this source prefers when the watcher is not told; its cost per block differs. */
  maxRange?: bigint;
  /**
   * The source reads whole blocks and answers the transfers to every recipient: the watcher then matches the
   * recipients against the deposit addresses in its one lookup per range instead of loading every address, so
   * a scan costs the same with 1,000 or 100,000 addresses (Solana's blocks, BNB Smart Chain's logs of the pinned
   * tokens). Otherwise the source is given the addresses and asks the node about those only.
   */
  matchesRecipients?: boolean;
}
