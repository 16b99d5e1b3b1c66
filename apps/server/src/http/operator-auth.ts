import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../domain/errors.ts';

/** The operator API's check: `authorization: Bearer <OPERATOR_TOKEN>`, compared in constant time. */
export function operatorGuard(app: FastifyInstance) {
  const expected = Buffer.from(`Bearer ${app.config.operatorToken}`);
  return async (request: FastifyRequest) => {
    const given = Buffer.from(String(request.headers.authorization ?? ''));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new AppError(401);
  };
}

/** The name the operator gave (`x-operator`), recorded with each audited action. */
export function operatorName(request: FastifyRequest): string {
  return String(request.headers['x-operator'] ?? 'operator').slice(0, 64);
}
