import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { repositories } from '../src/db/repositories/index.ts';
import { pointTokenConfigAt } from '../src/dev/dev-chains.ts';
import { setInvestContract } from '../src/domain/invest/invest-config.ts';
import { checkLedger } from '../src/domain/ledger/check.ts';
import { buildApp } from '../src/http/app.ts';
import { backgroundWork } from '../src/jobs/registry.ts';
import { startWorkers, type Workers } from '../src/jobs/workers.ts';
import { chainWallet, workerEvmDevChain } from './chain.ts';
import { type OwnCluster, startOwnCluster } from './own-cluster.ts';
import { call, type TestServer } from './test-server.ts';
import { type Account, balanceOf, signUp } from './users.ts';

const DEPTH = 15; // RULES.md: BSC deposits count after 15 blocks

/** A logger that keeps what the workers say, to count the lines of an outage. */
function keptLog() {
  const lines: { level: string; msg: string }[] = [];
  const at =
    (level: string) =>
    (objOrMsg: unknown, msg?: string): void => {
      lines.push({ level, msg: typeof objOrMsg === 'string' ? objOrMsg : (msg ?? '') });
    };
  const log = {
    level: 'info',
    fatal: at('fatal'),
    error: at('error'),
    warn: at('warn'),
    info: at('info'),
    debug: at('debug'),
    trace: at('trace'),
    silent: () => {},
    child: () => log,
  };
  return { log: log as unknown as FastifyBaseLogger, lines };
}

// Every background work of ROLES=workers on a cluster of the test's own, which is stopped and started under them.
describe('[postgres] the workers while the database is away', () => {
  let cluster: OwnCluster;
  let database: Database;
  let app: FastifyInstance;
  let server: TestServer;
  let evm: Awaited<ReturnType<typeof workerEvmDevChain>>;
  let workers: Workers;
  let user: Account;
  let depositAddress: `0x${string}`;
  const kept = keptLog();
  const lost: Error[] = [];

  beforeAll(async () => {
    cluster = await startOwnCluster();
    database = await openDatabase({
      databaseUrl: cluster.url,
      dataDir: ':memory:',
      onConnectionLost: (e) => lost.push(e),
    });
    await migrate(database);
    evm = await workerEvmDevChain();
    const repos = repositories(database.db);
    await pointTokenConfigAt(repos, evm);
    await setInvestContract(repos, 'bsc', evm.invest, 'test');
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: '/nonexistent',
      CONSOLE_DIST_DIR: '/nonexistent',
      DATA_DIR: ':memory:',
      PASSWORD_SCRYPT_N: '1024',
      DATABASE_URL: cluster.url,
      BSC_RPC_URL: evm.rpcUrl,
      ROLES: 'api,workers',
    });
    app = await buildApp({ config, database, devChains: null });
    const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    server = { app, baseUrl, repos, database, close: async () => {} };
    user = await signUp(server);
    const res = await call(baseUrl, `/v1/chn/coin/cow/bnb/address/${user.mid}/A`, { method: 'GET', token: user.token });
    depositAddress = res.json.data.address;
    workers = startWorkers({
      roles: ['workers'],
      repos,
      db: database.db,
      chains: app.chains,
      pollMs: 50,
      dailyCheckMs: 200,
      log: kept.log,
      allowChainReset: true,
      works: backgroundWork(),
      outagePauses: { firstMs: 100, maxMs: 1_000 },
    });
  }, 120_000);
  afterAll(async () => {
    await workers?.stop();
    await app?.close();
    await database?.close();
    await evm?.close();
    cluster?.remove();
  });

  const said = (msg: string) => kept.lines.filter((l) => l.msg.startsWith(msg)).length;
  const cow = () => balanceOf(server, user, 'cow');

  for (const mode of ['fast', 'immediate'] as const) {
    it(`pause while it is stopped (${mode}), say so once, and credit a deposit made meanwhile once it is back`, async () => {
      expect(workers.started).toContain('deposit-watcher:bsc');
      const before = Number(await cow());
      const failedBefore = said('worker tick failed');
      // Counted from here: on a machine loaded with other work a connect can outlast the pool's timeout before the
      // stop, and that earlier outage was said (and its end) on its own.
      const unreachableBefore = said('database unreachable');
      const reachableBefore = said('database reachable again');
      cluster.stop(mode);
      try {
        await expect.poll(() => said('database unreachable'), { timeout: 30_000 }).toBe(unreachableBefore + 1);
        // A deposit confirmed on chain while the database is away.
        const sender = await chainWallet(evm, { cow: '10' });
        await sender.sendToken(evm.tokens.cow, depositAddress, '10');
        await evm.mine(DEPTH);
      } finally {
        cluster.start(); // also when a check above failed, so the next case does not fail for this one
      }
      await expect.poll(() => said('database reachable again'), { timeout: 30_000 }).toBe(reachableBefore + 1);
      await expect.poll(async () => Number(await cow()), { timeout: 30_000 }).toBe(before + 10);
      // One warning for the whole outage and every work, not one a tick: no tick failure was logged for it.
      expect(said('database unreachable')).toBe(unreachableBefore + 1);
      expect(said('worker tick failed')).toBe(failedBefore);
      expect(kept.lines.filter((l) => l.level === 'error' || l.level === 'fatal')).toEqual([]);
    }, 120_000);
  }

  it('leaves the ledger balanced, with each deposit credited once', async () => {
    const ledger = await checkLedger(server.repos);
    expect(ledger.ok).toBe(true);
    expect(await cow()).toBe('20');
  });
});
