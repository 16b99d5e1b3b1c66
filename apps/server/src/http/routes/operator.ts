import { timingSafeEqual } from 'node:crypto';
import { SUBMODES, SUCCESS_CODE, ZCurrency, ZDecimalString, ZIdString, ZSubmode } from '@aidf/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { chainStatus } from '../../domain/chain/chain-status.ts';
import { AppError } from '../../domain/errors.ts';
import { checkLedger } from '../../domain/ledger/check.ts';
import { creditUser } from '../../domain/operator/credit.ts';
import { refundHeldPayout, retryHeldPayout } from '../../domain/withdraw/held-payout.ts';

const ZCredit = z.object({
  username: z.string().min(1).max(64),
  currency: ZCurrency,
  submode: ZSubmode.default(SUBMODES.normal),
  amount: ZDecimalString,
  reason: z.string().trim().min(1).max(500),
  requestId: z.string().min(8).max(100).optional(),
});

const ZHeldPayout = z.object({ reason: z.string().trim().min(1).max(500) });
const ZWithdrawalId = z.object({ id: ZIdString });

/** The operator API under /ops/v1 (not the user's client): `authorization: Bearer <OPERATOR_TOKEN>`. */
export async function operatorRoutes(app: FastifyInstance) {
  const expected = Buffer.from(`Bearer ${app.config.operatorToken}`);
  const operatorOnly = async (request: FastifyRequest) => {
    const given = Buffer.from(String(request.headers.authorization ?? ''));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new AppError(401);
  };
  const operatorName = (request: FastifyRequest) => String(request.headers['x-operator'] ?? 'operator').slice(0, 64);
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/ops/v1/credit',
    { preHandler: operatorOnly, schema: { body: ZCredit, hide: true } },
    async (request) => {
      const result = await creditUser(app.repos, { ...request.body, operator: operatorName(request) });
      return {
        code: SUCCESS_CODE,
        msg: 'success',
        data: { movementId: result.movementId.toString(), replayed: result.replayed, username: result.username },
      };
    },
  );

  // Held payouts (README "Held payouts"): back to the worker, or refunded when it can never be paid.
  routes.post(
    '/ops/v1/payouts/:id/retry',
    { preHandler: operatorOnly, schema: { params: ZWithdrawalId, body: ZHeldPayout, hide: true } },
    async (request) => ({
      code: SUCCESS_CODE,
      msg: 'success',
      data: await retryHeldPayout(app.repos, {
        operator: operatorName(request),
        withdrawalId: BigInt(request.params.id),
        reason: request.body.reason,
      }),
    }),
  );

  routes.post(
    '/ops/v1/payouts/:id/refund',
    { preHandler: operatorOnly, schema: { params: ZWithdrawalId, body: ZHeldPayout, hide: true } },
    async (request) => ({
      code: SUCCESS_CODE,
      msg: 'success',
      data: await refundHeldPayout(app.repos, app.chains.bsc?.payouts ?? null, app.chains.bsc?.confirmations ?? 0, {
        operator: operatorName(request),
        withdrawalId: BigInt(request.params.id),
        reason: request.body.reason,
      }),
    }),
  );

  routes.get('/ops/v1/chain/status', { preHandler: operatorOnly, schema: { hide: true } }, async () => ({
    code: SUCCESS_CODE,
    msg: 'success',
    data: await chainStatus(app.repos, app.chains),
  }));

  routes.get('/ops/v1/ledger/check', { preHandler: operatorOnly, schema: { hide: true } }, async () => ({
    code: SUCCESS_CODE,
    msg: 'success',
    data: await checkLedger(app.repos),
  }));
}
