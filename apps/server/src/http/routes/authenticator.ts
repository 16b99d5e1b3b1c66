import { authenticator, authenticatorDisable, authenticatorEnable, authenticatorSetup } from '@aidf/contract';
import type { FastifyInstance } from 'fastify';
import {
  authenticatorState,
  disableAuthenticator,
  enableAuthenticator,
  setUpAuthenticator,
} from '../../domain/auth/authenticator.ts';
import { AppError } from '../../domain/errors.ts';
import { sessionOf } from '../session-of.ts';
import { defineRoute } from './define-route.ts';

/** The user's authenticator (domain/auth/authenticator.ts): set-up with a QR code, on with one code, off with one. */
export async function authenticatorRoutes(app: FastifyInstance) {
  defineRoute(app, authenticator, ({ request }) => authenticatorState(app.repos, sessionOf(request).userId));

  defineRoute(app, authenticatorSetup, async ({ request }) => {
    const userId = sessionOf(request).userId;
    const user = await app.repos.users.byId(userId);
    if (!user) throw new AppError(401);
    return setUpAuthenticator(app.repos, userId, user.username);
  });

  defineRoute(app, authenticatorEnable, ({ body, request }) =>
    enableAuthenticator(app.repos, sessionOf(request).userId, { code: body.code, ip: request.ip }),
  );

  defineRoute(app, authenticatorDisable, ({ body, request }) =>
    disableAuthenticator(app.repos, sessionOf(request).userId, { code: body.code, ip: request.ip }),
  );
}
