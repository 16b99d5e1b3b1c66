import { z } from 'zod';
import { PROD_ID } from '../constants.ts';
import { defineEndpoint } from '../endpoint.ts';
import { ROUTES } from '../routes.ts';
import { safeString } from '../safe-string.ts';
import { ZChainCurrency, ZEmpty, ZIdString, ZText } from '../schemas.ts';
import { ZAuthenticatorCode } from './authenticator.ts';
import { ZUserInfo, ZWalletSignature } from './common.ts';

/** An address an SMTP server takes: zod's e-mail, with host labels that neither start nor end with '-'. */
export const ZEmail = safeString()
  .trim()
  .max(253)
  .email({
    pattern:
      /^(?!\.)(?!.*\.\.)[A-Za-z0-9_'+\-.]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/,
  });
const ZInviteCode = ZText(64, 0).nullish();

export const sendVerifyCode = defineEndpoint({
  ...ROUTES.sendVerifyCode,
  summary:
    "Send an e-mail code; data is the code id. 'bind-address' and 'address-book' (signed in) go only to the account's own e-mail",
  params: z.object({ receiver: ZEmail, bizType: z.enum(['message-login', 'bind-address', 'address-book']) }),
  data: z.string(),
});

export const ZCodeLogin = z.object({
  verifyCodeId: ZIdString,
  verifyCode: safeString().regex(/^\d{6}$/),
  inviteCode: ZInviteCode,
  prodId: z.number().int().min(1).max(2_147_483_647).default(PROD_ID),
});
export const ZPasswordLogin = z.object({
  loginName: ZText(254),
  loginPwd: ZText(128),
  inviteCode: ZInviteCode,
});

export const loginByMessage = defineEndpoint({
  ...ROUTES.loginByMessage,
  summary: 'Sign in by e-mail code or by login name and password; the token is the authorization header',
  params: z.object({ loginName: ZText(254) }),
  body: z.union([ZCodeLogin, ZPasswordLogin]),
  data: ZUserInfo,
});

export const addressLogin = defineEndpoint({
  ...ROUTES.addressLogin,
  summary: "Sign in with a wallet signature of 'Login-{timestamp}'",
  body: ZWalletSignature.extend({
    currency: ZChainCurrency,
    walletAddress: ZText(100),
    inviteCode: ZInviteCode,
  }),
  data: ZUserInfo,
});

export const forgetPassword = defineEndpoint({
  ...ROUTES.forgetPassword,
  summary:
    'Set or reset the password of the account bound to the signing wallet (buildResetPasswordSignText); signs in',
  body: ZWalletSignature.extend({
    newPassword: ZText(128),
    /** Needed for Solana, whose signatures do not reveal the signer; an EVM signer is recovered. */
    walletAddress: ZText(100).optional(),
    /** The authenticator's code (or a recovery code), once the account turned the authenticator on. */
    totpCode: ZAuthenticatorCode.optional(),
  }),
  data: ZUserInfo,
});

export const logout = defineEndpoint({
  ...ROUTES.logout,
  summary: 'Sign out: the session token is revoked',
  data: ZEmpty,
});
