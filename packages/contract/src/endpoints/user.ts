import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { ROUTES } from '../routes.ts';
import { safeString } from '../safe-string.ts';
import { pageOf, ZChainCurrency, ZCurrency, ZDecimalString, ZEmpty, ZIdString, ZText, ZTimeMs } from '../schemas.ts';
import { TEAM_BONUS_TYPES } from '../transaction-types.ts';
import { ZMidParams, ZUserInfo, ZWalletSignature } from './common.ts';

export const getFollowedInvite = defineEndpoint({
  ...ROUTES.getFollowedInvite,
  summary: "The bound inviter's code, or '1' (no inviter) or '2' (unknown user); an e-mail always answers '1'",
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
 * A bind is confirmed by a factor the account already has. An account with a bound wallet
 * sends that wallet's signature of the same 'bindAddress-{timestamp}' text (authSign, authSignContent); an
 * account without one sends a 'bind-address' code mailed to its own e-mail (verifyCodeId, verifyCode).
 */
export const ZBindAddress = ZAddressChange.extend({
  authSign: ZText(200).optional(),
  authSignContent: ZText(100).optional(),
  verifyCodeId: ZIdString.optional(),
  verifyCode: safeString()
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

export const ZTeamBonusType = z.enum(TEAM_BONUS_TYPES);

/** The team of the caller, or of a member of it (`of`, a username in the caller's downline; 81045 else). */
export const team = defineEndpoint({
  ...ROUTES.team,
  summary: 'The team: star level and what the next one lacks, direct invitees (a page), income by bonus type',
  query: z.object({
    of: ZText(64).optional(),
    pageNum: safeString()
      .regex(/^[1-9]\d{0,5}$/)
      .transform(Number)
      .optional(),
    pageSize: safeString()
      .regex(/^(?:[1-9]\d?|100)$/)
      .transform(Number)
      .optional(),
  }),
  data: pageOf(
    z.object({
      username: z.string(),
      starLevel: z.number().int(),
      /** The member's team volume (AIDF worth bought by its downline). */
      performance: ZDecimalString,
      /** What the member bought himself. */
      ownVolume: ZDecimalString,
      directCount: z.number().int().nonnegative(),
      joinedAt: ZTimeMs,
    }),
  ).extend({
    /** Whose team this is (the caller's username, or the member of `of`). */
    username: z.string(),
    starLevel: z.number().int().min(0).max(7),
    teamPerformance: ZDecimalString,
    /** The currency of every volume here (WORTH_CURRENCY: volume is machine worth bought). */
    volumeCurrency: ZCurrency,
    directCount: z.number().int().nonnegative(),
    teamSize: z.number().int().nonnegative(),
    /** The next level and what it lacks; null at level 7. */
    next: z
      .object({
        level: z.number().int().min(1).max(7),
        volumeNeeded: ZDecimalString,
        directNeeded: z.number().int().nonnegative(),
        volumeMissing: ZDecimalString,
        directMissing: z.number().int().nonnegative(),
      })
      .nullable(),
    /** The caller's own earnings from the team, by bonus type (always the caller's, also when looking down). */
    income: z.array(z.object({ type: ZTeamBonusType, amount: ZDecimalString })),
  }),
});
