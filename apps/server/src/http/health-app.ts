import Fastify, { type FastifyInstance } from 'fastify';
import { chainServices } from '../chain/chain-services.ts';
import { depositKeys } from '../chain/deposit-keys.ts';
import type { AppConfig } from '../config.ts';
import { devToolsAllowed } from '../config-mode.ts';
import type { Database } from '../db/client.ts';
import { repositories } from '../db/repositories/index.ts';
import { draining } from './plugins/draining.ts';
import { errorHandling } from './plugins/errors.ts';
import { healthRoutes } from './routes/health.ts';

/**
 * The HTTP server of a process without the `api` role (ROLES=workers and/or treasury): only what the
 * orchestrator's health checks need, `GET /healthz` and `GET /readyz` (docs/deployment.md "Process roles"). No
 * user or operator route, no app: such a process is reached by no one but its orchestrator.
 */
export async function buildHealthApp({ config, database }: { config: AppConfig; database: Database }) {
  const app: FastifyInstance = Fastify({
    logger: { level: config.logLevel },
    trustProxy: config.trustProxy,
    return503OnClosing: false,
  });
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('repos', repositories(database.db));
  // The dev seed stands in for the hot wallet's key only where the dev tools run, for the treasury, without a key.
  const devSeedNeeded = config.roles.includes('treasury') && devToolsAllowed(config) && !config.hotWalletPrivateKey;
  app.decorate('chains', chainServices(config, devSeedNeeded ? depositKeys(config).devMnemonic : null));
  await app.register(errorHandling);
  await app.register(draining);
  await app.register(healthRoutes);
  return app;
}
