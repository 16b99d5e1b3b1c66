/**
 * The error catalogue: code → HTTP status → English message. The client shows `t('errors.<code>')`;
 * the message here is the server's `msg` and the English text.
 * SPEC.md point 8 codes first, then the project's own.
 */
export const ERROR_CATALOGUE = {
  1226: { status: 404, message: 'User does not exist' },
  1221: { status: 400, message: 'Password must be 8-20 characters with numbers and letters' },
  1119: { status: 400, message: 'Invitation code error' },
  1225: { status: 400, message: 'Invalid parameter' },
  10471: { status: 409, message: 'Invitation code already bound' },
  8752: { status: 409, message: 'There are unsubmitted tickets, please submit before replying' },
  8751: { status: 409, message: 'The ticket has not been replied to' },
  81002: { status: 403, message: 'The linked wallet address does not match the bound address' },
  81003: { status: 403, message: 'Please bind the address first' },
  9000: { status: 429, message: 'Exceeded the limit of attempts' },
  8770: { status: 409, message: 'Order amount must be at least the historical maximum amount' },
  81001: { status: 404, message: 'Referrer information does not exist' },
  81034: { status: 404, message: 'Network config not found' },
  81035: { status: 409, message: 'Contract balance insufficient' },
  // The project's own codes.
  // The treasury's pool of Solana deposit addresses is empty for the moment (domain/chain/solana-deposit-pool.ts).
  81036: { status: 503, message: 'No deposit address is ready right now: please try again in a minute' },
  // The treasury's settings (apps/server domain/treasury/treasury-settings.ts).
  81037: { status: 400, message: "The hot wallet's minimum cannot be above its maximum" },
  // Proof of reserves (apps/server domain/treasury/reserves-report.ts).
  81047: { status: 404, message: 'No proof of reserves has been published yet' },
  81048: {
    status: 404,
    message: 'Your account was opened after the latest proof of reserves: it is included from the next one',
  },
  // The treasury's sweeps, an operator's retry or skip (apps/server domain/treasury/sweep-actions.ts).
  81060: { status: 404, message: 'No such sweep' },
  81061: { status: 409, message: 'Only a held or failed sweep can be retried or skipped' },
  81062: { status: 409, message: 'A transaction of this sweep is still on its way: it cannot be skipped' },
  // Treasury funding: the transaction named is not what the operator says it is (domain/treasury/treasury-funding.ts).
  81063: {
    status: 400,
    message: 'The transaction is not a confirmed transfer of that amount and currency to the hot wallet',
  },
  // Treasury funding: the chain's RPC failed while the transaction was checked; nothing was booked.
  81064: { status: 503, message: 'The chain could not be read right now: nothing was booked, try again' },
  // Treasury funding: the transaction came from one of the platform's own addresses (cold to hot, deposit to hot).
  81070: {
    status: 409,
    message: "The transaction moved money between the platform's own addresses: an internal move books nothing",
  },
  // Treasury funding: a transfer of the transaction was credited already (a deposit, a miner payment): not new money.
  81071: { status: 409, message: 'This transfer was already credited: it is not new money and books nothing' },
  // Notifications and devices (apps/server domain/notifications).
  81100: {
    status: 400,
    message: 'The anti-phishing word must be 4 to 20 letters or digits, without spaces or punctuation',
  },
  81101: { status: 400, message: 'Only the e-mails of money events can be turned off' },
  81102: { status: 404, message: 'This device is not signed in to your account' },
  401: { status: 401, message: 'Please login first' },
  1227: { status: 400, message: 'The verification code is wrong or has expired' },
  1228: { status: 400, message: 'Wrong login name or password' },
  1229: { status: 400, message: 'Signature failed' },
  1230: { status: 409, message: 'Insufficient balance' },
  // Signed texts say what they authorise; a signature serves one request only.
  1231: { status: 400, message: 'The signed text does not match this request' },
  1232: { status: 409, message: 'This signature was already used for another request' },
  1233: { status: 400, message: 'The signed text names another site' },
  81004: { status: 409, message: 'This address is bound to another account' },
  81005: { status: 409, message: 'The address you sign in with cannot be unbound' },
  81006: { status: 409, message: 'An address is already bound for this currency' },
  81007: { status: 400, message: 'Current chain does not support this currency deposit' },
  81008: { status: 429, message: 'You can withdraw at most 2 times per day' },
  81009: { status: 400, message: 'The amount must be more than the fee' },
  81010: { status: 400, message: 'Invalid wallet address' },
  81011: { status: 400, message: 'Please enter a number between 1-1000000' },
  // Binding needs a factor the account already has; money waits after a security change.
  81012: { status: 403, message: 'Transfers and withdrawals are paused after a security change' },
  81013: { status: 403, message: 'Confirm with the signature of a wallet already bound to this account' },
  81014: { status: 403, message: "Confirm with a code sent to this account's e-mail" },
  // A withdrawal destination is checked strictly (apps/server domain/withdraw/destination.ts).
  81016: { status: 400, message: 'Wrong address checksum (upper/lower case): copy the address again' },
  81017: { status: 400, message: 'The zero address cannot receive a withdrawal' },
  81018: { status: 400, message: 'This is an address of the platform: withdraw to a wallet of your own' },
  // Withdrawal amount limits per currency (apps/server domain/withdraw/amount-limits.ts); msg names what is left.
  81080: { status: 429, message: "This amount is more than what is left of today's withdrawal limit" },
  81081: { status: 429, message: 'This amount is more than what is left of the withdrawal limit of 30 days' },
  // The withdrawal address book (apps/server domain/withdraw/address-book.ts).
  81082: { status: 400, message: 'The label must be 1 to 64 characters' },
  81083: {
    status: 403,
    message: 'Address book only is on: withdraw to a confirmed address of your address book',
  },
  81084: { status: 403, message: 'This address of your address book is still on hold' },
  81085: { status: 409, message: 'This address is already in your address book' },
  81086: { status: 404, message: 'This address is not in your address book' },
  81087: { status: 409, message: 'This address is already confirmed' },
  81088: { status: 409, message: 'Address book only is not on' },
  // The user's authenticator (apps/server domain/auth/authenticator.ts).
  81090: { status: 403, message: 'Enter the code of your authenticator app' },
  81091: { status: 403, message: 'The authenticator code is wrong, expired or already used' },
  81092: { status: 409, message: 'The authenticator is already on: turn it off first' },
  81093: { status: 409, message: 'The authenticator is not on' },
  // The e-mail change (apps/server domain/users/change-email.ts). 81114 is answered only to whoever proved the address.
  81114: { status: 409, message: 'This e-mail already belongs to another account: sign in with it, or choose another' },
  81115: { status: 400, message: 'This is already the e-mail of your account' },
  81020: { status: 429, message: "You have reached today's pledge limit" },
  81021: { status: 409, message: 'This signature was already used for another pledge' },
  // A month's statement (apps/server domain/assets/month-statement.ts).
  81110: { status: 400, message: 'Choose a month as year and month, for example 2026-05' },
  81111: { status: 400, message: 'That month has not begun yet: choose this month or an earlier one' },
  // Pledge auto-renew (apps/server domain/pledge/pledge-auto-renew.ts).
  81112: { status: 404, message: 'No running pledge of yours has this number' },
  81113: { status: 409, message: 'This pledge has reached its maturity day: its auto-renew can no longer change' },
  // The AI miner (apps/server domain/machine).
  81024: { status: 409, message: 'One of your machines is still running: buy the next one when it is out' },
  81025: { status: 409, message: 'This transaction was already offered for another order' },
  81026: { status: 409, message: 'This order is no longer awaiting payment' },
  81027: { status: 404, message: 'This machine is not on sale' },
  81028: { status: 400, message: 'Not a transaction id of BNB Smart Chain or Solana' },
  81029: { status: 409, message: 'You already have an order awaiting payment: pay or cancel it first' },
  // Payment hints are bounded per order (ORDER_HINTS_OPEN_MAX); per user per hour the limit answers 9000.
  81030: {
    status: 429,
    message: 'Too many transaction ids of this order are still waiting to be checked: wait until they are checked',
  },
  // Ticket images (apps/server domain/tickets/image-policy.ts has the limits).
  81040: { status: 400, message: 'Only PNG, JPEG or WebP images can be attached' },
  81041: { status: 413, message: 'The image is too large' },
  81042: { status: 400, message: 'At most 3 images can be attached' },
  81043: { status: 400, message: 'The image is empty or damaged' },
  81044: { status: 429, message: 'You have uploaded too many images, please try again tomorrow' },
  81046: { status: 413, message: 'The image has too many pixels (at most 8000 px a side and 40 megapixels)' },
  // The team.
  81045: { status: 404, message: 'This member is not in your team' },
  1404: { status: 404, message: 'Not found' },
  // The operator API (/ops/v1) only.
  403: { status: 403, message: 'Your operator role may not do this' },
  1403: { status: 403, message: 'A second, independent operator must approve this' },
  // Four eyes means two people (apps/server domain/operator/independence.ts): why this approver is not a second one.
  14031: {
    status: 403,
    message: 'This operator did not exist when it was proposed: only operators who did may approve it',
  },
  14032: { status: 403, message: "Its proposer created or approved this operator's account" },
  14033: { status: 403, message: "This operator created or approved its proposer's account" },
  14034: {
    status: 403,
    message:
      'This operator and its proposer were created by the same person (or both by the operator token): one person',
  },
  14035: { status: 403, message: 'An operator may not approve a change of their own role' },
  // A proposal nobody could ever approve is refused, not left open (domain/operator/approvers.ts).
  14036: {
    status: 409,
    message:
      'No other operator could approve this: until two admins have existed, create the second admin with the operator token: npm run operator -- add-operator <name> --role admin',
  },
  14037: {
    status: 409,
    message:
      'No enabled operator who could approve this exists (with the permission, independent of its proposer): propose it as another operator, or first add one who can approve it',
  },
  1409: { status: 409, message: 'This was already done' },
  1410: { status: 409, message: 'This proposal was withdrawn or has expired' },
  500: { status: 500, message: 'Server internal error' },
  // The database cannot be reached (restarting, failing over): nothing was changed; answered with Retry-After.
  503: { status: 503, message: 'The service is reconnecting: nothing was changed, please try again in a moment' },
} as const satisfies Record<number, { status: number; message: string }>;

export type TErrorCode = keyof typeof ERROR_CATALOGUE;
export function isErrorCode(code: number): code is TErrorCode {
  return Object.hasOwn(ERROR_CATALOGUE, code);
}
