import { BSC_CHAIN_ID } from '@aidf/contract';
import {
  encodeFunctionData,
  erc20Abi,
  type Hex,
  keccak256,
  type PublicClient,
  parseTransaction,
  parseUnits,
} from 'viem';
import type { LocalAccount } from 'viem/accounts';
import { evmRawTransactions } from './evm-raw-transactions.ts';

/** Gas for one ERC-20 transfer, fixed: a payout that would revert is still mined, so it ends and is refunded. */
const TOKEN_TRANSFER_GAS = 100_000n;

export interface PayoutReceipt {
  success: boolean;
  blockNumber: bigint;
  fee: bigint;
}

export interface SignedPayout {
  raw: Hex;
  hash: Hex;
}

/** What the payout worker needs of BNB Smart Chain: sign locally, send bytes, read receipts. */
export interface PayoutChain {
  hotWallet: `0x${string}`;
  pendingNonce(): Promise<bigint>;
  /** How many transactions the hot wallet had sent as of `block` (its next nonce then). */
  nonceAt(block: bigint): Promise<bigint>;
  gasPrice(): Promise<bigint>;
  /** Signs an ERC-20 transfer with the hot wallet's key; no network call, so it can run inside a DB transaction. */
  signTokenTransfer(p: {
    token: `0x${string}`;
    to: `0x${string}`;
    amount: string;
    decimals: number;
    nonce: bigint;
    gasPrice: bigint;
  }): Promise<SignedPayout>;
  /** The same transaction (nonce, recipient, data) signed again at another gas price: a replacement. */
  resign(raw: Hex, gasPrice: bigint): Promise<SignedPayout>;
  /** The gas price signed into the bytes. */
  gasPriceOf(raw: Hex): bigint;
  /** The most BNB (wei) a payout signed at `gasPrice` can burn: its gas limit × the price. */
  feeCap(gasPrice: bigint): bigint;
  /** The same for signed bytes: their gas limit × their gas price. */
  feeCapOf(raw: Hex): bigint;
  /** Sends signed bytes; a node that already has them (or mined them) counts as sent. */
  broadcast(raw: Hex): Promise<void>;
  /**
   * What a failed broadcast means for that payout: 'retry' when the cause is passing or not the payout's own
   * (the network, no gas money in the hot wallet, an earlier nonce not in yet, a price the bump will raise);
   * 'refused' when the node refuses these very bytes, which sending again cannot change.
   */
  broadcastFailure(error: unknown): 'retry' | 'refused';
  /** A mined transaction's outcome; `fee` is the BNB it burnt, in wei (gas used × effective gas price). */
  receipt(hash: Hex): Promise<PayoutReceipt | null>;
  /**
   * The hash of the hot wallet's transaction that used `nonce` in a block up to `upTo`, read from that block
   * itself (found where the hot wallet's count rises past `nonce`); null when the node shows no such block.
   */
  nonceTakenBy(nonce: bigint, upTo: bigint): Promise<Hex | null>;
  head(): Promise<bigint>;
  /** The hot wallet's BNB and token balance, at `block` when given (else the latest block). */
  balances(token: `0x${string}` | null, block?: bigint): Promise<{ native: bigint; token: bigint | null }>;
}

export function evmPayoutChain(client: PublicClient, account: LocalAccount): PayoutChain {
  return {
    hotWallet: account.address,
    pendingNonce: async () =>
      BigInt(await client.getTransactionCount({ address: account.address, blockTag: 'pending' })),
    nonceAt: async (block) =>
      BigInt(await client.getTransactionCount({ address: account.address, blockNumber: block })),
    gasPrice: () => client.getGasPrice(),
    async signTokenTransfer(p) {
      const raw = await account.signTransaction({
        chainId: BSC_CHAIN_ID,
        type: 'legacy',
        to: p.token,
        data: encodeFunctionData({
          abi: erc20Abi,
          functionName: 'transfer',
          args: [p.to, parseUnits(p.amount, p.decimals)],
        }),
        nonce: Number(p.nonce),
        gas: TOKEN_TRANSFER_GAS,
        gasPrice: p.gasPrice,
        value: 0n,
      });
      return { raw, hash: keccak256(raw) };
    },
    async resign(raw, gasPrice) {
      const tx = parseTransaction(raw);
      if (tx.type !== 'legacy' || tx.nonce === undefined || !tx.to) throw new Error('not a payout transaction');
      const again = await account.signTransaction({
        chainId: BSC_CHAIN_ID,
        type: 'legacy',
        to: tx.to,
        data: tx.data ?? '0x',
        nonce: tx.nonce,
        gas: tx.gas ?? TOKEN_TRANSFER_GAS,
        gasPrice,
        value: tx.value ?? 0n,
      });
      return { raw: again, hash: keccak256(again) };
    },
    feeCap: (gasPrice) => TOKEN_TRANSFER_GAS * gasPrice,
    feeCapOf(raw) {
      const tx = parseTransaction(raw);
      return (tx.gas ?? TOKEN_TRANSFER_GAS) * (tx.gasPrice ?? 0n);
    },
    ...evmRawTransactions(client),
    nonceTakenBy: (nonce, upTo) => nonceTakenBy(client, account.address, nonce, upTo),
    head: () => client.getBlockNumber({ cacheTime: 0 }),
    balances: (token, block) => evmBalances(client, account.address, token, block),
  };
}

/**
 * The transaction of `address` with `nonce` in blocks up to `upTo`: the first block whose count passes `nonce` is
 * found by halving (a few reads, only for a payout whose nonce looks taken), and its transactions are looked at.
 */
async function nonceTakenBy(
  client: PublicClient,
  address: `0x${string}`,
  nonce: bigint,
  upTo: bigint,
): Promise<Hex | null> {
  const countAt = async (block: bigint) => BigInt(await client.getTransactionCount({ address, blockNumber: block }));
  if ((await countAt(upTo)) <= nonce) return null;
  let low = 0n; // the count at `low - 1` is at most `nonce`, the count at `high` passes it
  let high = upTo;
  while (low < high) {
    const middle = (low + high) / 2n;
    if ((await countAt(middle)) > nonce) high = middle;
    else low = middle + 1n;
  }
  const block = await client.getBlock({ blockNumber: high, includeTransactions: true });
  const taker = block.transactions.find(
    (tx) => tx.from.toLowerCase() === address.toLowerCase() && BigInt(tx.nonce) === nonce,
  );
  return taker?.hash ?? null;
}

/** An address's BNB and, when given, token balance: read by anyone, no key needed (the operator's chain-status). */
export async function evmBalances(
  client: PublicClient,
  address: `0x${string}`,
  token: `0x${string}` | null,
  block?: bigint,
): Promise<{ native: bigint; token: bigint | null }> {
  const at = block === undefined ? {} : { blockNumber: block };
  const native = await client.getBalance({ address, ...at });
  const tokenBalance = token
    ? await client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [address], ...at })
    : null;
  return { native, token: tokenBalance };
}
