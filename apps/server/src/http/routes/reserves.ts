import { OPS, reservesProof } from '@aidf/contract';
import type { FastifyInstance } from 'fastify';
import { explorerLinks } from '../../domain/assets/explorer.ts';
import { reservesProofOf } from '../../domain/treasury/reserves-proof.ts';
import { latestReservesReport, reportSummary, runReservesReport } from '../../domain/treasury/reserves-report.ts';
import { devBscRpcUrl } from '../browser-rpc.ts';
import { operatorOf } from '../operator-auth.ts';
import { sessionOf } from '../session-of.ts';
import { defineOpsRoute } from './define-ops-route.ts';
import { defineRoute } from './define-route.ts';

/** Proof of reserves: the user's own proof, and the operators' reports (run on demand, the latest). */
export async function reservesRoutes(app: FastifyInstance) {
  defineRoute(app, reservesProof, async ({ request }) =>
    reservesProofOf(app.database.db, sessionOf(request).userId, {
      explorer: await explorerLinks(app.repos),
      rpcUrl: devBscRpcUrl(app),
    }),
  );

  // Runs a report now (`npm run operator -- reserves-report`), audited; answers its summary, not its tree. The
  // API reads the chains itself: reading needs the RPC URLs, which it has, and no key.
  defineOpsRoute(app, OPS.runReservesReport, 'money', async ({ body, request }) => {
    const summary = reportSummary(
      await runReservesReport(
        app.database.db,
        app.chains.bsc || app.chains.solana ? { chains: app.chains, log: request.log } : undefined,
      ),
    );
    await app.repos.operatorActions.record({
      actor: operatorOf(request),
      action: 'reserves-report',
      target: `reserves-report:${summary.id}`,
      after: {
        id: summary.id,
        status: summary.status,
        root: summary.root,
        userCount: summary.userCount,
        liabilities: summary.liabilities,
        alerts: summary.alerts,
      },
      reason: body?.reason ?? 'reserves report on demand',
      detail: { reportId: summary.id },
    });
    return summary;
  });

  defineOpsRoute(app, OPS.latestReservesReport, 'money', () => latestReservesReport(app.database.db));
}
