import { z } from 'zod';
import { PROD_ID } from '../constants.ts';
import { defineEndpoint } from '../endpoint.ts';
import { ROUTES } from '../routes.ts';
import { ZChainCurrency, ZEmpty } from '../schemas.ts';
import { ZUserInfo, ZWalletSignature } from './common.ts';

export const ZEmail = z.string().trim().max(254).email();
const ZInviteCode = z.string().max(64).nullish();

export const sendVerifyCode = defineEndpoint({
  ...ROUTES.sendVerifyCode,
  summary:
    "Send an e-mail code; data is the code id. 'bind-address' (signed in) goes only to the account's own e-mail",
  params: z.object({ receiver: ZEmail, bizType: z.enum(['message-login', 'bind-address']) }),
  data: z.string(),
});

export const ZCodeLogin = z.object({
  verifyCodeId: z.string().min(1),
  verifyCode: z.string().regex(/^\d{6}$/),
  inviteCode: ZInviteCode,
  prodId: z.number().int().default(PROD_ID),
});
export const ZPasswordLogin = z.object({
  loginName: z.string().min(1).max(254),
  loginPwd: z.string().min(1).max(128),
  inviteCode: ZInviteCode,
});

export const loginByMessage = defineEndpoint({
  ...ROUTES.loginByMessage,
  summary: 'Sign in by e-mail code or by login name and password; the token is the authorization header',
  params: z.object({ loginName: z.string().min(1).max(254) }),
  body: z.union([ZCodeLogin, ZPasswordLogin]),
  data: ZUserInfo,
});

export const addressLogin = defineEndpoint({
  ...ROUTES.addressLogin,
  summary: "Sign in with a wallet signature of 'Login-{timestamp}'",
  body: ZWalletSignature.extend({
    currency: ZChainCurrency,
    walletAddress: z.string().min(1).max(100),
    inviteCode: ZInviteCode,
  }),
  data: ZUserInfo,
});

export const forgetPassword = defineEndpoint({
  ...ROUTES.forgetPassword,
  summary:
    "Set or reset the password of the account bound to the signing wallet ('resetPassword-{timestamp}'); signs in",
  body: ZWalletSignature.extend({
    newPassword: z.string().min(1).max(128),
    /** Needed for Solana, whose signatures do not reveal the signer; an EVM signer is recovered. */
    walletAddress: z.string().min(1).max(100).optional(),
  }),
  data: ZUserInfo,
});

export const logout = defineEndpoint({
  ...ROUTES.logout,
  summary: 'Sign out: the session token is revoked',
  data: ZEmpty,
});
