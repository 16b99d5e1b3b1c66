import { type EvmDevChain, startEvmDevChain } from '@aidf/devchain';
import { BaseError, createTestClient, createWalletClient, erc20Abi, http, parseEther, parseUnits } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { bscChain } from '../src/chain/evm/bsc-client.ts';
import { pointTokenConfigAt } from '../src/dev/dev-chains.ts';
import { setInvestContract } from '../src/domain/invest/invest-config.ts';
import { startTestServer, type TestServer } from './test-server.ts';

export interface ChainTestServer extends TestServer {
  evm: EvmDevChain;
}

/**
 * The Hardhat dev chain of this test worker, as it was right after its contracts were deployed. A worker runs its
 * files one after another in one process (`isolate: false`), so the node is started by the worker's first file and
 * every later file gets it back reverted to that state (evm_revert to the snapshot taken then): the same tokens,
 * invest contract and Multicall3, no block, balance or nonce a file before left, automine on. Starting a node and
 * deploying costs seconds of CPU; a revert costs milliseconds. `close` hands the chain back; the node ends with the
 * worker (it watches its parent: packages/devchain). One file at a time holds it: a second `workerEvmDevChain`
 * before the first is closed throws rather than reverting the chain under a running test.
 */
export async function workerEvmDevChain(): Promise<EvmDevChain> {
  if (workerChainHeld) throw new Error("the worker's dev chain is held by a test server not yet closed");
  workerChainHeld = true;
  try {
    const evm = await freshWorkerChain();
    let released = false;
    return {
      ...evm,
      close: async () => {
        if (released) return;
        released = true;
        workerChainHeld = false;
      },
    };
  } catch (error) {
    workerChainHeld = false;
    throw error;
  }
}

let workerChain: { evm: EvmDevChain; base: string } | null = null;
let workerChainHeld = false;

async function freshWorkerChain(): Promise<EvmDevChain> {
  if (workerChain) {
    const { evm, base } = workerChain;
    try {
      await evm.revert(base); // Hardhat drops a snapshot once reverted to: take the next one at once
      workerChain.base = await evm.snapshot();
      // Mining modes are the node's settings, not its state: a file that changed them and failed may have left them.
      const node = createTestClient({ mode: 'hardhat', transport: http(evm.rpcUrl) });
      await node.setAutomine(true);
      await node.setIntervalMining({ interval: 0 });
      return evm;
    } catch {
      // The node is gone or broken (a test killed it): start another.
      workerChain = null;
      await evm.close().catch(() => undefined);
    }
  }
  const evm = await startEvmDevChain();
  workerChain = { evm, base: await evm.snapshot() };
  return evm;
}

/**
 * A test server wired to the worker's Hardhat dev chain (chain id 56, automine: one block per transaction, more
 * with `evm.mine`; fresh for each file, see `workerEvmDevChain`), with the token config pointing at the chain's
 * COW/USDT/AIDF/EOEO and the invest setting at its AidfInvest. The watchers and the payout worker are not started:
 * each test drives their ticks, so every step is deterministic. `ownChain`: a node of its own, for a test that
 * stops the chain (`evm.close` then ends it).
 */
export async function startChainTestServer(
  env: Record<string, string> = {},
  { ownChain = false }: { ownChain?: boolean } = {},
): Promise<ChainTestServer> {
  // A chain of its own for a test that stops it (`evm.close` then ends the node).
  const evm = ownChain ? await startEvmDevChain() : await workerEvmDevChain();
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
export async function chainWallet(evm: EvmDevChain, funds: Parameters<EvmDevChain['fund']>[1] = {}) {
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
