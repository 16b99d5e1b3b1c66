import {
  BaseError,
  createPublicClient,
  createWalletClient,
  erc20Abi,
  HttpRequestError,
  http,
  parseAbi,
  parseUnits,
} from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { localBsc } from '../../packages/devchain/src/evm/faucet.ts';
import type { ApiClient } from './client.ts';
import type { WorkloadUser } from './setup.ts';
import type { SentDeposit } from './types.ts';

const HARDHAT_MNEMONIC = 'test test test test test test test test test test test junk';
/** The dev chain's token owner (its faucet, account #19): only it may mint. */
const TOKEN_OWNER = 19;
/** The workload's depositor (account #17, pre-funded with BNB for gas, used by nobody else). */
const DEPOSITOR = 17;
const mintAbi = parseAbi(['function mint(address to, uint256 amount)']);

/**
 * The floats minted before the run, before any fault: beside the e2e tests the node once took longer than viem's
 * 10 s to answer a nonce, which ended the run before its scenario. The workload's own sends keep the default.
 */
export const setupTransport = (rpcUrl: string) => http(rpcUrl, { retryCount: 0, timeout: 120_000 });

/**
 * A phone's wallet sending USDT on the BNB Smart Chain dev node to users' deposit addresses, one transaction at a
 * time (one nonce sequence), each recorded with its hash and block so the invariants can find its credit.
 */
export function depositor(rpcUrl: string, usdt: `0x${string}`) {
  const chain = localBsc(rpcUrl);
  const transport = http(rpcUrl, { retryCount: 0 });
  const publicClient = createPublicClient({ chain, transport, pollingInterval: 100 });
  const wallet = (index: number) =>
    createWalletClient({ account: mnemonicToAccount(HARDHAT_MNEMONIC, { addressIndex: index }), chain, transport });
  const tokenOwner = createWalletClient({
    account: mnemonicToAccount(HARDHAT_MNEMONIC, { addressIndex: TOKEN_OWNER }),
    chain,
    transport: setupTransport(rpcUrl),
  });
  const setupClient = createPublicClient({ chain, transport: setupTransport(rpcUrl), pollingInterval: 100 });
  const sender = wallet(DEPOSITOR);
  const addresses = new Map<string, string>();
  let queue: Promise<unknown> = Promise.resolve();

  return {
    /**
     * Mints the depositor its float once, before the run. A request the node's side closed (a kept-alive socket
     * it dropped while the machine was starved: "fetch failed") is tried again: a second mint only gives the
     * harness's own depositor more float.
     */
    async prepare(total: string) {
      for (let attempt = 1; ; attempt++) {
        try {
          const hash = await tokenOwner.writeContract({
            address: usdt,
            abi: mintAbi,
            functionName: 'mint',
            args: [sender.account.address, parseUnits(total, 18)],
          });
          await setupClient.waitForTransactionReceipt({ hash });
          return;
        } catch (error) {
          const dropped = error instanceof BaseError && error.walk((e) => e instanceof HttpRequestError) !== null;
          if (!dropped || attempt >= 3) throw error;
        }
      }
    },

    /** The user's deposit address (asked once, as the recharge screen does), then `amount` USDT sent to it. */
    async deposit(client: ApiClient, user: WorkloadUser, amount: string): Promise<SentDeposit | null> {
      let address = addresses.get(user.username);
      if (!address) {
        const asked = await client.send({
          kind: 'deposit',
          key: null,
          method: 'GET',
          path: `/v1/chn/coin/usdt/bnb/address/${user.id}/A`,
          token: user.token,
          meta: { user: user.username },
        });
        const body = asked.attempts.at(-1)?.body as { data?: { address?: string } } | null;
        address = body?.data?.address;
        if (!address) return null;
        addresses.set(user.username, address);
      }
      const to = address as `0x${string}`;
      const sent = queue.then(async () => {
        const hash = await sender.writeContract({
          address: usdt,
          abi: erc20Abi,
          functionName: 'transfer',
          args: [to, parseUnits(amount, 18)],
        });
        // Sent is sent: a receipt that does not come (the node stalls) leaves the block unknown (-1), and the
        // invariants ask the chain where, or whether, the transaction is.
        const receipt = await publicClient.waitForTransactionReceipt({ hash, timeout: 60_000 }).catch(() => null);
        return { hash, blockNumber: receipt ? Number(receipt.blockNumber) : -1 };
      });
      queue = sent.catch(() => undefined);
      const { hash, blockNumber } = await sent;
      return { username: user.username, address: to, currency: 'usdt', amount, txHash: hash, blockNumber };
    },
  };
}
