import { financeList, financeStatement, getAssets, getSubAssets, transfer, transferRecipient } from '@aidf/contract';
import type { FastifyInstance } from 'fastify';
import { statementPage, userBalances } from '../../domain/assets/assets.ts';
import { AppError } from '../../domain/errors.ts';
import { lookupRecipient } from '../../domain/transfer/recipient.ts';
import { transfer as transferBetweenUsers } from '../../domain/transfer/transfer.ts';
import { sessionOf } from '../session-of.ts';
import { signedTextHosts } from '../signed-text-hosts.ts';
import { defineRoute } from './define-route.ts';

export async function assetRoutes(app: FastifyInstance) {
  defineRoute(app, getAssets, ({ params, request }) => {
    const { userId } = sessionOf(request);
    // Only one's own assets; another mid answers as an unknown user would.
    if (BigInt(params.mid) !== userId) throw new AppError(1226);
    return userBalances(app.repos, userId);
  });

  defineRoute(app, getSubAssets, ({ params, request }) =>
    userBalances(app.repos, sessionOf(request).userId, params.submode),
  );

  defineRoute(app, financeList, ({ params, body, request }) =>
    statementPage(app.repos, {
      userId: sessionOf(request).userId,
      currency: params.currency,
      submode: body.submode,
      pageNum: params.pageNum,
      pageSize: params.pageSize,
      incomeOnly: body.category === 'income',
      type: body.type,
    }),
  );

  defineRoute(app, financeStatement, ({ params, query, request }) =>
    statementPage(app.repos, { userId: sessionOf(request).userId, ...params, incomeOnly: false, type: query.type }),
  );

  defineRoute(app, transfer, async ({ body, request }) => {
    const hosts = signedTextHosts(app.config, request);
    const { movementId } = await transferBetweenUsers(app.repos, sessionOf(request).userId, { ...body, hosts });
    return { movementId: movementId.toString() };
  });

  defineRoute(app, transferRecipient, ({ params, request }) =>
    lookupRecipient(app.repos, { senderId: sessionOf(request).userId, username: params.username, ip: request.ip }),
  );
}
