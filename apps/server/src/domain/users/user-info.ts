import type { TChainCurrency, TUserInfo } from '@aidf/contract';
import type { Repositories } from '../../db/repositories/index.ts';
import type { UserRow } from '../../db/repositories/users.ts';
import { securityHoldUntil } from '../auth/security-hold.ts';

/** userInfo of SPEC.md point 3; the invite code of a user is the username (RULES.md). */
export async function toUserInfo(repos: Repositories, user: UserRow): Promise<TUserInfo> {
  const inviter = user.inviterId === null ? null : await repos.users.byId(user.inviterId);
  return {
    mid: user.id.toString(),
    username: user.username,
    inviteAddress: inviter?.username ?? null,
    walletAddress: user.walletAddress,
    chainCurrency: user.chainCurrency as TChainCurrency | null,
    email: user.email,
    hasPassword: user.passwordHash !== null,
    securityHoldUntil: await securityHoldUntil(repos, user.id),
  };
}
