import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { AppError } from '../errors.ts';
import { semaphore } from '../limits/semaphore.ts';

const scryptUnbounded = promisify(scryptCallback) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

/** RULES.md: scrypt with N=2^17, r=8, p=1. */
export const RULES_SCRYPT_N = 2 ** 17;
/** New hashes' parameters: RULES.md's, unless the test suite lowered N (setPasswordHashCost). */
let PARAMS = { N: RULES_SCRYPT_N, r: 8, p: 1, maxmem: 256 * 1024 * 1024 };
const KEY_LENGTH = 32;

/**
 * One hash takes 128 MB and a thread of libuv's pool (4 threads, shared with file and DNS work) for about
 * half a second: at most 2 run at once, 32 more may wait, and beyond that a request answers 9000 at once
 * rather than piling up memory.
 */
const hashSlots = semaphore({
  concurrency: 2,
  maxWaiting: 32,
  whenFull: () => new AppError(9000, 'too many password checks at once, try again'),
});
const scrypt: typeof scryptUnbounded = (...args) => hashSlots.run(() => scryptUnbounded(...args));

/** How many password hashes this process has started, runs and queues now. */
export const passwordHashStats = () => hashSlots.stats();

/** 8-20 characters with at least one letter and one digit, else 1221. */
export function assertPasswordPolicy(password: string) {
  const ok = password.length >= 8 && password.length <= 20 && /[A-Za-z]/.test(password) && /\d/.test(password);
  if (!ok) throw new AppError(1221);
}

/** 'scrypt$N$r$p$salt$hash' in base64url, so the parameters can change later without breaking old hashes. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [kind, n, r, p, salt, hash] = stored.split('$');
  if (kind !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await scrypt(password.normalize('NFKC'), Buffer.from(salt, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: PARAMS.maxmem,
  });
  return timingSafeEqual(actual, expected);
}

/**
 * A stored hash that no password matches (its key is random bytes), with today's parameters: checking a
 * password against it costs what checking a real account costs.
 */
const nobodyHash = () =>
  [
    'scrypt',
    PARAMS.N,
    PARAMS.r,
    PARAMS.p,
    randomBytes(16).toString('base64url'),
    randomBytes(KEY_LENGTH).toString('base64url'),
  ].join('$');
let NOBODY = nobodyHash();

/**
 * Sets N of the hashes made from now on (PASSWORD_SCRYPT_N; config.ts allows less than RULES.md's 2^17 only with
 * NODE_ENV=test). The test suite signs in a few hundred operators and password users, and at 2^17 each hash took
 * 0.6 s of CPU: a tenth of the API suite. A stored hash names its own N, so checking one never depends on this.
 */
export function setPasswordHashCost(N: number) {
  PARAMS = { ...PARAMS, N };
  NOBODY = nobodyHash();
}

/** Spends one password check on no account, so an unknown login name answers as late as a known one. */
export async function verifyNobody(password: string): Promise<false> {
  await verifyPassword(password, NOBODY);
  return false;
}
