import { BSC_CHAIN_ID } from '@aidf/contract';
import { mnemonicToSeedSync } from '@scure/bip39';
import { encodeFunctionData, erc20Abi, type Hex, keccak256, type PublicClient } from 'viem';
import { HDKey, hdKeyToAccount, type LocalAccount } from 'viem/accounts';
import { evmRawTransactions } from './evm-raw-transactions.ts';

/**
 * Gas limits the sweeper signs with, fixed per kind so that a gas top-up can send exactly what the transfer needs
 * (limit × price). Measured on the dev chain's DevToken (bench/sweeps.ts prints it): an ERC-20 transfer that empties
 * the sender into a recipient already holding the token used 29,709 gas up to 51,609 into an empty one; 60,000
 * covers both with room for a token whose transfer costs a little more. A BNB transfer to a plain address is 21,000.
 * What the limit leaves unused stays at the deposit address as BNB, counted among what the chain holds.
 */
export const SWEEP_GAS = { token: 60_000n, native: 21_000n } as const;

export interface SignedTx {
  raw: Hex;
  hash: Hex;
}

/** What the BNB Smart Chain sweeper needs: balances at a block, signing with the hot wallet or a deposit key, receipts. */
export interface SweepChain {
  hotWallet: `0x${string}`;
  head(): Promise<bigint>;
  gasPrice(): Promise<bigint>;
  /** BNB (token null) or a token's balance of an address, at a block or the latest. */
  balanceOf(address: `0x${string}`, token: `0x${string}` | null, block?: bigint): Promise<bigint>;
  pendingNonce(address: `0x${string}`): Promise<bigint>;
  /** The deposit address at a derivation index (its key derived from DEPOSIT_HD_MNEMONIC). */
  depositAddressAt(index: number): `0x${string}`;
  /**
   * Signs locally (no network call, so it can run inside a DB transaction): `from` is 'hot' or a deposit address's
   * derivation index; `token` null sends BNB.
   */
  sign(p: {
    from: 'hot' | number;
    to: `0x${string}`;
    token: `0x${string}` | null;
    amount: bigint;
    nonce: bigint;
    gasPrice: bigint;
  }): Promise<SignedTx>;
  gasPriceOf(raw: Hex): bigint;
  broadcast(raw: Hex): Promise<void>;
  /** 'retry': passing (network, rate limit, no gas yet); 'refused': the node refuses these bytes. */
  broadcastFailure(error: unknown): 'retry' | 'refused';
  receipt(hash: Hex): Promise<{ success: boolean; blockNumber: bigint; fee: bigint } | null>;
}

export function evmSweepChain(client: PublicClient, hotWallet: LocalAccount, depositMnemonic: string): SweepChain {
  // The seed (2,048 PBKDF2 rounds) once; each deposit key is derived when it signs and not kept.
  const root = HDKey.fromMasterSeed(mnemonicToSeedSync(depositMnemonic));
  const depositAccount = (index: number) => hdKeyToAccount(root, { addressIndex: index });
  return {
    hotWallet: hotWallet.address,
    head: () => client.getBlockNumber({ cacheTime: 0 }),
    gasPrice: () => client.getGasPrice(),
    async balanceOf(address, token, block) {
      const at = block === undefined ? {} : { blockNumber: block };
      if (!token) return client.getBalance({ address, ...at });
      return client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [address], ...at });
    },
    pendingNonce: async (address) => BigInt(await client.getTransactionCount({ address, blockTag: 'pending' })),
    depositAddressAt: (index) => depositAccount(index).address,
    async sign(p) {
      const account = p.from === 'hot' ? hotWallet : depositAccount(p.from);
      const raw = await account.signTransaction({
        chainId: BSC_CHAIN_ID,
        type: 'legacy',
        nonce: Number(p.nonce),
        gasPrice: p.gasPrice,
        ...(p.token
          ? {
              to: p.token,
              value: 0n,
              gas: SWEEP_GAS.token,
              data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [p.to, p.amount] }),
            }
          : { to: p.to, value: p.amount, gas: SWEEP_GAS.native }),
      });
      return { raw, hash: keccak256(raw) };
    },
    ...evmRawTransactions(client),
  };
}
