/**
 * What a user is told of in the inbox (docs/user-guide.md "Inbox"), by kind. `money`: an e-mail too, which the
 * user may turn off per kind; `security`: an e-mail always (no opt-out: a change the owner did not make must
 * reach them); `inbox`: the inbox only.
 */
export const NOTIFICATION_KINDS = {
  'deposit-credited': 'money',
  'withdrawal-sent': 'money',
  'withdrawal-arrived': 'money',
  'withdrawal-refunded': 'money',
  'withdrawal-awaiting-funds': 'money',
  'transfer-received': 'money',
  'pledge-matured': 'money',
  'pledge-renewed': 'money',
  'machine-paid': 'money',
  'machine-expired': 'money',
  'daily-bonuses': 'money',
  'ticket-replied': 'inbox',
  'new-device': 'security',
  'new-wallet': 'security',
  password: 'security',
  authenticator: 'security',
  'address-book': 'security',
  email: 'security',
} as const;

export type NotificationKind = keyof typeof NOTIFICATION_KINDS;

export const NOTIFICATION_KIND_LIST = Object.keys(NOTIFICATION_KINDS) as NotificationKind[];

/** The kinds whose e-mail a user may turn off: the money kinds. */
export const EMAIL_OPT_OUT_KINDS = NOTIFICATION_KIND_LIST.filter((kind) => NOTIFICATION_KINDS[kind] === 'money');

/**
 * The anti-phishing word: 4 to 20 letters or digits of any script (no spaces, no punctuation), so that it reads
 * the same in every e-mail and cannot carry a link or markup.
 */
export const ANTI_PHISHING_WORD = /^[\p{L}\p{N}]{4,20}$/u;
