import { fundInfo, investInfo, pledge, pledgeAutoRenew, pledgeList } from '@aidf/contract';
import type { FastifyInstance } from 'fastify';
import { investInfo as readInvestInfo } from '../../domain/invest/invest-info.ts';
import { createPledge } from '../../domain/pledge/create-pledge.ts';
import { setPledgeAutoRenew } from '../../domain/pledge/pledge-auto-renew.ts';
import { pledgePage, fundInfo as readFundInfo, toPledgeOrder } from '../../domain/pledge/pledge-views.ts';
import { sessionOf } from '../session-of.ts';
import { defineRoute } from './define-route.ts';

export async function pledgeRoutes(app: FastifyInstance) {
  defineRoute(app, fundInfo, ({ request }) => readFundInfo(app.repos, sessionOf(request).userId));

  defineRoute(app, pledge, async ({ params, body, request }) =>
    toPledgeOrder(
      await createPledge(app.repos, sessionOf(request).userId, {
        ...body,
        amount: params.amount,
        days: params.days as 30 | 90 | 180 | 365,
        submode: params.submode,
      }),
    ),
  );

  defineRoute(app, pledgeList, ({ params, request }) => pledgePage(app.repos, sessionOf(request).userId, params));

  defineRoute(app, pledgeAutoRenew, async ({ params, request }) =>
    toPledgeOrder(await setPledgeAutoRenew(app.repos, sessionOf(request).userId, BigInt(params.id), params.on === '1')),
  );

  defineRoute(app, investInfo, ({ request }) =>
    readInvestInfo(
      app.repos,
      app.chains.bsc?.invests ?? null,
      app.chains.bsc?.confirmations ?? 0,
      sessionOf(request).userId,
    ),
  );
}
