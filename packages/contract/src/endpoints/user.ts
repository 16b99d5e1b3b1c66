import { z } from 'zod';
import { ZChainCurrency, ZCurrency } from '../currencies.ts';
import { defineEndpoint } from '../endpoint.ts';
import { ZEmpty, ZTimeMs, pageOf } from '../schemas.ts';
import { ZMidParams, ZUserInfo, ZWalletSignature } from './common.ts';

export const getFollowedInvite = defineEndpoint({
  method: 'GET',
  path: '/v1/ma/user/followed/invite/{prodId}/{loginName}',
  auth: false,
  summary: "The bound inviter's code, or '1' (no inviter) or '2' (unknown user)",
  params: z.object({ prodId: z.string().regex(/^\d+$/), loginName: z.string().min(1).max(254) }),
  data: z.string(),
});

export const getUser = defineEndpoint({
  method: 'GET',
  path: '/v1/ma/user/{mid}',
  auth: true,
  summary: 'User info',
  params: ZMidParams,
  data: ZUserInfo,
});

const ZAddressChange = ZWalletSignature.extend({
  currency: ZChainCurrency,
  walletAddress: z.string().min(1).max(100).optional(),
});

export const bindAddress = defineEndpoint({
  method: 'POST',
  path: '/v1/ma/user/bindAddress',
  auth: true,
  summary: "Bind a wallet address with a signature of 'bindAddress-{timestamp}'",
  body: ZAddressChange,
  data: ZEmpty,
});

export const unBindAddress = defineEndpoint({
  method: 'POST',
  path: '/v1/ma/user/unBindAddress',
  auth: true,
  summary: "Unbind a wallet address with a signature of 'unbindAddress-{timestamp}'",
  body: ZAddressChange,
  data: ZEmpty,
});

export const ZBoundAddress = z.object({ currency: ZCurrency, walletAddress: z.string() });

export const cowUserIndex = defineEndpoint({
  method: 'POST',
  path: '/v1/cow/user/index',
  auth: true,
  summary: 'The user index with the bound addresses',
  data: z.object({ bindAddress: z.array(ZBoundAddress) }),
});

export const cowHomeUser = defineEndpoint({
  method: 'POST',
  path: '/v1/cow/home/user',
  auth: true,
  summary: 'The home user: invite code, inviter and star level',
  data: z.object({
    username: z.string(),
    inviteCode: z.string(),
    inviterCode: z.string().nullable(),
    starLevel: z.number().int().min(0).max(7),
  }),
});

export const register = defineEndpoint({
  method: 'POST',
  path: '/v1/cow/home/register',
  auth: true,
  summary: 'Bind an inviter by invite code, once',
  body: z.object({ inviteCode: z.string().min(1).max(64) }),
  data: ZEmpty,
});

export const team = defineEndpoint({
  method: 'GET',
  path: '/v1/cow/user/child',
  auth: true,
  summary: 'Direct invitees and team performance',
  data: pageOf(
    z.object({ username: z.string(), starLevel: z.number().int(), performance: z.string(), joinedAt: ZTimeMs }),
  ).extend({ starLevel: z.number().int(), teamPerformance: z.string() }),
});
