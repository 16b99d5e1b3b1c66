import { depositAddress } from '@aidf/contract';
import type { FastifyInstance } from 'fastify';
import { depositAddressFor } from '../../domain/chain/deposit-address.ts';
import { sessionOf } from '../session-of.ts';
import { defineRoute } from './define-route.ts';

export async function chainRoutes(app: FastifyInstance) {
  defineRoute(app, depositAddress, ({ params, request }) =>
    depositAddressFor(app.repos, app.deriveDepositAddress, {
      userId: sessionOf(request).userId,
      mid: BigInt(params.mid),
      currency: params.currency,
      chainCurrency: params.chainCurrency,
    }),
  );
}
