import { SUCCESS_CODE } from '@aidf/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { devToolsAllowed } from '../../config-mode.ts';
import { AppError } from '../../domain/errors.ts';
import { listSettings, setSetting } from '../../domain/operator/set-setting.ts';
import { utcDayOf } from '../../jobs/daily-job.ts';
import { operatorGuard, operatorOf } from '../operator-auth.ts';

const ZDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD')
  .refine(
    (d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
    {
      message: 'must be a real calendar day',
    },
  );

/** Operator API of the jobs layer and the settings: run a day by hand, read and change settings (audited). */
export async function operatorJobRoutes(app: FastifyInstance) {
  const jobs = operatorGuard(app, 'jobs');
  const config = operatorGuard(app, 'config');
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/ops/v1/jobs/:job/run',
    {
      preHandler: jobs,
      schema: { params: z.object({ job: z.string().max(64) }), body: z.object({ date: ZDay }), hide: true },
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
          key: z.string().min(1).max(100),
          value: z.string().min(1).max(100),
          reason: z.string().trim().min(1).max(500),
        }),
        hide: true,
      },
    },
    async (request) => ({
      code: SUCCESS_CODE,
      msg: 'success',
      data: await setSetting(app.repos, { ...request.body, actor: operatorOf(request) }),
    }),
  );
}
