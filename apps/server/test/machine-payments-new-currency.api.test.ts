import { createWalletClient, erc20Abi, http, parseEther, parseUnits } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

/*
 * A chain-paid miner currency added the way a newcomer adds one: a single entry in MINER_CURRENCIES, here AIDF
 * paid on BNB Smart Chain as a token (a fixture: the real list does not take AIDF on chain), its contract a second
 * ERC-20 deployed on the dev chain and pinned in the token configuration. Nothing else is changed, and an order is
 * priced, answered, watched, paid and booked in it. The files of a worker share their modules (isolate: false), so
 * this file loads the server's modules afresh with the fixture list, and leaves them to be loaded afresh without it.
 */
const LIST = '../../../packages/contract/src/miner-currency-list.ts';
const FIXTURE = { currency: 'aidf', paid: 'chain', chain: 'bsc', token: 'token' } as const;

async function modulesWithFixture() {
  vi.resetModules();
  vi.doMock(LIST, async (importOriginal) => {
    const real = await importOriginal<typeof import('../../../packages/contract/src/miner-currency-list.ts')>();
    return { ...real, MINER_CURRENCIES: [...real.MINER_CURRENCIES, FIXTURE] };
  });
  const [chain, bscClient, source, ledger, watcher, orders, users] = await Promise.all([
    import('./chain.ts'),
    import('../src/chain/evm/bsc-client.ts'),
    import('../src/chain/evm/evm-collection-source.ts'),
    import('../src/domain/ledger/check.ts'),
    import('../src/domain/machine/collection-watcher.ts'),
    import('./machine-orders.ts'),
    import('./users.ts'),
  ]);
  return { ...chain, ...bscClient, ...source, ...ledger, ...watcher, ...orders, ...users };
}

describe('[api] AI miner: a chain-paid currency added as one entry of MINER_CURRENCIES', () => {
  let m: Awaited<ReturnType<typeof modulesWithFixture>>;
  let server: Awaited<ReturnType<typeof m.startChainTestServer>>;
  const collection = privateKeyToAccount(generatePrivateKey()).address;
  const payer = privateKeyToAccount(generatePrivateKey());
  let token: `0x${string}`;
  const wallet = {
    currency: 'bnb' as const,
    address: payer.address,
    sign: (t: string) => payer.signMessage({ message: t }),
  };
  const payerClient = () =>
    createWalletClient({ account: payer, chain: m.bscChain(server.evm.rpcUrl), transport: http(server.evm.rpcUrl) });
  /** The collection watcher of the dev chain, its ticks driven by the test. */
  function devWatcher() {
    const bsc = server.app.chains.bsc;
    if (!bsc) throw new Error('BSC not configured');
    return m.collectionWatcher({
      repos: server.repos,
      source: m.evmCollectionSource(bsc.client, bsc.deposits),
      owner: 'collection-a',
      allowChainReset: true,
      firstLookAfterMs: 0, // the dev chain has every transaction at once
    });
  }

  beforeAll(async () => {
    m = await modulesWithFixture();
    // A node of its own: the worker's shared one belongs to the modules loaded before this file's.
    server = await m.startChainTestServer({}, { ownChain: true });
    token = await server.evm.deployToken('AIDF on BNB Smart Chain', 'AIDF', payer.address, '1000');
    await server.repos.tokenConfigs.setContract('bnb', 'aidf', token, 18);
    await server.evm.fund(payer.address, { bnb: '1' });
    // Fixtures: changing them through the operator API is a proposal for two admins (money-settings.api.test.ts).
    await server.repos.settings.set('machine.collectionAddress.bsc', collection, 'test');
    // Loading the server's modules afresh, a node and a server of its own: a few seconds alone, minutes on a loaded machine.
  }, 240_000);
  afterAll(async () => {
    await server?.close();
    vi.doUnmock(LIST);
    vi.resetModules();
  });

  it('priced in it, the balance covers part, the pinned token pays the rest: hinted, confirmed, a machine', async () => {
    const user = await m.signUp(server, wallet);
    await m.credit(server, user.username, 'aidf', '4');
    const item = await m.newItem(server, { worth: '100', aidfAmount: '10' });
    const order = (await m.buy(server, user, item)).data;
    expect(order).toMatchObject({ status: 0, lackAidf: '6', orderLackAidf: '6' });
    const pay = order.payBsc.tokens.find((t: { currency: string }) => t.currency === 'aidf');
    expect(pay).toEqual({ currency: 'aidf', contract: token, decimals: 18 });

    // What the app sends (pay-check.ts payTransfers): the lack, in the pinned token's units, to the collection address.
    const tx = await payerClient().writeContract({
      address: pay.contract,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [order.payBsc.collectionAddress, parseUnits(order.lackAidf, pay.decimals)],
    });
    expect((await m.submitHash(server, user, order.orderNo, tx)).data.status).toBe(2);
    const watcher = devWatcher();
    expect((await m.watchAll(watcher)).hinted).toBe(1);
    expect(await m.orderOf(server, user, order.orderNo)).toMatchObject({ status: 2, unconfirmedAidf: '6' });
    await server.evm.mine(m.DEPTH);
    expect((await m.watchAll(watcher)).settled).toBe(1);
    const paid = await m.orderOf(server, user, order.orderNo);
    expect(paid).toMatchObject({ status: 1, lackAidf: '0', unconfirmedAidf: '0' });
    expect((await m.machinesOf(server, user)).list).toMatchObject([{ worth: '100', status: 'running' }]);
    expect(await m.balanceOf(server, user, 'aidf')).toBe('0');
    expect((await m.checkLedger(server.repos)).ok).toBe(true);

    // The dev chain's own AIDF token is not the pinned contract: what it sends is not a payment, nor seen.
    await server.evm.fund(payer.address, { aidf: '5' });
    await payerClient().writeContract({
      address: server.evm.tokens.aidf,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [collection, parseEther('5')],
    });
    await server.evm.mine(m.DEPTH);
    expect(await m.watchAll(watcher)).toMatchObject({ found: 0, settled: 0 });
  });
});
