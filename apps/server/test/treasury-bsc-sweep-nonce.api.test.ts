import { toBaseUnits } from '@aidf/contract';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { chainWallet } from './chain.ts';
import { balanceOn, sweeperOf } from './treasury-bsc.ts';
import { credit, signUp } from './users.ts';
import { DEPTH, useWithdrawChain } from './withdraw-chain.ts';

/**
 * The hot wallet's nonces are shared by the payout worker and the sweeper. A payout recorded with its nonce but never
 * sent (its process killed between the two) leaves a gap the next transaction of the hot wallet cannot cross: an
 * automining dev node (Hardhat) refuses it with "nonce too high", a real node keeps it waiting. The sweeper's
 * transaction signed meanwhile must wait as it is, recorded, and go out once the gap is filled, never be held.
 */
describe('the BNB Smart Chain sweeper behind a payout a crash left unsent', () => {
  const chain = useWithdrawChain();
  const { worker, killedAt, withdraw, row, payoutsOnChain } = chain;

  it('keeps its transaction recorded under "nonce too high", counts no attempt, and sends it after the payout', async () => {
    const server = chain.server;
    const user = await signUp(server);
    await credit(server, user.username, 'cow', '20');
    const receiver = (await chainWallet(server.evm)).address;
    const payout = (await withdraw(user, '10', receiver)).json.data;
    await killedAt('afterSigned'); // recorded with its nonce, never sent
    const unsent = await row(payout.id);
    expect(unsent.status).toBe('signed');

    const cold = privateKeyToAccount(generatePrivateKey()).address;
    const hot = chain.bsc().hotWallet.address;
    const sweep = await server.repos.sweeps.plan({
      chain: 'bsc',
      currency: 'bnb',
      kind: 'to-cold',
      fromAddress: hot,
      userId: null,
      derivationIndex: null,
      toAddress: cold,
      amount: toBaseUnits('0.5', 18),
    });
    if (!sweep) throw new Error('not planned');
    // One attempt only: a refusal counted as the sweep's failure would hold it at once.
    const sweeper = sweeperOf(server, { maxAttempts: 1 });
    const now = async () => server.repos.sweeps.byId(sweep.id);
    const txs = async () => server.repos.sweeps.transactionsOf(sweep.id);

    for (let tick = 0; tick < 2; tick++) {
      const result = await sweeper.tick();
      if (result.outcome !== 'worked') throw new Error(result.outcome);
      expect(await now()).toMatchObject({ status: 'sweeping', attempts: 0 });
      expect([result.failed, result.held]).toEqual([0, 0]);
      expect(result.problems).toContainEqual(
        expect.stringMatching(new RegExp(`^sweep ${sweep.id}: not sent yet: .*nonce too high`, 'i')),
      );
      expect((await txs()).map((t) => [t.status, t.nonce])).toEqual([['signed', (unsent.nonce ?? 0n) + 1n]]);
    }

    await worker(undefined, 'payouts-2').tick(); // the restarted worker sends the payout's recorded bytes
    expect((await row(payout.id)).status).toBe('sent');
    await sweeper.tick(); // the sweep's own bytes, the same ones, go out behind it
    expect((await txs()).map((t) => t.status)).toEqual(['sent']);
    await server.evm.mine(DEPTH);
    await sweeper.tick();
    expect(await now()).toMatchObject({ status: 'swept', attempts: 0 });
    expect(await balanceOn(server, cold, 'bnb')).toBe(toBaseUnits('0.5', 18));
    expect(await payoutsOnChain(receiver)).toBe(1);
  });
});
