import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

/** Liveness and database reachability, for load balancers; outside /v1, so unsigned. */
export async function healthRoutes(app: FastifyInstance) {
  app.get('/healthz', async () => {
    await app.database.db.execute(sql`SELECT 1`);
    return { code: 200, msg: 'success', data: { status: 'ok', database: app.database.kind } };
  });
}
