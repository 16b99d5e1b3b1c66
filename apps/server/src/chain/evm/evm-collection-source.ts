import {
  decodeEventLog,
  formatUnits,
  getAddress,
  type Hash,
  type PublicClient,
  parseAbiItem,
  TransactionNotFoundError,
  type TransactionReceipt,
  TransactionReceiptNotFoundError,
} from 'viem';
import type { CollectionSource, PaymentCheck } from '../collection-source.ts';
import type { DepositSource, ScannedTransfer } from '../deposit-source.ts';
import { nativeTransfer } from './evm-native-transfers.ts';

const TRANSFER = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');

/**
 * BNB Smart Chain payments to the collection address. ERC-20 tokens: Transfer logs of each pinned contract with
 * topic 2 = the collection address, through the deposit source (the node filters). Native BNB leaves no log: the
 * deposit source reads the range's blocks with their transactions, and a transaction to the collection address
 * with a value is a payment once its receipt says it succeeded (evm-native-transfers.ts; BNB sent by a contract's
 * internal call is not seen: wallets send it directly). The range is bounded (`maxRange` blocks a scan) so one tick stays small; confirmed = head - depth
 * (the deposit source's, so every watcher shares one idea of "confirmed").
 */
export function evmCollectionSource(
  client: PublicClient,
  deposits: DepositSource,
  options: { maxRange?: bigint } = {},
): CollectionSource {
  async function receipt(hash: Hash): Promise<TransactionReceipt | null> {
    try {
      return await client.getTransactionReceipt({ hash });
    } catch (error) {
      if (error instanceof TransactionReceiptNotFoundError) return null;
      throw error;
    }
  }

  /** Whether the node knows a transaction that has no receipt yet (it waits in the pool). */
  async function inPool(hash: Hash): Promise<boolean> {
    try {
      await client.getTransaction({ hash });
      return true;
    } catch (error) {
      if (error instanceof TransactionNotFoundError) return false;
      throw error;
    }
  }

  return {
    chain: 'bsc',
    genesisHash: () => deposits.genesisHash(),
    heads: () => deposits.heads(),
    blockHash: (block) => deposits.blockHash(block),
    maxRange: options.maxRange ?? 100n,
    async scan(from, to, collection, tokens) {
      const found = await deposits.transfers(from, to, tokens, [collection]);
      const payments = found.transfers.map((p) => ({ ...p, txHash: p.txHash.toLowerCase() }));
      return { payments, lastBlockHash: found.lastBlockHash };
    },
    async ofTransaction(txHash, collection, tokens) {
      const r = await receipt(txHash as Hash);
      if (!r) return (await inPool(txHash as Hash)) ? 'pending' : null;
      if (r.status !== 'success') return [];
      const wanted = collection.toLowerCase();
      const block = { number: r.blockNumber, hash: r.blockHash };
      const payments: ScannedTransfer[] = [];
      const native = tokens.find((t) => t.contract === null);
      if (native && r.to?.toLowerCase() === wanted) {
        try {
          const tx = await client.getTransaction({ hash: txHash as Hash });
          if (tx.value > 0n) payments.push(nativeTransfer(tx, block, native));
        } catch (error) {
          if (!(error instanceof TransactionNotFoundError)) throw error;
          return null;
        }
      }
      const byContract = new Map(tokens.filter((t) => t.contract).map((t) => [String(t.contract).toLowerCase(), t]));
      for (const log of r.logs) {
        const token = byContract.get(log.address.toLowerCase());
        if (!token || log.removed) continue;
        let decoded: ReturnType<typeof decodeEventLog<[typeof TRANSFER]>>;
        try {
          decoded = decodeEventLog({ abi: [TRANSFER], data: log.data, topics: log.topics, strict: true });
        } catch {
          continue; // another event of the token (Approval…)
        }
        const { from, to, value } = decoded.args;
        if (to.toLowerCase() !== wanted || value === 0n) continue;
        payments.push({
          txHash: txHash.toLowerCase(),
          eventIndex: String(log.logIndex),
          blockNumber: r.blockNumber,
          blockHash: r.blockHash,
          currency: token.currency,
          tokenContract: getAddress(log.address),
          from: getAddress(from),
          to: getAddress(to),
          amount: formatUnits(value, token.decimals),
        });
      }
      return payments;
    },
    async check(payment, confirmed): Promise<PaymentCheck> {
      const r = await receipt(payment.txHash as Hash);
      if (r && r.status === 'success') {
        if (r.blockHash !== payment.blockHash)
          return { verdict: 'moved', blockNumber: r.blockNumber, blockHash: r.blockHash };
        return r.blockNumber <= confirmed ? { verdict: 'final' } : { verdict: 'wait' };
      }
      // Gone only when its block really changed: a node behind a load balancer may not know it for a moment.
      const now = await deposits.blockHash(payment.blockNumber).catch(() => null);
      if (r?.status === 'reverted' || (now !== null && now !== payment.blockHash)) return { verdict: 'gone' };
      return { verdict: 'wait' };
    },
  };
}
