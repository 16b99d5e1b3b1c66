import { addressLogin, sendVerifyCode, type TChainCurrency, toFastifyPath } from '@aidf/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { normalizeEmail } from '../../domain/auth/email-login.ts';
import { canonicalAddress } from '../../domain/auth/wallet-signature.ts';
import { reserveAttempt } from '../../domain/limits/attempts.ts';
import { chargeOf, type PolicyName } from '../../domain/limits/policies.ts';

/**
 * The limited calls, each with the account its attempt is counted on. Password sign-in counts failures
 * only, so its limit is in passwordLogin; an e-mail code's own tries are counted on the code.
 */
const LIMITED: Record<string, { policy: PolicyName; account: (request: FastifyRequest) => string }> = {
  [toFastifyPath(addressLogin.path)]: {
    policy: 'signIn',
    account: (request) => {
      const { currency, walletAddress } = request.body as { currency: TChainCurrency; walletAddress: string };
      return `${currency}:${canonicalAddress(currency, walletAddress) ?? walletAddress}`;
    },
  },
  [toFastifyPath(sendVerifyCode.path)]: {
    policy: 'codeRequest',
    account: (request) => normalizeEmail((request.params as { receiver: string }).receiver),
  },
};

/**
 * Counts every valid call of a limited endpoint per client IP and per account (HTTP 429, code 9000, beyond
 * the limit), in the database so the limit holds over all instances. Runs after validation, so the account
 * is known; request.ip follows TRUST_PROXY.
 */
export const attemptLimits = fp(async (app: FastifyInstance) => {
  app.addHook('preHandler', async (request) => {
    const limited = request.routeOptions.url ? LIMITED[request.routeOptions.url] : undefined;
    if (!limited || request.method !== 'POST') return;
    await reserveAttempt(app.repos, chargeOf(limited.policy, request.ip, limited.account(request)));
  });
});
