import { createHash, randomBytes } from 'node:crypto';
import type { Repositories } from '../../db/repositories/index.ts';

/** RULES.md: sessions expire after 7 days, sliding. */
export const SESSION_TTL_MS = 7 * 24 * 60 * 60_000;
/** Sliding expiry is written at most once an hour per session, not on every request. */
const EXTEND_AFTER_MS = 60 * 60_000;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Issues an opaque 32-byte token; only its hash is stored. */
export async function createSession(repos: Repositories, userId: bigint, now = new Date()): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await repos.sessions.insert({
    tokenHash: hashToken(token),
    userId,
    expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
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
  live: { userId: bigint; username: string; expiresAt: Date },
  now = new Date(),
): Promise<SessionUser> {
  const renewed = now.getTime() + SESSION_TTL_MS;
  if (renewed - live.expiresAt.getTime() > EXTEND_AFTER_MS) await repos.sessions.extend(tokenHash, new Date(renewed));
  return { userId: live.userId, username: live.username, tokenHash };
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
