import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { ROUTES } from '../routes.ts';
import { safeString } from '../safe-string.ts';
import { ZIdString, ZText, ZTimeMs, ZTimestampInput } from '../schemas.ts';
import { ZAuthenticatorCode } from './authenticator.ts';

/** The longest label of an address-book entry (a longer one answers 81082). */
export const ADDRESS_LABEL_MAX = 64;

/**
 * One address of the withdrawal address book: unconfirmed (waiting for the user's confirmation), held (confirmed,
 * usable from usableAt) or usable.
 */
export const ZAddressBookEntry = z.object({
  id: z.string(),
  chain: z.literal('bsc'),
  label: z.string(),
  address: z.string(),
  status: z.enum(['unconfirmed', 'held', 'usable']),
  usableAt: ZTimeMs.nullable(),
});
export type TAddressBookEntry = z.infer<typeof ZAddressBookEntry>;

/**
 * What confirms a change of the book: a code mailed to the account's own e-mail (sendVerifyCode 'address-book'), or
 * for an account without e-mail the bound wallet's signature of buildAddressBookSignText.
 */
export const ZAddressBookConfirmation = z.object({
  verifyCodeId: ZIdString.optional(),
  verifyCode: safeString()
    .regex(/^\d{6}$/)
    .optional(),
  sign: ZText(200).optional(),
  signContent: ZText(1000).optional(),
  timestamp: ZTimestampInput.optional(),
  /** The authenticator's code, required once the user turned the authenticator on. */
  totpCode: ZAuthenticatorCode.optional(),
});

/** 'Address book only': on, and when a turning-off confirmed earlier takes effect (null: not being turned off). */
export const ZAddressBookOnly = z.object({ on: z.boolean(), offAt: ZTimeMs.nullable() });

export const addressBook = defineEndpoint({
  ...ROUTES.addressBook,
  summary: "The user's withdrawal address book, its 'address book only' switch and how it confirms a change",
  data: z.object({
    entries: z.array(ZAddressBookEntry),
    only: ZAddressBookOnly,
    /** The security hold after a confirmation, in hours (withdraw.addressBookHoldHours, default 24). */
    holdHours: z.number(),
    /** 'email': a code mailed to the account's e-mail confirms; 'wallet': the bound wallet signs. */
    confirmWith: z.enum(['email', 'wallet']),
  }),
});

export const addressBookAdd = defineEndpoint({
  ...ROUTES.addressBookAdd,
  summary: 'Adds an address to the book, unconfirmed; 81082 for a label not 1-64 characters, 81085 if already in it',
  body: z.object({
    chain: z.literal('bsc'),
    label: ZText(1000, 0),
    address: ZText(100),
    totpCode: ZAuthenticatorCode.optional(),
  }),
  data: ZAddressBookEntry,
});

export const addressBookConfirm = defineEndpoint({
  ...ROUTES.addressBookConfirm,
  summary: 'Confirms an entry with an e-mail code or a wallet signature; usable after the security hold',
  params: z.object({ id: ZIdString }),
  body: ZAddressBookConfirmation,
  data: ZAddressBookEntry,
});

export const addressBookRemove = defineEndpoint({
  ...ROUTES.addressBookRemove,
  summary: 'Removes an address from the book',
  params: z.object({ id: ZIdString }),
  data: z.object({ id: z.string() }),
});

export const addressBookOnly = defineEndpoint({
  ...ROUTES.addressBookOnly,
  summary:
    "Turns 'address book only' on at once, or off after the same confirmation and security hold as a new address",
  body: ZAddressBookConfirmation.extend({ on: z.boolean() }),
  data: ZAddressBookOnly,
});
