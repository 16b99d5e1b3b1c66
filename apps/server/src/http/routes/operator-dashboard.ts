import { Money, moneyString, SUCCESS_CODE } from '@aidf/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { operatorDashboard } from '../../domain/operator/dashboard.ts';
import { operatorGuard } from '../operator-auth.ts';

const ZPage = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(200).default(20),
};

/** Issue 16 item 4: the console's dashboard (every role) and its list of payouts (finance). */
export async function operatorDashboardRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const ok = (data: unknown) => ({ code: SUCCESS_CODE, msg: 'success', data });
  const dashboard = operatorDashboard({ repos: app.repos, chains: app.chains, jobNames: () => app.jobs.jobNames() });

  routes.get('/ops/v1/dashboard', { preHandler: operatorGuard(app, 'dashboard'), schema: { hide: true } }, async () =>
    ok(await dashboard.read()),
  );

  // Held payouts wait for an operator (POST /ops/v1/payouts/:id/retry|refund); queued ones for the worker.
  routes.get(
    '/ops/v1/payouts',
    {
      preHandler: operatorGuard(app, 'payouts'),
      schema: {
        querystring: z.object({ status: z.enum(['held', 'queued', 'all']).default('held'), ...ZPage }),
        hide: true,
      },
    },
    async (request) => {
      const { status, page, size } = request.query;
      const { rows, total } = await app.repos.operatorDashboard.payouts(status, size, (page - 1) * size);
      return ok({
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
      });
    },
  );
}
