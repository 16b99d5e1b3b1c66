import type { TSignedInDevice } from '@aidf/contract';
import type { Repositories } from '../../db/repositories/index.ts';
import { AppError } from '../errors.ts';
import { browserOf } from './devices.ts';

/** A session's public id: the first 16 hex digits of its token's hash (never the token, nor the whole hash). */
const publicId = (tokenHash: string) => tokenHash.slice(0, 16);

/** The devices signed in to the account, the latest used first; `current` marks the caller's own. */
export async function signedInDevices(
  repos: Repositories,
  userId: bigint,
  currentTokenHash: string,
): Promise<{ list: TSignedInDevice[] }> {
  const live = await repos.sessions.listLive(userId, new Date());
  return {
    list: live.map((s) => ({
      id: publicId(s.tokenHash),
      browser: browserOf(s.userAgent),
      ipPrefix: s.ipPrefix ?? 'unknown',
      signedInAt: s.createdAt.getTime(),
      lastSeenAt: (s.lastSeenAt ?? s.createdAt).getTime(),
      current: s.tokenHash === currentTokenHash,
    })),
  };
}

/** Signs one of the user's devices out; 81102 when none of the user's live sessions has that id. */
export async function signOutDevice(repos: Repositories, userId: bigint, id: string): Promise<null> {
  if (!(await repos.sessions.revokeOfUser(userId, id, new Date()))) throw new AppError(81102);
  return null;
}

/** Signs out every device of the user but the caller's. */
export async function signOutOtherDevices(repos: Repositories, userId: bigint, currentTokenHash: string) {
  await repos.sessions.revokeOthers(userId, currentTokenHash, new Date());
  return null;
}
