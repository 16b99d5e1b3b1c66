import { CHAINS, depositAddress, Money, rechargeList, type TCurrency } from '@aidf/contract';
import type { FastifyInstance } from 'fastify';
import type { ChainName } from '../../db/repositories/chain.ts';
import { explorerLinks } from '../../domain/assets/explorer.ts';
import { confirmationsReader } from '../../domain/chain/confirmations.ts';
import { depositAddressFor } from '../../domain/chain/deposit-address.ts';
import { sessionOf } from '../session-of.ts';
import { defineRoute } from './define-route.ts';

/** Recharge: the user's deposit address and the credited recharges (RULES.md "Recharge and withdrawal"). */
export async function rechargeRoutes(app: FastifyInstance) {
  defineRoute(app, depositAddress, async ({ params, request }) => {
    const { address } = await depositAddressFor(
      app.repos,
      { derive: app.deriveDepositAddress, solanaPool: app.solanaDepositPool },
      {
        userId: sessionOf(request).userId,
        mid: BigInt(params.mid),
        currency: params.currency,
        chainCurrency: params.chainCurrency,
      },
    );
    // What the deposit screen tells the user about when the transfer counts: the watcher's own depth.
    return { address, confirmations: params.chainCurrency === 'bnb' ? app.config.bscConfirmations : null };
  });

  defineRoute(app, rechargeList, async ({ params, request }) => {
    const [page, confirmationsOf, linkTo] = await Promise.all([
      app.repos.chain.depositsOf(sessionOf(request).userId, params.pageSize, (params.pageNum - 1) * params.pageSize),
      confirmationsReader(app.repos, app.config.bscConfirmations),
      explorerLinks(app.repos),
    ]);
    return {
      list: page.rows.map((d) => ({
        id: d.id.toString(),
        chainCurrency: CHAINS[d.chain as ChainName].currency,
        currency: d.currency as TCurrency,
        amount: new Money(d.amount).toFixed(),
        txId: d.txHash,
        txUrl: linkTo(d.txHash),
        fromAddress: d.fromAddress,
        createTime: d.createdAt.getTime(),
        ...confirmationsOf(d.chain, d.blockNumber),
      })),
      total: page.total,
    };
  });
}
