import type { Repositories } from '../../db/repositories/index.ts';
import { AppError } from '../errors.ts';
import { boundSignerFor } from '../users/addresses.ts';
import { assertPasswordPolicy, hashPassword } from './password.ts';
import { createSession } from './sessions.ts';
import { acceptSignedAction, type WalletSignatureInput } from './signed-action.ts';

/**
 * Sets or resets the password with a fresh 'resetPassword-{ms}' signature from the account's bound wallet.
 * Every session of the user is revoked; the caller gets a new token so this device stays signed in.
 */
export async function resetPassword(
  repos: Repositories,
  userId: bigint,
  input: WalletSignatureInput & { newPassword: string },
): Promise<{ token: string }> {
  assertPasswordPolicy(input.newPassword);
  const signer = await boundSignerFor(repos, userId, input.sign);
  const passwordHash = await hashPassword(input.newPassword);
  return repos.transaction(async (tx) => {
    const user = await tx.users.byIdForUpdate(userId);
    if (!user) throw new AppError(1226);
    await acceptSignedAction(tx, { ...input, action: 'resetPassword', ...signer });
    await tx.users.setPasswordHash(userId, passwordHash);
    await tx.sessions.revokeAllOfUser(userId, new Date());
    return { token: await createSession(tx, userId) };
  });
}
