import { sql } from 'drizzle-orm';
import { createWalletClient, http, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BNB_TOKEN } from '../src/chain/chain-services.ts';
import { bscChain } from '../src/chain/evm/bsc-client.ts';
import { evmCollectionSource } from '../src/chain/evm/evm-collection-source.ts';
import { rowsOf } from '../src/db/raw.ts';
import { depositWatcher } from '../src/domain/chain/deposit-watcher.ts';
import { checkLedger } from '../src/domain/ledger/check.ts';
import { collectionWatcher } from '../src/domain/machine/collection-watcher.ts';
import { type ChainTestServer, startChainTestServer } from './chain.ts';
import { buy, DEPTH, newItem, orderOf, submitHash, watchAll } from './machine-orders.ts';
import { call } from './test-server.ts';
import { type Account, balanceOf, signUp } from './users.ts';
import type { TestWallet } from './wallets.ts';

/**
 * One chain transfer is credited at most once, whatever kind (RULES.md "Treasury"). The collection address set
 * (directly, a fixture: the operator path refuses it) to user B's BNB deposit address: user A's 0.5 BNB for an order
 * reaches both watchers. Whichever watcher commits first credits it (A's order is paid, or B is credited); the other
 * finds it in chain_credits and credits nothing.
 */
describe('[api] a payment to a collection address that is a deposit address is credited once', () => {
  let server: ChainTestServer;
  let b: Account;
  let depositOfB: `0x${string}`;

  const deposits = () =>
    depositWatcher({
      repos: server.repos,
      source: server.app.chains.bsc?.deposits ?? (undefined as never),
      owner: 'credit-once',
      nativeToken: BNB_TOKEN,
      allowChainReset: true,
      leaseMs: 60_000,
    });
  const collections = () => {
    const bsc = server.app.chains.bsc;
    if (!bsc) throw new Error('BSC not configured');
    return collectionWatcher({
      repos: server.repos,
      source: evmCollectionSource(bsc.client, bsc.deposits),
      owner: 'credit-once',
      allowChainReset: true,
      leaseMs: 60_000,
      firstLookAfterMs: 0,
    });
  };
  /** Ticks the deposit watcher until caught up; answers its counts. */
  async function scanDeposits() {
    const total = { credited: 0, alreadyCredited: 0 };
    const w = deposits();
    for (let i = 0; i < 100; i++) {
      const result = await w.tick();
      if (result.outcome === 'scanned') {
        total.credited += result.credited;
        total.alreadyCredited += result.alreadyCredited;
        continue;
      }
      if (result.outcome !== 'caught-up') throw new Error(`the deposit watcher ended with ${JSON.stringify(result)}`);
      return total;
    }
    throw new Error('the deposit watcher never caught up');
  }
  /** User A with a bound wallet, an order lacking 0.5 BNB, paid to the collection address with the hash submitted. */
  async function aPays() {
    const account = privateKeyToAccount(generatePrivateKey());
    await server.evm.fund(account.address, { bnb: '5' });
    const wallet: TestWallet = {
      currency: 'bnb',
      address: account.address,
      sign: (m) => account.signMessage({ message: m }),
    };
    const a = await signUp(server, wallet);
    const order = (await buy(server, a, await newItem(server, { worth: '100', bnbAmount: '0.5' }))).data;
    expect(order).toMatchObject({ status: 0, lackBnb: '0.5' });
    expect(order.payBsc.collectionAddress.toLowerCase()).toBe(depositOfB.toLowerCase());
    const client = createWalletClient({
      account,
      chain: bscChain(server.evm.rpcUrl),
      transport: http(server.evm.rpcUrl),
    });
    const txHash = await client.sendTransaction({ to: depositOfB, value: parseEther('0.5') });
    expect((await submitHash(server, a, order.orderNo, txHash)).data.status).toBe(2);
    await server.evm.mine(DEPTH);
    return { a, orderNo: order.orderNo as string, txHash: txHash.toLowerCase() };
  }
  const creditsOf = async (txHash: string) =>
    rowsOf<{ event_index: string; kind: string }>(
      await server.database.db.execute(
        sql`SELECT event_index, kind FROM chain_credits WHERE chain = 'bsc' AND tx_hash = ${txHash}`,
      ),
    );
  const bnbOfB = () => balanceOf(server, b, 'bnb');

  beforeAll(async () => {
    server = await startChainTestServer();
    b = await signUp(server);
    const res = await call(server.baseUrl, `/v1/chn/coin/bnb/bnb/address/${b.mid}/A`, {
      method: 'GET',
      token: b.token,
    });
    expect(res.json.code).toBe(200);
    depositOfB = res.json.data.address;
    // The fixture: the setting written directly, as a wrong or malicious setting would be.
    await server.repos.settings.set('machine.collectionAddress.bsc', depositOfB, 'credit-once test fixture');
  }, 120_000);
  afterAll(() => server?.close());

  it('collection watcher first: A’s order is paid, B is not credited, one chain_credits row', async () => {
    const { a, orderNo, txHash } = await aPays();
    expect((await watchAll(collections())).settled).toBe(1);
    expect(await scanDeposits()).toEqual({ credited: 0, alreadyCredited: 1 });

    expect((await orderOf(server, a, orderNo)).status).toBe(1);
    expect(await bnbOfB()).toBe('0');
    expect(await creditsOf(txHash)).toEqual([{ event_index: 'native', kind: 'machine-payment' }]);
    // A rescan of either watcher changes nothing.
    expect(await scanDeposits()).toEqual({ credited: 0, alreadyCredited: 0 });
    expect((await watchAll(collections())).settled).toBe(0);
    expect((await checkLedger(server.repos)).ok).toBe(true);
  });

  it('deposit watcher first: B is credited, A’s order is not paid and the payment is marked already credited', async () => {
    const { a, orderNo, txHash } = await aPays();
    expect(await scanDeposits()).toEqual({ credited: 1, alreadyCredited: 0 });
    expect(await bnbOfB()).toBe('0.5');
    expect((await watchAll(collections())).settled).toBe(1);

    expect(await orderOf(server, a, orderNo)).toMatchObject({ status: 0, lackBnb: '0.5' });
    expect(await balanceOf(server, a, 'bnb')).toBe('0');
    expect(await bnbOfB()).toBe('0.5');
    const [payment] = await server.repos.machines.paymentsOfTx('bsc', txHash);
    expect(payment).toMatchObject({ state: 'already-credited', movementId: null, userId: BigInt(a.mid) });
    expect(await creditsOf(txHash)).toEqual([{ event_index: 'native', kind: 'deposit' }]);
    expect((await checkLedger(server.repos)).ok).toBe(true);
  });

  it('both watchers at once: credited once, either way', async () => {
    const { a, orderNo, txHash } = await aPays();
    const before = await bnbOfB();
    await Promise.all([scanDeposits(), watchAll(collections())]);

    const paid = (await orderOf(server, a, orderNo)).status === 1;
    const credited = (await bnbOfB()) !== before;
    expect(paid !== credited).toBe(true);
    expect(await creditsOf(txHash)).toEqual([{ event_index: 'native', kind: paid ? 'machine-payment' : 'deposit' }]);
    expect((await checkLedger(server.repos)).ok).toBe(true);
  });
});
