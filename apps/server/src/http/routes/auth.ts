import { addressLogin, forgetPassword, HEADERS, loginByMessage, logout, sendVerifyCode } from '@aidf/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { addressLogin as walletLogin } from '../../domain/auth/address-login.ts';
import { loginWithCode, sendLoginCode } from '../../domain/auth/email-login.ts';
import { passwordLogin } from '../../domain/auth/password-login.ts';
import { resetPassword } from '../../domain/auth/reset-password.ts';
import { revokeSession, type SessionClient } from '../../domain/auth/sessions.ts';
import { sendBindCode } from '../../domain/users/bind-confirmation.ts';
import { sendAddressBookCode } from '../../domain/withdraw/address-book-confirmation.ts';
import { tokenOf } from '../plugins/auth.ts';
import { sessionOf } from '../session-of.ts';
import { signedTextHosts } from '../signed-text-hosts.ts';
import { defineRoute } from './define-route.ts';

/** Where a sign-in comes from: its browser, its address, the app's language. */
const sessionClient = (request: FastifyRequest): SessionClient => ({
  userAgent: request.headers['user-agent'] ?? null,
  ip: request.ip,
  language: request.language,
});

/** Sign-in answers carry the token in the `authorization` header (SPEC.md point 7). */
export async function authRoutes(app: FastifyInstance) {
  defineRoute(app, sendVerifyCode, async ({ params, request }) => {
    const input = { email: params.receiver, language: request.language };
    if (params.bizType === 'message-login') return sendLoginCode(app.repos, app.mailer, input);
    // A code that confirms binding a wallet or an address-book change goes only to the signed-in account's own e-mail.
    await app.authenticate(request);
    if (params.bizType === 'address-book') {
      return sendAddressBookCode(app.repos, app.mailer, sessionOf(request).userId, input);
    }
    return sendBindCode(app.repos, app.mailer, sessionOf(request).userId, input);
  });

  defineRoute(app, loginByMessage, async ({ params, body, request, reply }) => {
    const result =
      'verifyCodeId' in body
        ? await loginWithCode(app.repos, { email: params.loginName, ...body, client: sessionClient(request) })
        : await passwordLogin(app.repos, {
            loginName: params.loginName,
            password: body.loginPwd,
            ip: request.ip,
            client: sessionClient(request),
          });
    reply.header(HEADERS.authorization, result.token);
    return result.user;
  });

  defineRoute(app, addressLogin, async ({ body, request, reply }) => {
    const result = await walletLogin(app.repos, { ...body, client: sessionClient(request) });
    reply.header(HEADERS.authorization, result.token);
    return result.user;
  });

  defineRoute(app, forgetPassword, async ({ body, request, reply }) => {
    const input = {
      ...body,
      hosts: signedTextHosts(app.config, request),
      ip: request.ip,
      client: sessionClient(request),
    };
    const result = await resetPassword(app.repos, input, app.config.securityHoldHours);
    reply.header(HEADERS.authorization, result.token);
    return result.user;
  });

  defineRoute(app, logout, async ({ request }) => {
    const token = tokenOf(request);
    if (token) await revokeSession(app.repos, token);
    return null;
  });
}
