import {
  type EvmDevChain,
  type FundingTransaction,
  type SolanaDevChain,
  startEvmDevChain,
  startSolanaDevChain,
} from '@aidf/devchain';
import { generateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { depositXpubOf } from '../../apps/server/src/chain/deposit-keys.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { migrate } from '../../apps/server/src/db/migrate.ts';
import { repositories } from '../../apps/server/src/db/repositories/index.ts';
import { pointTokenConfigAt } from '../../apps/server/src/dev/dev-chains.ts';
import { setInvestContract } from '../../apps/server/src/domain/invest/invest-config.ts';
import { MACHINE_SETTINGS } from '../../apps/server/src/domain/machine/machine-config.ts';
import { buildServer, startInstance, stopInstance } from './instances.ts';
import { startNginx } from './nginx.ts';
import { phaseClock } from './phases.ts';
import { startPgCluster } from './postgres-cluster.ts';
import type { FaultControl, PgCluster, Stack } from './types.ts';

export interface StackOptions {
  /** API instances behind nginx (ROLES=api,workers); default 2. */
  apiInstances?: number;
  /** Source files swapped in the build (buildServer): a mutant for a planted-bug test. */
  replace?: Record<string, string>;
  /** Settings added to every instance's (e.g. BSC_CONFIRMATIONS). */
  env?: Record<string, string>;
  /** A fault proxy in front of the BSC node (the chain fault proxy); the instances then use its URL. */
  bscFaultProxy?: (upstreamUrl: string) => Promise<FaultControl>;
  /** A streaming replica (for the failover scenario); default true. */
  replica?: boolean;
  /** Progress lines (the runner prints them); default none. */
  say?: (line: string) => void;
}

/** What the hot wallet holds at start: enough for every payout of a long run. */
const HOT_WALLET_FUNDS = { bnb: '1000', cow: '1000000', usdt: '1000000', aidf: '1000000' };

/**
 * Starts the whole stack on free loopback ports: PostgreSQL with a replica behind PgBouncer, the dev chains, the
 * production build as two API instances and a treasury, nginx in front of the API instances. Everything started is
 * stopped by `stop`, also when a later part fails to start.
 */
export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const say = options.say ?? (() => undefined);
  const started: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    for (const stop of started.reverse()) await stop().catch((error) => console.error(`stopping: ${error}`));
  };
  try {
    const t0 = performance.now();
    const clock = phaseClock();
    // Each part's stop is kept as soon as it is up, so a part that fails to start leaves nothing running. The
    // independent parts start side by side (PostgreSQL and the build are other processes; the chains' nodes too).
    const keep = <T>(part: T, stop: (part: T) => Promise<void>) => {
      started.push(() => stop(part));
      return part;
    };
    const [evm, db, solana, build] = await allStarted([
      clock.time('bsc chain', startBscChain).then((c) => keep(c, (p) => p.close())),
      clock
        .time('pg cluster', () => startPgCluster({ replica: options.replica ?? true }))
        .then((c) => keep(c, (p) => p.stop())),
      clock
        .time('solana chain', () => startSolanaDevChain({ slotIntervalMs: 400 }))
        .then((c) => keep(c, (p) => p.close())),
      clock
        .time('server build', () => buildServer({ ...(options.replace ? { replace: options.replace } : {}) }))
        .then((b) => keep(b, async (p) => p.remove())),
    ] as const);
    if (build.reused) say(`the server build of these sources was reused: ${build.main}`);
    say(`database, chains and build ready in ${Math.round(performance.now() - t0)} ms`);
    const fault = options.bscFaultProxy ? await options.bscFaultProxy(evm.rpcUrl) : undefined;
    if (fault) started.push(fault.stop);
    const keys = await clock.time('hot wallet funded', () => platformKeys(evm));
    await clock.time('migrations', () => prepareDatabase(db, evm, solana, keys.hotAddress));
    const shared: Record<string, string> = {
      NODE_ENV: 'test',
      DATABASE_URL: db.frontUrl(),
      BSC_RPC_URL: fault?.url ?? evm.rpcUrl,
      SOLANA_RPC_URL: solana.rpcUrl,
      REQUEST_SIGN_SECRET: 'fault-harness-request-secret',
      OPERATOR_TOKEN: 'fault-harness-operator-token',
      PASSWORD_SCRYPT_N: '1024',
      CHAIN_POLL_MS: '500',
      LOG_LEVEL: 'warn',
      HOT_WALLET_ADDRESS: keys.hotAddress,
      ...options.env,
    };
    const apiEnv = { ...shared, DEPOSIT_XPUB: keys.xpub, TRUST_PROXY: '127.0.0.1' };
    const treasuryEnv = { ...shared, DEPOSIT_HD_MNEMONIC: keys.mnemonic, HOT_WALLET_PRIVATE_KEY: keys.hotKey };
    // The database is migrated already (prepareDatabase): every instance starts at once, the treasury too.
    const [instances, treasury] = await clock.time('instances', () =>
      allStarted([
        startInstances(build.main, apiEnv, options.apiInstances ?? 2, started),
        startInstance({ name: 'treasury', roles: 'treasury', bundle: build.main, env: treasuryEnv }).then((t) => {
          started.push(() => stopInstance(t));
          return t;
        }),
      ] as const),
    );
    await clock.time('funding booked', () =>
      bookFunding(instances[0]?.baseUrl ?? '', shared.OPERATOR_TOKEN ?? '', evm, keys.funding),
    );
    const nginx = await clock.time('nginx', () =>
      startNginx(instances.map((instance) => instance.baseUrl.replace('http://', ''))),
    );
    started.push(nginx.stop);
    say(`stack up in ${clock.summary()}`);
    say(`nginx ${nginx.url}, ${instances.length} API instances`);
    return {
      proxyUrl: nginx.url,
      instances,
      treasury,
      db,
      chains: { bscRpc: evm.rpcUrl, solanaRpc: solana.rpcUrl, evm, solana, ...(fault ? { bscFault: fault } : {}) },
      databaseUrlForChecks: () => db.primaryUrl(),
      settings: shared,
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/** Like Promise.all, but waits for every part to be up or failed before failing, so none is left to start unseen. */
async function allStarted<T extends readonly unknown[]>(
  parts: T,
): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const settled = await Promise.allSettled(parts);
  const failed = settled.find((s) => s.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map((s) => (s as PromiseFulfilledResult<unknown>).value) as {
    -readonly [K in keyof T]: Awaited<T[K]>;
  };
}

/** The API instances, started together (each one's stop kept as soon as it is up). */
async function startInstances(
  bundle: string,
  env: Record<string, string>,
  count: number,
  started: (() => Promise<void>)[],
) {
  return allStarted(
    Array.from({ length: count }, (_, i) =>
      startInstance({ name: `api-${i + 1}`, roles: 'api,workers', bundle, env }).then((instance) => {
        started.push(() => stopInstance(instance));
        return instance;
      }),
    ),
  );
}

/**
 * Hardhat must answer within its start-up timeout, which a machine busy starting the other parts can exceed: a
 * node that did not answer in time is started once more.
 */
async function startBscChain(): Promise<EvmDevChain> {
  // Beside the e2e tests and the other API pass (a load average of 50 on two cores) a node once printed nothing in
  // 30 s, twice: the harness waits two minutes, and starts it once more if it still did not answer.
  const options = { blockIntervalMs: 500, startTimeoutMs: 120_000 };
  try {
    return await startEvmDevChain(options);
  } catch (error) {
    if (!String(error).includes('did not answer')) throw error;
    return startEvmDevChain(options);
  }
}

/**
 * Migrates the database and points the token and invest settings at the dev chains (as `npm start` does); the AI
 * miner's BNB Smart Chain collection address is the hot wallet, set as an operator sets it (with NODE_ENV=test the
 * order screen would name the hot wallet, but the collection watcher watches only the setting).
 */
async function prepareDatabase(db: PgCluster, evm: EvmDevChain, solana: SolanaDevChain, hotWallet: string) {
  const database = await openDatabase({ databaseUrl: db.primaryUrl(), dataDir: ':memory:' });
  try {
    await migrate(database);
    const repos = repositories(database.db);
    await pointTokenConfigAt(repos, evm);
    await setInvestContract(repos, 'bsc', evm.invest, 'fault-harness');
    await repos.tokenConfigs.setContract('sol', 'usdt', solana.usdtMint, 6);
    await repos.settings.set(MACHINE_SETTINGS.collectionAddress('bsc'), hotWallet, 'fault-harness');
  } finally {
    await database.close();
  }
}

/** The deposit seed (the treasury's; the API gets its xpub) and a funded hot wallet of the run's own. */
async function platformKeys(evm: EvmDevChain) {
  const mnemonic = generateMnemonic(wordlist);
  const hotKey = generatePrivateKey();
  const hotAddress = privateKeyToAccount(hotKey).address;
  const funding = await evm.fund(hotAddress, HOT_WALLET_FUNDS);
  return { mnemonic, xpub: depositXpubOf(mnemonic), hotKey, hotAddress, funding };
}

/**
 * Books the hot wallet's funding as operators book the platform's own money on a chain (the operator API's
 * treasury fundings, read from the chain past its confirmations), so the reserves report balances from the start.
 */
async function bookFunding(baseUrl: string, token: string, evm: EvmDevChain, funding: readonly FundingTransaction[]) {
  await evm.mine(16);
  // One booking per transaction, each with its own idempotency: side by side.
  const book = async (f: FundingTransaction) => {
    const response = await fetch(`${baseUrl}/ops/v1/treasury/fundings`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'x-operator': 'fault-harness', 'content-type': 'application/json' },
      body: JSON.stringify({
        chain: 'bsc',
        currency: f.currency,
        amount: f.amount,
        txHash: f.txHash,
        reason: 'the fault harness funded the hot wallet',
      }),
    });
    if (!response.ok) throw new Error(`booking the hot wallet's ${f.currency} failed: ${await response.text()}`);
  };
  await Promise.all(funding.map(book));
}
