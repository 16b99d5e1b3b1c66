import { BSC_CHAIN_ID } from '@aidf/contract';
import { type Hex, hexToBytes, keccak256, type PublicClient } from 'viem';
import type { LocalAccount } from 'viem/accounts';
import { evmRawTransactions, type MinedReceipt } from './evm-raw-transactions.ts';

export interface SignedPublication {
  raw: Hex;
  hash: Hex;
}

/**
 * The gas limit of a transaction to a plain address carrying `data`: 21,000 plus the data at the highest price a
 * byte may cost (EIP-7623's floor, 40 per non-zero byte), and some room. What it leaves unused is not paid.
 */
export function publicationGas(data: Hex): bigint {
  const bytes = hexToBytes(data);
  const zero = bytes.filter((b) => b === 0).length;
  return 21_000n + 40n * BigInt(bytes.length - zero) + 10n * BigInt(zero) + 5_000n;
}

/**
 * What the reserves publication needs of BNB Smart Chain: the hot wallet signs a transaction to itself carrying a
 * report's root as data (reserves/root-publication.ts), with a nonce the database hands out.
 */
export interface PublishChain {
  hotWallet: `0x${string}`;
  head(): Promise<bigint>;
  gasPrice(): Promise<bigint>;
  pendingNonce(): Promise<bigint>;
  /** The hot wallet's transactions mined so far: a nonce below it is used, by whichever transaction. */
  minedNonce(): Promise<bigint>;
  /** Signs locally (no network call, so it can run inside a DB transaction). */
  sign(p: { data: Hex; nonce: bigint; gasPrice: bigint }): Promise<SignedPublication>;
  broadcast(raw: Hex): Promise<void>;
  /** 'retry': passing (network, rate limit, no gas yet); 'refused': the node refuses these bytes. */
  broadcastFailure(error: unknown): 'retry' | 'refused';
  receipt(hash: Hex): Promise<MinedReceipt | null>;
}

export function evmPublishChain(client: PublicClient, hotWallet: LocalAccount): PublishChain {
  return {
    hotWallet: hotWallet.address,
    head: () => client.getBlockNumber({ cacheTime: 0 }),
    gasPrice: () => client.getGasPrice(),
    pendingNonce: async () =>
      BigInt(await client.getTransactionCount({ address: hotWallet.address, blockTag: 'pending' })),
    minedNonce: async () =>
      BigInt(await client.getTransactionCount({ address: hotWallet.address, blockTag: 'latest' })),
    async sign(p) {
      const raw = await hotWallet.signTransaction({
        chainId: BSC_CHAIN_ID,
        type: 'legacy',
        to: hotWallet.address,
        value: 0n,
        data: p.data,
        gas: publicationGas(p.data),
        nonce: Number(p.nonce),
        gasPrice: p.gasPrice,
      });
      return { raw, hash: keccak256(raw) };
    },
    ...evmRawTransactions(client),
  };
}
