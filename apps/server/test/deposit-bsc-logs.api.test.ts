import { randomBytes } from 'node:crypto';
import type { EvmDevChain } from '@aidf/devchain';
import { sql } from 'drizzle-orm';
import { getAddress, toHex } from 'viem';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BNB_TOKEN } from '../src/chain/chain-services.ts';
import { rowsOf } from '../src/db/raw.ts';
import { pointTokenConfigAt } from '../src/dev/dev-chains.ts';
import { depositWatcher, type TickResult } from '../src/domain/chain/deposit-watcher.ts';
import { checkLedger } from '../src/domain/ledger/check.ts';
import { chainWallet, workerEvmDevChain } from './chain.ts';
import { startRpcProxy } from './rpc-proxy.ts';
import { call, startTestServer, type TestServer } from './test-server.ts';
import { type Account, balanceOf, signUp } from './users.ts';
import { scanUntilCaughtUp } from './watcher-scan.ts';

const DEPTH = 15; // RULES.md: BSC deposits count after 15 blocks
/** Deposit addresses of other users, none of them paid: the watcher's cost must not follow them. */
const OTHER_ADDRESSES = 10_000;
const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

type LogFilter = { address: string[]; fromBlock: string; toBlock: string; topics: (string | string[] | null)[] };

/**
 * The BNB Smart Chain deposit watcher reading the pinned tokens' Transfer logs by block range among 10,000 other
 * deposit addresses: one eth_getLogs per range whatever the number of addresses, deposits of each token (and of
 * BNB itself) to the platform's addresses credited once, a stranger paid credits nothing, a restart mid-backlog
 * resumes from the cursor, a rescan adds nothing, and a lagging replica never moves the cursor past blocks it has
 * not served.
 */
describe('BNB Smart Chain deposits found in the tokens’ logs among 10,000 deposit addresses', () => {
  let evm: EvmDevChain;
  let proxy: Awaited<ReturnType<typeof startRpcProxy>>;
  let server: TestServer;
  let sender: Awaited<ReturnType<typeof chainWallet>>;
  const users: { account: Account; address: `0x${string}` }[] = [];

  /** A watcher as a freshly started process makes it: nothing in memory from before. */
  const freshWatcher = (maxRange?: bigint) =>
    depositWatcher({
      repos: server.repos,
      source: server.app.chains.bsc?.deposits ?? (null as never),
      owner: 'bsc-logs',
      nativeToken: BNB_TOKEN,
      allowChainReset: true,
      leaseMs: 1,
      ...(maxRange ? { maxRange } : {}),
    });
  const scanAll = (watcher = freshWatcher()) => scanUntilCaughtUp(watcher);
  /** One tick; a thrown error (the RPC's) is its outcome, as the worker loop catches it. */
  const tickOnce = async (): Promise<TickResult | { outcome: 'failed'; error: string }> => {
    try {
      return await freshWatcher().tick();
    } catch (error) {
      return { outcome: 'failed', error: String(error) };
    }
  };
  const balances = (currency: string) => Promise.all(users.map(({ account }) => balanceOf(server, account, currency)));
  const deposits = async () =>
    Number(
      rowsOf<{ n: string }>(
        await server.database.db.execute(sql`SELECT count(*) AS n FROM chain_deposits WHERE chain = 'bsc'`),
      )[0]?.n,
    );
  const cursor = () => server.repos.scanCursors.deposit.cursor('bsc');

  beforeAll(async () => {
    evm = await workerEvmDevChain();
    proxy = await startRpcProxy(evm.rpcUrl);
    server = await startTestServer({ env: { BSC_RPC_URL: proxy.url } });
    await pointTokenConfigAt(server.repos, evm);
    for (let i = 0; i < 3; i++) {
      const account = await signUp(server);
      const res = await call(server.baseUrl, `/v1/chn/coin/cow/bnb/address/${account.mid}/A`, {
        method: 'GET',
        token: account.token,
      });
      users.push({ account, address: getAddress(res.json.data.address) });
    }
    // The other users and their addresses in two statements: the watcher reads only the table.
    const others = Array.from({ length: OTHER_ADDRESSES }, () => getAddress(toHex(randomBytes(20))));
    await server.database.db.execute(sql`
      WITH made AS (
        INSERT INTO users (username) SELECT 'bsc-logs-' || n FROM generate_series(1, ${OTHER_ADDRESSES}::int) AS n
        RETURNING id
      ), numbered AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM made)
      INSERT INTO deposit_addresses (user_id, chain_currency, address, derivation_index)
      SELECT numbered.id, 'bnb', a.address, numbered.id::integer
      FROM numbered JOIN unnest(string_to_array(${others.join(',')}, ',')) WITH ORDINALITY AS a(address, n) USING (n)`);
    sender = await chainWallet(evm, { bnb: '10', cow: '1000', usdt: '1000', eoeo: '1000', aidf: '1000' });
    await evm.mine(DEPTH);
    await scanAll(); // the cursor starts past the setup
  }, 180_000);
  afterEach(() => proxy.set(null)); // a failed test leaves no fault behind for the next
  afterAll(async () => {
    await server?.close();
    await proxy?.close();
    await evm?.close();
  });

  it('one eth_getLogs per range for every pinned token, no recipient filter; each of the four tokens and BNB credited once, a stranger nothing', async () => {
    const [a, b, c] = users.map((u) => u.address) as [`0x${string}`, `0x${string}`, `0x${string}`];
    const stranger = (await chainWallet(evm)).address;
    await sender.sendToken(evm.tokens.cow, a, '2');
    await sender.sendToken(evm.tokens.usdt, b, '30');
    await sender.sendNative(c, '0.5');
    await sender.sendToken(evm.tokens.eoeo, c, '4');
    await sender.sendToken(evm.tokens.aidf, a, '5.25');
    await sender.sendToken(evm.tokens.cow, stranger, '9');
    await sender.sendToken(evm.tokens.aidf, stranger, '9');
    await sender.sendToken(evm.tokens.usdt, stranger, '9');
    await sender.sendNative(stranger, '0.25');
    await evm.mine(DEPTH);

    proxy.calls.length = 0;
    const scanned = await scanAll();
    expect(scanned.credited).toBe(5);
    expect(await balances('cow')).toEqual(['2', '0', '0']);
    expect(await balances('usdt')).toEqual(['0', '30', '0']);
    expect(await balances('bnb')).toEqual(['0', '0', '0.5']);
    expect(await balances('eoeo')).toEqual(['0', '0', '4']);
    expect(await balances('aidf')).toEqual(['5.25', '0', '0']);

    // The node is asked once per range, for the pinned contracts' Transfer logs to anyone: with the addresses as
    // a filter, 10,003 of them would take 21 requests a range.
    const logCalls = proxy.callsOf('eth_getLogs');
    expect(logCalls).toHaveLength(scanned.ranges);
    const pinned = Object.values(evm.tokens).map((t) => t.toLowerCase());
    for (const logCall of logCalls) {
      const filter = logCall.params[0] as LogFilter;
      expect(filter.topics).toEqual([TRANSFER_TOPIC]);
      expect(filter.address.map((x) => x.toLowerCase()).sort()).toEqual([...pinned].sort());
    }
    // The stranger's transfers came back from the node and were passed over: no receipt asked, nothing credited.
    expect(logCalls.flatMap((l) => l.result as unknown[]).length).toBeGreaterThanOrEqual(7);
    expect(proxy.callsOf('eth_getTransactionReceipt')).toHaveLength(1); // the native deposit's only
    expect((await checkLedger(server.repos)).ok).toBe(true);
  });

  it('a restart mid-backlog resumes from the cursor and credits nothing twice; a rescan adds nothing', async () => {
    const [a, b] = users.map((u) => u.address) as [`0x${string}`, `0x${string}`];
    await sender.sendToken(evm.tokens.cow, a, '1');
    await evm.mine(20);
    await sender.sendToken(evm.tokens.usdt, b, '7');
    await evm.mine(DEPTH);

    // The first process scans 10 blocks at a time and stops after its first deposit.
    const first = freshWatcher(10n);
    let credited = 0;
    while (credited === 0) {
      const result = await first.tick();
      if (result.outcome !== 'scanned') throw new Error(`the watcher ended with ${JSON.stringify(result)}`);
      credited += result.credited;
    }
    expect(await balances('cow')).toEqual(['3', '0', '0']);
    expect(await balances('usdt')).toEqual(['0', '30', '0']);

    // Another process: from the cursor on, only the deposit not yet credited.
    expect((await scanAll()).credited).toBe(1);
    expect(await balances('usdt')).toEqual(['0', '37', '0']);

    // Scanning everything again from the chain's start adds nothing.
    const at = await cursor();
    if (!at) throw new Error('no cursor');
    await server.repos.scanCursors.deposit.reset('bsc', at.genesisHash, 0n);
    expect((await scanAll()).credited).toBe(0);
    expect(await balances('cow')).toEqual(['3', '0', '0']);
    expect(await balances('usdt')).toEqual(['0', '37', '0']);
    expect(await balances('bnb')).toEqual(['0', '0', '0.5']);
    expect(await deposits()).toBe(7);
  });

  it('a lagging replica answering the logs (empty past its head) fails the tick; the cursor stays, the deposit comes after', async () => {
    const [a] = users.map((u) => u.address) as [`0x${string}`];
    await sender.sendToken(evm.tokens.cow, a, '4');
    await evm.mine(DEPTH);
    const before = await cursor();
    // The head comes from an up-to-date node; the request with the logs reaches a replica 2 depths behind.
    proxy.set({ kind: 'staleBlock', lag: 2 * DEPTH, methods: ['eth_getLogs'], wholeRequest: true });
    for (let i = 0; i < 3; i++) {
      const result = await tickOnce();
      expect(result.outcome).toBe('failed');
      if (result.outcome === 'failed') expect(result.error).toMatch(/has no block/);
    }
    expect((await cursor())?.nextBlock).toBe(before?.nextBlock);
    expect(await balances('cow')).toEqual(['3', '0', '0']);

    proxy.set(null);
    expect((await scanAll()).credited).toBe(1);
    expect(await balances('cow')).toEqual(['7', '0', '0']);
    expect((await checkLedger(server.repos)).ok).toBe(true);
  });

  it('logs whose block hash is not the one of their block as read fail the tick; nothing is credited from them', async () => {
    const [, , c] = users.map((u) => u.address) as [`0x${string}`, `0x${string}`, `0x${string}`];
    await sender.sendToken(evm.tokens.cow, c, '6');
    await evm.mine(DEPTH);
    const before = await cursor();
    // The logs come from a node on another branch; the blocks (read for the native coin) from the chain's own.
    proxy.set({ kind: 'otherBranch', methods: ['eth_getLogs'] });
    const result = await tickOnce();
    expect(result.outcome).toBe('failed');
    if (result.outcome === 'failed') expect(result.error).toMatch(/of another block than the one read/);
    expect((await cursor())?.nextBlock).toBe(before?.nextBlock);
    expect(await balances('cow')).toEqual(['7', '0', '0']);
    proxy.set(null);
    expect((await scanAll()).credited).toBe(1);
    expect(await balances('cow')).toEqual(['7', '0', '6']);
    expect((await checkLedger(server.repos)).ok).toBe(true);
  });

  it('a node whose head is below the range’s end fails the tick and keeps the cursor', async () => {
    const [, b] = users.map((u) => u.address) as [`0x${string}`, `0x${string}`];
    await sender.sendToken(evm.tokens.usdt, b, '5');
    await evm.mine(DEPTH);
    const before = await cursor();
    // Every read but the head from a node behind: the blocks and the logs it has not reached are not served.
    proxy.set({
      kind: 'staleBlock',
      lag: 2 * DEPTH,
      methods: ['eth_getLogs', 'eth_getBlockByNumber', 'eth_getTransactionReceipt'],
    });
    const result = await tickOnce();
    expect(result.outcome).toBe('failed');
    expect((await cursor())?.nextBlock).toBe(before?.nextBlock);
    expect(await balances('usdt')).toEqual(['0', '37', '0']);
    proxy.set(null);
    expect((await scanAll()).credited).toBe(1);
    expect(await balances('usdt')).toEqual(['0', '42', '0']);
  });
});
