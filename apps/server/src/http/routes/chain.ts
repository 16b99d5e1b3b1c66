import { depositAddress } from '@aidf/contract';
import type { FastifyInstance } from 'fastify';
import { depositAddressFor } from '../../domain/chain/deposit-address.ts';
import { sessionOf } from '../session-of.ts';
import { defineRoute } from './define-route.ts';

export async function chainRoutes(app: FastifyInstance) {
  defineRoute(app, depositAddress, async ({ params, request }) => {
    const { address } = await depositAddressFor(app.repos, app.deriveDepositAddress, {
      userId: sessionOf(request).userId,
      mid: BigInt(params.mid),
      currency: params.currency,
      chainCurrency: params.chainCurrency,
    });
    // What the deposit screen tells the user about when the transfer counts: the watcher's own depth.
    return { address, confirmations: params.chainCurrency === 'bnb' ? app.config.bscConfirmations : null };
  });
}
