import { SUCCESS_CODE, ZIdString, ZText } from '@aidf/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { findUsers, userDetail } from '../../domain/operator/user-lookup.ts';
import { operatorGuard } from '../operator-auth.ts';

const ZSearch = z.object({
  q: ZText(200, 0).default(''),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(200).default(20),
});

/** Issue 16 item 4: read-only user lookup (support answers tickets with it; finance checks before crediting). */
export async function operatorUserRoutes(app: FastifyInstance) {
  const guard = operatorGuard(app, 'users');
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const ok = (data: unknown) => ({ code: SUCCESS_CODE, msg: 'success', data });

  routes.get('/ops/v1/users', { preHandler: guard, schema: { querystring: ZSearch, hide: true } }, async (request) =>
    ok(await findUsers(app.repos, request.query)),
  );

  routes.get(
    '/ops/v1/users/:mid',
    { preHandler: guard, schema: { params: z.object({ mid: ZIdString }), hide: true } },
    async (request) => ok(await userDetail(app.repos, BigInt(request.params.mid))),
  );
}
