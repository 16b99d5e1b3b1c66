import { type EvmDevChain, startEvmDevChain } from '@aidf/devchain';
import { BaseError, createWalletClient, erc20Abi, http, parseEther, parseUnits } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { bscChain } from '../src/chain/evm/bsc-client.ts';
import { pointTokenConfigAt } from '../src/dev/dev-chains.ts';
import { setInvestContract } from '../src/domain/invest/invest-config.ts';
import { startTestServer, type TestServer } from './test-server.ts';

export interface ChainTestServer extends TestServer {
  evm: EvmDevChain;
}

/**
 * A test server wired to a fresh Hardhat dev chain (chain id 56, automine: one block per transaction, more
 * with `evm.mine`), with the token config pointing at the chain's COW/USDT/AIDF/EOEO and the invest setting at
 * its AidfInvest. The watchers and the payout worker are not started: each test drives their ticks, so every
 * step is deterministic.
 */
export async function startChainTestServer(env: Record<string, string> = {}): Promise<ChainTestServer> {
  const evm = await startEvmDevChain();
  try {
    const server = await startTestServer({ env: { BSC_RPC_URL: evm.rpcUrl, ...env } });
    await pointTokenConfigAt(server.repos, evm);
    await setInvestContract(server.repos, 'bsc', evm.invest, 'test');
    return {
      ...server,
      evm,
      close: async () => {
        try {
          await server.close();
        } finally {
          await evm.close();
        }
      },
    };
  } catch (error) {
    await evm.close();
    throw error;
  }
}

/** An outside wallet on the dev chain, funded with gas and tokens, sending ERC-20 transfers as a user would. */
export async function chainWallet(evm: EvmDevChain, funds: { bnb?: string; cow?: string; usdt?: string } = {}) {
  const account = privateKeyToAccount(generatePrivateKey());
  await evm.fund(account.address, { bnb: '1', ...funds });
  const client = createWalletClient({ account, chain: bscChain(evm.rpcUrl), transport: http(evm.rpcUrl) });
  return {
    address: account.address,
    /** Sends `amount` BNB, the chain's own coin, as a wallet does: a plain transaction with a value. */
    sendNative: (to: `0x${string}`, amount: string, gas?: bigint): Promise<`0x${string}`> =>
      client.sendTransaction({ to, value: parseEther(amount), ...(gas ? { gas } : {}) }),
    /** Sends `amount` of the token; `gas` set by hand lets a transfer that reverts still be mined. */
    async sendToken(token: `0x${string}`, to: `0x${string}`, amount: string, gas?: bigint): Promise<`0x${string}`> {
      try {
        return await client.writeContract({
          address: token,
          abi: erc20Abi,
          functionName: 'transfer',
          args: [to, parseUnits(amount, 18)],
          ...(gas ? { gas } : {}),
        });
      } catch (error) {
        // Hardhat mines a reverting transaction yet answers its sending with the revert, naming the hash.
        const minedAnyway = minedRevertHash(error);
        if (minedAnyway) return minedAnyway;
        throw error;
      }
    },
  };
}

function minedRevertHash(error: unknown): `0x${string}` | null {
  if (!(error instanceof BaseError)) return null;
  const found = error.walk((e) => typeof (e as { data?: { txHash?: unknown } }).data?.txHash === 'string');
  const hash = (found as { data?: { txHash?: string } } | null)?.data?.txHash;
  return hash && /^0x[0-9a-f]{64}$/i.test(hash) ? (hash as `0x${string}`) : null;
}
