import type { AttemptCharge } from './attempts.ts';

/**
 * How often one client (IP) and one account may try. A client has its own budget on an account, and the
 * account's budget over all clients is higher, so one client cannot lock a victim out; windows are short so
 * a lock-out by many clients ends soon after they stop. docs/api.md "Attempt limits" explains the numbers.
 */
interface Policy {
  windowMs: number;
  perIp: number;
  /** Per (account, IP): what one client may spend on one account. */
  perAccountAndIp?: number;
  /** Per account over all clients. */
  perAccount?: number;
}

export const POLICIES = {
  /** RULES.md: 5 password failures per 15 minutes per IP; per login name 20 over all IPs (not 5: see docs/api.md). */
  passwordFailure: { windowMs: 15 * 60_000, perIp: 5, perAccount: 20 },
  /** A user's authenticator codes, failures only: like the password's (a 6-digit code is guessable with many tries). */
  authenticatorFailure: { windowMs: 15 * 60_000, perIp: 5, perAccount: 20 },
  /** Wallet sign-in (each success opens a session, a first one creates an account). */
  signIn: { windowMs: 60_000, perIp: 60, perAccountAndIp: 10, perAccount: 30 },
  /** E-mail codes: on top of RULES.md's 60 s and 10 per e-mail per hour (email-login.ts). */
  codeRequest: { windowMs: 60 * 60_000, perIp: 20, perAccountAndIp: 5 },
  /**
   * Operators' sign-in, failures only: 5 per (name, client) and 10 per client, never per name over all clients
   * (anyone could lock an operator out). A password of 120 random bits and a TOTP code leave nothing to guess;
   * a client filling a budget is alerted on instead (domain/operator/accounts.ts).
   */
  operatorLogin: { windowMs: 15 * 60_000, perIp: 10, perAccountAndIp: 5 },
  /** The inviter lookup before sign-in (no account): a person asks once per name typed, a prober thousands. */
  inviteLookup: { windowMs: 60_000, perIp: 30 },
  /** Transfer recipient lookups, per signed-in user: a person types a few names, a script listing users many. */
  recipientLookup: { windowMs: 60_000, perIp: 60, perAccount: 20 },
} as const satisfies Record<string, Policy>;

export type PolicyName = keyof typeof POLICIES;

/** The counters one attempt of `name` by `ip` on `account` takes. */
export function chargeOf(name: PolicyName, ip: string, account: string): AttemptCharge {
  const p: Policy = POLICIES[name];
  const limit = (what: string, max: number) => ({ scope: `${name}:${what}`, max, windowMs: p.windowMs });
  return [
    { limit: limit('ip', p.perIp), key: ip },
    ...(p.perAccountAndIp ? [{ limit: limit('account-ip', p.perAccountAndIp), key: `${account} ${ip}` }] : []),
    ...(p.perAccount ? [{ limit: limit('account', p.perAccount), key: account }] : []),
  ];
}
