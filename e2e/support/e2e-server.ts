/**
 * The server the e2e tests drive: the real app on an in-memory PGlite with the seed data, the dev chains
 * (Hardhat as BNB Smart Chain, the litesvm Solana stand-in) with their deposit watchers and payout worker,
 * plus one signed-in user whose session token (made by the server's own session code) the tests put in storage.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  backgroundWork,
  buildApp,
  createSession,
  loadConfig,
  openDatabase,
  prepareDatabase,
  startDevChains,
  startWorkers,
} from '@aidf/server';
import { base58 } from '@scure/base';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { E2E_STATE_FILES, e2eStatePath } from './app.ts';
import { seedHeldSweeps } from './treasury-seed.ts';

fs.mkdirSync(path.dirname(e2eStatePath(E2E_STATE_FILES.session)), { recursive: true });

const database = await openDatabase({ dataDir: ':memory:' });
const { repos } = await prepareDatabase(database, { seedDemoData: true });
// Blocks every 250 ms: the 15 confirmations of a deposit or payout take about 4 s.
// Hardhat's own log stays in e2e/.state for a failed run to be read.
const devChains = await startDevChains({
  repos,
  blockIntervalMs: 250,
  slotIntervalMs: 100,
  logFile: e2eStatePath(E2E_STATE_FILES.hardhatLog),
});
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'test',
  DATA_DIR: ':memory:',
  LOG_LEVEL: 'warn',
  BSC_RPC_URL: devChains.evm.rpcUrl,
  SOLANA_RPC_URL: devChains.solana.rpcUrl,
  // Four eyes on large credits: the console spec proposes one above this. The other specs credit at most 500 at a
  // time with the operator's command (all as `cli`), and one operator's credits in a currency over 24 hours count
  // together, so the threshold leaves room for the whole run's funding.
  CREDIT_APPROVAL_THRESHOLD: '1000000',
  // Password hashes at a 128th of RULES.md's cost, as in the API tests (config.ts allows it with NODE_ENV=test only).
  PASSWORD_SCRYPT_N: '1024',
});

// The AI miner's collection addresses, fresh for this server so that what its watchers count there is its own tests'
// payments. They are money settings: the operator's command only proposes a change for two admins to approve, so the
// server's set-up writes them as the dev chains write theirs.
await repos.settings.set('machine.collectionAddress.bsc', privateKeyToAccount(generatePrivateKey()).address, 'e2e');
await repos.settings.set('machine.collectionAddress.solana', base58.encode(randomBytes(32)), 'e2e');
// Withdrawal safety (money settings too): a day's limit of 300 COW per user, which no other spec's withdrawals reach,
// and an address-book hold of 18 s (0.005 h) so the withdraw-safety spec sees an address held and then usable.
await repos.settings.set('withdraw.limit.day.cow', '300', 'e2e');
await repos.settings.set('withdraw.addressBookHoldHours', '0.005', 'e2e');

const username = 'e2e_alice';
const mid = await repos.users.insert({ username });
const token = await createSession(repos, mid);
// The console's treasury spec retries a sweep held for an operator: one per console language.
await seedHeldSweeps(repos, mid, ['en', 'zhCN', 'ar']);
fs.writeFileSync(e2eStatePath(E2E_STATE_FILES.session), JSON.stringify({ token, mid: mid.toString(), username }));

// An account that signed up by e-mail and bound its wallet long ago (no security hold left): the address-book spec's
// e-mail user, who confirms an address by a code from the dev mailbox and signs the withdrawal with the wallet.
const emailUserKey = generatePrivateKey();
const emailUser = { username: 'e2e_mail', email: 'e2e-mail@example.com', privateKey: emailUserKey };
const emailUserId = await repos.users.insert({ username: emailUser.username, email: emailUser.email });
const emailUserWallet = privateKeyToAccount(emailUserKey).address;
await repos.boundAddresses.insert({ userId: emailUserId, currency: 'bnb', walletAddress: emailUserWallet });
fs.writeFileSync(e2eStatePath(E2E_STATE_FILES.emailUser), JSON.stringify(emailUser));

fs.writeFileSync(
  e2eStatePath(E2E_STATE_FILES.chains),
  JSON.stringify({ bscRpcUrl: devChains.evm.rpcUrl, tokens: devChains.evm.tokens }),
);

const app = await buildApp({ config, database, devChains });
const hotWallet = app.chains.bsc?.payouts?.hotWallet;
if (hotWallet) await devChains.fundHotWallet(hotWallet);
// The chain watchers and the payout worker; the daily and timed jobs are run by the specs that need them.
const workers = startWorkers({
  roles: config.roles,
  works: backgroundWork().filter((work) => work.schedule === 'watcher'),
  repos,
  chains: app.chains,
  // Each poll of the seven watcher works costs the server a few PGlite queries and RPC calls: polled every 300 ms an
  // idle server used a fifth of a core; every second, 2.5 CPU-s in 30 s; every two seconds, 1.65 (0.3 with no
  // watcher). Two seconds add at most a second to a wait for a deposit or a payout (15 blocks of 250 ms).
  pollMs: 2000,
  log: app.log,
  allowChainReset: true,
});
// PORT=0: the system picks a port nobody holds, and the address is handed to the test worker through a file (a
// port picked free beforehand could be taken by another process before this server bound it).
fs.writeFileSync(e2eStatePath(E2E_STATE_FILES.address), await app.listen({ port: config.port, host: '127.0.0.1' }));
const stop = async () => {
  await workers.stop();
  await app.close();
  await devChains.close();
  await database.close();
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
