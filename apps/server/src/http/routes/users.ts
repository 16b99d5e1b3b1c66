import {
  bindAddress,
  cowHomeUser,
  cowUserIndex,
  getFollowedInvite,
  getUser,
  HEADERS,
  register,
  team,
  unBindAddress,
} from '@aidf/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notifySecurityChange, type SecurityChangeRecord } from '../../domain/auth/security-hold.ts';
import { teamViewOfSession } from '../../domain/team/team-view.ts';
import { bindAddress as bind, listBoundAddresses, unbindAddress as unbind } from '../../domain/users/addresses.ts';
import { getOwnUser } from '../../domain/users/get-user.ts';
import { bindInviter, followedInvite } from '../../domain/users/inviter.ts';
import { tokenOf } from '../plugins/auth.ts';
import { sessionOf } from '../session-of.ts';
import { defineRoute } from './define-route.ts';

const headerAddress = (request: FastifyRequest) => {
  const value = request.headers[HEADERS.address];
  return typeof value === 'string' && value !== '' ? value : undefined;
};

export async function userRoutes(app: FastifyInstance) {
  defineRoute(app, getUser, ({ params, request }) => getOwnUser(app.repos, sessionOf(request), BigInt(params.mid)));

  defineRoute(app, getFollowedInvite, ({ params, request }) =>
    followedInvite(app.repos, { loginName: params.loginName, ip: request.ip }),
  );

  // The owner's e-mail is told after the change committed; the answer does not wait for the mail server.
  const changeOptions = (request: FastifyRequest) => ({
    holdHours: app.config.securityHoldHours,
    headerAddress: headerAddress(request),
  });
  const notify = (request: FastifyRequest, record: SecurityChangeRecord) =>
    void notifySecurityChange(app.mailer, request.log, record, request.language);

  defineRoute(app, bindAddress, async ({ body, request }) => {
    notify(request, await bind(app.repos, sessionOf(request).userId, body, changeOptions(request)));
    return null;
  });

  defineRoute(app, unBindAddress, async ({ body, request }) => {
    notify(request, await unbind(app.repos, sessionOf(request).userId, body, changeOptions(request)));
    return null;
  });

  defineRoute(app, cowUserIndex, ({ request }) => listBoundAddresses(app.repos, sessionOf(request).userId));

  defineRoute(app, cowHomeUser, async ({ request }) => {
    const user = await getOwnUser(app.repos, sessionOf(request), sessionOf(request).userId);
    const { level } = await app.repos.team.stats(sessionOf(request).userId);
    return { username: user.username, inviteCode: user.username, inviterCode: user.inviteAddress, starLevel: level };
  });

  // The session is read with the team (teamViewOfSession), one round trip.
  defineRoute(
    app,
    team,
    async ({ query, request }) => {
      const { session, view } = await teamViewOfSession(app.repos, tokenOf(request), query);
      request.sessionUser = session;
      return view;
    },
    { sessionInHandler: true },
  );

  defineRoute(app, register, async ({ body, request }) => {
    await bindInviter(app.repos, sessionOf(request).userId, body.inviteCode);
    return null;
  });
}
