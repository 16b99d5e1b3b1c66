import { createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { Repositories } from '../../db/repositories/index.ts';
import { AppError } from '../errors.ts';
import { reserveAttempt } from '../limits/attempts.ts';
import { chargeOf } from '../limits/policies.ts';
import { notify } from '../notifications/notify.ts';
import type { AuthenticatorSeal } from './authenticator-seal.ts';

/**
 * A user's authenticator (TOTP, RFC 6238: 6 digits, 30 s). Optional; once on, a code of it (or one of ten one-time
 * recovery codes) is required for withdrawals, address-book changes and turning it off. A code is accepted once (the
 * last accepted time step is kept), failures are limited like the password's, and the secret is shown only at
 * set-up, never answered again. It is stored sealed (authenticator-seal.ts) and opened only here, to check a code.
 */
const PERIOD = 30;
const RECOVERY_CODES = 10;

function totpOf(secret: string, label: string) {
  return new TOTP({ issuer: 'AIDF', label, secret: Secret.fromBase32(secret), period: PERIOD });
}

/** A recovery code as shown: 10 base32 characters in two groups of five ('ABCDE-FGHIJ'). */
function newRecoveryCode(): string {
  const text = new Secret({ buffer: randomBytes(7).buffer }).base32.slice(0, 10);
  return `${text.slice(0, 5)}-${text.slice(5)}`;
}

const hashRecoveryCode = (userId: bigint, code: string) =>
  createHash('sha256')
    .update(
      `${userId}:${code
        .trim()
        .toUpperCase()
        .replace(/[^A-Z2-7]/g, '')}`,
    )
    .digest('hex');

function sealOf(repos: Repositories): AuthenticatorSeal {
  if (!repos.authenticatorSeal) throw new Error('No authenticator seal key here: only the API role holds it');
  return repos.authenticatorSeal;
}

/**
 * The secret of a stored authenticator, to check a code with; null when it does not open for this user (a sealed
 * value moved from another account accepts no code). A plain value, or one sealed under the previous key, is
 * sealed under the current key on the way (only where it is still what was read).
 */
async function openSecret(repos: Repositories, userId: bigint, stored: string): Promise<string | null> {
  const seal = sealOf(repos);
  const opened = seal.open(userId, stored);
  if (opened && !opened.current) await repos.authenticators.reseal(userId, stored, seal.seal(userId, opened.secret));
  return opened?.secret ?? null;
}

/**
 * Seals every stored secret not under the current key yet (plain ones of before sealing, or under the previous key
 * after a rotation), a batch at a time; the API runs it at its start. Idempotent. Answers how many it sealed, and
 * how many it could not open (under a key neither setting holds, or not this user's): those stay as they are, to
 * answer an error when used rather than stop the start.
 */
export async function sealStoredAuthenticators(repos: Repositories, batch = 500) {
  const seal = sealOf(repos);
  const done = { sealed: 0, unopened: 0 };
  let afterUserId = -1n;
  for (;;) {
    const rows = await repos.authenticators.notSealedUnder(seal.keyId, afterUserId, batch);
    if (rows.length === 0) return done;
    const resealed = rows.flatMap((r) => {
      const opened = openedOrNull(seal, r.userId, r.secret);
      if (!opened) done.unopened += 1;
      return opened ? [{ userId: r.userId, from: r.secret, to: seal.seal(r.userId, opened.secret) }] : [];
    });
    done.sealed += await repos.authenticators.resealMany(resealed);
    afterUserId = rows[rows.length - 1]?.userId ?? afterUserId;
  }
}

function openedOrNull(seal: AuthenticatorSeal, userId: bigint, stored: string) {
  try {
    return seal.open(userId, stored);
  } catch {
    return null;
  }
}

export async function authenticatorState(repos: Repositories, userId: bigint) {
  const row = await repos.authenticators.of(userId);
  const enabled = row?.enabledAt != null;
  return { enabled, recoveryCodesLeft: enabled ? await repos.authenticators.recoveryCodesLeft(userId) : 0 };
}

/** A new secret for the QR code; 81092 when the authenticator is on already (turn it off first). */
export async function setUpAuthenticator(repos: Repositories, userId: bigint, username: string) {
  const secret = new Secret({ size: 20 }).base32;
  const row = await repos.authenticators.startSetup(userId, sealOf(repos).seal(userId, secret));
  if (!row) throw new AppError(81092);
  return { secret, otpauthUri: totpOf(secret, username).toString() };
}

/** The time step a code of `secret` belongs to (one step either side of now), or null when it is not one. */
function stepOf(secret: string | null, code: string, now: Date): number | null {
  if (secret === null || !/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secret, '').validate({ token: code, timestamp: now.getTime(), window: 1 });
  return delta === null ? null : Math.floor(now.getTime() / 1000 / PERIOD) + delta;
}

/**
 * Turns the authenticator on with the first code of the secret shown at set-up; answers the ten recovery codes,
 * shown this once (only their hashes are kept). 81093 with no set-up waiting, 81091 for a wrong code.
 */
export async function enableAuthenticator(
  repos: Repositories,
  userId: bigint,
  input: { code: string; ip: string; now?: Date },
) {
  const now = input.now ?? new Date();
  const row = await repos.authenticators.of(userId);
  if (!row || row.enabledAt) throw new AppError(81093);
  await acceptCode(repos, userId, row.secret, { ...input, now, recovery: false });
  const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
  await repos.transaction(async (tx) => {
    await tx.authenticators.enable(
      userId,
      now,
      codes.map((c) => hashRecoveryCode(userId, c)),
    );
    await tellAuthenticatorChanged(tx, userId, `on:${now.getTime()}`);
  });
  return { recoveryCodes: codes };
}

/**
 * Checks one code (or a recovery code when `recovery`) against the stored (sealed) secret, counted against the
 * failure limit; 81091 when wrong.
 */
async function acceptCode(
  repos: Repositories,
  userId: bigint,
  stored: string,
  input: { code: string; ip: string; now: Date; recovery: boolean },
) {
  const attempt = await reserveAttempt(repos, chargeOf('authenticatorFailure', input.ip, `user:${userId}`), input.now);
  const step = stepOf(await openSecret(repos, userId, stored), input.code.trim(), input.now);
  const accepted =
    step !== null
      ? await repos.authenticators.acceptStep(userId, step)
      : input.recovery &&
        (await repos.authenticators.useRecoveryCode(userId, hashRecoveryCode(userId, input.code), input.now));
  if (!accepted) throw new AppError(81091);
  await attempt.giveBack();
}

/**
 * Where an action needs the authenticator: nothing when it is off; otherwise a code (81090 when none was sent),
 * of a step not used before, or an unused recovery code (81091 otherwise).
 */
export async function assertAuthenticatorCode(
  repos: Repositories,
  userId: bigint,
  input: { code?: string | undefined; ip: string; now?: Date },
) {
  const row = await repos.authenticators.of(userId);
  if (!row?.enabledAt) return;
  if (!input.code) throw new AppError(81090);
  await acceptCode(repos, userId, row.secret, {
    code: input.code,
    ip: input.ip,
    now: input.now ?? new Date(),
    recovery: true,
  });
}

/** Turns the authenticator off with one of its codes (or a recovery code); 81093 when it is not on. */
export async function disableAuthenticator(
  repos: Repositories,
  userId: bigint,
  input: { code: string; ip: string; now?: Date },
) {
  const row = await repos.authenticators.of(userId);
  if (!row?.enabledAt) throw new AppError(81093);
  const now = input.now ?? new Date();
  // The code is checked against the authenticator read here, not read again: a request racing one that turned it
  // off meanwhile would find none and be let through (assertAuthenticatorCode asks nothing of a user without one).
  await acceptCode(repos, userId, row.secret, { code: input.code, ip: input.ip, now, recovery: true });
  const removed = await repos.transaction(async (tx) => {
    // Only the request that removed this very authenticator turns it off and tells so.
    if (!(await tx.authenticators.disable(userId))) return false;
    await tellAuthenticatorChanged(tx, userId, `off:${now.getTime()}`);
    return true;
  });
  if (!removed) throw new AppError(81093);
  return { enabled: false, recoveryCodesLeft: 0 };
}

/** Turning the authenticator on or off is a security notice (inbox and e-mail), committed with the change. */
function tellAuthenticatorChanged(tx: Repositories, userId: bigint, change: string) {
  return notify(tx, { userId, kind: 'authenticator', params: {}, key: `authenticator:${change}` });
}
