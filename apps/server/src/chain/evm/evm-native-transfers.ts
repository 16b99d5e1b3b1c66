import { type Block, formatUnits, getAddress, type Hash, type PublicClient } from 'viem';
import type { ScannedTransfer, WatchedToken } from '../deposit-source.ts';

/** A native transfer is the transaction itself: one per transaction, so its event index is a fixed word. */
export const NATIVE_EVENT = 'native';

/**
 * Blocks (with their transactions) per JSON-RPC batch: one HTTP request each. Providers cap a batch (50 to 1000
 * calls), and a full BNB Smart Chain block with its transactions is about 100 KB, so 50 keeps a reply near 5 MB.
 */
export const DEFAULT_BLOCKS_PER_BATCH = 50;
/** Batches in flight at once: enough to hide a round trip, few enough not to be rate-limited. */
const BATCHES_IN_FLIGHT = 2;

/** The scanned transfer a successful native send is: amount in whole coins, from and to in EIP-55 form. */
export function nativeTransfer(
  tx: { hash: Hash; from: string; to: string | null; value: bigint },
  block: { number: bigint; hash: Hash },
  native: WatchedToken,
): ScannedTransfer {
  return {
    txHash: tx.hash.toLowerCase(),
    eventIndex: NATIVE_EVENT,
    blockNumber: block.number,
    blockHash: block.hash,
    currency: native.currency,
    tokenContract: null,
    from: getAddress(tx.from),
    to: getAddress(tx.to as string),
    amount: formatUnits(tx.value, native.decimals),
  };
}

/** A transaction that sent the native coin (value, a recipient), not yet known to have succeeded. */
export interface NativeCandidate {
  tx: Block<bigint, true>['transactions'][number];
  block: { number: bigint; hash: Hash };
}

/**
 * Every block of [from, to] read once with its transactions, `blocksPerBatch` blocks per JSON-RPC batch
 * (`client`'s transport batches: bsc-client.ts): the hash of each block, and the transactions that sent the native
 * coin to someone (a plain value transfer leaves no log, so the blocks are the only place to see it). A block the
 * node does not serve (one it has not reached) fails the read.
 */
export async function readBlocks(
  client: PublicClient,
  range: { from: bigint; to: bigint },
  blocksPerBatch = DEFAULT_BLOCKS_PER_BATCH,
): Promise<{ hashes: Map<bigint, Hash>; candidates: NativeCandidate[] }> {
  const batches: bigint[][] = [];
  for (let start = range.from; start <= range.to; start += BigInt(blocksPerBatch)) {
    const batch: bigint[] = [];
    for (let n = start; n < start + BigInt(blocksPerBatch) && n <= range.to; n++) batch.push(n);
    batches.push(batch);
  }
  const candidates: NativeCandidate[] = [];
  const hashes = new Map<bigint, Hash>();
  let next = 0;
  const worker = async () => {
    while (next < batches.length) {
      const batch = batches[next++] as bigint[];
      // Asked together, so the batching transport sends them as one request.
      const blocks = await Promise.all(
        batch.map((blockNumber) => client.getBlock({ blockNumber, includeTransactions: true })),
      );
      for (const block of blocks) {
        if (block.number === null || block.hash === null) throw new Error('the node answered a pending block');
        hashes.set(block.number, block.hash);
        for (const tx of block.transactions) {
          if (tx.value === 0n || !tx.to) continue;
          candidates.push({ tx, block: { number: block.number, hash: block.hash } });
        }
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(BATCHES_IN_FLIGHT, batches.length) }, worker));
  if (!hashes.has(range.to)) throw new Error(`block ${range.to} was not read`);
  return { hashes, candidates };
}

/**
 * The native transfers among `candidates` whose recipient is `wanted` (lower case): each one a transfer once its
 * receipt (asked for these few only) says it succeeded. BNB a contract sends on (an internal transaction, as some
 * exchanges' withdrawals are) is not a transaction to the address and is not seen: reading every call's trace
 * would cost far more than the blocks (docs/user-guide.md says so).
 */
export async function nativeTransfersTo(
  client: PublicClient,
  candidates: readonly NativeCandidate[],
  wanted: ReadonlySet<string>,
  native: WatchedToken,
): Promise<ScannedTransfer[]> {
  const ours = candidates.filter(({ tx }) => tx.to && wanted.has(tx.to.toLowerCase()));
  const receipts = await Promise.all(ours.map(({ tx }) => client.getTransactionReceipt({ hash: tx.hash })));
  const transfers: ScannedTransfer[] = [];
  ours.forEach(({ tx, block }, i) => {
    const receipt = receipts[i];
    // A receipt in another block means the chain changed under the scan: fail the tick, the next one rereads.
    if (receipt?.blockHash !== block.hash) throw new Error(`the receipt of ${tx.hash} is not in block ${block.hash}`);
    if (receipt.status !== 'success') return; // a reverted transaction moved no coin
    transfers.push(nativeTransfer(tx, block, native));
  });
  return transfers;
}
