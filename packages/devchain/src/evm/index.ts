import { type Address, createTestClient, type Hex, http } from 'viem';
import { type CompiledContract, loadAidfInvest, loadDevToken, loadMulticall3 } from './compile.ts';
import { Faucet, localBsc, parseAmount } from './faucet.ts';
import { type HardhatNode, startHardhatNode } from './hardhat-process.ts';
import { installMulticall3, MULTICALL3_ADDRESS } from './multicall3.ts';

export { MULTICALL3_ADDRESS };

export interface EvmDevChainOptions {
  port?: number; // 0 or undefined: pick a free port on 127.0.0.1
  blockIntervalMs?: number; // 0 / undefined: automine only (a block per transaction); >0: also mine an empty block every N ms
  logFile?: string; // where the hardhat node's stdout/stderr go (default: discarded)
  startTimeoutMs?: number; // how long the node may take to answer eth_chainId (default 30 s)
}

/** A transaction of the faucet that brought one currency to an address. */
export interface FundingTransaction {
  currency: string;
  /** Decimal string in whole units, as asked. */
  amount: string;
  txHash: `0x${string}`;
}

export interface EvmDevChain {
  rpcUrl: string; // http://127.0.0.1:PORT
  chainId: 56;
  tokens: { cow: Address; usdt: Address; eoeo: Address; aidf: Address }; // ERC-20, 18 decimals
  /** The invest contract (contracts/AidfInvest.sol) over the AIDF token: invest(amount) after an approve. */
  invest: Address;
  /** Multicall3 at its canonical address (as on BNB Smart Chain): batched reads at one block. */
  multicall3: Address;
  /**
   * Sends `bnb` native (decimal string, e.g. '1.5') and mints each token amount (decimal strings, 18 decimals) to
   * `to`; waits for the receipts and answers one transaction per currency (what a treasury funding books).
   */
  fund(
    to: Address,
    amounts: { bnb?: string; cow?: string; usdt?: string; eoeo?: string; aidf?: string },
  ): Promise<FundingTransaction[]>;
  /** Deploys another ERC-20 (for tests: a look-alike token with the same symbol) and returns its address; mints `supply` to `to`. */
  deployToken(name: string, symbol: string, to: Address, supply: string): Promise<Address>;
  /** Mines `blocks` empty blocks, each one a real block whose state reads answer (evm_mine). */
  mine(blocks: number): Promise<void>;
  /** evm_snapshot / evm_revert, so tests can simulate a chain reorganisation. Hardhat drops a snapshot once reverted to. */
  snapshot(): Promise<string>;
  revert(id: string): Promise<void>;
  close(): Promise<void>; // kills the node process and waits for it to exit
}

type TokenKey = keyof EvmDevChain['tokens'];

const TOKENS: readonly { key: TokenKey; name: string; symbol: string }[] = [
  { key: 'cow', name: 'COW', symbol: 'COW' },
  { key: 'usdt', name: 'Tether USD', symbol: 'USDT' },
  { key: 'eoeo', name: 'EOEO', symbol: 'EOEO' },
  { key: 'aidf', name: 'AIDF', symbol: 'AIDF' },
];

/**
 * Starts a Hardhat node that answers as BNB Smart Chain (chain id 56) on 127.0.0.1 and deploys the app's
 * four tokens and the invest contract from the faucet account. On a fresh chain the faucet's nonces start at 0, so the token
 * addresses are the same on every start.
 */
export async function startEvmDevChain(options: EvmDevChainOptions = {}): Promise<EvmDevChain> {
  const port = options.port ?? 0;
  const blockIntervalMs = options.blockIntervalMs ?? 0;
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new Error(`invalid port ${port}`);
  if (!Number.isInteger(blockIntervalMs) || blockIntervalMs < 0) {
    throw new Error(`invalid blockIntervalMs ${blockIntervalMs}`);
  }

  // Compiling (on a cache miss) and booting the node are independent; do them side by side.
  const [compiled, node] = await Promise.allSettled([
    Promise.all([loadDevToken(), loadAidfInvest(), loadMulticall3()]),
    startHardhatNode({ port, blockIntervalMs, logFile: options.logFile, startTimeoutMs: options.startTimeoutMs }),
  ]);
  if (node.status === 'rejected') throw node.reason;
  try {
    if (compiled.status === 'rejected') throw compiled.reason;
    const [token, invest, multicall] = compiled.value;
    await installMulticall3(node.value.rpcUrl, multicall);
    return await setUp(node.value, new Faucet(node.value.rpcUrl, token), invest);
  } catch (error) {
    await node.value.stop();
    throw error;
  }
}

async function setUp(node: HardhatNode, faucet: Faucet, investContract: CompiledContract): Promise<EvmDevChain> {
  const { rpcUrl } = node;
  const testClient = createTestClient({ mode: 'hardhat', chain: localBsc(rpcUrl), transport: http(rpcUrl) });

  const tokens = {} as EvmDevChain['tokens'];
  for (const { key, name, symbol } of TOKENS) {
    tokens[key] = await faucet.deployToken(name, symbol);
  }
  // After the tokens, so its address too is the same on every start.
  const invest = await faucet.deploy(investContract, [tokens.aidf], 'AidfInvest');

  return {
    rpcUrl,
    chainId: 56,
    tokens,
    invest,
    multicall3: MULTICALL3_ADDRESS,

    async fund(to, amounts) {
      const sent: FundingTransaction[] = [];
      if (amounts.bnb !== undefined) {
        const txHash = await faucet.sendNative(to, parseAmount(amounts.bnb, 'bnb'));
        sent.push({ currency: 'bnb', amount: amounts.bnb, txHash });
      }
      for (const { key } of TOKENS) {
        const amount = amounts[key];
        if (amount === undefined) continue;
        sent.push({ currency: key, amount, txHash: await faucet.mint(tokens[key], to, parseAmount(amount, key)) });
      }
      return sent;
    },

    async deployToken(name, symbol, to, supply) {
      const amount = parseAmount(supply, `${symbol} supply`);
      const address = await faucet.deployToken(name, symbol);
      await faucet.mint(address, to, amount);
      return address;
    },

    async mine(blocks) {
      if (!Number.isInteger(blocks) || blocks < 1) throw new Error(`cannot mine ${blocks} blocks`);
      // One evm_mine per block, not hardhat_mine: Hardhat 2 keeps a hardhat_mine range as "reserved" blocks, and
      // reads at a block inside one (eth_call, eth_getCode) answer an empty state, as if no contract existed; a
      // reserves report reads the chain at such a block. Hardhat stamps each block later than the one before.
      for (let i = 0; i < blocks; i++) await testClient.request({ method: 'evm_mine' } as never);
    },

    snapshot: () => testClient.snapshot(),

    async revert(id) {
      // viem types evm_revert as void, but Hardhat answers false for an unknown or already used snapshot.
      const reverted: unknown = await testClient.request({ method: 'evm_revert', params: [id as Hex] });
      if (reverted !== true) throw new Error(`evm_revert ${id} failed: no such snapshot`);
    },

    close: () => node.stop(),
  };
}
