import type { PublicClient } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/raw.ts';
import { type ChainTestServer, startChainTestServer } from './chain.ts';
import { startRpcProxy } from './rpc-proxy.ts';
import { startTestServer } from './test-server.ts';
import { DEPTH, outsideWallet, shouldHold, sweepChainOf } from './treasury-bsc.ts';
import { ops } from './users.ts';

const WEI = 10n ** 18n;

describe('[api] treasury funding: the platform’s own money on a chain, checked on chain and booked once', () => {
  let server: ChainTestServer;
  let wallet: Awaited<ReturnType<typeof outsideWallet>>;
  const hot = () => sweepChainOf(server).hotWallet;
  const fund = (body: Record<string, string>) =>
    ops(server, 'POST', '/ops/v1/treasury/fundings', { chain: 'bsc', reason: 'gas money for the sweeps', ...body });
  const movementCount = async () =>
    rowsOf(await server.database.db.execute('SELECT count(*)::int AS n FROM movements'));

  beforeAll(async () => {
    server = await startChainTestServer();
    wallet = await outsideWallet(server);
  });
  afterAll(() => server?.close());

  it('books a confirmed BNB transfer to the hot wallet once: the clearing account then says the chain holds it', async () => {
    const before = await shouldHold(server, 'bnb');
    const sent = await wallet.send(hot(), 'bnb', '2.5');
    await server.evm.mine(DEPTH);
    const res = await fund({ currency: 'bnb', amount: '2.5', txHash: sent.hash });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.data).toMatchObject({ replayed: false, chain: 'bsc', currency: 'bnb', amount: '2.5' });
    expect(await shouldHold(server, 'bnb')).toBe(before + (25n * WEI) / 10n);

    // The same transaction again, even written in capitals: nothing more is booked.
    const again = await fund({ currency: 'bnb', amount: '2.5', txHash: sent.hash.toUpperCase().replace('0X', '0x') });
    expect(again.json.data).toMatchObject({ replayed: true, movementId: res.json.data.movementId });
    expect(await shouldHold(server, 'bnb')).toBe(before + (25n * WEI) / 10n);

    const audit = await server.database.db.execute(
      "SELECT count(*)::int AS n FROM operator_actions WHERE action = 'treasury-funding'",
    );
    expect(rowsOf(audit)).toEqual([{ n: 1 }]);
  });

  it('books a token transfer (COW for payouts) by its Transfer event to the hot wallet', async () => {
    const before = await shouldHold(server, 'cow');
    const sent = await wallet.send(hot(), 'cow', '1000');
    await server.evm.mine(DEPTH);
    const res = await fund({ currency: 'cow', amount: '1000', txHash: sent.hash });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(await shouldHold(server, 'cow')).toBe(before + 1000n * WEI);
  });

  it('refuses, booking nothing, a wrong amount, another currency, a transfer elsewhere, an unconfirmed or unknown transaction', async () => {
    const toHot = await wallet.send(hot(), 'bnb', '1');
    const elsewhere = await wallet.send('0x000000000000000000000000000000000000dEaD', 'bnb', '1');
    const unconfirmed = async () => wallet.send(hot(), 'bnb', '0.5');
    await server.evm.mine(DEPTH);
    const fresh = await unconfirmed();
    const bnbBefore = await shouldHold(server, 'bnb');
    const movementsBefore = await movementCount();

    for (const [body, why] of [
      [{ currency: 'bnb', amount: '1.5', txHash: toHot.hash }, 'it brought 1 bnb'],
      [{ currency: 'cow', amount: '1', txHash: toHot.hash }, 'it brought 0 cow'],
      [{ currency: 'bnb', amount: '1', txHash: elsewhere.hash }, 'it brought 0 bnb'],
      [{ currency: 'bnb', amount: '0.5', txHash: fresh.hash }, 'not confirmed yet'],
      [{ currency: 'bnb', amount: '1', txHash: `0x${'12'.repeat(32)}` }, 'no such mined transaction'],
      [{ currency: 'bnb', amount: '1', txHash: 'not-a-hash' }, 'not a BNB Smart Chain transaction hash'],
    ] as const) {
      const res = await fund(body);
      expect({ why, status: res.status, code: res.json.code }).toEqual({ why, status: 400, code: 81063 });
      expect(res.json.msg).toContain(why);
    }
    for (const amount of ['0', '-1', '1e3', '1.0000000000000000001']) {
      const res = await fund({ currency: 'bnb', amount, txHash: toHot.hash });
      expect({ amount, code: res.json.code }).toEqual({ amount, code: 1225 });
    }
    const sol = await fund({ currency: 'sol', amount: '1', txHash: toHot.hash });
    expect(sol.json.code).toBe(1225);

    expect(await shouldHold(server, 'bnb')).toBe(bnbBefore);
    expect(await movementCount()).toEqual(movementsBefore);

    // Once deep enough, the transaction that was too fresh is booked.
    await server.evm.mine(DEPTH);
    const later = await fund({ currency: 'bnb', amount: '0.5', txHash: fresh.hash });
    expect(later.status, JSON.stringify(later.json)).toBe(200);
    expect(await shouldHold(server, 'bnb')).toBe(bnbBefore + WEI / 2n);
  });

  it('books nothing for a move between the platform’s own addresses (cold to hot, collection to hot), and says so', async () => {
    const cold = await outsideWallet(server);
    const collection = await outsideWallet(server);
    await server.repos.settings.set('treasury.coldAddress.bsc', cold.address, 'tests');
    await server.repos.settings.set('machine.collectionAddress.bsc', collection.address, 'tests');
    const fromCold = await cold.send(hot(), 'cow', '1000');
    const fromCollection = await collection.send(hot(), 'bnb', '0.5');
    await server.evm.mine(DEPTH);
    const cowBefore = await shouldHold(server, 'cow');
    const bnbBefore = await shouldHold(server, 'bnb');
    const movementsBefore = await movementCount();

    for (const [body, sender] of [
      [{ currency: 'cow', amount: '1000', txHash: fromCold.hash }, cold.address],
      [{ currency: 'bnb', amount: '0.5', txHash: fromCollection.hash }, collection.address],
    ] as const) {
      const res = await fund(body);
      expect({ status: res.status, code: res.json.code }).toEqual({ status: 409, code: 81070 });
      expect(res.json.msg).toContain(sender);
      expect(res.json.msg).toContain('books nothing');
    }
    expect(await shouldHold(server, 'cow')).toBe(cowBefore);
    expect(await shouldHold(server, 'bnb')).toBe(bnbBefore);
    expect(await movementCount()).toEqual(movementsBefore);

    // Money from outside the platform in the same currency is still new money, booked.
    const outside = await wallet.send(hot(), 'cow', '7');
    await server.evm.mine(DEPTH);
    expect((await fund({ currency: 'cow', amount: '7', txHash: outside.hash })).status).toBe(200);
    expect(await shouldHold(server, 'cow')).toBe(cowBefore + 7n * WEI);
  });

  it('books a transfer once whatever credited it: one a watcher credited already is not new money (81071)', async () => {
    const first = await wallet.send(hot(), 'bnb', '1');
    const second = await wallet.send(hot(), 'bnb', '2');
    await server.evm.mine(DEPTH);
    const booked = await fund({ currency: 'bnb', amount: '1', txHash: first.hash });
    expect(booked.status, JSON.stringify(booked.json)).toBe(200);
    const client = server.app.chains.bsc?.client as PublicClient;
    const genesisHash = (await client.getBlock({ blockNumber: 0n })).hash;
    const keyOf = (txHash: string) => ({ chain: 'bsc' as const, genesisHash, txHash, eventIndex: 'native' });
    expect((await server.repos.chainCredits.of(keyOf(first.hash)))?.kind).toBe('treasury-funding');

    // The second transfer stands for one a watcher credited (a miner payment to the hot wallet, as beside the dev
    // chains where the collection address falls back to it): its chain credit is taken.
    await server.repos.chainCredits.claim(keyOf(second.hash), 'machine-payment', BigInt(booked.json.data.movementId));
    const bnbBefore = await shouldHold(server, 'bnb');
    const movementsBefore = await movementCount();
    const refused = await fund({ currency: 'bnb', amount: '2', txHash: second.hash });
    expect({ status: refused.status, code: refused.json.code }).toEqual({ status: 409, code: 81071 });
    expect(refused.json.msg).toContain('already credited as machine-payment');
    expect(await shouldHold(server, 'bnb')).toBe(bnbBefore);
    expect(await movementCount()).toEqual(movementsBefore);
  });

  it('answers 81064 (503), booking nothing, when the RPC fails during the check; the same transaction is booked later', async () => {
    const sent = await wallet.send(hot(), 'bnb', '0.25');
    await server.evm.mine(DEPTH);
    const body = { chain: 'bsc', currency: 'bnb', amount: '0.25', txHash: sent.hash, reason: 'gas money' };
    for (const failing of ['eth_getTransactionReceipt', 'eth_blockNumber']) {
      // A server on the same chain and database kind whose RPC answers 429 to one method, as a capped provider does.
      const proxy = await startRpcProxy(server.evm.rpcUrl, (method) =>
        method === failing ? { code: 429, message: 'Too Many Requests' } : null,
      );
      const capped = await startTestServer({ env: { BSC_RPC_URL: proxy.url } });
      try {
        const movements = async () =>
          rowsOf(await capped.database.db.execute('SELECT count(*)::int AS n FROM movements'));
        const before = await movements();
        const res = await ops(capped, 'POST', '/ops/v1/treasury/fundings', body);
        expect({ failing, status: res.status, code: res.json.code }).toEqual({ failing, status: 503, code: 81064 });
        expect(res.json.msg).toContain('could not be read');
        expect(proxy.callsOf(failing).some((c) => c.refused)).toBe(true);
        expect(await movements()).toEqual(before);
      } finally {
        await capped.close();
        await proxy.close();
      }
    }
    const booked = await ops(server, 'POST', '/ops/v1/treasury/fundings', body);
    expect(booked.status, JSON.stringify(booked.json)).toBe(200);
    expect(booked.json.data).toMatchObject({ replayed: false, amount: '0.25' });
  });
});
