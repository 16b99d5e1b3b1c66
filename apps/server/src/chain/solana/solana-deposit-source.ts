import { fromBaseUnits } from '@aidf/contract';
import { type Address, createSolanaRpc, type Slot } from '@solana/kit';
import type { DepositSource, ScannedTransfer } from '../deposit-source.ts';

type SolanaRpc = ReturnType<typeof createSolanaRpc>;

/**
 * Solana deposits through the same watcher design as BNB Smart Chain: slots in bounded ranges, only
 * 'finalized' ones (RULES.md), each successful transaction's balance rises read from its metadata: SOL for
 * an account whose lamports rose, SPL tokens only of the pinned mints, credited to the token account's owner.
 * A failed transaction (meta.err) credits nothing. Finalized slots do not reorganise, so no block hash check.
 */
export function solanaDepositSource(rpcUrl: string): DepositSource {
  const rpc: SolanaRpc = createSolanaRpc(rpcUrl);
  return {
    chain: 'solana',
    chainCurrency: 'sol',
    genesisHash: () => rpc.getGenesisHash().send(),
    async heads() {
      const [head, confirmed] = await Promise.all([
        rpc.getSlot({ commitment: 'processed' }).send(),
        rpc.getSlot({ commitment: 'finalized' }).send(),
      ]);
      return { head, confirmed };
    },
    blockHash: async () => null,
    async transfers(from, to, tokens) {
      const native = tokens.find((t) => t.contract === null);
      const mints = new Map(tokens.filter((t) => t.contract).map((t) => [t.contract as string, t]));
      const slots = await rpc.getBlocks(from as Slot, to as Slot, { commitment: 'finalized' }).send();
      const transfers: ScannedTransfer[] = [];
      let lastBlockHash: string | null = null;
      for (const slot of slots) {
        const block = await rpc
          .getBlock(slot, {
            commitment: 'finalized',
            encoding: 'json',
            transactionDetails: 'full',
            maxSupportedTransactionVersion: 0,
            rewards: false,
          })
          .send();
        if (!block) continue;
        lastBlockHash = block.blockhash;
        for (const { transaction, meta } of block.transactions) {
          if (!meta || meta.err !== null) continue;
          const txHash = transaction.signatures[0] as string;
          const keys: Address[] = [
            ...transaction.message.accountKeys,
            ...(meta.loadedAddresses?.writable ?? []),
            ...(meta.loadedAddresses?.readonly ?? []),
          ];
          const base = { txHash, blockNumber: slot, blockHash: block.blockhash };
          if (native) {
            keys.forEach((key, i) => {
              const rise = (meta.postBalances[i] ?? 0n) - (meta.preBalances[i] ?? 0n);
              if (rise <= 0n) return;
              transfers.push({
                ...base,
                eventIndex: `sol:${i}`,
                currency: native.currency,
                tokenContract: null,
                from: keys[0] ?? null,
                to: key,
                amount: fromBaseUnits(rise, native.decimals),
              });
            });
          }
          for (const post of meta.postTokenBalances ?? []) {
            const token = mints.get(post.mint);
            if (!token || !post.owner) continue;
            const pre = meta.preTokenBalances?.find((b) => b.accountIndex === post.accountIndex);
            const rise = BigInt(post.uiTokenAmount.amount) - BigInt(pre?.uiTokenAmount.amount ?? '0');
            if (rise <= 0n) continue;
            transfers.push({
              ...base,
              eventIndex: `spl:${post.accountIndex}`,
              currency: token.currency,
              tokenContract: post.mint,
              from: keys[0] ?? null,
              to: post.owner,
              amount: fromBaseUnits(rise, token.decimals),
            });
          }
        }
      }
      return { transfers, lastBlockHash };
    },
  };
}
