import { createSolanaRpc, type Signature, signature as toSignature } from '@solana/kit';
import type { CollectionSource, PaymentCheck } from '../collection-source.ts';
import type { DepositSource } from '../deposit-source.ts';
import { transfersOf } from './solana-deposit-source.ts';

/**
 * Solana payments to the collection address: the deposit source's design (getBlocks, then getBlock per block of
 * the finalized range, every balance rise of the watched tokens), keeping
 * the rises of the collection address only. A hint is read at 'confirmed' so the order shows it pending at
 * once; it counts only once getSignatureStatuses says 'finalized' (RULES.md). A confirmed transaction whose slot
 * is finalized yet which the node no longer knows was on a dropped fork: gone.
 */
export function solanaCollectionSource(rpcUrl: string, deposits: DepositSource): CollectionSource {
  const rpc = createSolanaRpc(rpcUrl);
  return {
    chain: 'solana',
    genesisHash: () => deposits.genesisHash(),
    heads: () => deposits.heads(),
    blockHash: async () => null,
    maxRange: deposits.maxRange ?? 1_000_000n,
    async scan(from, to, collection, tokens) {
      const { transfers } = await deposits.transfers(from, to, tokens, [collection]);
      return { payments: transfers.filter((t) => t.to === collection), lastBlockHash: null };
    },
    async ofTransaction(txHash, collection, tokens) {
      const tx = await rpc
        .getTransaction(toSignature(txHash), {
          commitment: 'confirmed',
          encoding: 'json',
          maxSupportedTransactionVersion: 0,
        })
        .send();
      if (!tx?.meta) {
        // Not confirmed: 'pending' while the node has processed it, null when it does not know it at all.
        const { value } = await rpc.getSignatureStatuses([toSignature(txHash)]).send();
        return value[0] ? 'pending' : null;
      }
      if (tx.meta.err !== null) return [];
      const native = tokens.find((t) => t.contract === null);
      const mints = new Map(tokens.filter((t) => t.contract).map((t) => [t.contract as string, t]));
      return transfersOf(tx, native, mints).filter((t) => t.to === collection);
    },
    async check(payment, confirmed): Promise<PaymentCheck> {
      const { value } = await rpc
        .getSignatureStatuses([payment.txHash as Signature], { searchTransactionHistory: true })
        .send();
      const status = value[0];
      if (!status) return payment.blockNumber <= confirmed ? { verdict: 'gone' } : { verdict: 'wait' };
      if (status.err !== null) return { verdict: 'gone' };
      if (status.slot !== payment.blockNumber) return { verdict: 'moved', blockNumber: status.slot, blockHash: null };
      return status.confirmationStatus === 'finalized' ? { verdict: 'final' } : { verdict: 'wait' };
    },
  };
}
