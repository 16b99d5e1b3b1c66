import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { Repositories } from '../../db/repositories/index.ts';
import { hashPassword, verifyNobody, verifyPassword } from '../auth/password.ts';
import { hashToken, tokenHashOf } from '../auth/sessions.ts';
import { AppError } from '../errors.ts';
import { reserveAttempt } from '../limits/attempts.ts';
import { chargeOf } from '../limits/policies.ts';
import type { OperatorActor, OperatorRole } from './roles.ts';

/** The audit action (and /metrics gauge) of a client filling its sign-in budget on an operator name. */
export const LOGIN_ALERT = 'login-alert';
/** An operator session ends 12 hours after sign-in (a working day), without sliding. */
export const OPERATOR_SESSION_MS = 12 * 60 * 60_000;
const TOTP_PERIOD = 30;

function totpOf(secret: string, username: string) {
  // RFC 6238 defaults every authenticator app understands: SHA-1, 6 digits, 30 seconds.
  return new TOTP({ issuer: 'AIDF', label: username, secret: Secret.fromBase32(secret), period: TOTP_PERIOD });
}

/** The time step `code` belongs to (the current one or a neighbour, for clocks a little off), or null. */
function totpStep(secret: string, username: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secret, username).validate({ token: code, timestamp: now.getTime(), window: 1 });
  return delta === null ? null : Math.floor(now.getTime() / 1000 / TOTP_PERIOD) + delta;
}

/** A new account's one-time password and TOTP secret, shown once to whoever makes the account. */
export async function newCredentials(username: string) {
  const password = randomBytes(15).toString('base64url');
  const totpSecret = new Secret({ size: 20 }).base32;
  return {
    password,
    totpSecret,
    passwordHash: await hashPassword(password),
    otpauthUri: totpOf(totpSecret, username).toString(),
  };
}

/**
 * What sign-in and enrolment both do first: the attempt counted per client and per (name, client) before the
 * slow hash (as users' sign-in, so parallel guesses cannot all pass one count, and a client spends only its
 * own budget: nobody locks an operator out for everyone), then the one slow hash, also for an unknown or
 * disabled name. Beyond a budget the answer is 9000 before any lookup, the same for every name. `refuse` answers
 * the 1228 to throw and, when this failure filled a budget, alerts (an audit row, the /metrics gauge).
 */
async function passwordStep(repos: Repositories, input: { username: string; password: string; ip: string }, now: Date) {
  const username = input.username.trim().toLowerCase();
  const attempt = await reserveAttempt(repos, chargeOf('operatorLogin', input.ip, username), now);
  const found = await repos.operators.byUsername(username);
  const op = found?.disabledAt ? null : found;
  const passwordOk = op ? await verifyPassword(input.password, op.passwordHash) : await verifyNobody(input.password);
  const refuse = async () => {
    if (attempt.filled) {
      await repos.operatorActions.record({
        actor: { name: 'sign-in', role: 'system', ip: input.ip },
        action: LOGIN_ALERT,
        target: `operator:${username}`,
        after: { failures: attempt.filled.count, within: attempt.filled.scope },
        reason: 'repeated failed operator sign-ins from one client address',
      });
    }
    return new AppError(1228);
  };
  return { username, attempt, op, passwordOk, refuse };
}

/** POST /ops/v1/auth/login: the TOTP code checked after the password; see passwordStep for the failures. */
export async function operatorLogin(
  repos: Repositories,
  input: { username: string; password: string; totp: string; ip: string; now?: Date },
): Promise<{ token: string; role: OperatorRole; username: string; expiresAt: Date }> {
  const now = input.now ?? new Date();
  const { username, attempt, op, passwordOk, refuse } = await passwordStep(repos, input, now);
  const step = op && passwordOk ? totpStep(op.totpSecret, op.username, input.totp, now) : null;
  if (!op || step === null || (op.totpLastStep !== null && step <= op.totpLastStep)) throw await refuse();
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + OPERATOR_SESSION_MS);
  await repos.transaction(async (tx) => {
    // Again under the row's lock: two sign-ins with one code (or one racing a disabling) cannot both pass.
    const fresh = await tx.operators.byUsernameForUpdate(username);
    if (!fresh || fresh.disabledAt) throw new AppError(1228);
    if (fresh.totpLastStep !== null && step <= fresh.totpLastStep) throw new AppError(1228);
    await tx.operators.recordSuccess(fresh.id, step, now);
    await tx.operators.insertSession({ tokenHash: hashToken(token), operatorId: fresh.id, expiresAt });
    await tx.operatorActions.record({
      actor: { name: fresh.username, role: fresh.role as OperatorRole, ip: input.ip },
      action: 'login',
      target: `operator:${fresh.username}`,
      reason: 'signed in with password and TOTP',
    });
  });
  await attempt.giveBack();
  return { token, role: op.role as OperatorRole, username: op.username, expiresAt };
}

/**
 * POST /ops/v1/auth/enroll: the TOTP URI for the console's QR at an operator's first sign-in, in exchange for
 * the one-time password. Only until the first successful sign-in: after it, as for a wrong password or an
 * unknown name, 1228, so the secret never leaks later. Limited and counted like the sign-in itself.
 */
export async function operatorEnroll(
  repos: Repositories,
  input: { username: string; password: string; ip: string; now?: Date },
): Promise<{ otpauthUri: string }> {
  const now = input.now ?? new Date();
  const { attempt, op, passwordOk, refuse } = await passwordStep(repos, input, now);
  if (!op || !passwordOk) throw await refuse();
  // The right password after the first sign-in still counts as an attempt: it shows nothing.
  if (op.firstLoginAt !== null) throw new AppError(1228);
  await repos.operatorActions.record({
    actor: { name: op.username, role: op.role as OperatorRole, ip: input.ip },
    action: 'enroll',
    target: `operator:${op.username}`,
    reason: 'TOTP secret shown for the first sign-in',
  });
  await attempt.giveBack();
  return { otpauthUri: totpOf(op.totpSecret, op.username).toString() };
}

/** The operator of a live session token; null when unknown, revoked or expired. */
export async function operatorOfToken(repos: Repositories, token: string, now = new Date()) {
  const tokenHash = tokenHashOf(token);
  if (!tokenHash) return null;
  const live = await repos.operators.liveSession(tokenHash, now);
  return live ? { name: live.username, role: live.role as OperatorRole, expiresAt: live.expiresAt } : null;
}

export async function operatorLogout(repos: Repositories, actor: OperatorActor, token: string, now = new Date()) {
  const tokenHash = tokenHashOf(token);
  if (!tokenHash) return;
  await repos.transaction(async (tx) => {
    await tx.operators.revokeSession(tokenHash, now);
    await tx.operatorActions.record({
      actor,
      action: 'logout',
      target: `operator:${actor.name}`,
      reason: 'signed out',
    });
  });
}
