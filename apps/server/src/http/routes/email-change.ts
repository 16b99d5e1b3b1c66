import { emailChange, emailChangeCode } from '@aidf/contract';
import type { FastifyInstance } from 'fastify';
import { changeEmail, sendEmailChangeCode } from '../../domain/users/change-email.ts';
import { sessionOf } from '../session-of.ts';
import { signedTextHosts } from '../signed-text-hosts.ts';
import { defineRoute } from './define-route.ts';

/** The e-mail change (domain/users/change-email.ts): its codes, then the change. */
export async function emailChangeRoutes(app: FastifyInstance) {
  defineRoute(app, emailChangeCode, ({ body, request }) =>
    sendEmailChangeCode(app.repos, app.mailer, sessionOf(request).userId, { ...body, language: request.language }),
  );

  defineRoute(app, emailChange, ({ body, request }) => {
    const session = sessionOf(request);
    return changeEmail(
      app.repos,
      session.userId,
      { ...body, hosts: signedTextHosts(app.config, request), ip: request.ip, sessionTokenHash: session.tokenHash },
      app.config.securityHoldHours,
    );
  });
}
