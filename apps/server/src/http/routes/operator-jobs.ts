import { OPS } from '@aidf/contract';
import type { FastifyInstance } from 'fastify';
import { settingChainsOf } from '../../chain/chain-services.ts';
import { devToolsAllowed } from '../../config-mode.ts';
import { AppError } from '../../domain/errors.ts';
import { listSettings, setSetting } from '../../domain/operator/set-setting.ts';
import { utcDayOf } from '../../utc-day.ts';
import { operatorOf } from '../operator-auth.ts';
import { defineOpsRoute } from './define-ops-route.ts';

/** Operator API of the jobs layer and the settings: run a day by hand, read and change settings (audited). */
export async function operatorJobRoutes(app: FastifyInstance) {
  defineOpsRoute(app, OPS.runJob, 'jobs', async ({ params, body, request }) => {
    const { job } = params;
    if (!app.jobs.jobNames().includes(job)) throw new AppError(1404, `no job ${job}`);
    // Beside the dev chains and in tests any day may run: that is how tests and newcomers move time forward.
    if (!devToolsAllowed(app.config) && body.date > utcDayOf(new Date())) {
      throw new AppError(1225, 'in production only days that have begun can run');
    }
    const outcome = await app.jobs.runDay(job, body.date, true);
    await app.repos.operatorActions.record({
      actor: operatorOf(request),
      action: 'run-job',
      target: `job:${job}`,
      after: outcome,
      reason: `run ${job} for ${body.date} by hand`,
      detail: outcome,
    });
    return outcome;
  });

  defineOpsRoute(app, OPS.jobs, 'jobs', async () => ({
    jobs: app.jobs.jobNames(),
    lastDone: await app.repos.jobRuns.lastDone(),
  }));

  defineOpsRoute(app, OPS.settings, 'config', () => listSettings(app.repos));

  defineOpsRoute(app, OPS.setSetting, 'config', ({ body, request }) =>
    setSetting(app.repos, { ...body, actor: operatorOf(request), chains: settingChainsOf(app.chains) }),
  );
}
