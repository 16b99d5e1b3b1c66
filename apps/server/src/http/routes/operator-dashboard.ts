import { Money, moneyString, OPS } from '@aidf/contract';
import type { FastifyInstance } from 'fastify';
import { operatorDashboard } from '../../domain/operator/dashboard.ts';
import { defineOpsRoute } from './define-ops-route.ts';

/** The console's dashboard (every role) and its list of payouts (finance). */
export async function operatorDashboardRoutes(app: FastifyInstance) {
  const dashboard = operatorDashboard({ repos: app.repos, chains: app.chains, jobNames: () => app.jobs.jobNames() });

  defineOpsRoute(app, OPS.dashboard, 'dashboard', () => dashboard.read());

  // Held payouts wait for an operator (POST /ops/v1/payouts/:id/retry|refund); queued ones for the worker.
  defineOpsRoute(app, OPS.payouts, 'payouts', async ({ query }) => {
    const { status, page, size } = query;
    const { rows, total } = await app.repos.operatorDashboard.payouts(status, size, (page - 1) * size);
    return {
      total,
      list: rows.map((r) => ({
        id: r.id,
        mid: r.user_id,
        username: r.username,
        chain: r.chain,
        currency: r.currency,
        amount: moneyString(new Money(r.amount)),
        toAddress: r.to_address,
        status: r.status,
        reason: r.reason,
        createdAt: Number(r.created_at),
      })),
    };
  });
}
