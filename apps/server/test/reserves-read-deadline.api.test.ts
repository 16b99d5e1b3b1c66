import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/raw.ts';
import type { ChainHolding } from '../src/domain/treasury/chain-holdings.ts';
import { runReservesReport } from '../src/domain/treasury/reserves-report.ts';
import { workerEvmDevChain } from './chain.ts';
import { startRpcProxy } from './rpc-proxy.ts';
import { startTestServer, TEST_DB, type TestServer } from './test-server.ts';
import { credit, ops, signUp } from './users.ts';

/**
 * A reserves report whose chain node never answers (docs/architecture.md "Proof of reserves"): the report answers
 * in time as `incomplete`, naming the chain or the addresses it could not read, and holds no database transaction
 * while it waits for the node.
 */
describe('[api] reserves report: a chain node that never answers', () => {
  let server: TestServer;
  let proxy: Awaited<ReturnType<typeof startRpcProxy>>;
  let closeChain: () => Promise<void>;
  /** Which calls the node leaves unanswered, until `release`. */
  let hangs: (method: string, params: unknown[]) => boolean = () => false;
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let hung: () => void = () => {};
  const firstHang = new Promise<void>((resolve) => {
    hung = resolve;
  });

  beforeAll(async () => {
    const evm = await workerEvmDevChain();
    closeChain = evm.close;
    proxy = await startRpcProxy(evm.rpcUrl, undefined, async (method, params) => {
      if (!hangs(method, params)) return;
      hung();
      await released;
    });
    server = await startTestServer({ env: { BSC_RPC_URL: proxy.url } });
  }, 120_000);
  afterAll(async () => {
    release();
    await server?.close();
    await proxy?.close();
    await closeChain?.();
  }, 120_000);

  /** Sessions of this test's database inside a transaction that has sent nothing since (PostgreSQL only). */
  const idleInTransaction = async () =>
    Number(
      rowsOf<{ n: string }>(
        await server.database.db.execute(sql`
          SELECT count(*)::text AS n FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid() AND state LIKE 'idle in transaction%'`),
      )[0]?.n,
    );

  it('answers POST /ops/v1/reserves/reports within 30 s as incomplete, with no transaction open meanwhile', async () => {
    const user = await signUp(server);
    hangs = () => true;
    const started = Date.now();
    const answered = ops(server, 'POST', '/ops/v1/reserves/reports', { reason: 'node hangs' });
    let done = false;
    void answered.then(() => {
      done = true;
    });
    await firstHang;
    expect(done).toBe(false);
    if (TEST_DB === 'postgres') expect(await idleInTransaction()).toBe(0);
    // Money moves while the report waits for the node: nothing of the report holds the database (on PGlite one open
    // transaction would hold every other query until it ended).
    await credit(server, user.username, 'cow', '5');
    expect(done).toBe(false);

    const res = await answered;
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const report = res.json.data;
    expect(report.status).toBe('incomplete');
    expect(report.chainHoldings.bsc.error).toMatch(/^the head block: not read within 20 s/);
    expect(report.alerts).toMatchObject({ unreadChains: ['bsc'], shortfall: [], clearingMismatch: [] });
    // The credit made while the node was read is not in this report: its ledger was read before the chains.
    expect(report.userBalances.cow).toBe('0');
    const latest = await ops(server, 'GET', '/ops/v1/reserves/reports/latest');
    expect(latest.json.data).toMatchObject({ id: report.id, status: 'incomplete' });
  }, 60_000);

  it('names each address it could not read in time, with its place, and counts the rest', async () => {
    const cold = '0x00000000000000000000000000000000000c01d0';
    hangs = (method, params) => method === 'eth_call' && JSON.stringify(params).toLowerCase().includes(cold.slice(2));
    await server.database.db.execute(
      sql`INSERT INTO settings (key, value) VALUES ('treasury.coldAddress.bsc', ${cold})
          ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
    );
    const hot = server.app.chains.bsc?.hotWalletAddress;
    expect(hot).toMatch(/^0x/);
    const started = Date.now();
    // A call's own time limit far beyond the report's: the deadline still ends the read. One address per batch.
    // 5 s: the addresses that answer must be read within it on a busy machine too (1 s left the head block unread).
    const report = await runReservesReport(server.database.db, {
      chains: server.app.chains,
      limits: { timeoutMs: 60_000, deadlineMs: 5_000, evmCallsPerBatch: 1 },
    });
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(report.status).toBe('incomplete');
    const read = (report.chainHoldings as Record<string, ChainHolding>).bsc as ChainHolding;
    expect(read.unread).toEqual([
      { address: cold, kind: 'cold', error: "not read within 5 s, the report's time for chain reads" },
    ]);
    // The hot wallet was read (it is not unread): what answered in time is counted.
    expect(read.addresses.hot).toBe(hot);
    expect(report.alerts).toMatchObject({ unread: 1, unreadChains: [], shortfall: [], clearingMismatch: [] });
  }, 60_000);
});
