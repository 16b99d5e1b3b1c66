import {
  SUBMODES,
  SUCCESS_CODE,
  safeString,
  ZCurrency,
  ZDecimalString,
  ZIdString,
  ZSubmode,
  ZText,
} from '@aidf/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { hotWalletsOf } from '../../chain/chain-services.ts';
import { chainStatus } from '../../domain/chain/chain-status.ts';
import { checkLedger } from '../../domain/ledger/check.ts';
import { creditUser } from '../../domain/operator/credit.ts';
import { approveProposal, heldPayoutAction, listProposals, withdrawProposal } from '../../domain/operator/proposals.ts';
import { operatorGuard, operatorOf } from '../operator-auth.ts';
import { ZOperatorReason } from '../operator-schemas.ts';

const ZCredit = z.object({
  username: ZText(64),
  currency: ZCurrency,
  submode: ZSubmode.default(SUBMODES.normal),
  amount: ZDecimalString,
  reason: ZOperatorReason,
  requestId: safeString().min(8).max(100).optional(),
});

const ZHeldPayout = z.object({ reason: ZOperatorReason });
const ZWithdraw = z.object({ reason: ZOperatorReason });
const ZWithdrawalId = z.object({ id: ZIdString });
const ZProposalId = z.object({ proposalId: ZIdString });

/** The operator API's money routes under /ops/v1 (not the user's client); roles in domain/operator/roles.ts. */
export async function operatorRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const ok = (data: unknown) => ({ code: SUCCESS_CODE, msg: 'success', data });
  const threshold = app.config.creditApprovalThreshold;
  const payoutDeps = () => ({
    chain: app.chains.bsc?.payouts ?? null,
    confirmations: app.chains.bsc?.confirmations ?? 0,
    hotWallets: hotWalletsOf(app.chains),
  });

  // Below CREDIT_APPROVAL_THRESHOLD: status credited at once; otherwise status proposed, with its proposalId.
  routes.post(
    '/ops/v1/credit',
    { preHandler: operatorGuard(app, 'credit'), schema: { body: ZCredit, hide: true } },
    async (request) => ok(await creditUser(app.repos, { ...request.body, actor: operatorOf(request) }, threshold)),
  );

  // A second finance or admin operator applies a proposed credit, exactly once (status credited).
  routes.post(
    '/ops/v1/credit/:proposalId/approve',
    { preHandler: operatorGuard(app, 'credit'), schema: { params: ZProposalId, hide: true } },
    async (request) =>
      ok(
        await approveProposal(
          app.repos,
          payoutDeps(),
          operatorOf(request),
          BigInt(request.params.proposalId),
          'credit',
        ),
      ),
  );

  // Any proposal (credit, held payout's retry or refund, operator, role, four-eyes setting): the approvals page.
  routes.get(
    '/ops/v1/proposals',
    {
      preHandler: operatorGuard(app, 'credit'),
      schema: {
        querystring: z.object({
          status: z.enum(['proposed', 'applied', 'withdrawn', 'expired', 'all']).default('proposed'),
        }),
        hide: true,
      },
    },
    async (request) => ok(await listProposals(app.repos, request.query.status === 'all' ? null : request.query.status)),
  );

  routes.post(
    '/ops/v1/proposals/:proposalId/approve',
    { preHandler: operatorGuard(app, 'credit'), schema: { params: ZProposalId, hide: true } },
    async (request) =>
      ok(await approveProposal(app.repos, payoutDeps(), operatorOf(request), BigInt(request.params.proposalId), null)),
  );

  // Its proposer or an admin closes an open proposal (`npm run operator -- withdraw <id> --reason "..."`).
  routes.post(
    '/ops/v1/proposals/:proposalId/withdraw',
    { preHandler: operatorGuard(app, 'credit'), schema: { params: ZProposalId, body: ZWithdraw, hide: true } },
    async (request) =>
      ok(
        await withdrawProposal(app.repos, operatorOf(request), BigInt(request.params.proposalId), request.body.reason),
      ),
  );

  // Held payouts (docs/operator-guide.md "Held payouts"): back to the worker (released), or refunded when it can never be paid;
  // at or above the threshold each waits for a second operator.
  for (const action of ['retry', 'refund'] as const) {
    routes.post(
      `/ops/v1/payouts/:id/${action}`,
      { preHandler: operatorGuard(app, 'payouts'), schema: { params: ZWithdrawalId, body: ZHeldPayout, hide: true } },
      async (request) =>
        ok(
          await heldPayoutAction(app.repos, payoutDeps(), threshold, `payout-${action}`, {
            actor: operatorOf(request),
            withdrawalId: BigInt(request.params.id),
            reason: request.body.reason,
          }),
        ),
    );
  }

  routes.get('/ops/v1/chain/status', { preHandler: operatorGuard(app, 'money'), schema: { hide: true } }, async () =>
    ok(await chainStatus(app.repos, app.chains)),
  );

  routes.get('/ops/v1/ledger/check', { preHandler: operatorGuard(app, 'money'), schema: { hide: true } }, async () =>
    ok(await checkLedger(app.repos)),
  );
}
