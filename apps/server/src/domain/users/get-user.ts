import type { TUserInfo } from '@aidf/contract';
import type { Repositories } from '../../db/repositories/index.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { AppError } from '../errors.ts';
import { toUserInfo } from './user-info.ts';

/** The signed-in user's own info. Another user's mid answers 1226 as an unknown one would, so ids cannot be probed. */
export async function getOwnUser(repos: Repositories, session: SessionUser, mid: bigint): Promise<TUserInfo> {
  if (mid !== session.userId) throw new AppError(1226);
  const user = await repos.users.byId(mid);
  if (!user) throw new AppError(1226);
  return toUserInfo(repos, user);
}
