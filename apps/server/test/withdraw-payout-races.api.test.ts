import { parseUnits } from 'viem';
import { beforeAll, describe, expect, it } from 'vitest';
import { settleWithdrawal } from '../src/domain/withdraw/payout-worker.ts';
import { type ChainTestServer, chainWallet } from './chain.ts';
import { TEST_DB } from './test-server.ts';
import { balanceOf, credit, ops, signUp } from './users.ts';
import { DEPTH, useWithdrawChain } from './withdraw-chain.ts';

/** Waits until `done` answers true, asking again at once (no fixed sleep); fails after `tries`. */
async function waitFor(done: () => Promise<boolean>, tries = 2000) {
  for (let i = 0; i < tries; i++) if (await done()) return;
  throw new Error('waited in vain');
}

describe('COW withdrawal payouts: a payout ends once, whatever races it', () => {
  const chain = useWithdrawChain();
  const { worker, withdraw, tokenBalance, payoutsOnChain, row, ledgerOk } = chain;
  let server: ChainTestServer;
  beforeAll(() => {
    server = chain.server;
  });

  it('ends a payout only from the state its caller checked: a stale refund or confirmation changes nothing', async () => {
    const user = await signUp(server);
    await credit(server, user.username, 'cow', '20');
    const receiver = (await chainWallet(server.evm)).address;
    await worker().tick(); // the earlier tests' payouts first
    const { json } = await withdraw(user, '10', receiver);
    await worker().tick();
    const sent = await row(json.data.id);
    expect(sent.status).toBe('sent');
    expect(await payoutsOnChain(receiver)).toBe(1);

    // A refund checked while the payout was held (unsigned), applied after a retry let the worker sign and send
    // it: it must not refund what the chain pays.
    const heldView = { ...sent, status: 'held', signedTx: null, txHash: null, nonce: null };
    expect(await settleWithdrawal(server.repos, heldView, { failure: 'stale refund', blockNumber: null })).toBe(
      'moved',
    );
    // The same payout seen with its bytes but as held, or as still requested: moved too.
    expect(
      await settleWithdrawal(server.repos, { ...sent, status: 'held' }, { failure: 'stale', blockNumber: null }),
    ).toBe('moved');
    expect(
      await settleWithdrawal(
        server.repos,
        { ...heldView, status: 'requested' },
        { failure: 'stale', blockNumber: null },
      ),
    ).toBe('moved');
    // finish() itself, from a state the payout is not in, or with other bytes than its current ones.
    const end = { status: 'refunded' as const, blockNumber: null, failure: 'stale', settleMovementId: 1n };
    expect(await server.repos.withdrawals.finish(sent.id, { status: 'held', txHash: sent.txHash }, end)).toBe(false);
    expect(await server.repos.withdrawals.finish(sent.id, { status: 'sent', txHash: `0x${'0'.repeat(64)}` }, end)).toBe(
      false,
    );
    expect(await server.repos.withdrawals.finish(sent.id, { status: 'requested', txHash: null }, end)).toBe(false);
    expect(await row(json.data.id)).toEqual(sent);
    expect(await balanceOf(server, user, 'cow')).toBe('10');
    await ledgerOk();

    await server.evm.mine(DEPTH);
    await worker().tick();
    expect((await row(json.data.id)).status).toBe('confirmed');
    expect(await balanceOf(server, user, 'cow')).toBe('10');
    await ledgerOk();
  });

  it('a held payout raced by 64 retries, refunds and worker ticks ends paid or refunded, never both', async () => {
    const action = async (id: string, what: 'retry' | 'refund') =>
      (await ops(server, 'POST', `/ops/v1/payouts/${id}/${what}`, { reason: 'race test' })).json.code as number;
    const outcomes: string[] = [];
    const ROUNDS = 3;
    for (let round = 0; round < ROUNDS; round++) {
      const user = await signUp(server);
      await credit(server, user.username, 'cow', '50');
      const receiver = (await chainWallet(server.evm)).address;
      await worker().tick(); // the earlier payouts first: this one is still unsigned when it is held
      const id = (await withdraw(user, '10', receiver)).json.data.id as string;
      // Held before it was signed, as a signing failure holds it: its refund needs no chain check.
      await server.database.withSession((session) =>
        session.exec(
          `UPDATE withdrawals SET status = 'held', held_reason = 'signing failed: race test', held_at = now()
             WHERE id = ${id} AND status = 'requested'`,
        ),
      );
      expect((await row(id)).status).toBe('held');

      const racer = worker(undefined, 'payouts-race');
      const ops64 = Array.from({ length: 64 }, (_, i) => (i % 3 === 0 ? 'retry' : i % 3 === 1 ? 'refund' : 'tick'));
      const run = (op: string) => (op === 'tick' ? racer.tick().then(() => 200) : action(id, op as 'retry' | 'refund'));
      let answers: number[];
      if (TEST_DB === 'postgres') {
        // The widest window a refund has: its checks passed while the payout was held, and its transaction waits
        // (here for the user's account row, as a busy account makes it wait) while retries and the worker go on.
        // A few refunds wait so, each holding one of the pool's connections; the rest come after the lock is gone.
        const [early, late] = [ops64.filter((op) => op === 'refund').slice(0, 4), ops64.slice(4 * 3)];
        answers = await server.database.withSession(async (session) => {
          await session.exec('BEGIN');
          await session.exec(
            `SELECT id FROM accounts WHERE owner_user_id = ${user.mid} AND currency = 'cow' FOR UPDATE`,
          );
          const waiting = Promise.all(early.map(run));
          await waitFor(async () => {
            const [blocked] = await server.database.withSession((other) =>
              other.query<{ n: number }>(
                `SELECT count(*)::int AS n FROM pg_stat_activity
                   WHERE datname = current_database() AND wait_event_type = 'Lock'`,
              ),
            );
            return (blocked?.n ?? 0) > 0;
          });
          const middle = ops64.slice(0, 4 * 3).filter((op) => op !== 'refund');
          const others = await Promise.all(middle.map(run));
          // A tick that started before any retry found nothing to sign: the worker sends it now, still in the window.
          if ((await row(id)).status !== 'sent') others.push(await run('tick'));
          expect((await row(id)).status).toBe('sent');
          await session.exec('COMMIT');
          return [...(await waiting), ...others, ...(await Promise.all(late.map(run)))];
        });
      } else {
        answers = await Promise.all(ops64.map(run));
      }
      // Each operator action either applied, or found the payout no longer held (1225) or moved (1409).
      expect(answers.filter((code) => ![200, 1225, 1409].includes(code))).toEqual([]);

      // Whatever is still with the worker goes on to its end.
      for (let i = 0; i < 3 && !['confirmed', 'refunded'].includes((await row(id)).status); i++) {
        await racer.tick();
        await server.evm.mine(DEPTH);
        await racer.tick();
      }
      const end = await row(id);
      expect(['confirmed', 'refunded']).toContain(end.status);
      const paid = end.status === 'confirmed';
      outcomes.push(end.status);
      expect(await payoutsOnChain(receiver)).toBe(paid ? 1 : 0);
      expect(await tokenBalance(receiver)).toBe(paid ? parseUnits('9.95', 18) : 0n);
      expect(await balanceOf(server, user, 'cow')).toBe(paid ? '40' : '50');
      await ledgerOk();
    }
    expect(outcomes).toHaveLength(ROUNDS);
  }, 180_000); // three rounds of 64 operations on a shared 2-core machine
});
