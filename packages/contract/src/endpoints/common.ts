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

/**
 * Ours: a receipt's on-chain leg, its confirmations: blocks (Solana: slots) on top of its block at the newest head the
 * chain watchers saw (null while its block is not known), and whether that is past the depth the platform waits for.
 */
export const ZLegConfirmations = z.object({
  confirmations: z.number().int().min(0).nullable(),
  confirmed: z.boolean(),
});

export const ZMidParams = z.object({ mid: ZIdString });
