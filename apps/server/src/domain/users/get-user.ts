import type { TUserInfo } from '@aidf/contract';
import type { Repositories } from '../../db/repositories/index.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { AppError } from '../errors.ts';

/**
 * The signed-in user's own info. Another user's mid answers 1226 as an unknown one would,
 * so ids cannot be probed. Wallet, e-mail and password fields are filled by the sign-in issue.
 */
export async function getOwnUser(repos: Repositories, session: SessionUser, mid: bigint): Promise<TUserInfo> {
  if (mid !== session.userId) throw new AppError(1226);
  const user = await repos.users.byId(mid);
  if (!user) throw new AppError(1226);
  return {
    mid: user.id.toString(),
    username: user.username,
    inviteAddress: null,
    walletAddress: null,
    chainCurrency: null,
    email: null,
    hasPassword: false,
  };
}
