import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { errorSummary } from '../../domain/chain/error-summary.ts';
import { AppError } from '../../domain/errors.ts';
import { localWindowLimit } from '../../domain/limits/local-window.ts';
import { chainHeads } from '../../domain/ops/chain-heads.ts';
import { cachedFor, READINESS } from '../../domain/ops/readiness.ts';

/** Liveness, and readiness for load balancers; outside /v1, so unsigned. */
export async function healthRoutes(app: FastifyInstance) {
  // Liveness: the process answers and its database does. A chain that is down does not make it restart.
  app.get('/healthz', async () => {
    await app.database.db.execute(sql`SELECT 1`);
    return { code: 200, msg: 'success', data: { status: 'ok', database: app.database.kind } };
  });

  // Anyone may ask: the chains are probed at most once per few seconds, and each client is limited.
  const chainProbe = cachedFor(READINESS.chainProbeCacheMs, () => chainHeads(app.chains));
  const perClient = localWindowLimit(READINESS.perClient);

  // Readiness: the database and each configured chain answer; 503 names what does not.
  app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
    if (!perClient.take(request.ip)) throw new AppError(9000, 'too many readiness checks from this address');
    const database = await app.database.db.execute(sql`SELECT 1`).then(
      () => 'ok',
      (error: unknown) => errorSummary(error),
    );
    const chains = Object.fromEntries((await chainProbe()).map((c) => [c.chain, 'head' in c ? 'ok' : c.error]));
    const ready = database === 'ok' && Object.values(chains).every((state) => state === 'ok');
    return reply
      .code(ready ? 200 : 503)
      .send({ code: ready ? 200 : 503, msg: ready ? 'success' : 'not ready', data: { ready, database, chains } });
  });
}
