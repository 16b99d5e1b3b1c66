import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { Repositories } from '../../db/repositories/index.ts';
import { hashPassword, verifyNobody, verifyPassword } from '../auth/password.ts';
import { hashToken, tokenHashOf } from '../auth/sessions.ts';
import { AppError } from '../errors.ts';
import { reserveAttempt } from '../limits/attempts.ts';
import { chargeOf } from '../limits/policies.ts';
import { OPERATOR_ROLES, type OperatorActor, type OperatorRole } from './roles.ts';

/** An operator account locks for 15 minutes after 5 failed sign-ins in a row. */
export const OPERATOR_LOCK = { failures: 5, ms: 15 * 60_000 };
/** An operator session ends 12 hours after sign-in (a working day), without sliding. */
export const OPERATOR_SESSION_MS = 12 * 60 * 60_000;
const USERNAME = /^[a-z0-9][a-z0-9._-]{1,31}$/;
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

/**
 * `npm run operator -- add-operator <name> --role <role>` (through POST /ops/v1/operators): a new operator
 * with a one-time password and a TOTP secret, both shown once, audited.
 */
export async function addOperator(
  repos: Repositories,
  actor: OperatorActor,
  input: { username: string; role: string },
): Promise<{ username: string; role: OperatorRole; password: string; otpauthUri: string }> {
  const username = input.username.trim().toLowerCase();
  if (!USERNAME.test(username) || username === 'cli') {
    throw new AppError(1225, 'an operator name is 2-32 of a-z 0-9 . _ - (not cli)');
  }
  const role = OPERATOR_ROLES.find((r) => r === input.role);
  if (!role) throw new AppError(1225, `role must be one of ${OPERATOR_ROLES.join(', ')}`);
  const password = randomBytes(15).toString('base64url');
  const secret = new Secret({ size: 20 }).base32;
  const passwordHash = await hashPassword(password);
  return repos.transaction(async (tx) => {
    const row = await tx.operators.insert({ username, role, passwordHash, totpSecret: secret, createdBy: actor.name });
    if (!row) throw new AppError(1225, `operator ${username} exists`);
    await tx.operatorActions.record({
      actor,
      action: 'operator-add',
      target: `operator:${username}`,
      after: { username, role },
      reason: `new ${role} operator`,
    });
    return { username, role, password, otpauthUri: totpOf(secret, username).toString() };
  });
}

/**
 * What sign-in and enrolment both do first: the attempt counted (before the slow hash, as users' sign-in, so
 * parallel guesses cannot all pass one count), a locked account refused, the one slow hash (also for an unknown
 * name). `refuse` counts a failure against the account and answers the 1228 to throw.
 */
async function passwordStep(repos: Repositories, input: { username: string; password: string; ip: string }, now: Date) {
  const username = input.username.trim().toLowerCase();
  const attempt = await reserveAttempt(repos, chargeOf('operatorLogin', input.ip, username), now);
  const op = await repos.operators.byUsername(username);
  if (op?.lockedUntil && op.lockedUntil > now) {
    throw new AppError(9000, 'this operator account is locked after repeated failures, try again later');
  }
  const passwordOk = op ? await verifyPassword(input.password, op.passwordHash) : await verifyNobody(input.password);
  const refuse = async () => {
    if (op)
      await repos.operators.recordFailure(op.id, OPERATOR_LOCK.failures, new Date(now.getTime() + OPERATOR_LOCK.ms));
    return new AppError(1228);
  };
  return { username, attempt, op, passwordOk, refuse };
}

/**
 * POST /ops/v1/auth/login. Unknown names, wrong passwords and wrong codes answer the same 1228 after the same
 * one hash; failures count per client IP (429 beyond) and per account (locked after OPERATOR_LOCK.failures).
 * A TOTP code signs in once.
 */
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
    // Again under the row's lock: two sign-ins with one code (or one racing a lock) cannot both pass.
    const fresh = await tx.operators.byUsernameForUpdate(username);
    if (!fresh || (fresh.lockedUntil && fresh.lockedUntil > now)) throw new AppError(9000);
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
