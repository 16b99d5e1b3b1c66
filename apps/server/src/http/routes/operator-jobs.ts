import { SUCCESS_CODE, safeString, ZText, ZTimeInput } from '@aidf/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { hotWalletsOf } from '../../chain/chain-services.ts';
import { devToolsAllowed } from '../../config-mode.ts';
import { AppError } from '../../domain/errors.ts';
import { listSettings, setSetting } from '../../domain/operator/set-setting.ts';
import { utcDayOf } from '../../jobs/daily-job.ts';
import { operatorGuard, operatorOf } from '../operator-auth.ts';
import { ZOperatorReason } from '../operator-schemas.ts';

/** A UTC day, from 1970-01-01 to 9999-12-31 (the range of every time a request names: MAX_TIME_MS). */
const ZDay = safeString()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD')
  .refine((d) => {
    const ms = Date.parse(`${d}T00:00:00Z`);
    // One refinement: zod runs every check, and toISOString throws on the invalid Date of a day like 2024-13-45.
    return ZTimeInput.safeParse(ms).success && new Date(ms).toISOString().startsWith(d);
  }, 'must be a real calendar day from 1970 to 9999');

/** Operator API of the jobs layer and the settings: run a day by hand, read and change settings (audited). */
export async function operatorJobRoutes(app: FastifyInstance) {
  const jobs = operatorGuard(app, 'jobs');
  const config = operatorGuard(app, 'config');
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/ops/v1/jobs/:job/run',
    {
      preHandler: jobs,
      schema: { params: z.object({ job: ZText(64, 0) }), body: z.object({ date: ZDay }), hide: true },
    },
    async (request) => {
      const { job } = request.params;
      if (!app.jobs.jobNames().includes(job)) throw new AppError(1404, `no job ${job}`);
      // Beside the dev chains and in tests any day may run: that is how tests and newcomers move time forward.
      if (!devToolsAllowed(app.config) && request.body.date > utcDayOf(new Date())) {
        throw new AppError(1225, 'in production only days that have begun can run');
      }
      const outcome = await app.jobs.runDay(job, request.body.date, true);
      await app.repos.operatorActions.record({
        actor: operatorOf(request),
        action: 'run-job',
        target: `job:${job}`,
        after: outcome,
        reason: `run ${job} for ${request.body.date} by hand`,
        detail: outcome,
      });
      return { code: SUCCESS_CODE, msg: 'success', data: outcome };
    },
  );

  routes.get('/ops/v1/jobs', { preHandler: jobs, schema: { hide: true } }, async () => ({
    code: SUCCESS_CODE,
    msg: 'success',
    data: { jobs: app.jobs.jobNames(), lastDone: await app.repos.jobRuns.lastDone() },
  }));

  routes.get('/ops/v1/config', { preHandler: config, schema: { hide: true } }, async () => ({
    code: SUCCESS_CODE,
    msg: 'success',
    data: await listSettings(app.repos),
  }));

  routes.post(
    '/ops/v1/config',
    {
      preHandler: config,
      schema: {
        body: z.object({
          key: ZText(100),
          value: ZText(100),
          reason: ZOperatorReason,
        }),
        hide: true,
      },
    },
    async (request) => ({
      code: SUCCESS_CODE,
      msg: 'success',
      data: await setSetting(app.repos, {
        ...request.body,
        actor: operatorOf(request),
        hotWallets: hotWalletsOf(app.chains),
      }),
    }),
  );
}
