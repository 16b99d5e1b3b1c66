import { OPS } from '@aidf/contract';
import type { FastifyInstance } from 'fastify';
import { settingChainsOf } from '../../chain/chain-services.ts';
import { chainStatus } from '../../domain/chain/chain-status.ts';
import { checkLedger } from '../../domain/ledger/check.ts';
import { creditUser } from '../../domain/operator/credit.ts';
import { approveProposal, heldPayoutAction, listProposals, withdrawProposal } from '../../domain/operator/proposals.ts';
import { proposeWithdrawLimit } from '../../domain/operator/withdraw-limit.ts';
import { operatorOf } from '../operator-auth.ts';
import { defineOpsRoute } from './define-ops-route.ts';
import { machineConfigOf } from './machine.ts';

/** The operator API's money routes under /ops/v1 (not the user's client); roles in domain/operator/roles.ts. */
export async function operatorRoutes(app: FastifyInstance) {
  const threshold = app.config.creditApprovalThreshold;
  const payoutDeps = () => ({
    chain: app.chains.bsc?.payouts ?? null,
    confirmations: app.chains.bsc?.confirmations ?? 0,
    settingChains: settingChainsOf(app.chains),
  });

  // Below CREDIT_APPROVAL_THRESHOLD: status credited at once; otherwise status proposed, with its proposalId.
  defineOpsRoute(app, OPS.credit, 'credit', ({ body, request }) =>
    creditUser(app.repos, { ...body, actor: operatorOf(request) }, threshold),
  );

  // One user's own withdrawal limit: always proposed; a second finance operator or admin approves it.
  defineOpsRoute(app, OPS.withdrawLimit, 'credit', ({ params, body, request }) =>
    proposeWithdrawLimit(app.repos, operatorOf(request), { ...body, userId: BigInt(params.mid) }),
  );

  // A second finance or admin operator applies a proposed credit, exactly once (status credited).
  defineOpsRoute(app, OPS.approveCredit, 'credit', ({ params, request }) =>
    approveProposal(app.repos, payoutDeps(), operatorOf(request), BigInt(params.proposalId), 'credit'),
  );

  // Any proposal (credit, held payout's retry or refund, operator, role, four-eyes setting): the approvals page.
  // Each proposal says whether the operator reading the list could approve it, and if not, why (the same check).
  defineOpsRoute(app, OPS.proposals, 'credit', ({ query, request }) =>
    listProposals(app.repos, operatorOf(request), query.status === 'all' ? null : query.status),
  );

  defineOpsRoute(app, OPS.approveProposal, 'credit', ({ params, request }) =>
    approveProposal(app.repos, payoutDeps(), operatorOf(request), BigInt(params.proposalId), null),
  );

  // Its proposer or an admin closes an open proposal (`npm run operator -- withdraw <id> --reason "..."`).
  defineOpsRoute(app, OPS.withdrawProposal, 'credit', ({ params, body, request }) =>
    withdrawProposal(app.repos, operatorOf(request), BigInt(params.proposalId), body.reason),
  );

  // Held payouts (docs/operator-guide.md "Held payouts"): back to the worker (released), or refunded when it can never be paid;
  // at or above the threshold each waits for a second operator.
  for (const [endpoint, action] of [
    [OPS.retryPayout, 'payout-retry'],
    [OPS.refundPayout, 'payout-refund'],
  ] as const) {
    defineOpsRoute(app, endpoint, 'payouts', ({ params, body, request }) =>
      heldPayoutAction(app.repos, payoutDeps(), threshold, action, {
        actor: operatorOf(request),
        withdrawalId: BigInt(params.id),
        reason: body.reason,
      }),
    );
  }

  defineOpsRoute(app, OPS.chainStatus, 'money', async () =>
    chainStatus(app.repos, app.chains, (await machineConfigOf(app)).collection),
  );

  defineOpsRoute(app, OPS.ledgerCheck, 'money', () => checkLedger(app.repos));
}
