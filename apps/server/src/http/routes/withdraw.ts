import { withdraw, withdrawConfig, withdrawList } from '@aidf/contract';
import type { FastifyInstance } from 'fastify';
import { explorerLinks } from '../../domain/assets/explorer.ts';
import { confirmationsReader } from '../../domain/chain/confirmations.ts';
import { AppError } from '../../domain/errors.ts';
import { allowanceOf } from '../../domain/withdraw/amount-limits.ts';
import { payoutToken } from '../../domain/withdraw/payout-token.ts';
import { requestWithdrawal } from '../../domain/withdraw/request-withdrawal.ts';
import { withdrawConfigOf } from '../../domain/withdraw/withdraw-policy.ts';
import { withdrawalView } from '../../domain/withdraw/withdrawal-view.ts';
import { sessionOf } from '../session-of.ts';
import { signedTextHosts } from '../signed-text-hosts.ts';
import { defineRoute } from './define-route.ts';

/** Withdrawal (RULES.md "Recharge and withdrawal"): one name, withdraw, from the contract to the domain. */
export async function withdrawRoutes(app: FastifyInstance) {
  const policy = app.chains.withdrawPolicy;

  defineRoute(app, withdraw, async ({ body, request }) => {
    // Without a chain and the COW contract to pay from, a debit would take money with nothing to send it.
    if (!app.chains.bsc || !(await payoutToken(app.repos))) throw new AppError(81034);
    const input = { ...body, hosts: signedTextHosts(app.config, request), ip: request.ip };
    return withdrawalView(await requestWithdrawal(app.repos, policy, sessionOf(request).userId, input));
  });

  defineRoute(app, withdrawConfig, async ({ request }) => {
    const userId = sessionOf(request).userId;
    const today = await app.repos.withdrawals.today();
    const [used, allowance] = await Promise.all([
      app.repos.withdrawals.countOnDay(userId, today),
      allowanceOf(app.repos, userId, 'cow', today),
    ]);
    return withdrawConfigOf(policy, used, allowance);
  });

  defineRoute(app, withdrawList, async ({ params, request }) => {
    const [page, confirmationsOf, linkTo] = await Promise.all([
      app.repos.withdrawals.ofUser(sessionOf(request).userId, params.pageSize, (params.pageNum - 1) * params.pageSize),
      confirmationsReader(app.repos, app.config.bscConfirmations),
      explorerLinks(app.repos),
    ]);
    return { list: page.rows.map((w) => withdrawalView(w, { confirmationsOf, linkTo })), total: page.total };
  });
}
