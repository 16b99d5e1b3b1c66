import { fromBaseUnits } from '@aidf/contract';
import { sql } from 'drizzle-orm';
import { erc20Abi, parseUnits } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_OPERATOR_TOKEN } from '../src/config.ts';
import { rowsOf } from '../src/db/raw.ts';
import { depositWatcher } from '../src/domain/chain/deposit-watcher.ts';
import type { ChainHolding } from '../src/domain/treasury/chain-holdings.ts';
import { runReservesReport } from '../src/domain/treasury/reserves-report.ts';
import { type ChainTestServer, chainWallet, startChainTestServer } from './chain.ts';
import { startRpcProxy } from './rpc-proxy.ts';
import { call } from './test-server.ts';
import { type Account, credit, ops, signUp } from './users.ts';

const DEPTH = 15; // RULES.md: BSC deposits count after 15 blocks
const USERS = 4;

/**
 * The reserves report reads the chains (docs/architecture.md "Proof of reserves"): on the EVM dev chain, with
 * Multicall3 at its canonical address, the hot wallet, the cold address and every deposit address at the block
 * the deposit watcher has credited up to, to the base unit beside the clearing account; an RPC that refuses some
 * calls leaves addresses unread (never a shortfall); a shortfall and a clearing mismatch are alerts and metrics.
 */
describe('[api] reserves report: chain reads on BNB Smart Chain', () => {
  let server: ChainTestServer;
  const users: { account: Account; address: `0x${string}` }[] = [];
  const cold = privateKeyToAccount(generatePrivateKey()).address;
  /** Deposited per currency, base units (18 decimals on the dev chain). */
  const deposited = { cow: 0n, usdt: 0n };

  async function scanAll() {
    const bsc = server.app.chains.bsc;
    if (!bsc) throw new Error('BSC not configured');
    const watcher = depositWatcher({ repos: server.repos, source: bsc.deposits, owner: 't', allowChainReset: true });
    for (let i = 0; i < 100; i++) {
      const result = await watcher.tick();
      if (result.outcome === 'scanned') continue;
      if (result.outcome === 'caught-up') return;
      throw new Error(`the watcher did not catch up: ${JSON.stringify(result)}`);
    }
    throw new Error('the watcher never caught up');
  }
  const bscOf = (report: { chainHoldings: unknown }) =>
    (report.chainHoldings as Record<string, ChainHolding>).bsc as ChainHolding;
  const runReport = async () => {
    const res = await ops(server, 'POST', '/ops/v1/reserves/reports', { reason: 'chain reads test' });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return res.json.data;
  };
  const client = () => {
    if (!server.app.chains.bsc) throw new Error('BSC not configured');
    return server.app.chains.bsc.client;
  };
  const tokenAt = (token: `0x${string}`, owner: `0x${string}`, blockNumber: bigint) =>
    client().readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner], blockNumber });

  beforeAll(async () => {
    server = await startChainTestServer();
    await server.database.db.execute(
      sql`INSERT INTO settings (key, value) VALUES ('treasury.coldAddress.bsc', ${cold})
          ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
    );
    const sender = await chainWallet(server.evm, { cow: '1000', usdt: '1000' });
    for (let i = 0; i < USERS; i++) {
      const account = await signUp(server);
      const res = await call(server.baseUrl, `/v1/chn/coin/cow/bnb/address/${account.mid}/A`, {
        method: 'GET',
        token: account.token,
      });
      users.push({ account, address: res.json.data.address });
      // Amounts with every decimal place used: the report must agree to the wei.
      const cow = `${i + 1}.000000000000000${i + 1}`;
      await sender.sendToken(server.evm.tokens.cow, res.json.data.address, cow);
      deposited.cow += parseUnits(cow, 18);
      if (i % 2 === 0) {
        const usdt = `0.${'3'.repeat(18)}`;
        await sender.sendToken(server.evm.tokens.usdt, res.json.data.address, usdt);
        deposited.usdt += parseUnits(usdt, 18);
      }
    }
    // Tokens the cold address holds, sent from outside: the clearing account knows nothing of them.
    await server.evm.fund(cold, { usdt: '5' });
    await server.evm.mine(DEPTH);
    await scanAll();
  }, 300_000);
  afterAll(() => server?.close(), 120_000);

  /** The console dashboard's reserves card, as the server gives it. */
  const dashboardReserves = async () => (await ops(server, 'GET', '/ops/v1/dashboard')).json.data.reserves;

  it('reads hot, cold and deposit addresses at the block the deposits were credited up to, to the wei', async () => {
    expect(await dashboardReserves()).toBeNull();
    const report = await runReport();
    const bsc = bscOf(report);
    const cursor = await server.repos.scanCursors.deposit.cursor('bsc');
    expect(bsc.at).toBe(String((cursor?.nextBlock ?? 0n) - 1n));
    expect(bsc.addresses).toMatchObject({ cold, deposit: USERS });
    expect(bsc.unread).toEqual([]);
    expect(bsc.unswept.cow).toBe(fromBaseUnits(deposited.cow, 18));
    expect(bsc.unswept.usdt).toBe(fromBaseUnits(deposited.usdt, 18));
    expect(bsc.shouldHold.cow).toBe(fromBaseUnits(deposited.cow, 18));
    expect(bsc.difference.cow).toBe('0');
    expect(bsc.cold.usdt).toBe('5');
    // What the chain says at that very block, read one by one: the batched read agrees to the base unit.
    const at = BigInt(bsc.at);
    let byHand = 0n;
    for (const u of users) byHand += await tokenAt(server.evm.tokens.cow, u.address, at);
    expect(fromBaseUnits(byHand, 18)).toBe(bsc.unswept.cow);
    const hot = server.app.chains.bsc?.hotWalletAddress as `0x${string}`;
    expect(bsc.hot.bnb).toBe(fromBaseUnits(await client().getBalance({ address: hot, blockNumber: at }), 18));
    // The cold address's 5 USDT came from nowhere the ledger knows: a clearing mismatch, no unread.
    expect(bsc.difference.usdt).toBe('5');
    expect(report.alerts.clearingMismatch).toContainEqual({ chain: 'bsc', currency: 'usdt', difference: '5' });
    expect(report.alerts.unread).toBe(0);
    expect(report.status).toBe('complete');
    expect(report.alerts.shortfall.map((s: { currency: string }) => s.currency)).not.toContain('cow');

    const latest = await ops(server, 'GET', '/ops/v1/reserves/reports/latest');
    expect(latest.json.data.chainHoldings.bsc.unswept.cow).toBe(bsc.unswept.cow);
    // The dashboard's red line names the mismatch of this very report.
    expect(await dashboardReserves()).toMatchObject({
      reportId: report.id,
      status: 'complete',
      shortfall: [],
      clearingMismatch: [{ chain: 'bsc', currency: 'usdt', difference: '5' }],
      unread: 0,
    });
  });

  it('lists addresses an RPC refuses (429, a timeout) as unread and claims no shortfall for them', async () => {
    const refused = users[1]?.address.slice(2).toLowerCase() as string;
    const slow = users[2]?.address.slice(2).toLowerCase() as string;
    const bsc = server.app.chains.bsc;
    if (!bsc) throw new Error('BSC not configured');
    let hang: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      hang = resolve;
    });
    const proxy = await startRpcProxy(
      bsc.rpcUrl,
      (method, params) => {
        const data = JSON.stringify(params).toLowerCase();
        if (method === 'eth_call' && data.includes(refused)) return { code: 429, message: 'Too Many Requests' };
        return null;
      },
      async (method, params) => {
        if (method === 'eth_call' && JSON.stringify(params).toLowerCase().includes(slow)) await released;
      },
    );
    try {
      const report = await runReservesReport(server.database.db, {
        chains: { ...server.app.chains, bsc: { ...bsc, rpcUrl: proxy.url } },
        // One address per batch (COW, USDT, EOEO, AIDF and BNB: five calls), so only the refused ones stay unread.
        limits: { evmCallsPerBatch: 5, attempts: 2, timeoutMs: 1_000 },
      });
      const read = bscOf(report);
      expect(read.unread.map((u) => u.address.toLowerCase()).sort()).toEqual([`0x${refused}`, `0x${slow}`].sort());
      expect(read.unread.find((u) => u.address.toLowerCase() === `0x${refused}`)?.error).toMatch(/Too Many Requests/);
      expect(report.status).toBe('incomplete');
      expect(report.alerts).toMatchObject({ shortfall: [], clearingMismatch: [], unread: 2 });
      // The refused calls were tried again before giving up.
      expect(proxy.callsOf('eth_call').filter((c) => c.refused).length).toBe(2);
    } finally {
      hang();
      await proxy.close();
    }
  });

  it('reports a shortfall when users are owed more than the chains hold: status, alert and metric', async () => {
    // An operator credit: the users are owed 50 COW more, and nothing came in on any chain.
    await credit(server, users[0]?.account.username as string, 'cow', '50');
    const report = await runReport();
    expect(report.status).toBe('complete');
    const cow = report.alerts.shortfall.find((s: { currency: string }) => s.currency === 'cow');
    expect(cow).toEqual({
      currency: 'cow',
      holdings: fromBaseUnits(deposited.cow, 18),
      liabilities: fromBaseUnits(deposited.cow + parseUnits('50', 18), 18),
    });
    const metrics = await (
      await fetch(`${server.baseUrl}/metrics`, { headers: { authorization: `Bearer ${DEV_OPERATOR_TOKEN}` } })
    ).text();
    const ratio = metrics.match(/aidf_reserves_ratio\{chain="all",currency="cow"\} ([0-9.e-]+)/)?.[1];
    expect(Number(ratio)).toBeCloseTo(Number(deposited.cow) / Number(deposited.cow + parseUnits('50', 18)), 9);
    expect(metrics).toMatch(/aidf_reserves_ratio\{chain="bsc",currency="cow"\} 1\n/);
    expect(metrics).toMatch(/aidf_hot_wallet_balance\{chain="bsc",currency="bnb"\} \d/);
    const stored = rowsOf<{ status: string }>(
      await server.database.db.execute(sql`SELECT status FROM reserves_reports WHERE id = ${report.id}::bigint`),
    );
    expect(stored[0]?.status).toBe('complete');
    const board = await dashboardReserves();
    expect(board.reportId).toBe(report.id);
    expect(board.shortfall).toContainEqual(cow);
  });
});
