import { sql } from 'drizzle-orm';
import {
  concatHex,
  createWalletClient,
  erc20Abi,
  getAddress,
  type Hex,
  http,
  keccak256,
  maxUint256,
  parseAbi,
  parseUnits,
  toHex,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bscChain } from '../src/chain/evm/bsc-client.ts';
import { rowsOf } from '../src/db/raw.ts';
import { INVEST_SETTINGS } from '../src/domain/invest/invest-config.ts';
import { investWatcher } from '../src/domain/invest/invest-watcher.ts';
import { checkLedger } from '../src/domain/ledger/check.ts';
import { type ChainTestServer, startChainTestServer } from './chain.ts';
import { type Account, balanceOf, ops, signUp } from './users.ts';
import type { TestWallet } from './wallets.ts';

const DEPTH = 15; // RULES.md: BSC counts a transaction after 15 confirmations
const investAbi = parseAbi(['function invest(uint256 amount)']);

/**
 * A contract that only says AIDF arrived: invest(amount) emits `Invested(msg.sender, amount)` and does nothing else
 * (no token moves). Written by hand, 46 bytes of runtime:
 *   PUSH1 4 CALLDATALOAD PUSH1 0 MSTORE   the amount after the selector, to memory 0
 *   CALLER PUSH32 <topic0>                topic 1: the sender; topic 0: keccak256("Invested(address,uint256)")
 *   PUSH1 32 PUSH1 0 LOG2 STOP            the event with the amount as its data
 * behind the usual constructor that copies the runtime out and returns it.
 */
const INVESTED_TOPIC = keccak256(toHex('Invested(address,uint256)'));
const RUNTIME = concatHex(['0x600435600052337f', INVESTED_TOPIC, '0x60206000a200']);
const FAKE_INVEST_BYTECODE = concatHex([
  // PUSH1 len DUP1 PUSH1 11 PUSH1 0 CODECOPY PUSH1 0 RETURN: the 11 bytes of this constructor, then the runtime.
  `0x60${((RUNTIME.length - 2) / 2).toString(16).padStart(2, '0')}80600b6000396000f3`,
  RUNTIME,
]);

/** A wallet that signs in (binding its address) and sends transactions on the dev chain. */
async function investor(server: ChainTestServer, aidf: string) {
  const account = privateKeyToAccount(generatePrivateKey());
  await server.evm.fund(account.address, { bnb: '1', aidf });
  const client = createWalletClient({
    account,
    chain: bscChain(server.evm.rpcUrl),
    transport: http(server.evm.rpcUrl),
  });
  const wallet: TestWallet = {
    currency: 'bnb',
    address: account.address,
    sign: (m) => account.signMessage({ message: m }),
  };
  const receipt = (hash: Hex) =>
    (server.app.chains.bsc?.client ?? (undefined as never)).waitForTransactionReceipt({ hash, timeout: 10_000 });
  return {
    address: account.address,
    wallet,
    async deployFake(): Promise<`0x${string}`> {
      const hash = await client.sendTransaction({ data: FAKE_INVEST_BYTECODE });
      const { contractAddress, status } = await receipt(hash);
      if (status !== 'success' || !contractAddress) throw new Error('the fake invest contract was not deployed');
      return getAddress(contractAddress);
    },
    invest: (contract: `0x${string}`, amount: string) =>
      client.writeContract({
        address: contract,
        abi: investAbi,
        functionName: 'invest',
        args: [parseUnits(amount, 18)],
      }),
    approve: (spender: `0x${string}`) =>
      client.writeContract({
        address: server.evm.tokens.aidf,
        abi: erc20Abi,
        functionName: 'approve',
        args: [spender, maxUint256],
      }),
    sendAidf: (to: `0x${string}`, amount: string) =>
      client.writeContract({
        address: server.evm.tokens.aidf,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [to, parseUnits(amount, 18)],
      }),
    receipt,
  };
}

/**
 * The invest watcher credits value that arrived, not an event that says so (RULES.md "Treasury"): the invest setting
 * pointed (directly, as a fixture) at a contract that only emits `Invested` credits nothing, and one AIDF transfer
 * is credited at most once (chain_credits).
 */
describe('[api] the invest watcher credits the AIDF that moved, once', () => {
  let server: ChainTestServer;
  let user: Account;
  let bound: Awaited<ReturnType<typeof investor>>;
  let fake: `0x${string}`;

  const watcher = () =>
    investWatcher({
      repos: server.repos,
      source: server.app.chains.bsc?.invests ?? (undefined as never),
      owner: 'invest-value',
      allowChainReset: true,
      leaseMs: 60_000,
    });
  /** Ticks until caught up; answers what the ticks credited and recorded without a credit. */
  async function scanAll() {
    const total = { credited: 0, unbound: 0, notCredited: 0 };
    const w = watcher();
    for (let i = 0; i < 100; i++) {
      const result = await w.tick();
      if (result.outcome === 'scanned') {
        total.credited += result.credited;
        total.unbound += result.unbound;
        total.notCredited += result.notCredited;
        continue;
      }
      if (result.outcome !== 'caught-up') throw new Error(`the invest watcher ended with ${JSON.stringify(result)}`);
      return total;
    }
    throw new Error('the invest watcher never caught up');
  }
  const pointInvestAt = (contract: string) =>
    server.repos.settings.set(INVEST_SETTINGS.contract('bsc'), contract, 'invest-value test fixture');
  const aidf = () => balanceOf(server, user, 'aidf');
  const credits = async () =>
    rowsOf<{ tx_hash: string; event_index: string; kind: string }>(
      await server.database.db.execute(sql`SELECT tx_hash, event_index, kind FROM chain_credits ORDER BY created_at`),
    );

  beforeAll(async () => {
    server = await startChainTestServer();
    if (!server.app.chains.bsc) throw new Error('BSC not configured');
    bound = await investor(server, '1000');
    user = await signUp(server, bound.wallet);
    fake = await bound.deployFake();
  });
  afterAll(() => server?.close());

  it('a contract that only emits Invested, called from the bound wallet, credits nothing and is recorded as such', async () => {
    await pointInvestAt(fake);
    const hash = await bound.invest(fake, '1000000');
    const { logs, status } = await bound.receipt(hash);
    expect(status).toBe('success');
    expect(logs).toHaveLength(1); // the event, and no token moved
    await server.evm.mine(DEPTH);

    expect(await scanAll()).toEqual({ credited: 0, unbound: 0, notCredited: 1 });
    expect(await aidf()).toBe('0');
    const [row] = await server.repos.invests.ofUser(BigInt(user.mid));
    expect(row).toMatchObject({
      txHash: hash,
      userId: BigInt(user.mid),
      movementId: null,
      transferLogIndex: null,
      notCredited: 'no-transfer',
    });
    expect(await server.repos.invests.investedBy('bsc', BigInt(user.mid))).toMatch(/^0(\.0+)?$/);
    // The operator sees it in chain-status, and the reserve check does not count what never arrived.
    const chainStatus = await ops(server, 'GET', '/ops/v1/chain/status');
    expect(chainStatus.json.data.invest).toMatchObject({
      contract: fake,
      recorded: '0',
      shortfall: '0',
      unbound: [],
      notCredited: [{ txHash: hash, fromAddress: bound.address, reason: 'no-transfer' }],
    });
    expect(await credits()).toEqual([]);
    expect((await checkLedger(server.repos)).ok).toBe(true);
  });

  it('a real AIDF transfer to the contract in one transaction and the event in another do not combine', async () => {
    const transfer = await bound.sendAidf(fake, '100');
    expect((await bound.receipt(transfer)).status).toBe('success');
    const claim = await bound.invest(fake, '100');
    await server.evm.mine(DEPTH);

    expect(await scanAll()).toEqual({ credited: 0, unbound: 0, notCredited: 1 });
    expect(await aidf()).toBe('0');
    const rows = await server.repos.invests.ofUser(BigInt(user.mid));
    expect(rows.find((r) => r.txHash === claim)).toMatchObject({ movementId: null, notCredited: 'no-transfer' });
    expect(await credits()).toEqual([]);
    expect((await checkLedger(server.repos)).ok).toBe(true);
  });

  it('a genuine invest through the real contract credits exactly once, keyed on its AIDF transfer', async () => {
    await pointInvestAt(server.evm.invest);
    await bound.approve(server.evm.invest);
    const hash = await bound.invest(server.evm.invest, '250');
    const { logs } = await bound.receipt(hash);
    const moved = logs.find((l) => getAddress(l.address) === getAddress(server.evm.tokens.aidf));
    if (!moved) throw new Error('the real contract moved no AIDF');
    await server.evm.mine(DEPTH);

    expect(await scanAll()).toEqual({ credited: 1, unbound: 0, notCredited: 0 });
    expect(await aidf()).toBe('250');
    // The credit is the transfer (the value), not the event.
    expect(await credits()).toEqual([{ tx_hash: hash, event_index: String(moved.logIndex), kind: 'invest' }]);

    // A rescan from genesis, over every block above, credits nothing again.
    const cursor = await server.repos.scanCursors.invest.cursor('bsc');
    await server.repos.scanCursors.invest.reset('bsc', cursor?.genesisHash ?? '', 0n);
    expect((await scanAll()).credited).toBe(0);
    expect(await aidf()).toBe('250');
    expect(await credits()).toHaveLength(1);
    expect((await checkLedger(server.repos)).ok).toBe(true);
  });
});
