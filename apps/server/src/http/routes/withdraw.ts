import { withdraw, withdrawConfig, withdrawList } from '@aidf/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../domain/errors.ts';
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
    const input = { ...body, hosts: signedTextHosts(app.config, request) };
    return withdrawalView(await requestWithdrawal(app.repos, policy, sessionOf(request).userId, input));
  });

  defineRoute(app, withdrawConfig, async ({ request }) => {
    const used = await app.repos.withdrawals.countOnDay(sessionOf(request).userId, await app.repos.withdrawals.today());
    return withdrawConfigOf(policy, used);
  });

  defineRoute(app, withdrawList, async ({ params, request }) => {
    const page = await app.repos.withdrawals.ofUser(
      sessionOf(request).userId,
      params.pageSize,
      (params.pageNum - 1) * params.pageSize,
    );
    return { list: page.rows.map(withdrawalView), total: page.total };
  });
}
