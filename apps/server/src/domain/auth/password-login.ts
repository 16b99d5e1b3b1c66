import type { TUserInfo } from '@aidf/contract';
import type { Repositories } from '../../db/repositories/index.ts';
import { AppError } from '../errors.ts';
import { toUserInfo } from '../users/user-info.ts';
import { verifyPassword } from './password.ts';
import { createSession } from './sessions.ts';

/** RULES.md: 5 failures per 15 minutes per login name and per IP, then 9000. */
export const PASSWORD_LIMIT = { failures: 5, windowMs: 15 * 60_000 };

/**
 * Signs in with a login name (username or e-mail) and password. Unknown names and wrong passwords answer the
 * same 1228, so the call does not tell which accounts exist.
 */
export async function passwordLogin(
  repos: Repositories,
  input: { loginName: string; password: string; ip: string; now?: Date },
): Promise<{ user: TUserInfo; token: string }> {
  const loginName = input.loginName.trim().toLowerCase();
  const since = new Date((input.now ?? new Date()).getTime() - PASSWORD_LIMIT.windowMs);
  const [byName, byIp] = await Promise.all([
    repos.loginFailures.since(since, { loginName }),
    repos.loginFailures.since(since, { ip: input.ip }),
  ]);
  if (byName >= PASSWORD_LIMIT.failures || byIp >= PASSWORD_LIMIT.failures) throw new AppError(9000);

  const user = (await repos.users.byUsername(loginName)) ?? (await repos.users.byEmail(loginName));
  const ok = user?.passwordHash ? await verifyPassword(input.password, user.passwordHash) : false;
  if (!user || !ok) {
    await repos.loginFailures.record(loginName, input.ip);
    throw new AppError(1228);
  }
  return { user: await toUserInfo(repos, user), token: await createSession(repos, user.id) };
}
