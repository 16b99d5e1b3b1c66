import { reservesProof, SUCCESS_CODE } from '@aidf/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  latestReservesReport,
  reportSummary,
  reservesProofOf,
  runReservesReport,
} from '../../domain/treasury/reserves-report.ts';
import { operatorGuard, operatorOf } from '../operator-auth.ts';
import { ZOperatorReason } from '../operator-schemas.ts';
import { sessionOf } from '../session-of.ts';
import { defineRoute } from './define-route.ts';

/** Proof of reserves: the user's own proof, and the operators' reports (run on demand, the latest). */
export async function reservesRoutes(app: FastifyInstance) {
  defineRoute(app, reservesProof, async ({ request }) => reservesProofOf(app.database.db, sessionOf(request).userId));

  const routes = app.withTypeProvider<ZodTypeProvider>();
  const money = operatorGuard(app, 'money');
  const ok = (data: unknown) => ({ code: SUCCESS_CODE, msg: 'success', data });

  // Runs a report now (`npm run operator -- reserves-report`), audited; answers its summary, not its tree.
  routes.post(
    '/ops/v1/reserves/reports',
    {
      preHandler: money,
      schema: { body: z.object({ reason: ZOperatorReason.optional() }).optional(), hide: true },
    },
    async (request) => {
      const summary = reportSummary(await runReservesReport(app.database.db));
      await app.repos.operatorActions.record({
        actor: operatorOf(request),
        action: 'reserves-report',
        target: `reserves-report:${summary.id}`,
        after: { id: summary.id, root: summary.root, userCount: summary.userCount, liabilities: summary.liabilities },
        reason: request.body?.reason ?? 'reserves report on demand',
        detail: { reportId: summary.id },
      });
      return ok(summary);
    },
  );

  routes.get('/ops/v1/reserves/reports/latest', { preHandler: money, schema: { hide: true } }, async () =>
    ok(await latestReservesReport(app.database.db)),
  );
}
