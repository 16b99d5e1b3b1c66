import { fromBaseUnits } from '@aidf/contract';
import {
  createTestClient,
  createWalletClient,
  encodeAbiParameters,
  erc20Abi,
  getAddress,
  http,
  keccak256,
  maxUint256,
  pad,
  parseAbi,
  parseUnits,
  toHex,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bscChain } from '../src/chain/evm/bsc-client.ts';
import { DEV_OPERATOR_TOKEN } from '../src/config.ts';
import { INVEST_SETTINGS, setInvestContract } from '../src/domain/invest/invest-config.ts';
import { investWatcher } from '../src/domain/invest/invest-watcher.ts';
import { checkLedger } from '../src/domain/ledger/check.ts';
import { type ChainTestServer, startChainTestServer } from './chain.ts';
import { call } from './test-server.ts';
import { type Account, balanceOf, ops, signUp } from './users.ts';
import { signed, type TestWallet } from './wallets.ts';

const DEPTH = 15; // RULES.md: BSC counts a transaction after 15 confirmations
const investAbi = parseAbi(['function invest(uint256 amount)']);

/** A wallet that both signs in to the platform (binding its address) and sends transactions on the dev chain. */
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
    sign: (message) => account.signMessage({ message }),
  };
  return {
    address: account.address,
    wallet,
    /** What the stake dialog does: approve the maximum (once), then invest(amount). Answers the invest's hash. */
    async approveAndInvest(amount: string) {
      await client.writeContract({
        address: server.evm.tokens.aidf,
        abi: erc20Abi,
        functionName: 'approve',
        args: [server.evm.invest, maxUint256],
      });
      return client.writeContract({
        address: server.evm.invest,
        abi: investAbi,
        functionName: 'invest',
        args: [parseUnits(amount, 18)],
      });
    },
  };
}

describe('the invest contract on the BNB Smart Chain dev chain', () => {
  let server: ChainTestServer;
  let user: Account;
  let bound: Awaited<ReturnType<typeof investor>>;

  const watcher = (owner = 'instance-a') =>
    investWatcher({
      repos: server.repos,
      source: server.app.chains.bsc?.invests ?? (undefined as never),
      owner,
      allowChainReset: true,
      leaseMs: 60_000,
    });
  /** Ticks until caught up; answers how many events were credited and held. */
  async function scanAll(w = watcher(), { mayLoseLease = false } = {}) {
    let credited = 0;
    let unbound = 0;
    for (let i = 0; i < 100; i++) {
      const result = await w.tick();
      if (result.outcome === 'scanned') {
        credited += result.credited;
        unbound += result.unbound;
        continue;
      }
      if (result.outcome === 'not-lease-holder' && !mayLoseLease) throw new Error('another instance holds the lease');
      if (result.outcome === 'stopped') throw new Error(`the watcher stopped: ${result.reason}`);
      if (result.outcome === 'not-configured') throw new Error('no invest contract configured');
      return { credited, unbound, last: result.outcome };
    }
    throw new Error('the watcher never caught up');
  }
  const networkInfo = (account: Account) => call(server.baseUrl, '/v1/cow/fund/network', { token: account.token });
  const aidf = () => balanceOf(server, user, 'aidf');
  /** The operator's chain-status, as `npm run operator -- chain-status` shows it. */
  const chainStatus = async () => {
    const res = await fetch(`${server.baseUrl}/ops/v1/chain/status`, {
      headers: { authorization: `Bearer ${DEV_OPERATOR_TOKEN}`, 'x-operator': 'tests' },
    });
    return (await res.json()) as { data: { invest: Record<string, unknown> } };
  };

  beforeAll(async () => {
    server = await startChainTestServer();
    if (!server.app.chains.bsc) throw new Error('BSC not configured');
    bound = await investor(server, '1000');
    user = await signUp(server, bound.wallet);
  });
  afterAll(() => server?.close());

  it('answers the network info: the contract, its balance and what the user invested', async () => {
    const res = await networkInfo(user);
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual({
      investAddress: getAddress(server.evm.invest),
      balance: '0',
      invest_amount: '0',
      tokenAddress: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/),
      decimals: 18,
      confirmations: DEPTH,
    });
    expect(res.json.data.tokenAddress.toLowerCase()).toBe(server.evm.tokens.aidf.toLowerCase());
  });

  it('credits an approve + invest from the bound wallet once, after 15 confirmations (not at 14)', async () => {
    const txHash = await bound.approveAndInvest('250');
    expect((await scanAll()).credited).toBe(0);
    await server.evm.mine(DEPTH - 1); // 14 blocks on top of the invest's block
    expect((await scanAll()).credited).toBe(0);
    expect(await aidf()).toBe('0');
    await server.evm.mine(1); // the 15th
    expect((await scanAll()).credited).toBe(1);
    expect(await aidf()).toBe('250');

    const [row] = await server.repos.invests.ofUser(BigInt(user.mid));
    expect(row).toMatchObject({ txHash, fromAddress: bound.address, userId: BigInt(user.mid) });
    const statement = await call(server.baseUrl, '/v1/ma/account/finance/aidf/00/p/1-10', {
      method: 'GET',
      token: user.token,
    });
    expect(JSON.stringify(statement.json.data)).toContain('chain-invest');
    const info = (await networkInfo(user)).json.data;
    expect(info).toMatchObject({ balance: '250', invest_amount: '250' });
    expect((await checkLedger(server.repos)).ok).toBe(true);
  });

  it('lets the credit be pledged', async () => {
    const res = await call(server.baseUrl, '/v1/cow/fund/pledge/250/30/00', {
      body: await signed(bound.wallet, 'pledge-'),
      token: user.token,
    });
    expect(res.status).toBe(200);
    expect(await aidf()).toBe('0');
  });

  it('the reserves report reads the invest contract: the AIDF invested is held there, as the clearing account says', async () => {
    const res = await ops(server, 'POST', '/ops/v1/reserves/reports', { reason: 'invest contract read' });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const bsc = res.json.data.chainHoldings.bsc;
    expect(bsc.addresses.invest.toLowerCase()).toBe(server.evm.invest.toLowerCase());
    const at = BigInt(bsc.at);
    const aidfAt = (owner: `0x${string}`) =>
      server.app.chains.bsc?.client.readContract({
        address: server.evm.tokens.aidf,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [owner],
        blockNumber: at,
      }) as Promise<bigint>;
    // The contract holds exactly what was invested and credited (pledged since: still on chain, still owed).
    expect(await aidfAt(server.evm.invest)).toBe(parseUnits('250', 18));
    expect(bsc.invest.aidf).toBe('250');
    expect(bsc.shouldHold.aidf).toBe('250');
    // What the hot wallet holds besides came from the dev chain's funding, not through the ledger.
    const hot = server.app.chains.bsc?.hotWalletAddress as `0x${string}`;
    expect(bsc.hot.aidf).toBe(fromBaseUnits(await aidfAt(hot), 18));
    expect(bsc.difference.aidf).toBe(bsc.hot.aidf);
    expect(bsc.unread).toEqual([]);
  });

  it('credits nothing again: a rescan, and a second instance with its own watcher', async () => {
    await server.repos.scanCursors.invest.reset(
      'bsc',
      (await server.repos.scanCursors.invest.cursor('bsc'))?.genesisHash ?? '',
      0n,
    );
    expect((await scanAll()).credited).toBe(0);
    // A second instance: another owner takes the lease once the first lets go, and scans the same blocks.
    await watcher('instance-a').release();
    await server.repos.scanCursors.invest.reset(
      'bsc',
      (await server.repos.scanCursors.invest.cursor('bsc'))?.genesisHash ?? '',
      0n,
    );
    const second = await scanAll(watcher('instance-b'));
    expect(second.credited).toBe(0);
    expect(second.unbound).toBe(0);
    expect(await server.repos.invests.ofUser(BigInt(user.mid))).toHaveLength(1);
    const invested = await server.repos.invests.investedBy('bsc', BigInt(user.mid));
    expect(Number(invested)).toBe(250);
    expect(await aidf()).toBe('0'); // the 250 went into the pledge; nothing was credited a second time
    await watcher('instance-b').release();
  });

  it('two instances scanning at once credit a new invest once', async () => {
    await bound.approveAndInvest('5');
    await server.evm.mine(DEPTH);
    const [a, b] = await Promise.all([
      scanAll(watcher('instance-a'), { mayLoseLease: true }),
      scanAll(watcher('instance-b'), { mayLoseLease: true }),
    ]);
    expect(a.credited + b.credited).toBe(1);
    expect(await aidf()).toBe('5');
    await Promise.all(['instance-a', 'instance-b'].map((o) => watcher(o).release()));
  });

  it('keeps an invest from an address bound to no account for the operator, and credits no one', async () => {
    const stranger = await investor(server, '40');
    const txHash = await stranger.approveAndInvest('40');
    await server.evm.mine(DEPTH);
    const scan = await scanAll();
    expect(scan).toMatchObject({ credited: 0, unbound: 1 });
    expect(await aidf()).toBe('5');
    const status = await chainStatus();
    expect(status.data.invest).toMatchObject({
      balance: '295',
      recorded: '295',
      shortfall: '0',
      unbound: [{ fromAddress: stranger.address, amount: expect.stringMatching(/^40(\.0+)?$/), txHash }],
    });
    expect((await checkLedger(server.repos)).ok).toBe(true);
  });

  it('answers 81035 when the contract holds less than was recorded from it', async () => {
    // The token takes AIDF from the contract behind its back (as a blacklist or burn would): the dev token keeps
    // balances in slot 0 (OpenZeppelin's ERC20 _balances), so the contract's balance is set to 100 directly.
    const testClient = createTestClient({ mode: 'hardhat', transport: http(server.evm.rpcUrl) });
    const slot = keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [server.evm.invest, 0n]));
    await testClient.setStorageAt({
      address: server.evm.tokens.aidf,
      index: slot,
      value: pad(toHex(parseUnits('100', 18))),
    });
    const res = await networkInfo(user);
    expect(res.status).toBe(409);
    expect(res.json.code).toBe(81035);
    const status = await chainStatus();
    expect(status.data.invest).toMatchObject({ balance: '100', recorded: '295', shortfall: '195' });
  });

  it('answers 81034 when the chain has no invest contract configured', async () => {
    await setInvestContract(server.repos, 'bsc', '', 'test');
    const res = await networkInfo(user);
    expect(res.status).toBe(404);
    expect(res.json.code).toBe(81034);
    expect((await watcher().tick()).outcome).toBe('not-configured');
    expect(
      (await server.repos.settings.get([INVEST_SETTINGS.contract('bsc')])).get(INVEST_SETTINGS.contract('bsc')),
    ).toBe('');
  });
});
