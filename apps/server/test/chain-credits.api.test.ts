import { Money } from '@aidf/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/raw.ts';
import type { ChainTransferKey } from '../src/db/repositories/chain-credits.ts';
import { creditOnce } from '../src/domain/chain/chain-credit.ts';
import { checkLedger } from '../src/domain/ledger/check.ts';
import { PLATFORM, platformAccount, userAccount } from '../src/domain/ledger/platform-accounts.ts';
import { postPrepared, prepareMovement } from '../src/domain/ledger/post-movement.ts';
import { startTestServer, type TestServer } from './test-server.ts';
import { type Account, balanceOf, signUp } from './users.ts';

/**
 * chain_credits (0037_chain_credits.sql): one row per chain transfer credited, whatever the kind, held by the
 * database's primary key; creditOnce books a credit and its row together, and a second credit of the transfer,
 * even one racing the first in another transaction, books nothing.
 */
describe('[api] chain credits: one chain transfer, one credit', () => {
  let server: TestServer;
  let first: Account;
  let second: Account;
  let n = 0;
  const transfer = (): ChainTransferKey => ({
    chain: 'bsc',
    genesisHash: `0x${'6'.repeat(64)}`,
    txHash: `0x${String(++n).padStart(64, 'a')}`,
    eventIndex: 'native',
  });
  /** A credit of 1 BNB from the chain's clearing account to `to`, as a deposit watcher books it. */
  const creditOf = (key: ChainTransferKey, to: Account, label: string) =>
    prepareMovement(server.repos, {
      type: 'chain-recharge',
      idemKey: `chain-credits-test:${key.txHash}:${label}`,
      ref: key.txHash,
      lines: [
        { account: platformAccount(PLATFORM.chain('bsc'), 'bnb'), amount: new Money(-1) },
        { account: userAccount(BigInt(to.mid), 'bnb'), amount: new Money(1) },
      ],
    });

  beforeAll(async () => {
    server = await startTestServer();
    first = await signUp(server);
    second = await signUp(server);
  });
  afterAll(() => server?.close());

  it('the database refuses a second row for one transfer, of another kind', async () => {
    const key = transfer();
    const movement = await creditOf(key, first, 'deposit');
    const booked = await server.repos.transaction((tx) =>
      creditOnce(tx, key, 'deposit', (inner) => postPrepared(inner, movement)),
    );
    expect(booked.outcome).toBe('credited');
    const movementId = booked.outcome === 'credited' ? booked.result.movementId : 0n;
    const refused = await server.database.db
      .execute(sql`
        INSERT INTO chain_credits (chain, genesis_hash, tx_hash, event_index, kind, movement_id)
        VALUES (${key.chain}, ${key.genesisHash}, ${key.txHash}, ${key.eventIndex}, 'invest', ${movementId})`)
      .then(
        () => null,
        (error: unknown) => error as { cause?: { code?: string } },
      );
    expect(refused?.cause?.code).toBe('23505'); // unique_violation: the primary key says no, not only the code
    // Upper-case hex is the same BNB Smart Chain transaction: refused as well.
    expect(
      await server.repos.chainCredits.claim(
        { ...key, txHash: key.txHash.toUpperCase().replace('0X', '0x') },
        'treasury-funding',
        movementId,
      ),
    ).toBe(false);
    const rows = rowsOf<{ kind: string }>(
      await server.database.db.execute(sql`SELECT kind FROM chain_credits WHERE tx_hash = ${key.txHash}`),
    );
    expect(rows).toEqual([{ kind: 'deposit' }]);
  });

  it('a second credit of another kind books nothing; the same credit again replays', async () => {
    const key = transfer();
    const deposit = await creditOf(key, first, 'deposit');
    const payment = await creditOf(key, second, 'payment');
    const one = await server.repos.transaction((tx) => creditOnce(tx, key, 'deposit', (i) => postPrepared(i, deposit)));
    const two = await server.repos.transaction((tx) =>
      creditOnce(tx, key, 'machine-payment', (i) => postPrepared(i, payment)),
    );
    const again = await server.repos.transaction((tx) =>
      creditOnce(tx, key, 'deposit', (i) => postPrepared(i, deposit)),
    );
    expect([one.outcome, two, again.outcome]).toEqual(['credited', { outcome: 'taken', by: 'deposit' }, 'replayed']);
    expect(await server.repos.ledger.movementByIdem(payment.idemKey)).toBeFalsy();
    expect(await balanceOf(server, second, 'bnb')).toBe('0');
  });

  it('a credit racing another of the same transfer in another transaction books nothing and does not fail', async () => {
    const key = transfer();
    const deposit = await creditOf(key, first, 'deposit');
    const payment = await creditOf(key, second, 'payment');
    const before = await balanceOf(server, second, 'bnb');
    let claimed: () => void = () => undefined;
    const firstClaimed = new Promise<void>((resolve) => {
      claimed = resolve;
    });
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The first credit claims the transfer and stays open, its clearing account locked.
    const one = server.repos.transaction(async (tx) => {
      const result = await creditOnce(tx, key, 'deposit', (i) => postPrepared(i, deposit));
      claimed();
      await held;
      return result;
    });
    await firstClaimed;
    // The second starts while the first is open: it does not see the claim yet, and waits on the account's lock.
    const two = server.repos.transaction((tx) =>
      creditOnce(tx, key, 'machine-payment', (i) => postPrepared(i, payment)),
    );
    if (server.database.kind === 'postgres') await waitForLockWait();
    release();
    expect((await one).outcome).toBe('credited');
    expect(await two).toEqual({ outcome: 'taken', by: 'deposit' });
    expect(await server.repos.ledger.movementByIdem(payment.idemKey)).toBeFalsy();
    expect(await balanceOf(server, second, 'bnb')).toBe(before);
    expect((await checkLedger(server.repos)).ok).toBe(true);
  });

  /** Until another session of this database waits for a lock (PostgreSQL only: PGlite runs one transaction at a time). */
  async function waitForLockWait() {
    for (let i = 0; i < 1000; i++) {
      const [row] = rowsOf<{ n: number }>(
        await server.database.db.execute(sql`
          SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock'`),
      );
      if ((row?.n ?? 0) > 0) return;
    }
    throw new Error('the second credit never waited for the first');
  }
});
