import { createHash, randomBytes } from 'node:crypto';
import type { TLanguage } from '@aidf/contract';
import type { Repositories } from '../../db/repositories/index.ts';
import { AppError } from '../errors.ts';
import { browserOf, ipPrefix } from '../notifications/devices.ts';
import { notify } from '../notifications/notify.ts';

/** RULES.md: sessions expire after 7 days, sliding. */
export const SESSION_TTL_MS = 7 * 24 * 60 * 60_000;
/** Sliding expiry is written at most once an hour per session, not on every request. */
const EXTEND_AFTER_MS = 60 * 60_000;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Where a sign-in comes from: what the devices list shows and what tells a new device or wallet. */
export interface SessionClient {
  userAgent: string | null;
  ip: string;
  /** The app's language at sign-in: the user's e-mails are written in it. */
  language: TLanguage;
  /** The wallet a wallet sign-in signed with. */
  wallet?: string;
}

/**
 * Issues an opaque 32-byte token; only its hash is stored. With `client` (every sign-in route gives it) the session
 * records the device, and a sign-in from a device or wallet the user never signed in with before (not the first
 * sign-in) is told to the user, in the caller's transaction.
 */
export async function createSession(
  repos: Repositories,
  userId: bigint,
  now = new Date(),
  client?: SessionClient,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const tokenHash = hashToken(token);
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  if (!client) {
    await repos.sessions.insert({ tokenHash, userId, expiresAt });
    return token;
  }
  await repos.transaction(async (tx) => {
    const deviceKey = browserOf(client.userAgent);
    const seen = await tx.sessions.pastSignIns(userId, deviceKey, client.wallet ?? null);
    const prefix = ipPrefix(client.ip);
    await tx.sessions.insert({
      tokenHash,
      userId,
      expiresAt,
      userAgent: client.userAgent?.slice(0, 500) ?? null,
      ipPrefix: prefix,
      deviceKey,
      signInWallet: client.wallet ?? null,
      lastSeenAt: now,
    });
    await tx.notifications.saveSettings(userId, { language: client.language }, now);
    if (!seen.any) return;
    const key = `session:${tokenHash.slice(0, 32)}`;
    if (!seen.device) await notify(tx, { userId, kind: 'new-device', params: { browser: deviceKey, ip: prefix }, key });
    if (client.wallet && !seen.wallet)
      await notify(tx, { userId, kind: 'new-wallet', params: { address: client.wallet }, key });
  });
  return token;
}

export interface SessionUser {
  userId: bigint;
  username: string;
  tokenHash: string;
}

/** The stored hash of a token as a client sent it; null when it cannot be one of ours. */
export function tokenHashOf(token: string): string | null {
  if (token.length < 16 || token.length > 128) return null;
  return hashToken(token);
}

/** A live session as looked up (findLive, or a query that joins it): its expiry slid, the user it names. */
export async function usedSession(
  repos: Repositories,
  tokenHash: string,
  live: LiveSession,
  now = new Date(),
): Promise<SessionUser> {
  const renewed = now.getTime() + SESSION_TTL_MS;
  if (renewed - live.expiresAt.getTime() > EXTEND_AFTER_MS)
    await repos.sessions.extend(tokenHash, new Date(renewed), now);
  return { userId: live.userId, username: live.username, tokenHash };
}

/** A live session as a statement that reads it beside its answer found it. */
export interface LiveSession {
  userId: bigint;
  username: string;
  expiresAt: Date;
}

/**
 * A read that checks its session in its own statement (one round trip instead of a lookup first): `read` gets the
 * token's hash and answers null when it names no live session. No usable token or no live session is a 401, as the
 * session check answers it; a live one slides its expiry as the session check does, and is answered as `user`.
 */
export async function readWithSession<T extends { session: LiveSession }>(
  repos: Repositories,
  token: string | null,
  now: Date,
  read: (tokenHash: string) => Promise<T | null>,
): Promise<T & { user: SessionUser }> {
  const tokenHash = token ? tokenHashOf(token) : null;
  if (!tokenHash) throw new AppError(401);
  const found = await read(tokenHash);
  if (!found) throw new AppError(401);
  return { ...found, user: await usedSession(repos, tokenHash, found.session, now) };
}

/** The user behind a token, extending its expiry; null for an unknown, revoked or expired token. */
export async function resolveSession(
  repos: Repositories,
  token: string,
  now = new Date(),
): Promise<SessionUser | null> {
  const tokenHash = tokenHashOf(token);
  if (!tokenHash) return null;
  const live = await repos.sessions.findLive(tokenHash, now);
  return live ? usedSession(repos, tokenHash, live, now) : null;
}

export async function revokeSession(repos: Repositories, token: string, now = new Date()): Promise<void> {
  await repos.sessions.revoke(hashToken(token), now);
}
