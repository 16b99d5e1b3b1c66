import {
  financeList,
  financeStatement,
  getAssets,
  getSubAssets,
  monthStatement,
  type TSubmode,
  transfer,
  transferRecipient,
} from '@aidf/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { balancesOfSession, type StatementQuery, statementPageOfSession } from '../../domain/assets/assets.ts';
import { monthStatement as readMonthStatement } from '../../domain/assets/month-statement.ts';
import { AppError } from '../../domain/errors.ts';
import { lookupRecipient } from '../../domain/transfer/recipient.ts';
import { transfer as transferBetweenUsers } from '../../domain/transfer/transfer.ts';
import { tokenOf } from '../plugins/auth.ts';
import { sessionOf } from '../session-of.ts';
import { signedTextHosts } from '../signed-text-hosts.ts';
import { defineRoute } from './define-route.ts';

export async function assetRoutes(app: FastifyInstance) {
  // The assets: the session is read with the balances (balancesOfSession), one round trip.
  const assets = async (request: FastifyRequest, submode?: TSubmode) => {
    const { session, balances } = await balancesOfSession(app.repos, tokenOf(request), submode);
    request.sessionUser = session;
    return balances;
  };

  defineRoute(
    app,
    getAssets,
    async ({ params, request }) => {
      const balances = await assets(request);
      // Only one's own assets; another mid answers as an unknown user would.
      if (BigInt(params.mid) !== sessionOf(request).userId) throw new AppError(1226);
      return balances;
    },
    { sessionInHandler: true },
  );

  defineRoute(app, getSubAssets, ({ params, request }) => assets(request, params.submode), { sessionInHandler: true });

  // The bills: the session is read in the page's own statement (statementPageOfSession), one round trip.
  const bills = async (request: FastifyRequest, q: StatementQuery) => {
    const { session, page } = await statementPageOfSession(app.repos, tokenOf(request), q);
    request.sessionUser = session;
    return page;
  };

  defineRoute(
    app,
    financeList,
    ({ params, body, request }) =>
      bills(request, {
        currency: params.currency,
        submode: body.submode,
        pageNum: params.pageNum,
        pageSize: params.pageSize,
        incomeOnly: body.category === 'income',
        type: body.type,
        bscConfirmations: app.config.bscConfirmations,
      }),
    { sessionInHandler: true },
  );

  defineRoute(
    app,
    financeStatement,
    ({ params, query, request }) =>
      bills(request, {
        ...params,
        incomeOnly: false,
        type: query.type,
        bscConfirmations: app.config.bscConfirmations,
      }),
    { sessionInHandler: true },
  );

  defineRoute(app, monthStatement, ({ params, request }) =>
    readMonthStatement(app.repos, sessionOf(request).userId, params.month),
  );

  // The session is read with everything else the transfer checks, in one query (transferContext).
  defineRoute(
    app,
    transfer,
    async ({ body, request }) => {
      const hosts = signedTextHosts(app.config, request);
      const { movementId } = await transferBetweenUsers(app.repos, tokenOf(request), { ...body, hosts }, (user) => {
        request.sessionUser = user;
      });
      return { movementId: movementId.toString() };
    },
    { sessionInHandler: true },
  );

  defineRoute(app, transferRecipient, ({ params, request }) =>
    lookupRecipient(app.repos, { senderId: sessionOf(request).userId, username: params.username, ip: request.ip }),
  );
}
