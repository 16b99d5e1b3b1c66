import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DepositSource } from '../src/chain/deposit-source.ts';
import { depositWatcher } from '../src/domain/chain/deposit-watcher.ts';
import { type ChainTestServer, chainWallet, startChainTestServer } from './chain.ts';
import { call } from './test-server.ts';
import { type Account, signUp } from './users.ts';

const DEPTH = 15; // RULES.md: BSC deposits count after 15 blocks

describe("[api] a receipt says its on-chain leg's confirmations, from the head the watchers recorded", () => {
  let server: ChainTestServer;
  let user: Account;
  let source: DepositSource;

  /** Ticks the deposit watcher until it caught up with the chain (it records the head it saw). */
  async function scanAll() {
    const watcher = depositWatcher({
      repos: server.repos,
      source,
      owner: 'receipts',
      allowChainReset: true,
      leaseMs: 60_000,
    });
    for (let i = 0; i < 100; i++) {
      const result = await watcher.tick();
      if (result.outcome === 'scanned') continue;
      if (result.outcome !== 'caught-up') throw new Error(`the watcher ended with ${result.outcome}`);
      return;
    }
    throw new Error('the watcher never caught up');
  }
  // biome-ignore lint/suspicious/noExplicitAny: tests read any field of the envelope
  const recharges = async (): Promise<any[]> => {
    const res = await call(server.baseUrl, '/v1/chn/recharge/p/1-10', { method: 'GET', token: user.token });
    expect(res.status, res.text).toBe(200);
    return res.json.data.list;
  };
  // biome-ignore lint/suspicious/noExplicitAny: tests read any field of the envelope
  const billLines = async (): Promise<any[]> => {
    const res = await call(server.baseUrl, '/v1/ma/account/finance/cow/p/1-10', { body: {}, token: user.token });
    expect(res.status, res.text).toBe(200);
    return res.json.data.list;
  };

  beforeAll(async () => {
    server = await startChainTestServer();
    if (!server.app.chains.bsc) throw new Error('BSC not configured');
    source = server.app.chains.bsc.deposits;
    user = await signUp(server);
    const res = await call(server.baseUrl, `/v1/chn/coin/cow/bnb/address/${user.mid}/A`, {
      method: 'GET',
      token: user.token,
    });
    const sender = await chainWallet(server.evm, { cow: '100' });
    await sender.sendToken(server.evm.tokens.cow, res.json.data.address, '10');
    await server.evm.mine(DEPTH);
    await scanAll();
  });
  afterAll(() => server?.close());

  it('a credited recharge: blocks on top of its block at the recorded head, confirmed, its hash linked', async () => {
    const [recharge] = await recharges();
    const [deposit] = (await server.repos.chain.depositsOf(BigInt(user.mid))).rows;
    const cursor = await server.repos.scanCursors.deposit.cursor('bsc');
    if (!deposit || cursor?.headBlock == null) throw new Error('no deposit or no head recorded');
    expect(recharge).toMatchObject({
      txId: deposit.txHash,
      txUrl: `https://bscscan.com/tx/${deposit.txHash}`,
      confirmations: Number(cursor.headBlock - deposit.blockNumber),
      confirmed: true,
    });
    expect(recharge.confirmations).toBeGreaterThanOrEqual(DEPTH);
  });

  it('the statement line of the same transaction says the same', async () => {
    const [recharge] = await recharges();
    const lines = await billLines();
    const onChain = lines.find((l) => l.txHash === recharge.txId);
    expect(onChain).toMatchObject({ confirmations: recharge.confirmations, confirmed: true });
  });

  it('asks no node per request: the count moves when a watcher records a newer head, not before', async () => {
    const [before] = await recharges();
    await server.evm.mine(5);
    expect((await recharges())[0].confirmations).toBe(before.confirmations);
    await scanAll();
    const [after] = await recharges();
    expect(after.confirmations).toBe(before.confirmations + 5);
    expect((await billLines()).find((l) => l.txHash === after.txId)?.confirmations).toBe(after.confirmations);
  });

  it('below the depth: the count, not confirmed (a leg recorded in a block near the head)', async () => {
    const cursor = await server.repos.scanCursors.deposit.cursor('bsc');
    if (cursor?.headBlock == null) throw new Error('no head recorded');
    // The deposit's block moved near the head: what a leg looks like before the depth (the watcher credits none).
    await server.database.db.execute(
      sql`UPDATE chain_deposits SET block_number = ${cursor.headBlock - 3n} WHERE user_id = ${BigInt(user.mid)}`,
    );
    expect((await recharges())[0]).toMatchObject({ confirmations: 3, confirmed: false });
    // A block the watchers have not seen yet (past their head): not known, not a negative count.
    await server.database.db.execute(
      sql`UPDATE chain_deposits SET block_number = ${cursor.headBlock + 1n} WHERE user_id = ${BigInt(user.mid)}`,
    );
    expect((await recharges())[0]).toMatchObject({ confirmations: null, confirmed: false });
  });
});
