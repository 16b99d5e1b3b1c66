import type { TUserInfo } from '@aidf/contract';
import type { Repositories } from '../../db/repositories/index.ts';
import { AppError } from '../errors.ts';
import { reserveAttempt } from '../limits/attempts.ts';
import { chargeOf, POLICIES } from '../limits/policies.ts';
import { toUserInfo } from '../users/user-info.ts';
import { verifyNobody, verifyPassword } from './password.ts';
import { createSession, type SessionClient } from './sessions.ts';

/** RULES.md: 5 failures per 15 minutes per IP (per login name: see POLICIES.passwordFailure), then 9000. */
export const PASSWORD_LIMIT = {
  failures: POLICIES.passwordFailure.perIp,
  windowMs: POLICIES.passwordFailure.windowMs,
};

/** The account of `loginName` when `password` is its password; one hash either way. */
async function userOfPassword(repos: Repositories, loginName: string, password: string) {
  const user = (await repos.users.byUsername(loginName)) ?? (await repos.users.byEmail(loginName));
  if (user?.passwordHash) return (await verifyPassword(password, user.passwordHash)) ? user : null;
  return verifyNobody(password).then(() => null);
}

/**
 * Signs in with a login name (username or e-mail) and password. Unknown names and wrong passwords answer the
 * same 1228 after the same one hash, so neither the answer nor its time tells which accounts exist.
 */
export async function passwordLogin(
  repos: Repositories,
  input: { loginName: string; password: string; ip: string; now?: Date; client?: SessionClient },
): Promise<{ user: TUserInfo; token: string }> {
  const loginName = input.loginName.trim().toLowerCase();
  // Every check is counted as a failure before the slow hash starts, so parallel guesses cannot all pass a
  // count read before any failure was written; a success gives its count back.
  const attempt = await reserveAttempt(repos, chargeOf('passwordFailure', input.ip, loginName), input.now);

  const user = await userOfPassword(repos, loginName, input.password).catch(async (error) => {
    // No check was made (the server is busy): that is not the client's failure.
    await attempt.giveBack();
    throw error;
  });
  if (!user) throw new AppError(1228);
  await attempt.giveBack();
  return { user: await toUserInfo(repos, user), token: await createSession(repos, user.id, undefined, input.client) };
}
