import { randomInt } from 'node:crypto';
import type { Repositories } from '../../db/repositories/index.ts';

/** A username from an address or e-mail: lower-case letters and digits, unique, never changed afterwards. */
export async function newUsername(repos: Repositories, seed: string): Promise<string> {
  const base =
    seed
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '')
      .slice(0, 12) || 'user';
  if (!(await repos.users.usernameTaken(base))) return base;
  for (let i = 0; i < 20; i++) {
    const candidate = `${base}${randomInt(1000, 100_000)}`;
    if (!(await repos.users.usernameTaken(candidate))) return candidate;
  }
  throw new Error(`no free username for ${base}`);
}

/** The part of a wallet address that reads as a name: the last 8 characters. */
export function usernameSeedOfAddress(currency: string, address: string): string {
  return `${currency}${address.slice(-8)}`;
}
