import type { EvmDevChain } from '@aidf/devchain';
import { sql } from 'drizzle-orm';
import { createWalletClient, encodeFunctionData, erc20Abi, http, parseUnits } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type ChainFaultProxy,
  type Fault,
  hardhatReorgs,
  startChainFaultProxy,
} from '../../../faults/stack/chain-fault-proxy.ts';
import { bscChain } from '../src/chain/evm/bsc-client.ts';
import { DEV_OPERATOR_TOKEN } from '../src/config.ts';
import { pointTokenConfigAt } from '../src/dev/dev-chains.ts';
import { depositWatcher, type TickResult } from '../src/domain/chain/deposit-watcher.ts';
import { setInvestContract } from '../src/domain/invest/invest-config.ts';
import { checkLedger } from '../src/domain/ledger/check.ts';
import { chainWallet, workerEvmDevChain } from './chain.ts';
import { call, startTestServer, type TestServer } from './test-server.ts';
import { type Account, balanceOf, signUp } from './users.ts';

const DEPTH = 15; // RULES.md: BSC deposits count after 15 blocks

/**
 * The BNB Smart Chain watchers against the Hardhat dev chain through the fault harness's JSON-RPC proxy: each fault
 * a node or its provider shows (a dropped connection, 429, 5xx, garbage, cut JSON, JSON-RPC errors, a node behind
 * the chain) and reorganisations made on the dev chain (evm_snapshot / evm_revert, another branch mined).
 */
describe('chain faults: the BNB Smart Chain deposit watcher', () => {
  let evm: EvmDevChain;
  let proxy: ChainFaultProxy;
  let server: TestServer;
  let user: Account;
  let depositAddress: `0x${string}`;
  let sender: Awaited<ReturnType<typeof chainWallet>>;
  const senderKey = privateKeyToAccount(generatePrivateKey());

  const watcher = () =>
    depositWatcher({
      repos: server.repos,
      source: server.app.chains.bsc?.deposits ?? (null as never),
      owner: 'faults-a',
      allowChainReset: true,
      leaseMs: 60_000,
    });
  /** One tick; a thrown error (the RPC's) is its outcome, as the worker loop catches it. */
  const tickOnce = async (): Promise<TickResult | { outcome: 'failed'; error: string }> => {
    try {
      return await watcher().tick();
    } catch (error) {
      return { outcome: 'failed', error: String(error) };
    }
  };
  /** Ticks until caught up with a healthy node; any other end fails the test. */
  async function scanAll() {
    let credited = 0;
    for (let i = 0; i < 100; i++) {
      const result = await watcher().tick();
      if (result.outcome === 'caught-up') return credited;
      if (result.outcome !== 'scanned') throw new Error(`the watcher ended with ${JSON.stringify(result)}`);
      credited += result.credited;
    }
    throw new Error('the watcher never caught up');
  }
  /** A COW transfer to the deposit address signed by the sender, not sent: a reorg test sends it on each branch. */
  const signedTransfer = async (amount: string) => {
    const client = createWalletClient({ account: senderKey, chain: bscChain(evm.rpcUrl), transport: http(evm.rpcUrl) });
    const request = await client.prepareTransactionRequest({
      to: evm.tokens.cow,
      data: encodeFunctionData({
        abi: erc20Abi,
        functionName: 'transfer',
        args: [depositAddress, parseUnits(amount, 18)],
      }),
      gas: 100_000n,
      type: 'legacy',
    });
    return client.signTransaction(request);
  };
  const cursor = async () => server.repos.scanCursors.deposit.cursor('bsc');
  const cow = () => balanceOf(server, user, 'cow');

  beforeAll(async () => {
    evm = await workerEvmDevChain();
    proxy = await startChainFaultProxy(evm.rpcUrl);
    server = await startTestServer({ env: { BSC_RPC_URL: proxy.url } });
    await pointTokenConfigAt(server.repos, evm);
    await setInvestContract(server.repos, 'bsc', evm.invest, 'test');
    user = await signUp(server);
    const res = await call(server.baseUrl, `/v1/chn/coin/cow/bnb/address/${user.mid}/A`, {
      method: 'GET',
      token: user.token,
    });
    depositAddress = res.json.data.address;
    sender = await chainWallet(evm, { cow: '1000' });
    await evm.fund(senderKey.address, { bnb: '1', cow: '1000' });
    await scanAll(); // the cursor starts
  });
  afterEach(() => proxy.set(null)); // a failed test leaves no fault behind for the next
  afterAll(async () => {
    await server?.close();
    await proxy?.stop();
    await evm?.close();
  });

  const faults: [string, Fault][] = [
    ['a dropped connection', { kind: 'drop' }],
    ['HTTP 429 with Retry-After', { kind: 'http429', retryAfterSeconds: 1 }],
    ['HTTP 502', { kind: 'http5xx', status: 502 }],
    ['garbage instead of JSON', { kind: 'garbage' }],
    ['JSON cut in half', { kind: 'truncated' }],
    ['JSON-RPC -32000 header not found', { kind: 'rpcError', code: -32000, message: 'header not found' }],
    [
      'JSON-RPC -32603 internal error on the logs',
      { kind: 'rpcError', code: -32603, message: 'internal error', methods: ['eth_getLogs'] },
    ],
    ['garbage on the logs only', { kind: 'garbage', methods: ['eth_getLogs'] }],
    ['a dropped connection on the block read only', { kind: 'drop', methods: ['eth_getBlockByNumber'] }],
  ];

  it.each(faults)('%s: the tick fails, the cursor stays, and the deposit is credited once after', async (_, fault) => {
    const before = await cow();
    await sender.sendToken(evm.tokens.cow, depositAddress, '3');
    await evm.mine(DEPTH);
    const at = await cursor();
    proxy.set(fault);
    for (let i = 0; i < 3; i++) {
      const result = await tickOnce();
      expect(result.outcome).toBe('failed');
    }
    proxy.set(null);
    expect((await cursor())?.nextBlock).toBe(at?.nextBlock);
    expect(await cow()).toBe(before);
    expect(await scanAll()).toBe(1);
    expect(Number(await cow())).toBe(Number(before) + 3);
    expect((await checkLedger(server.repos)).ok).toBe(true);
  });

  it('a node that falls behind: the watcher waits for it, its head never moves back, nothing is lost', async () => {
    const before = await cow();
    await evm.mine(DEPTH + 5);
    await scanAll();
    const seen = (await cursor())?.headBlock;
    await sender.sendToken(evm.tokens.cow, depositAddress, '4');
    await evm.mine(DEPTH);
    proxy.set({ kind: 'staleBlock', lag: 2 * DEPTH });
    expect((await tickOnce()).outcome).toBe('caught-up');
    // The node answered an older head than the one seen before: the cursor keeps the newer one.
    expect((await cursor())?.headBlock).toBe(seen);
    expect(await cow()).toBe(before);
    proxy.set(null);
    expect(await scanAll()).toBe(1);
    expect(Number(await cow())).toBe(Number(before) + 4);
  });

  it('a reorganisation shallower than the confirmations: nothing is credited twice and nothing is lost', async () => {
    const reorgs = hardhatReorgs(evm.rpcUrl);
    const before = await cow();
    const mark = await reorgs.mark();
    const raw = await signedTransfer('5');
    await reorgs.send(raw);
    await evm.mine(DEPTH - 5);
    await scanAll(); // seen, not confirmed
    expect(await cow()).toBe(before);
    // Back to before the deposit; on the other branch it lands later, after some empty blocks.
    const depth = await reorgs.reorg(mark, { blocks: 3, replay: [raw] });
    expect(depth).toBeGreaterThan(1n);
    expect(depth).toBeLessThan(BigInt(DEPTH));
    await scanAll();
    expect(await cow()).toBe(before);
    await evm.mine(DEPTH);
    expect(await scanAll()).toBe(1);
    expect(Number(await cow())).toBe(Number(before) + 5);
    expect((await checkLedger(server.repos)).ok).toBe(true);
  });

  it('a reorganisation deeper than the confirmations stops the watcher and raises its metric, crediting nothing again', async () => {
    const reorgs = hardhatReorgs(evm.rpcUrl);
    const before = await cow();
    const mark = await reorgs.mark();
    const raw = await signedTransfer('6');
    await reorgs.send(raw);
    await evm.mine(DEPTH + 2);
    expect(await scanAll()).toBe(1);
    expect(Number(await cow())).toBe(Number(before) + 6);
    // The other branch: the same transfer some blocks later (another block, another log position), then more.
    expect(await reorgs.reorg(mark, { blocks: 4, replay: [raw] })).toBeGreaterThan(BigInt(DEPTH));
    await evm.mine(DEPTH + 4);
    const result = await tickOnce();
    expect(result).toMatchObject({ outcome: 'stopped', reason: expect.stringMatching(/reorganisation deeper/) });
    expect(Number(await cow())).toBe(Number(before) + 6);
    expect((await cursor())?.lastError).toMatch(/reorganisation deeper/);
    const metrics = await (
      await fetch(`${server.baseUrl}/metrics`, { headers: { authorization: `Bearer ${DEV_OPERATOR_TOKEN}` } })
    ).text();
    expect(metrics).toMatch(/aidf_watcher_reorg_beyond_depth\{chain="bsc",watcher="deposit"\} 1/);
    // Ticks after it stay stopped: nothing is credited from the new branch until an operator acts.
    expect((await tickOnce()).outcome).toBe('stopped');
    expect(Number(await cow())).toBe(Number(before) + 6);
  });

  it('a confirmed payout whose transaction a deeper reorganisation removed raises aidf_payouts_reorged_out', async () => {
    const reorgs = hardhatReorgs(evm.rpcUrl);
    const mark = await reorgs.mark();
    // Signed bytes of the hot wallet's kind stand for the payout: the check reads only its hash and block.
    const hash = await reorgs.send(await signedTransfer('1'));
    await evm.mine(DEPTH + 2);
    const receipt = await fetch(evm.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getTransactionReceipt', params: [hash] }),
    }).then(async (r) => ((await r.json()) as { result: { blockNumber: string } }).result);
    // Its own request movement (no entries: this test reads no balance), so it runs alone as well.
    await server.database.db.execute(sql`
      WITH requested AS (
        INSERT INTO movements (type, idem_key) VALUES ('chain-withdraw', 'reorged-out-payout') RETURNING id
      )
      INSERT INTO withdrawals (user_id, chain, currency, to_address, amount, fee, receive_amount, utc_day, idem_key,
        request_movement_id, status, hot_wallet, nonce, signed_tx, tx_hash, block_number, finished_at)
      VALUES (${BigInt(user.mid)}, 'bsc', 'cow', ${senderKey.address}, 1, 0, 1, current_date, 'reorged-out-payout',
        (SELECT id FROM requested), 'confirmed', ${senderKey.address}, 1, '0x00', ${hash},
        ${BigInt(receipt.blockNumber).toString()}::bigint, now())`);
    const payoutsGone = async () =>
      (
        await (
          await fetch(`${server.baseUrl}/metrics`, { headers: { authorization: `Bearer ${DEV_OPERATOR_TOKEN}` } })
        ).text()
      ).match(/aidf_payouts_reorged_out\{chain="bsc"\} (\d+)/)?.[1];
    expect(await payoutsGone()).toBe('0');
    expect(await reorgs.reorg(mark, { blocks: 4 })).toBeGreaterThan(BigInt(DEPTH));
    await evm.mine(DEPTH + 4);
    expect(await payoutsGone()).toBe('1');
  });
});
