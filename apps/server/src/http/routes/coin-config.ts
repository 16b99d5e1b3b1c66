import { coinConfig } from '@aidf/contract';
import type { FastifyInstance } from 'fastify';
import { listTokenConfig } from '../../domain/coin-config/token-config.ts';
import { defineRoute } from './define-route.ts';

export async function coinConfigRoutes(app: FastifyInstance) {
  defineRoute(app, coinConfig, () => listTokenConfig(app.repos));
}
