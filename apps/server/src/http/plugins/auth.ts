import { HEADERS } from '@aidf/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { resolveSession } from '../../domain/auth/sessions.ts';
import { AppError } from '../../domain/errors.ts';

/** The token exactly as the sign-in answer's `authorization` header gave it; "Bearer " is tolerated. */
export function tokenOf(request: FastifyRequest): string | null {
  const value = request.headers[HEADERS.authorization];
  if (typeof value !== 'string' || value === '') return null;
  return value.startsWith('Bearer ') ? value.slice('Bearer '.length) : value;
}

export const sessionAuth = fp(async (app: FastifyInstance) => {
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = tokenOf(request);
    const user = token ? await resolveSession(app.repos, token) : null;
    if (!user) throw new AppError(401);
    request.sessionUser = user;
  });
});
