import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { ROUTES } from '../routes.ts';
import { pageOf, ZChainCurrency, ZCurrency, ZEmpty, ZIdString, ZText, ZTimeMs } from '../schemas.ts';
import { ZMidParams, ZUserInfo, ZWalletSignature } from './common.ts';

export const getFollowedInvite = defineEndpoint({
  ...ROUTES.getFollowedInvite,
  summary: "The bound inviter's code, or '1' (no inviter) or '2' (unknown user)",
  params: z.object({ prodId: ZIdString, loginName: ZText(254) }),
  data: z.string(),
});

export const getUser = defineEndpoint({
  ...ROUTES.getUser,
  summary: 'User info',
  params: ZMidParams,
  data: ZUserInfo,
});

const ZAddressChange = ZWalletSignature.extend({
  currency: ZChainCurrency,
  walletAddress: ZText(100).optional(),
});

/**
 * Issue 9 point 1: a bind is confirmed by a factor the account already has. An account with a bound wallet
 * sends that wallet's signature of the same 'bindAddress-{timestamp}' text (authSign, authSignContent); an
 * account without one sends a 'bind-address' code mailed to its own e-mail (verifyCodeId, verifyCode).
 */
export const ZBindAddress = ZAddressChange.extend({
  authSign: ZText(200).optional(),
  authSignContent: ZText(100).optional(),
  verifyCodeId: ZIdString.optional(),
  verifyCode: z
    .string()
    .regex(/^\d{6}$/)
    .optional(),
});

export const bindAddress = defineEndpoint({
  ...ROUTES.bindAddress,
  summary:
    "Bind a wallet address with a signature of 'bindAddress-{timestamp}', confirmed by a bound wallet or an e-mail code",
  body: ZBindAddress,
  data: ZEmpty,
});

export const unBindAddress = defineEndpoint({
  ...ROUTES.unBindAddress,
  summary: "Unbind a wallet address with a signature of 'unbindAddress-{timestamp}'",
  body: ZAddressChange,
  data: ZEmpty,
});

export const ZBoundAddress = z.object({ currency: ZCurrency, walletAddress: z.string() });

export const cowUserIndex = defineEndpoint({
  ...ROUTES.cowUserIndex,
  summary: 'The user index with the bound addresses',
  data: z.object({ bindAddress: z.array(ZBoundAddress) }),
});

export const cowHomeUser = defineEndpoint({
  ...ROUTES.cowHomeUser,
  summary: 'The home user: invite code, inviter and star level',
  data: z.object({
    username: z.string(),
    inviteCode: z.string(),
    inviterCode: z.string().nullable(),
    starLevel: z.number().int().min(0).max(7),
  }),
});

export const register = defineEndpoint({
  ...ROUTES.register,
  summary: 'Bind an inviter by invite code, once',
  body: z.object({ inviteCode: ZText(64) }),
  data: ZEmpty,
});

export const team = defineEndpoint({
  ...ROUTES.team,
  summary: 'Direct invitees and team performance',
  data: pageOf(
    z.object({ username: z.string(), starLevel: z.number().int(), performance: z.string(), joinedAt: ZTimeMs }),
  ).extend({ starLevel: z.number().int(), teamPerformance: z.string() }),
});
