import { Money } from '@aidf/contract';
import { sql } from 'drizzle-orm';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { afterAll, beforeAll, expect } from 'vitest';
import { rowsOf } from '../src/db/raw.ts';
import { DEFAULT_TOKEN_CONFIG } from '../src/domain/coin-config/token-config.ts';
import { PLATFORM, platformAccount, userAccount } from '../src/domain/ledger/platform-accounts.ts';
import { postPrepared, prepareMovement } from '../src/domain/ledger/post-movement.ts';
import { addOperator, type Operator, signInOperator } from './operators.ts';
import { startTestServer, type TestServer } from './test-server.ts';
import { type Account, signUp } from './users.ts';

export const WEI = 10n ** 18n;

/** The sweeps the set-up leaves, one per state the operators act on. */
export type SweepIds = Record<'held' | 'swept' | 'failed' | 'inFlight' | 'race', string>;

export const newAddress = () => privateKeyToAddress(generatePrivateKey());

/** A deposit credited as the deposit watcher credits it: the chain's clearing account debited. */
async function deposit(
  server: TestServer,
  user: Account,
  chain: 'bsc' | 'solana',
  currency: string,
  amount: string,
  ref: string,
) {
  const prepared = await prepareMovement(server.repos, {
    type: 'chain-recharge',
    idemKey: `test-deposit:${ref}`,
    ref,
    lines: [
      { account: platformAccount(PLATFORM.chain(chain), currency), amount: new Money(amount).neg() },
      { account: userAccount(BigInt(user.mid), currency), amount: new Money(amount) },
    ],
  });
  await server.repos.transaction((tx) => postPrepared(tx, prepared));
}

/** A deposit sweep as the sweepers plan it: from the user's deposit address to the hot wallet. */
async function plan(
  server: TestServer,
  user: Account,
  chain: 'bsc' | 'solana',
  currency: string,
  amount: bigint,
  index: number,
) {
  const row = await server.repos.sweeps.plan({
    chain,
    currency,
    kind: 'deposit',
    fromAddress: newAddress(),
    userId: BigInt(user.mid),
    derivationIndex: index,
    toAddress: newAddress(),
    amount,
  });
  if (!row) throw new Error('sweep not planned');
  return row;
}

/** A sweep in each state the operators act on: alice's on BNB Smart Chain, bob's on Solana. */
async function planSweeps(server: TestServer, alice: Account, bob: Account): Promise<SweepIds> {
  const ids = {} as SweepIds;
  // Held: failed as often as the sweeper allows (here once).
  const held = await plan(server, alice, 'bsc', 'usdt', 250n * WEI, 1);
  expect(await server.repos.sweeps.fail(held.id, 'planned', 'rpc timeout', 1)).toBe('held');
  ids.held = held.id.toString();
  // Swept, with its gas top-up and sweep transactions confirmed and their fees.
  const swept = await plan(server, alice, 'bsc', 'cow', 5n * WEI, 2);
  for (const [from, to] of [
    ['planned', 'gas-funding'],
    ['gas-funding', 'sweeping'],
    ['sweeping', 'swept'],
  ] as const)
    expect(await server.repos.sweeps.move(swept.id, from, to)).toBe(true);
  for (const [i, purpose] of (['gas-topup', 'sweep'] as const).entries()) {
    const tx = await server.repos.sweeps.insertTransaction({
      chain: 'bsc',
      sweepId: swept.id,
      purpose,
      fromAddress: swept.fromAddress,
      toAddress: swept.toAddress,
      amount: '0',
      nonce: BigInt(i),
      signedTx: `0x${'00'.repeat(8)}`,
      txHash: `0x${String(i + 1).repeat(64)}`,
      status: 'signed',
    });
    await server.repos.sweeps.moveTransaction(tx.id, 'signed', 'sent');
    await server.repos.sweeps.moveTransaction(tx.id, 'sent', 'confirmed', { feePaid: '21000000000000' });
  }
  ids.swept = swept.id.toString();
  // Failed (the sweeper retries it later), on Solana.
  const failed = await plan(server, bob, 'solana', 'sol', 3_000_000_000n, 3);
  expect(await server.repos.sweeps.fail(failed.id, 'planned', '429 too many requests', 5)).toBe('failed');
  ids.failed = failed.id.toString();
  // Held with its sweep transaction sent and not yet confirmed: it may still land.
  const inFlight = await plan(server, alice, 'bsc', 'aidf', 7n * WEI, 4);
  await server.repos.sweeps.move(inFlight.id, 'planned', 'sweeping');
  const tx = await server.repos.sweeps.insertTransaction({
    chain: 'bsc',
    sweepId: inFlight.id,
    purpose: 'sweep',
    fromAddress: inFlight.fromAddress,
    toAddress: inFlight.toAddress,
    amount: (7n * WEI).toString(),
    nonce: 0n,
    signedTx: '0x01',
    txHash: `0x${'9'.repeat(64)}`,
    status: 'signed',
  });
  await server.repos.sweeps.moveTransaction(tx.id, 'signed', 'sent');
  expect(await server.repos.sweeps.fail(inFlight.id, 'sweeping', 'receipt not found', 1)).toBe('held');
  ids.inFlight = inFlight.id.toString();
  const race = await plan(server, bob, 'solana', 'usdt', 1_500_000n, 5);
  await server.repos.sweeps.fail(race.id, 'planned', 'blockhash expired', 1);
  ids.race = race.id.toString();
  return ids;
}

/** What the set-up leaves: the server, the users, the three roles signed in, the sweeps. */
export interface TreasuryOps {
  server: TestServer;
  alice: Account;
  bob: Account;
  admin: Operator;
  finance: Operator;
  support: Operator;
  sweepIds: SweepIds;
}

/**
 * The operators' treasury over the shared tables, for the file's tests: a server with users alice (250 USDT
 * deposited on BNB Smart Chain) and bob (3 SOL on Solana), the three roles signed in and a second admin, and a sweep
 * in each state. No sweeper runs: the sweeps are planned and moved through the sweeps repository as the sweepers do,
 * and deposits are booked through the ledger as the deposit watcher books them. Its fields are set once the file's
 * beforeAll has run.
 */
export function useTreasuryOps(): TreasuryOps {
  const t = {} as TreasuryOps;
  beforeAll(async () => {
    const server = await startTestServer();
    t.server = server;
    await server.repos.tokenConfigs.insertMissing(DEFAULT_TOKEN_CONFIG);
    t.alice = await signUp(server);
    t.bob = await signUp(server);
    t.admin = await signInOperator(server, 'admin');
    t.finance = await signInOperator(server, 'finance');
    t.support = await signInOperator(server, 'support');
    // A second admin (the bootstrap's last account made at once), so a cold address can be proposed: a proposal
    // nobody could approve is refused.
    await addOperator(server, 'admin');
    await deposit(server, t.alice, 'bsc', 'usdt', '250', 'alice-usdt');
    await deposit(server, t.bob, 'solana', 'sol', '3', 'bob-sol');
    t.sweepIds = await planSweeps(server, t.alice, t.bob);
  }, 300_000);
  afterAll(() => t.server?.close(), 120_000);
  return t;
}

export const sweepOf = async (server: TestServer, id: string) => server.repos.sweeps.byId(BigInt(id));

/** The audit trail of one sweep. */
export const auditOf = async (server: TestServer, id: string) =>
  rowsOf<{ action: string; operator: string; reason: string }>(
    await server.database.db.execute(
      sql`SELECT action, operator, reason FROM operator_actions WHERE target = ${`sweep:${id}`} ORDER BY id`,
    ),
  );
