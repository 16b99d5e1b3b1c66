import { generateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english';
import { erc20Abi, parseUnits } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { chainServices } from '../src/chain/chain-services.ts';
import { depositAddressDeriver, depositXpubOf } from '../src/chain/deposit-keys.ts';
import { loadConfig } from '../src/config.ts';
import { PAYOUT_WORKER } from '../src/domain/withdraw/payout-worker.ts';
import { backgroundWork } from '../src/jobs/registry.ts';
import { startWorkers, type Workers } from '../src/jobs/workers.ts';
import { type ChainTestServer, chainWallet, startChainTestServer } from './chain.ts';
import { call } from './test-server.ts';
import { credit, signUp, withdrawBody } from './users.ts';

/** Blocks on top of a payout before it is confirmed (BSC_CONFIRMATIONS' default). */
const DEPTH = 15;

/** The roles talk only through the database: an API process and a treasury process on one database and chain. */
describe('process roles: an API without keys, and the treasury that pays its withdrawals', () => {
  const mnemonic = generateMnemonic(wordlist);
  const hotWalletKey = generatePrivateKey();
  const hotWallet = privateKeyToAccount(hotWalletKey).address;
  let server: ChainTestServer;
  const running: Workers[] = [];

  /** Starts the background work of `roles` in this process, as a process with ROLES=`roles` would. */
  const workersOf = (roles: ('workers' | 'treasury')[], chains = server.app.chains) => {
    const workers = startWorkers({
      roles,
      repos: server.repos,
      chains,
      pollMs: 50,
      log: server.app.log,
      allowChainReset: true,
    });
    running.push(workers);
    return workers;
  };

  beforeAll(async () => {
    // The API process: ROLES=api,workers, EVM deposit addresses from the xpub, and no key at all.
    server = await startChainTestServer({ ROLES: 'api,workers', DEPOSIT_XPUB: depositXpubOf(mnemonic) });
    await server.evm.fund(hotWallet, { bnb: '10', cow: '1000' });
  });
  afterAll(async () => {
    await Promise.all(running.map((w) => w.stop()));
    await server?.close();
  });

  it('holds no signer: the API process cannot pay out', () => {
    expect(server.app.config.roles).toEqual(['api', 'workers']);
    expect(server.app.config.hotWalletPrivateKey).toBeUndefined();
    expect(server.app.chains.bsc?.payouts).toBeNull();
  });

  it('serves sign-in, an EVM deposit address from the xpub, and a withdrawal that waits for the treasury', async () => {
    const user = await signUp(server);
    expect(user.token).toBeTruthy();
    const address = await call(server.baseUrl, `/v1/chn/coin/cow/bnb/address/${user.mid}/A`, {
      method: 'GET',
      token: user.token,
    });
    expect(address.json.data.address).toBe(depositAddressDeriver(mnemonic)('bnb', BigInt(user.mid)));

    await credit(server, user.username, 'cow', '200');
    const receiver = (await chainWallet(server.evm)).address;
    const request = await call(server.baseUrl, '/v1/oms/assets/withdraw/web3', {
      token: user.token,
      body: await withdrawBody(user, '100', receiver),
    });
    expect(request.json.data).toMatchObject({ status: 'requested', receive: '99.5' });
    const id = BigInt(request.json.data.id);

    // The workers role runs its watchers: once its deposit watcher has scanned past the request's block, the
    // withdrawal has been there for whole ticks, and nothing of this process paid it.
    const workers = workersOf(['workers']);
    expect(workers.started).not.toContain('payout-worker:bsc');
    const head = await bscClient().getBlockNumber();
    await server.evm.mine(DEPTH + 1);
    await vi.waitFor(
      async () => expect((await server.repos.scanCursors.deposit.cursor('bsc'))?.nextBlock).toBeGreaterThan(head + 1n),
      { timeout: 30_000, interval: 20 },
    );
    expect((await server.repos.withdrawals.byId(id))?.status).toBe('requested');
    expect(await cowOf(receiver)).toBe(0n);

    // The treasury process: ROLES=treasury on the same database, the only one given the hot wallet's key.
    const treasuryConfig = loadConfig({
      NODE_ENV: 'test',
      ROLES: 'treasury',
      LOG_LEVEL: 'silent',
      DATA_DIR: ':memory:',
      BSC_RPC_URL: server.evm.rpcUrl,
      HOT_WALLET_PRIVATE_KEY: hotWalletKey,
    });
    const treasury = workersOf(['treasury'], chainServices(treasuryConfig, null));
    expect(treasury.started).toEqual(['payout-worker:bsc', 'reserves-publish']);
    await vi.waitFor(async () => expect((await server.repos.withdrawals.byId(id))?.status).toBe('sent'), {
      timeout: 30_000,
      interval: 20,
    });
    await server.evm.mine(DEPTH);
    await vi.waitFor(async () => expect((await server.repos.withdrawals.byId(id))?.status).toBe('confirmed'), {
      timeout: 30_000,
      interval: 20,
    });
    expect(await cowOf(receiver)).toBe(parseUnits('99.5', 18));
  });

  const bscClient = () => {
    if (!server.app.chains.bsc) throw new Error('BSC not configured');
    return server.app.chains.bsc.client;
  };
  const cowOf = (address: `0x${string}`) =>
    bscClient().readContract({
      address: server.evm.tokens.cow,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [address],
    });
});

describe('the background-work registry', () => {
  it('lists each work once, with the role that runs it: the treasury runs the key holders (payouts, the Solana deposit pool, the two sweepers), the reserves read and its publication', () => {
    const works = backgroundWork();
    expect(new Set(works.map((w) => w.name)).size).toBe(works.length);
    expect(works.filter((w) => w.role === 'treasury').map((w) => w.name)).toEqual([
      'payout-worker:bsc',
      'solana-deposit-pool',
      'sweeper:bsc',
      'sweeper:solana',
      'reserves-read',
      'reserves-publish',
    ]);
    expect(works.filter((w) => w.role === 'workers').map((w) => w.name)).toEqual([
      'pledge-settlement',
      'machine-mining',
      'housekeeping',
      'order-expiry',
      'team-volume-rollup',
      'mail-outbox',
      'deposit-watcher:bsc',
      'deposit-watcher:solana',
      'invest-watcher:bsc',
      'collection-watcher:bsc',
      'collection-watcher:solana',
    ]);
  });

  describe('started by role on a dev chain (BNB Smart Chain on, Solana off)', () => {
    let server: ChainTestServer;
    beforeAll(async () => {
      server = await startChainTestServer();
    });
    afterAll(() => server?.close());

    const start = (roles: ('api' | 'workers' | 'treasury')[]) =>
      startWorkers({
        roles,
        repos: server.repos,
        chains: server.app.chains,
        pollMs: 50,
        log: server.app.log,
        allowChainReset: true,
      });

    it('runs what it started: the workers role takes the watchers’ leases, the treasury the payout lease', async () => {
      const workers = start(['workers']);
      try {
        await vi.waitFor(async () => expect(await server.repos.scanCursors.deposit.cursor('bsc')).not.toBeNull(), {
          timeout: 30_000,
          interval: 20,
        });
        // The payout worker's health row is written by its ticks only: a workers process never makes it.
        expect(await server.repos.chain.workerHealth(PAYOUT_WORKER)).toBeNull();
      } finally {
        await workers.stop();
      }
      const treasury = start(['treasury']);
      try {
        await vi.waitFor(
          async () => expect((await server.repos.chain.workerHealth(PAYOUT_WORKER))?.lastOkAt).toBeTruthy(),
          { timeout: 30_000, interval: 20 },
        );
      } finally {
        await treasury.stop();
      }
    });

    it('starts each work exactly for its role, and what its chain allows', async () => {
      const bscWorkers = [
        'pledge-settlement',
        'machine-mining',
        'housekeeping',
        'order-expiry',
        'team-volume-rollup',
        'deposit-watcher:bsc',
        'invest-watcher:bsc',
        'collection-watcher:bsc',
      ];
      for (const [roles, expected] of [
        [['api'], []],
        [['workers'], bscWorkers],
        [['treasury'], ['payout-worker:bsc', 'sweeper:bsc', 'reserves-publish']],
        [
          ['api', 'workers', 'treasury'],
          [...bscWorkers, 'payout-worker:bsc', 'sweeper:bsc', 'reserves-publish'],
        ],
      ] as const) {
        const workers = start([...roles]);
        try {
          expect(workers.started, roles.join(',')).toEqual(expected);
        } finally {
          await workers.stop();
        }
      }
    });
  });
});
