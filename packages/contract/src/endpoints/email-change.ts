import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { ROUTES } from '../routes.ts';
import { safeString } from '../safe-string.ts';
import { ZIdString, ZText, ZTimestampInput } from '../schemas.ts';
import { ZEmail } from './auth.ts';
import { ZAuthenticatorCode } from './authenticator.ts';
import { ZUserInfo } from './common.ts';

const ZSixDigits = safeString().regex(/^\d{6}$/);

export const emailChangeCode = defineEndpoint({
  ...ROUTES.emailChangeCode,
  summary:
    "Mails a code for an e-mail change: to the new address ('new'; 81115 when it is the account's own), or to the account's current address ('current', for an account without a bound wallet: 81013 otherwise, 81014 for another address); answers the code's id",
  body: z.object({ email: ZEmail, to: z.enum(['new', 'current']) }),
  data: z.string(),
});

/**
 * What changes the e-mail: the code mailed to the new address; the proof of the account's owner (the bound wallet's
 * signature of buildChangeEmailSignText, or for an account without a bound wallet the code mailed to its current
 * address); the authenticator's code once it is on.
 */
export const ZEmailChange = z.object({
  email: ZEmail,
  verifyCodeId: ZIdString,
  verifyCode: ZSixDigits,
  ownerCodeId: ZIdString.optional(),
  ownerCode: ZSixDigits.optional(),
  sign: ZText(200).optional(),
  signContent: ZText(1000).optional(),
  timestamp: ZTimestampInput.optional(),
  totpCode: ZAuthenticatorCode.optional(),
});
export type TEmailChange = z.infer<typeof ZEmailChange>;

export const emailChange = defineEndpoint({
  ...ROUTES.emailChange,
  summary:
    "Changes (or adds) the account's e-mail: 1227 for a wrong code, 81114 when the proven address belongs to another account, 81090/81091 for the authenticator; the old address is told, and outgoing money is held as after a password change",
  body: ZEmailChange,
  data: ZUserInfo,
});
