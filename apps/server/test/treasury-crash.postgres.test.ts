import { decodeRootPublication } from '@aidf/contract';
import { generateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/raw.ts';
import { checkLedger } from '../src/domain/ledger/check.ts';
import { SWEEP_CRASH_POINTS } from '../src/domain/treasury/bsc-sweeper-tx.ts';
import { reservesPublisher } from '../src/domain/treasury/reserves-publisher.ts';
import { TREASURY_SETTINGS } from '../src/domain/treasury/treasury-settings.ts';
import { type ChainTestServer, startChainTestServer } from './chain.ts';
import { type MainRun, removeServerBundle, runMain, START_TIMEOUT_MS } from './main-process.ts';
import {
  creditConfirmedDeposits,
  DEPTH,
  depositAddressOf,
  expectChainMatchesLedger,
  expectCowSweptOnce,
  expectNoncesInStep,
  fundHotWallet,
  outsideWallet,
  sweepsFrom,
  transfersFrom,
} from './treasury-bsc.ts';
import { signUp } from './users.ts';

/** A treasury process's start, its work on the dev chain and its restart, on a busy machine. */
const SLOW = { timeout: 4 * START_TIMEOUT_MS };

/**
 * The treasury as a process of its own (`ROLES=treasury`, src/main.ts), on this test's PostgreSQL database and dev
 * chain, killed with SIGKILL at a crash point and started again: PostgreSQL only, as two processes share the
 * database. The test's own server plays the API and the workers (it credits the deposits); the treasury process
 * holds the keys (the dev seed, as the test server's) and does the sweeping and the reserves reads.
 */
describe('the treasury process killed (SIGKILL) and restarted', () => {
  let server: ChainTestServer;
  let sender: Awaited<ReturnType<typeof outsideWallet>>;
  let databaseUrl: string;
  const running: MainRun[] = [];
  /** The deposit seed both processes derive from (each would make its own in memory); its key signs the sweeps. */
  const DEPOSIT_HD_MNEMONIC = generateMnemonic(wordlist);

  /**
   * A treasury process on this database and chain, polling the chain every 100 ms: the production build, as a
   * deployment runs it (and a third of tsx's start-up CPU for the ten processes this file starts).
   */
  const treasury = async (env: Record<string, string> = {}) => {
    const run = await runMain(
      {
        NODE_ENV: 'test',
        ROLES: 'treasury',
        DATABASE_URL: databaseUrl,
        BSC_RPC_URL: server.evm.rpcUrl,
        DEPOSIT_HD_MNEMONIC,
        CHAIN_POLL_MS: '100',
        LOG_LEVEL: process.env.TREASURY_LOG_LEVEL ?? 'warn',
        ...env,
      },
      { compiled: true },
    );
    running.push(run);
    // One told to crash may do so before it says it runs (the reserves read starts with it).
    if (run.state !== 'running' && !env.TEST_CRASH_AT) throw new Error(`the treasury did not start: ${run.stderr()}`);
    return run;
  };

  /** Mines a block at a time (the confirmations the treasury waits for) until `done` holds; fails after `ms`. */
  const mineUntil = async (
    what: string,
    done: () => Promise<boolean>,
    ms = Number(process.env.TREASURY_WAIT_MS ?? 90_000),
  ) => {
    const deadline = Date.now() + ms;
    while (!(await done())) {
      if (Date.now() > deadline) {
        const said = running.map((run) => `${run.stdout()}${run.stderr()}`.slice(-2000)).join('\n---\n');
        throw new Error(`still waiting for ${what}; the treasury processes said:\n${said}`);
      }
      await server.evm.mine(1);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  const sweepsOf = (address: string) => sweepsFrom(server, address);
  /** A lease's holder, or null. */
  const leaseHolder = async (name: string) => {
    const result = await server.database.db.execute(sql`SELECT owner FROM worker_leases WHERE name = ${name}`);
    return rowsOf<{ owner: string }>(result)[0]?.owner ?? null;
  };
  /**
   * A killed process's leases run out after their time (the sweeper's 30 s): the test lets them run out now, once
   * the process is gone, rather than wait.
   */
  const letLeasesOfDeadRunOut = () =>
    server.database.db.execute(sql`UPDATE worker_leases SET expires_at = now() - interval '1 second'`);
  /** Reports whose root is still to publish or on its way (signed, sent). */
  const publicationsOpen = async () =>
    Number(
      rowsOf<{ n: string }>(
        await server.database.db.execute(sql`SELECT count(*)::text AS n FROM reserves_reports
          WHERE publication_status IN ('pending', 'signed', 'sent')`),
      )[0]?.n,
    );
  /**
   * Every reserves root the treasury processes left to publish or on its way, published and its gas booked: a
   * publication mined but not yet confirmed has burnt gas the ledger books only at its confirmations.
   */
  const settlePublications = async () => {
    const chain = server.app.chains.bsc?.publications;
    if (!chain) throw new Error('no publication chain');
    const publisher = reservesPublisher({
      repos: server.repos,
      chain,
      owner: 'test-publisher',
      confirmations: DEPTH,
      bumpAfterBlocks: 1000,
      maxGasPrice: 100_000_000_000n,
      leaseMs: 1,
    });
    await letLeasesOfDeadRunOut();
    await mineUntil('the publications', async () => {
      await publisher.tick();
      return (await publicationsOpen()) === 0;
    });
  };
  const invariant = async () => {
    await settlePublications();
    for (const currency of ['cow', 'bnb'] as const) await expectChainMatchesLedger(server, null, currency);
    expect((await checkLedger(server.repos)).ok).toBe(true);
  };
  /** A user with 25 COW credited at their deposit address. */
  const deposit = async () => {
    const user = await signUp(server);
    const address = await depositAddressOf(server, user);
    await sender.send(address, 'cow', '25');
    await creditConfirmedDeposits(server);
    return address;
  };

  beforeAll(async () => {
    server = await startChainTestServer({ DEPOSIT_HD_MNEMONIC });
    const [row] = rowsOf<{ name: string }>(await server.database.db.execute(sql`SELECT current_database() AS name`));
    const url = new URL(process.env.TEST_DATABASE_URL as string);
    url.pathname = `/${row?.name}`;
    databaseUrl = url.toString();
    sender = await outsideWallet(server);
    await fundHotWallet(server, '10');
    await server.repos.settings.set(TREASURY_SETTINGS.minSweep('cow'), '5', 'tests');
  }, SLOW.timeout);
  afterAll(async () => {
    await Promise.all(running.map((run) => run.stop()));
    await server?.close();
    removeServerBundle();
  });

  for (const point of SWEEP_CRASH_POINTS) {
    it(`sweeps a deposit once when killed ${point}`, SLOW, async () => {
      const address = await deposit();
      const killed = await treasury({ TEST_CRASH_AT: `sweeper:bsc:${point}` });
      let exit: Awaited<MainRun['exit']> | null = null;
      void killed.exit.then((e) => {
        exit = e;
      });
      await mineUntil(`the crash ${point}`, async () => exit !== null);
      expect(exit).toEqual({ code: null, signal: 'SIGKILL' });
      // Killed mid-way: the sweep is open, its transactions recorded.
      const [open] = await sweepsOf(address);
      expect(open?.status).toBe(point === 'afterTopupSent' ? 'gas-funding' : 'sweeping');

      await letLeasesOfDeadRunOut();
      const restarted = await treasury();
      await mineUntil('the sweep', async () => (await sweepsOf(address)).every((s) => s.status === 'swept'));
      await restarted.stop();

      await expectCowSweptOnce(server, address);
      await invariant();
      await expectNoncesInStep(server);
    });
  }

  it('stores no half report when killed during the reserves read, and reports after the restart', SLOW, async () => {
    const reports = async () =>
      Number(
        rowsOf<{ n: string }>(
          await server.database.db.execute(sql`SELECT count(*)::text AS n FROM reserves_reports`),
        )[0]?.n,
      );
    // A deposit credited: the report reads the chain at the deposit watcher's block.
    await deposit();
    const before = await reports();
    // A treasury reads the reserves as it starts, then every 10 minutes.
    const killed = await treasury({ TEST_CRASH_AT: 'reserves-read:afterChainRead' });
    expect(await killed.exit).toEqual({ code: null, signal: 'SIGKILL' });
    expect(await reports()).toBe(before);

    await letLeasesOfDeadRunOut();
    const restarted = await treasury();
    await mineUntil('a reserves report', async () => (await reports()) === before + 1);
    await restarted.stop();
    const [report] = rowsOf<{ status: string }>(
      await server.database.db.execute(sql`SELECT status FROM reserves_reports ORDER BY id DESC LIMIT 1`),
    );
    expect(report?.status).toBe('complete');
  });

  it('publishes a reserves root once when killed between signing and sending it', SLOW, async () => {
    await signUp(server); // a report has a root to publish once it has a user
    await settlePublications();
    const client = server.app.chains.bsc?.client;
    if (!client) throw new Error('no client');
    const from = await client.getBlockNumber({ cacheTime: 0 });
    // A treasury reads the reserves as it starts; its publisher signs the new report's root and is killed there.
    const killed = await treasury({ TEST_CRASH_AT: 'reserves-publish:afterPublicationSigned' });
    let exit: Awaited<MainRun['exit']> | null = null;
    void killed.exit.then((e) => {
      exit = e;
    });
    await mineUntil('the crash afterPublicationSigned', async () => exit !== null);
    expect(exit).toEqual({ code: null, signal: 'SIGKILL' });
    const [signed] = rowsOf<{ id: string; hash: string }>(
      await server.database.db.execute(sql`SELECT id::text AS id, publication_tx_hash AS hash FROM reserves_reports
        WHERE publication_status = 'signed'`),
    );
    if (!signed) throw new Error('no publication recorded as signed');
    // Recorded, never sent.
    expect(await client.getTransactionReceipt({ hash: signed.hash as `0x${string}` }).catch(() => null)).toBeNull();

    await letLeasesOfDeadRunOut();
    const restarted = await treasury();
    const statusOf = async () =>
      rowsOf<{ status: string; hash: string }>(
        await server.database.db.execute(sql`SELECT publication_status AS status, publication_tx_hash AS hash
          FROM reserves_reports WHERE id = ${signed.id}::bigint`),
      )[0];
    // The sweeper may collect the BNB earlier sweeps left at deposit addresses meanwhile: its gas is booked once
    // confirmed, so the process stops only when no sweep is on its way either.
    const sweepsOpen = async () =>
      (await server.repos.sweeps.withStatus('bsc', ['planned', 'gas-funding', 'sweeping', 'failed'])).length;
    await mineUntil(
      'the publication',
      async () => (await statusOf())?.status === 'published' && (await sweepsOpen()) === 0,
    );
    await restarted.stop();
    // The same bytes went out: one transaction publishing that report since the crash.
    expect((await statusOf())?.hash).toBe(signed.hash);
    const to = await client.getBlockNumber({ cacheTime: 0 });
    const published: string[] = [];
    for (let n = from; n <= to; n++) {
      for (const tx of (await client.getBlock({ blockNumber: n, includeTransactions: true })).transactions) {
        if (decodeRootPublication(tx.input)?.reportId === signed.id) published.push(tx.hash);
      }
    }
    expect(published).toEqual([signed.hash]);
    await invariant();
    await expectNoncesInStep(server);
  });

  it('lets one of two treasury processes sweep at a time, and each deposit is swept once', SLOW, async () => {
    const addresses = [await deposit(), await deposit(), await deposit()];
    const [one, two] = await Promise.all([treasury(), treasury()]);
    const owners = new Set<string>();
    await mineUntil('the sweeps', async () => {
      const holder = await leaseHolder('sweeper:bsc');
      if (holder) owners.add(holder);
      const sweeps = (await Promise.all(addresses.map(sweepsOf))).flat();
      return sweeps.length === addresses.length && sweeps.every((s) => s.status === 'swept');
    });
    // One process held the lease throughout; the other waited.
    expect(owners.size).toBe(1);
    await Promise.all([one?.stop(), two?.stop()]);
    for (const address of addresses) {
      expect(await transfersFrom(server, server.evm.tokens.cow, address)).toHaveLength(1);
    }
    await invariant();
    await expectNoncesInStep(server);
  });
});
