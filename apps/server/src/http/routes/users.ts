import { getUser } from '@aidf/contract';
import type { FastifyInstance } from 'fastify';
import { getOwnUser } from '../../domain/users/get-user.ts';
import { defineRoute } from './define-route.ts';

export async function userRoutes(app: FastifyInstance) {
  defineRoute(app, getUser, ({ params, request }) => {
    // defineRoute runs app.authenticate first for auth endpoints, so the session is set.
    const session = request.sessionUser;
    if (!session) throw new Error('authenticated route without a session');
    return getOwnUser(app.repos, session, BigInt(params.mid));
  });
}
