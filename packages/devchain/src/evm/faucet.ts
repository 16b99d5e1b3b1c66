import {
  type Address,
  type Chain,
  createPublicClient,
  createWalletClient,
  defineChain,
  type Hash,
  type HDAccount,
  http,
  parseAbi,
  parseUnits,
  type TransactionReceipt,
} from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { bsc } from 'viem/chains';
import type { CompiledContract } from './compile.ts';

/** Hardhat's built-in accounts come from this mnemonic, each pre-funded with 10000 of the native coin. */
const HARDHAT_MNEMONIC = 'test test test test test test test test test test test junk';
// #0 and #1 are the app's demo users (alice, bob); #19 is the last pre-funded account, so nobody else uses it.
const FAUCET_ACCOUNT_INDEX = 19;

const mintAbi = parseAbi(['function mint(address to, uint256 amount)']);

function faucetAccount(): HDAccount {
  return mnemonicToAccount(HARDHAT_MNEMONIC, { addressIndex: FAUCET_ACCOUNT_INDEX });
}

/** viem's BNB Smart Chain definition, pointed at the local node instead of the public RPC. */
export function localBsc(rpcUrl: string): Chain {
  return defineChain({ ...bsc, rpcUrls: { default: { http: [rpcUrl] } } });
}

/** Parses a decimal string such as '1.5' into base units, refusing anything parseUnits would mangle. */
export function parseAmount(value: string, label: string, decimals = 18): bigint {
  if (!/^\d+(\.\d+)?$/.test(value) || (value.split('.')[1]?.length ?? 0) > decimals) {
    throw new Error(`${label}: '${value}' is not a decimal amount with at most ${decimals} decimals`);
  }
  return parseUnits(value, decimals);
}

/**
 * Sends transactions from the faucet account, one at a time: each waits for its receipt before the next
 * starts, so concurrent callers never race for a nonce. (viem's nonceManager would avoid the wait but
 * caches nonces, which go stale after evm_revert.)
 */
export class Faucet {
  private readonly account = faucetAccount();
  private readonly publicClient;
  private readonly walletClient;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    rpcUrl: string,
    private readonly token: CompiledContract,
  ) {
    const chain = localBsc(rpcUrl);
    // Automine puts every transaction in a block at once, so poll often rather than at BSC's pace.
    const transport = http(rpcUrl);
    this.publicClient = createPublicClient({ chain, transport, pollingInterval: 50 });
    this.walletClient = createWalletClient({ account: this.account, chain, transport });
  }

  deployToken(name: string, symbol: string): Promise<Address> {
    return this.serially(async () => {
      const hash = await this.walletClient.deployContract({
        abi: this.token.abi,
        bytecode: this.token.bytecode,
        args: [name, symbol],
      });
      const { contractAddress } = await this.confirm(hash, `deploy ${symbol}`);
      if (!contractAddress) throw new Error(`deploy ${symbol}: receipt has no contract address`);
      return contractAddress;
    });
  }

  /** Deploys another compiled contract (the invest contract) from the faucet account. */
  deploy(contract: CompiledContract, args: readonly unknown[], what: string): Promise<Address> {
    return this.serially(async () => {
      const hash = await this.walletClient.deployContract({ abi: contract.abi, bytecode: contract.bytecode, args });
      const { contractAddress } = await this.confirm(hash, `deploy ${what}`);
      if (!contractAddress) throw new Error(`deploy ${what}: receipt has no contract address`);
      return contractAddress;
    });
  }

  /** Mints and answers the transaction's hash once it is mined. */
  mint(token: Address, to: Address, amount: bigint): Promise<Hash> {
    return this.serially(async () => {
      const hash = await this.walletClient.writeContract({
        address: token,
        abi: mintAbi,
        functionName: 'mint',
        args: [to, amount],
      });
      await this.confirm(hash, `mint on ${token}`);
      return hash;
    });
  }

  /** Sends BNB and answers the transaction's hash once it is mined. */
  sendNative(to: Address, value: bigint): Promise<Hash> {
    return this.serially(async () => {
      const hash = await this.walletClient.sendTransaction({ to, value });
      await this.confirm(hash, `send to ${to}`);
      return hash;
    });
  }

  private serially<T>(task: () => Promise<T>): Promise<T> {
    const result = this.queue.then(task);
    this.queue = result.catch(() => undefined); // one failure must not block later transactions
    return result;
  }

  private async confirm(hash: Hash, what: string): Promise<TransactionReceipt> {
    const receipt = await this.publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== 'success') throw new Error(`${what}: transaction ${hash} reverted`);
    return receipt;
  }
}
