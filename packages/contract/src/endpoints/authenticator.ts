import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { ROUTES } from '../routes.ts';
import { safeString } from '../safe-string.ts';

/** An authenticator code (6 digits) or a recovery code ('ABCDE-FGHIJ'), where an action needs one. */
export const ZAuthenticatorCode = safeString().max(20);

const ZAuthenticatorState = z.object({ enabled: z.boolean(), recoveryCodesLeft: z.number().int() });

export const authenticator = defineEndpoint({
  ...ROUTES.authenticator,
  summary: "Whether the user's authenticator is on, and how many recovery codes are left",
  data: ZAuthenticatorState,
});

export const authenticatorSetup = defineEndpoint({
  ...ROUTES.authenticatorSetup,
  summary: 'A new TOTP secret and its otpauth URI for the QR code (81092 when on already); shown only here',
  data: z.object({ secret: z.string(), otpauthUri: z.string() }),
});

export const authenticatorEnable = defineEndpoint({
  ...ROUTES.authenticatorEnable,
  summary: "Turns the authenticator on with one code of the set-up's secret; answers ten recovery codes, shown once",
  body: z.object({ code: ZAuthenticatorCode }),
  data: z.object({ recoveryCodes: z.array(z.string()) }),
});

export const authenticatorDisable = defineEndpoint({
  ...ROUTES.authenticatorDisable,
  summary: 'Turns the authenticator off with one of its codes or a recovery code',
  body: z.object({ code: ZAuthenticatorCode }),
  data: ZAuthenticatorState,
});
