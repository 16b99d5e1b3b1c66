import { OPS } from '@aidf/contract';
import type { FastifyInstance } from 'fastify';
import { devToolsAllowed } from '../../config-mode.ts';
import { AppError } from '../../domain/errors.ts';
import { listPriceItems, savePriceItem, thirdPartyPayments } from '../../domain/machine/price-items.ts';
import { periodicJobs } from '../../jobs/registry.ts';
import { operatorOf } from '../operator-auth.ts';
import { defineOpsRoute } from './define-ops-route.ts';

/** Operator API of the AI miner: price items (audited) and the payments no order counted. */
export async function operatorMachineRoutes(app: FastifyInstance) {
  defineOpsRoute(app, OPS.priceItems, 'config', () => listPriceItems(app.repos));

  defineOpsRoute(app, OPS.addPriceItem, 'config', ({ body, request }) =>
    savePriceItem(app.repos, { ...body, id: null, actor: operatorOf(request) }),
  );

  defineOpsRoute(app, OPS.savePriceItem, 'config', ({ params, body, request }) =>
    savePriceItem(app.repos, { ...body, id: BigInt(params.id), actor: operatorOf(request) }),
  );

  defineOpsRoute(app, OPS.thirdPartyPayments, 'money', () => thirdPartyPayments(app.repos));

  // A periodic job run once by hand; beside the dev chains and in tests at a given moment (moving time forward).
  defineOpsRoute(app, OPS.runTick, 'jobs', async ({ params, body, request }) => {
    const job = periodicJobs().find((j) => j.name === params.name);
    if (!job) throw new AppError(1404, `no periodic job ${params.name}`);
    const at = body?.now;
    if (at !== undefined && !devToolsAllowed(app.config)) throw new AppError(1225, 'now is for dev and tests');
    const items = await job.tick({ repos: app.repos, now: at === undefined ? new Date() : new Date(at) });
    await app.repos.operatorActions.record({
      actor: operatorOf(request),
      action: 'run-tick',
      target: `tick:${job.name}`,
      after: { items },
      reason: `run ${job.name} by hand`,
      detail: { job: job.name, items, now: at ?? null },
    });
    return { job: job.name, items };
  });
}
