import { randomInt } from 'node:crypto';
import type { Repositories } from '../../db/repositories/index.ts';
import type { NewUser } from '../../db/repositories/users.ts';

/**
 * Inserts a user with a username made from an address or e-mail: lower-case letters and digits, unique, never
 * changed afterwards. The name is claimed by the insert itself (users.insertUnlessUsernameTaken), not checked
 * first: two sign-ins whose seeds collide at the same moment both succeed, with different names.
 */
export async function insertWithNewUsername(
  repos: Repositories,
  seed: string,
  user: Omit<NewUser, 'username'>,
): Promise<bigint> {
  const base =
    seed
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '')
      .slice(0, 12) || 'user';
  for (let i = 0; i <= 20; i++) {
    const username = i === 0 ? base : `${base}${randomInt(1000, 100_000)}`;
    const id = await repos.users.insertUnlessUsernameTaken({ ...user, username });
    if (id !== null) return id;
  }
  throw new Error(`no free username for ${base}`);
}

/** The part of a wallet address that reads as a name: the last 8 characters. */
export function usernameSeedOfAddress(currency: string, address: string): string {
  return `${currency}${address.slice(-8)}`;
}
