import { Money, moneyString, OPS, TREASURY_CHAINS } from '@aidf/contract';
import type { FastifyInstance } from 'fastify';
import { hotWalletsOf } from '../../chain/chain-services.ts';
import { requestSweepNow, retrySweep, skipSweep } from '../../domain/treasury/sweep-actions.ts';
import { sweepList } from '../../domain/treasury/sweep-list.ts';
import { recordTreasuryFunding } from '../../domain/treasury/treasury-funding.ts';
import { treasuryStatus } from '../../domain/treasury/treasury-status.ts';
import { operatorOf } from '../operator-auth.ts';
import { defineOpsRoute } from './define-ops-route.ts';

/** Withdrawals awaiting funds listed at most: more than this many waiting is itself the news. */
const AWAITING_LIST_MAX = 500;

/**
 * The operators' treasury (docs/operator-guide.md "Treasury"): reading it is finance's (`money`), acting on
 * sweeps the admin's (`treasury`); every action audited with its reason.
 */
export async function treasuryRoutes(app: FastifyInstance) {
  defineOpsRoute(app, OPS.treasuryStatus, 'money', () => treasuryStatus(app.repos, hotWalletsOf(app.chains)));

  defineOpsRoute(app, OPS.sweeps, 'money', ({ query }) => sweepList(app.repos, query));

  defineOpsRoute(app, OPS.retrySweep, 'treasury', ({ params, body, request }) =>
    retrySweep(app.repos, BigInt(params.id), operatorOf(request), body.reason),
  );

  defineOpsRoute(app, OPS.skipSweep, 'treasury', ({ params, body, request }) =>
    skipSweep(app.repos, BigInt(params.id), operatorOf(request), body.reason),
  );

  defineOpsRoute(app, OPS.sweepNow, 'treasury', ({ body, request }) =>
    requestSweepNow(
      app.repos,
      body.chain ? [body.chain] : TREASURY_CHAINS,
      operatorOf(request),
      body.reason ?? 'sweep now',
    ),
  );

  defineOpsRoute(app, OPS.recordFunding, 'treasury', ({ body, request }) =>
    recordTreasuryFunding(app.repos, app.chains, operatorOf(request), body),
  );

  defineOpsRoute(app, OPS.awaitingWithdrawals, 'money', async () =>
    (await app.repos.treasuryConsole.awaitingWithdrawals(AWAITING_LIST_MAX)).map((w) => ({
      id: w.id,
      mid: w.user_id,
      username: w.username,
      chain: w.chain,
      currency: w.currency,
      amount: moneyString(new Money(w.amount)),
      toAddress: w.to_address,
      reason: w.reason,
      createdAt: Number(w.created_at),
      awaitingSince: w.awaiting_since === null ? null : Date.parse(w.awaiting_since),
    })),
  );
}
