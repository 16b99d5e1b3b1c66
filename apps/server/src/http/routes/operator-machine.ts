import { MINER_PRICE_FIELDS, SUCCESS_CODE, safeString, type TPriceField, ZText, ZTimeInput } from '@aidf/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { devToolsAllowed } from '../../config-mode.ts';
import { AppError } from '../../domain/errors.ts';
import { listPriceItems, savePriceItem, thirdPartyPayments } from '../../domain/machine/price-items.ts';
import { periodicJobs } from '../../jobs/registry.ts';
import { operatorGuard, operatorOf } from '../operator-auth.ts';
import { ZOperatorReason } from '../operator-schemas.ts';

const ZAmount = ZText(60, 0);
const ZItemBody = z.object({
  worth: ZAmount.optional(),
  // usdtAmount, bnbAmount, ...: one per currency the miner accepts (MINER_CURRENCIES).
  ...(Object.fromEntries(MINER_PRICE_FIELDS.map((f) => [f, ZAmount.optional()])) as Record<
    TPriceField,
    ReturnType<typeof ZAmount.optional>
  >),
  onSale: z.boolean().optional(),
  reason: ZOperatorReason,
});

/** Operator API of the AI miner: price items (audited) and the payments no order counted. */
export async function operatorMachineRoutes(app: FastifyInstance) {
  const guard = operatorGuard(app, 'config');
  const money = operatorGuard(app, 'money');
  const jobs = operatorGuard(app, 'jobs');
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const ok = (data: unknown) => ({ code: SUCCESS_CODE, msg: 'success', data });

  routes.get('/ops/v1/machine/items', { preHandler: guard, schema: { hide: true } }, async () =>
    ok(await listPriceItems(app.repos)),
  );

  routes.post(
    '/ops/v1/machine/items',
    { preHandler: guard, schema: { body: ZItemBody, hide: true } },
    async (request) => ok(await savePriceItem(app.repos, { ...request.body, id: null, actor: operatorOf(request) })),
  );

  routes.post(
    '/ops/v1/machine/items/:id',
    {
      preHandler: guard,
      schema: { params: z.object({ id: safeString().regex(/^[1-9]\d{0,17}$/) }), body: ZItemBody, hide: true },
    },
    async (request) =>
      ok(
        await savePriceItem(app.repos, {
          ...request.body,
          id: BigInt(request.params.id),
          actor: operatorOf(request),
        }),
      ),
  );

  routes.get('/ops/v1/machine/third-party-payments', { preHandler: money, schema: { hide: true } }, async () =>
    ok(await thirdPartyPayments(app.repos)),
  );

  // A periodic job run once by hand; beside the dev chains and in tests at a given moment (moving time forward).
  routes.post(
    '/ops/v1/ticks/:name/run',
    {
      preHandler: jobs,
      schema: {
        params: z.object({ name: ZText(64, 0) }),
        body: z.object({ now: ZTimeInput.optional() }).optional(),
        hide: true,
      },
    },
    async (request) => {
      const job = periodicJobs().find((j) => j.name === request.params.name);
      if (!job) throw new AppError(1404, `no periodic job ${request.params.name}`);
      const at = request.body?.now;
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
      return ok({ job: job.name, items });
    },
  );
}
