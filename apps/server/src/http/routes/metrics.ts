import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { platformMetrics } from '../../domain/ops/metrics.ts';
import { operatorGuard } from '../operator-auth.ts';

/**
 * `GET /metrics`: Prometheus text behind the operator token (OPERATOR_TOKEN, or a signed-in
 * finance or admin operator: it shows money's state). A plugin without encapsulation, so its onResponse hook
 * times every route of the app, not only its own.
 */
export const metricsRoutes = fp(async (app: FastifyInstance) => {
  const metrics = platformMetrics({
    repos: app.repos,
    db: app.database.db,
    chains: app.chains,
    solanaPoolTurnedAway: () => app.solanaPoolTurnedAway,
  });

  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern, not the URL: one series per route, whatever ids the paths carry.
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.observeRequest({ method: request.method, route, status_code: reply.statusCode }, reply.elapsedTime / 1000);
  });

  app.get('/metrics', { preHandler: operatorGuard(app, 'money'), schema: { hide: true } }, async (_request, reply) => {
    const text = await metrics.scrape();
    return reply.header('cache-control', 'no-store').type(metrics.contentType).send(text);
  });
});
