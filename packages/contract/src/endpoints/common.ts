import { z } from 'zod';
import { ZChainCurrency, ZIdString, ZText, ZTimestampInput } from '../schemas.ts';

/** The wallet-signature fields every signed action carries (SPEC.md point 3). */
export const ZWalletSignature = z.object({
  sign: ZText(200),
  /** '{prefix}{ms}', or for transfer, withdrawal and password reset a few lines that end with it. */
  signContent: ZText(1000),
  timestamp: ZTimestampInput,
});

/** userInfo of SPEC.md point 3: mid, inviteAddress (the inviter's invite code, or null), username. */
export const ZUserInfo = z.object({
  mid: z.string(),
  username: z.string(),
  inviteAddress: z.string().nullable(),
  walletAddress: z.string().nullable(),
  chainCurrency: ZChainCurrency.nullable(),
  email: z.string().nullable(),
  hasPassword: z.boolean(),
  /** Until when (ms) transfers and withdrawals are paused after a security change; null when they are not. */
  securityHoldUntil: z.number().int().nullable(),
});
export type TUserInfo = z.infer<typeof ZUserInfo>;

export const ZMidParams = z.object({ mid: ZIdString });
