import { AMOUNT_TEXT } from './amount-format.ts';
import { CHAINS } from './currencies.ts';

/**
 * Wallet sign messages end with '{prefix}{ms timestamp}' (SPEC.md point 7, RULES.md "Sign-in and sessions").
 * The first four prefixes come from SPEC.md and are the whole message; the others are ours and end a
 * readable text that says what the signature authorises.
 */
export const SIGN_PREFIXES = {
  login: 'Login-',
  bindAddress: 'bindAddress-',
  unbindAddress: 'unbindAddress-',
  pledge: 'pledge-',
  transfer: 'transfer-',
  withdraw: 'withdraw-',
  resetPassword: 'resetPassword-',
  addressBook: 'addressBook-',
  changeEmail: 'changeEmail-',
} as const;
export type TSignAction = keyof typeof SIGN_PREFIXES;
/** SPEC.md's actions, whose whole message is '{prefix}{ms}'. */
export type TSpecSignAction = 'login' | 'bindAddress' | 'unbindAddress' | 'pledge';

export function buildSignContent(action: TSpecSignAction, timestampMs: number): string {
  return `${SIGN_PREFIXES[action]}${timestampMs}`;
}

/** Reads a '{prefix}{ms}' message back; null when it is not exactly one of ours. */
export function parseSignContent(text: string): { action: TSignAction; timestampMs: number } | null {
  for (const [action, prefix] of Object.entries(SIGN_PREFIXES) as [TSignAction, string][]) {
    if (!text.startsWith(prefix)) continue;
    const digits = text.slice(prefix.length);
    if (!/^[1-9]\d{0,15}$/.test(digits)) return null;
    const timestampMs = Number(digits);
    return Number.isSafeInteger(timestampMs) ? { action, timestampMs } : null;
  }
  return null;
}

/**
 * The canonical text of an amount, as the server's Money prints it (`moneyString`): no trailing zeros, no
 * trailing point. String work only, so the web app needs no decimal library. Throws on a non-amount, which
 * callers have refused before.
 */
export function canonicalAmountText(amount: string): string {
  if (!AMOUNT_TEXT.test(amount)) throw new Error(`not an amount: ${amount}`);
  return amount.includes('.') ? amount.replace(/0+$/, '').replace(/\.$/, '') : amount;
}

/** A receiving username as the server looks it up. */
export function canonicalUsername(username: string): string {
  return username.trim().toLowerCase();
}

/** Where the signature may be used, what it does, and the '{prefix}{ms}' line the server also reads. */
function signedText(host: string, what: string, action: TSignAction, timestampMs: number): string {
  return `${host} asks you to sign:\n${what}\n${SIGN_PREFIXES[action]}${timestampMs}`;
}

export interface TransferSignFields {
  /** The site's host as the browser shows it (`location.host`), such as 'aidf.example' or '127.0.0.1:8080'. */
  host: string;
  amount: string;
  currency: string;
  username: string;
  timestampMs: number;
}

/**
 * 'host asks you to sign:\nTransfer 12.5 USDT to alice\ntransfer-{ms}'. English only and deterministic: the
 * server rebuilds it from the request and refuses any difference, so it never depends on the UI language.
 */
export function buildTransferSignText(f: TransferSignFields): string {
  const what = `Transfer ${canonicalAmountText(f.amount)} ${f.currency.toUpperCase()} to ${canonicalUsername(f.username)}`;
  return signedText(f.host, what, 'transfer', f.timestampMs);
}

export interface WithdrawSignFields {
  host: string;
  amount: string;
  currency: string;
  /** The destination as sent in the request, so the wallet shows what the user typed or pasted. */
  address: string;
  timestampMs: number;
}

/** 'host asks you to sign:\nWithdraw 30 COW to 0x… on BNB Smart Chain\nwithdraw-{ms}'. */
export function buildWithdrawSignText(f: WithdrawSignFields): string {
  const what = `Withdraw ${canonicalAmountText(f.amount)} ${f.currency.toUpperCase()} to ${f.address} on ${CHAINS.bsc.name}`;
  return signedText(f.host, what, 'withdraw', f.timestampMs);
}

/**
 * 'host asks you to sign:\nReset the password of the account bound to this wallet\nresetPassword-{ms}'. The
 * signer's wallet names the account: a signed-out user may not know its username.
 */
export function buildResetPasswordSignText(f: { host: string; timestampMs: number }): string {
  return signedText(f.host, 'Reset the password of the account bound to this wallet', 'resetPassword', f.timestampMs);
}

/**
 * A change of the withdrawal address book confirmed by a wallet (an account without e-mail): adding an address
 * ('host asks you to sign:\nAdd 0x… to your withdrawal address book on BNB Smart Chain\naddressBook-{ms}') or
 * turning 'address book only' off.
 */
export function buildAddressBookSignText(
  f: { host: string; timestampMs: number } & ({ change: 'add'; address: string } | { change: 'only-off' }),
): string {
  const what =
    f.change === 'add'
      ? `Add ${f.address} to your withdrawal address book on ${CHAINS.bsc.name}`
      : 'Allow withdrawals to addresses outside your address book';
  return signedText(f.host, what, 'addressBook', f.timestampMs);
}

/**
 * An e-mail change (or an added e-mail) confirmed by the account's bound wallet:
 * 'host asks you to sign:\nMake new@example.com the e-mail of your account\nchangeEmail-{ms}'.
 */
export function buildChangeEmailSignText(f: { host: string; timestampMs: number; email: string }): string {
  return signedText(f.host, `Make ${f.email} the e-mail of your account`, 'changeEmail', f.timestampMs);
}

/** The host a descriptive text names on its first line, for a clear refusal; null for any other text. */
export function signedTextHost(text: string): string | null {
  const match = /^(.+) asks you to sign:\n/.exec(text);
  return match?.[1] ?? null;
}
