import { randomBytes } from 'node:crypto';
import { ORDER_HINTS_OPEN_MAX, ORDER_HINTS_PER_HOUR } from '@aidf/contract';
import { createWalletClient, erc20Abi, http, parseEther, parseUnits } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bscChain } from '../src/chain/evm/bsc-client.ts';
import { evmCollectionSource } from '../src/chain/evm/evm-collection-source.ts';
import { checkLedger } from '../src/domain/ledger/check.ts';
import { type CollectionWatcher, collectionWatcher } from '../src/domain/machine/collection-watcher.ts';
import { type ChainTestServer, startChainTestServer } from './chain.ts';
import { awayFromWindowEdge, withEdgeWait } from './limit-window.ts';
import { buy, cancelOrder, DEPTH, machinesOf, newItem, orderOf, submitHash, watchAll } from './machine-orders.ts';
import { call } from './test-server.ts';
import { type Account, balanceOf, credit, ops, signUp } from './users.ts';
import type { TestWallet } from './wallets.ts';

describe('[api] AI miner payments on the BNB Smart Chain dev chain', () => {
  let server: ChainTestServer;
  let watcher: CollectionWatcher;
  /** The collection watcher these tests run on the dev chain, `options` over its defaults. */
  const devWatcher = (options: Partial<Parameters<typeof collectionWatcher>[0]> = {}) => {
    const bsc = server.app.chains.bsc;
    if (!bsc) throw new Error('BSC not configured');
    return collectionWatcher({
      repos: server.repos,
      source: evmCollectionSource(bsc.client, bsc.deposits),
      owner: 'collection-a',
      allowChainReset: true,
      leaseMs: 60_000,
      firstLookAfterMs: 0, // the dev chain has every transaction at once
      ...options,
    });
  };
  const collection = privateKeyToAccount(generatePrivateKey()).address;

  /** A user signed in with a key that also sends BNB and EOEO on the dev chain (the bound address pays). */
  async function payer(funds: { bnb?: string; eoeo?: string } = {}) {
    const account = privateKeyToAccount(generatePrivateKey());
    await server.evm.fund(account.address, { bnb: '10', ...funds });
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
    return {
      address: account.address,
      wallet,
      sendBnb: (amount: string, to: `0x${string}` = collection) =>
        client.sendTransaction({ to, value: parseEther(amount) }),
      sendEoeo: (amount: string, to: `0x${string}` = collection) =>
        client.writeContract({
          address: server.evm.tokens.eoeo,
          abi: erc20Abi,
          functionName: 'transfer',
          args: [to, parseUnits(amount, 18)],
        }),
    };
  }
  /** A fresh user with a bound paying wallet, and an order of `price` with `covered` in the balance. */
  async function buyer(price: Record<string, string>, covered: Record<string, string> = {}, funds = {}) {
    const wallet = await payer(funds);
    const user = await signUp(server, wallet.wallet);
    for (const [currency, amount] of Object.entries(covered)) await credit(server, user.username, currency, amount);
    const order = (await buy(server, user, await newItem(server, { worth: '100', ...price }))).data;
    return { wallet, user, order };
  }

  beforeAll(async () => {
    server = await startChainTestServer();
    const bsc = server.app.chains.bsc;
    if (!bsc) throw new Error('BSC not configured');
    // A fixture: changing it through the operator API is a proposal for two admins (money-settings.api.test.ts).
    await server.repos.settings.set('machine.collectionAddress.bsc', collection, 'test');
    watcher = devWatcher();
  }, 120_000);
  afterAll(() => server?.close());

  it('a BNB lack paid from the bound key: status 2 after the hint, 1 after 15 blocks (not 14), and a machine', async () => {
    const { wallet, user, order } = await buyer({ bnbAmount: '1' }, { bnb: '0.25' });
    expect(order).toMatchObject({ status: 0, lackBnb: '0.75' });
    expect(order.payBsc.collectionAddress).toBe(collection);
    const tx = await wallet.sendBnb('0.75');
    expect((await submitHash(server, user, order.orderNo, tx)).data.status).toBe(2);
    expect((await watchAll(watcher)).hinted).toBe(1);
    expect(await orderOf(server, user, order.orderNo)).toMatchObject({ status: 2, unconfirmedBnb: '0.75' });
    await server.evm.mine(DEPTH - 1);
    expect((await watchAll(watcher)).settled).toBe(0);
    expect((await orderOf(server, user, order.orderNo)).status).toBe(2);
    await server.evm.mine(1);
    expect((await watchAll(watcher)).settled).toBe(1);
    const paid = await orderOf(server, user, order.orderNo);
    expect(paid).toMatchObject({ status: 1, lackBnb: '0' });
    expect(paid.machineId).not.toBeNull();
    expect((await machinesOf(server, user)).list).toMatchObject([{ worth: '100', status: 'running' }]);
    expect(await balanceOf(server, user, 'bnb')).toBe('0');
    // A rescan from genesis finds the same payment and settles nothing again.
    await server.repos.scanCursors.collection.reset(
      'bsc',
      (await server.repos.scanCursors.collection.cursor('bsc'))?.genesisHash ?? '',
      0n,
    );
    expect((await watchAll(watcher)).settled).toBe(0);
    expect(await balanceOf(server, user, 'bnb')).toBe('0');
  });

  it('underpaid in EOEO (unreported): stays 0 with the rest lacking; the rest paid: 1', async () => {
    const { wallet, user, order } = await buyer({ eoeoAmount: '10' }, {}, { eoeo: '100' });
    expect(order).toMatchObject({ status: 0, lackEoeo: '10' });
    await wallet.sendEoeo('4'); // the page was closed: no hash submitted
    await server.evm.mine(DEPTH);
    expect((await watchAll(watcher)).settled).toBe(1);
    expect(await orderOf(server, user, order.orderNo)).toMatchObject({ status: 0, lackEoeo: '6' });
    const rest = await wallet.sendEoeo('6');
    expect((await submitHash(server, user, order.orderNo, rest)).data.status).toBe(2);
    await server.evm.mine(DEPTH);
    expect((await watchAll(watcher)).settled).toBe(1);
    expect(await orderOf(server, user, order.orderNo)).toMatchObject({ status: 1, lackEoeo: '0' });
    expect(await balanceOf(server, user, 'eoeo')).toBe('0');
  });

  it('overpaid: the order is paid and the excess is in the balance', async () => {
    const { wallet, user, order } = await buyer({ bnbAmount: '0.5' });
    const tx = await wallet.sendBnb('0.8');
    await submitHash(server, user, order.orderNo, tx);
    await server.evm.mine(DEPTH);
    await watchAll(watcher);
    expect((await orderOf(server, user, order.orderNo)).status).toBe(1);
    expect(await balanceOf(server, user, 'bnb')).toBe('0.3');
  });

  it('paid after a cancel: everything is credited to the balance', async () => {
    const { wallet, user, order } = await buyer({ bnbAmount: '0.5' }, { bnb: '0.1' });
    const cancelled = await call(server.baseUrl, '/v1/cow/home/order/cancel', {
      body: { orderNo: order.orderNo },
      token: user.token,
    });
    expect(cancelled.json.data.status).toBe(3);
    await wallet.sendBnb('0.4');
    await server.evm.mine(DEPTH);
    expect((await watchAll(watcher)).settled).toBe(1);
    expect((await orderOf(server, user, order.orderNo)).status).toBe(3);
    expect(await balanceOf(server, user, 'bnb')).toBe('0.5'); // 0.1 given back + 0.4 paid late
  });

  /** The same user's next order of `bnb`, after the cancel of the last one. */
  const nextOrder = async (user: Account, bnb: string) =>
    (await buy(server, user, await newItem(server, { worth: '100', bnbAmount: bnb }))).data;
  const cancel = (user: Account, orderNo: string) => cancelOrder(server, user, orderNo);

  it('hinted for a cancelled order, confirmed after a new order opened: credited, the new order not paid', async () => {
    const { wallet, user, order } = await buyer({ bnbAmount: '0.5' });
    const tx = await wallet.sendBnb('0.5');
    expect((await submitHash(server, user, order.orderNo, tx)).data.status).toBe(2);
    await server.evm.mine(3);
    expect((await watchAll(watcher)).settled).toBe(0);
    expect((await cancel(user, order.orderNo)).json.data.status).toBe(3);
    const next = await nextOrder(user, '0.5');
    expect(next).toMatchObject({ status: 0, lackBnb: '0.5' });
    await server.evm.mine(DEPTH);
    expect((await watchAll(watcher)).settled).toBe(1);
    expect(await orderOf(server, user, next.orderNo)).toMatchObject({ status: 0, lackBnb: '0.5', machineId: null });
    expect((await orderOf(server, user, order.orderNo)).status).toBe(3);
    expect(await balanceOf(server, user, 'bnb')).toBe('0.5');
    expect((await machinesOf(server, user)).total).toBe(0);
    expect((await checkLedger(server.repos)).ok).toBe(true);
  });

  it('unreported for a cancelled order, confirmed after a new order opened: credited; a later payment pays the new one', async () => {
    const { wallet, user, order } = await buyer({ bnbAmount: '0.5' });
    await wallet.sendBnb('0.5'); // the page was closed: no hash submitted
    await server.evm.mine(3);
    expect((await watchAll(watcher)).settled).toBe(0); // the watcher has seen the head, the payment is not deep yet
    expect((await cancel(user, order.orderNo)).json.data.status).toBe(3);
    const next = await nextOrder(user, '0.5');
    expect(next).toMatchObject({ status: 0, lackBnb: '0.5' });
    await server.evm.mine(DEPTH);
    expect((await watchAll(watcher)).settled).toBe(1);
    // Made before the new order existed: it was for the cancelled one, so it is the user's balance.
    expect(await orderOf(server, user, next.orderNo)).toMatchObject({ status: 0, lackBnb: '0.5', machineId: null });
    expect(await balanceOf(server, user, 'bnb')).toBe('0.5');
    // Made while the new order is open, unreported too: it pays the new order.
    await wallet.sendBnb('0.5');
    await server.evm.mine(DEPTH);
    expect((await watchAll(watcher)).settled).toBe(1);
    expect(await orderOf(server, user, next.orderNo)).toMatchObject({ status: 1, lackBnb: '0' });
    expect(await balanceOf(server, user, 'bnb')).toBe('0.5');
    expect((await checkLedger(server.repos)).ok).toBe(true);
  });

  it('one transaction offered for a second order pays one (81025); offered by another user too, it pays its sender', async () => {
    const { wallet, user, order } = await buyer({ bnbAmount: '0.2' });
    const tx = await wallet.sendBnb('0.2');
    const other = await buyer({ bnbAmount: '0.2' });
    expect((await submitHash(server, user, order.orderNo, tx)).data.status).toBe(2);
    // Whose transaction it is, only the chain tells: the other user's hint is taken, and counts for nothing.
    expect((await submitHash(server, other.user, other.order.orderNo, tx)).data.status).toBe(2);
    await server.evm.mine(DEPTH);
    await watchAll(watcher);
    expect((await orderOf(server, user, order.orderNo)).status).toBe(1);
    expect(await orderOf(server, other.user, other.order.orderNo)).toMatchObject({ status: 0, lackBnb: '0.2' });
    // The same user's next order (the first machine out): the transaction is not offered twice.
    await server.database.db.execute(
      `UPDATE machines SET status = 'out', mined = cap WHERE user_id = ${user.mid}` as never,
    );
    const second = await buy(server, user, await newItem(server, { worth: '100', bnbAmount: '0.2' }));
    expect(second.data.status).toBe(0);
    expect((await submitHash(server, user, second.data.orderNo, tx)).code).toBe(81025);
    await watchAll(watcher);
    expect(await orderOf(server, user, second.data.orderNo)).toMatchObject({ status: 0, lackBnb: '0.2' });
  });

  it("a third party's transfer is not counted for the order and is listed for the operator", async () => {
    const { user, order } = await buyer({ bnbAmount: '0.3' });
    const stranger = await payer();
    const tx = await stranger.sendBnb('0.3');
    expect((await submitHash(server, user, order.orderNo, tx)).data.status).toBe(2);
    await server.evm.mine(DEPTH);
    await watchAll(watcher);
    expect(await orderOf(server, user, order.orderNo)).toMatchObject({ status: 0, lackBnb: '0.3' });
    expect(await balanceOf(server, user, 'bnb')).toBe('0');
    const listed = await ops(server, 'GET', '/ops/v1/machine/third-party-payments');
    expect(listed.json.data).toEqual(
      expect.arrayContaining([expect.objectContaining({ txHash: tx, from: stranger.address, amount: '0.3' })]),
    );
  });

  it('a payment reorganised away before its confirmations is never counted', async () => {
    const { wallet, user, order } = await buyer({ bnbAmount: '0.6' });
    const before = await server.evm.snapshot();
    const tx = await wallet.sendBnb('0.6');
    await submitHash(server, user, order.orderNo, tx);
    await server.evm.mine(5);
    await watchAll(watcher);
    expect(await orderOf(server, user, order.orderNo)).toMatchObject({ status: 2, unconfirmedBnb: '0.6' });
    await server.evm.revert(before); // the blocks with the payment are gone
    await server.evm.mine(DEPTH + 5);
    const { settled, orphaned } = await watchAll(watcher);
    expect({ settled, orphaned }).toEqual({ settled: 0, orphaned: 1 });
    expect(await orderOf(server, user, order.orderNo)).toMatchObject({
      status: 0,
      lackBnb: '0.6',
      unconfirmedBnb: '0',
    });
    expect(await balanceOf(server, user, 'bnb')).toBe('0');
    expect((await machinesOf(server, user)).total).toBe(0);
    expect((await checkLedger(server.repos)).ok).toBe(true);
  });

  it("chain-status shows the collection watcher's cursor the way it shows the deposit watcher's", async () => {
    await server.evm.mine(DEPTH + 2); // something to scan, whichever tests ran before
    await watchAll(watcher);
    const cursor = await server.repos.scanCursors.collection.cursor('bsc');
    if (!cursor) throw new Error('no collection cursor after a scan');
    const statusOf = async () => {
      const data = (await ops(server, 'GET', '/ops/v1/chain/status')).json.data;
      return data.collectionWatchers.find((w: { chain: string }) => w.chain === 'bsc');
    };
    const shown = await statusOf();
    expect(shown).toMatchObject({
      chain: 'bsc',
      lastScannedBlock: String(cursor.nextBlock - 1n),
      scannedAt: cursor.scannedAt?.toISOString(),
      rpcErrors: '0',
      lastError: null,
    });
    // Caught up to the confirmed head: the lag is the confirmation depth.
    expect(BigInt(shown.head) - BigInt(shown.lastScannedBlock)).toBe(BigInt(DEPTH));
    await watcher.noteError(new Error('collection RPC down for the test'));
    expect(await statusOf()).toMatchObject({ rpcErrors: '1', lastError: expect.stringContaining('RPC down') });
  });

  it('an RPC serving another chain than the cursor: the tick stops and records nothing, not even a hinted payment', async () => {
    const bsc = server.app.chains.bsc;
    if (!bsc) throw new Error('BSC not configured');
    await watchAll(watcher); // the cursor exists, whichever tests ran before
    const { wallet, user, order } = await buyer({ bnbAmount: '0.3' });
    const tx = await wallet.sendBnb('0.3');
    expect((await submitHash(server, user, order.orderNo, tx)).data.status).toBe(2);
    const saved = await server.repos.scanCursors.collection.cursor('bsc');
    if (!saved) throw new Error('no collection cursor');
    await server.repos.scanCursors.collection.reset('bsc', `0x${'de'.repeat(32)}`, saved.nextBlock);
    const strict = collectionWatcher({
      repos: server.repos,
      source: evmCollectionSource(bsc.client, bsc.deposits),
      owner: 'collection-a', // the lease holder's name: the lease is not the point here
      allowChainReset: false,
      firstLookAfterMs: 0,
    });
    expect((await strict.tick()).outcome).toBe('stopped');
    expect(await server.repos.machines.paymentsOfTx('bsc', tx.toLowerCase())).toEqual([]);
    // Back on its chain, the watcher records and settles it.
    await server.repos.scanCursors.collection.reset('bsc', saved.genesisHash, saved.nextBlock);
    await server.evm.mine(DEPTH);
    await watchAll(watcher);
    expect((await orderOf(server, user, order.orderNo)).status).toBe(1);
  });

  it("a user who offers someone else's transaction first blocks neither its owner's submission nor the payment", async () => {
    const owner = await buyer({ bnbAmount: '0.4' });
    const squatter = await buyer({ bnbAmount: '0.4' });
    const tx = await owner.wallet.sendBnb('0.4');
    expect((await submitHash(server, squatter.user, squatter.order.orderNo, tx)).data.status).toBe(2);
    expect((await submitHash(server, owner.user, owner.order.orderNo, tx)).data.status).toBe(2);
    // Each offered it once for one order: offered again, each answers the same.
    expect((await submitHash(server, owner.user, owner.order.orderNo, tx)).data.status).toBe(2);
    await server.evm.mine(DEPTH);
    expect((await watchAll(watcher)).settled).toBe(1);
    expect(await orderOf(server, owner.user, owner.order.orderNo)).toMatchObject({ status: 1, lackBnb: '0' });
    expect(await orderOf(server, squatter.user, squatter.order.orderNo)).toMatchObject({ status: 0, lackBnb: '0.4' });
    expect(await balanceOf(server, squatter.user, 'bnb')).toBe('0');
    expect(await balanceOf(server, owner.user, 'bnb')).toBe('0');
    expect((await checkLedger(server.repos)).ok).toBe(true);
  });

  it(
    "an attacker's flood of made-up transaction ids for their own order does not delay another user's payment",
    async () => {
      const bsc = server.app.chains.bsc;
      if (!bsc) throw new Error('BSC not configured');
      await watchAll(watcher); // the earlier tests' work first
      await awayFromWindowEdge(60 * 60_000, 60_000); // the hourly count below falls in one window
      const attacker = await buyer({ bnbAmount: '0.1' });
      const victim = await buyer({ bnbAmount: '0.3' });
      const madeUp = () => `0x${randomBytes(32).toString('hex')}`;
      const flood = async () => {
        const codes: number[] = [];
        for (let i = 0; i < ORDER_HINTS_OPEN_MAX + 1; i++) {
          codes.push((await submitHash(server, attacker.user, attacker.order.orderNo, madeUp())).code);
        }
        return codes;
      };
      const openOf = (orderNo: string) => server.repos.machines.openHintsOf(BigInt(orderNo));
      // At most ORDER_HINTS_OPEN_MAX wait at once: the next one is refused (81030) and counts nothing.
      expect(await flood()).toEqual([...Array(ORDER_HINTS_OPEN_MAX).fill(200), 81030]);
      const tx = await victim.wallet.sendBnb('0.3');
      expect((await submitHash(server, victim.user, victim.order.orderNo, tx)).data.status).toBe(2);
      // A hint's one look waits until it is HINT_FIRST_LOOK_AFTER_MS old (the wallet's node may tell ours late):
      // with a cutoff before it was submitted it is not taken; with one after, it is.
      const hourAgo = new Date(Date.now() - 60 * 60_000);
      expect(await server.repos.machines.hintsToCheck('bsc', 100, hourAgo)).not.toContain(tx.toLowerCase());
      expect(await server.repos.machines.hintsToCheck('bsc', 100, new Date())).toContain(tx.toLowerCase());

      // A watcher looking at fewer hints per tick than the attacker has waiting: hints are taken in turns per
      // user, so the victim's is looked at in the very first tick, as it would be with no attacker.
      const PER_TICK = 2;
      const small = devWatcher({ batch: PER_TICK });
      expect(await small.tick()).toMatchObject({ hinted: 1 });
      expect(await orderOf(server, victim.user, victim.order.orderNo)).toMatchObject({
        status: 2,
        unconfirmedBnb: '0.3',
      });
      // The made-up id looked at in that tick is unknown to the chain: dropped after that one look.
      expect(await openOf(attacker.order.orderNo)).toBe(ORDER_HINTS_OPEN_MAX - 1);
      await server.evm.mine(DEPTH);
      expect(await small.tick()).toMatchObject({ settled: 1 });
      expect(await orderOf(server, victim.user, victim.order.orderNo)).toMatchObject({ status: 1, lackBnb: '0' });

      // Each made-up id costs one look; the attacker's order waits no more once they are dropped.
      for (let tick = 0; tick < 2; tick++) await small.tick();
      expect(await openOf(attacker.order.orderNo)).toBe(0);
      expect((await orderOf(server, attacker.user, attacker.order.orderNo)).status).toBe(0);
      // Submitting again is bounded per hour: ORDER_HINTS_PER_HOUR in all, then 9000.
      let accepted = ORDER_HINTS_OPEN_MAX;
      while (accepted < ORDER_HINTS_PER_HOUR) {
        const batch = Math.min(ORDER_HINTS_OPEN_MAX, ORDER_HINTS_PER_HOUR - accepted);
        for (let i = 0; i < batch; i++) {
          expect((await submitHash(server, attacker.user, attacker.order.orderNo, madeUp())).code).toBe(200);
        }
        accepted += batch;
        while ((await openOf(attacker.order.orderNo)) > 0) await small.tick();
      }
      expect((await submitHash(server, attacker.user, attacker.order.orderNo, madeUp())).code).toBe(9000);
      expect((await checkLedger(server.repos)).ok).toBe(true);
    },
    withEdgeWait(60_000),
  );
});
