import type { FastifyRequest } from 'fastify';
import type { SessionUser } from '../domain/auth/sessions.ts';

/** The session of a protected route; defineRoute runs the session check first, so it is always there. */
export function sessionOf(request: FastifyRequest): SessionUser {
  if (!request.sessionUser) throw new Error('protected route reached without a session');
  return request.sessionUser;
}
