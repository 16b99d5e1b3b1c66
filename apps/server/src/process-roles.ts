import { z } from 'zod';

/**
 * What one process of the one build runs (docs/deployment.md "Process roles"), chosen by ROLES:
 * - `api` serves HTTP: the user API, the operator API, the apps;
 * - `workers` runs the background work that needs no key: daily jobs, watchers, rollups, expiry;
 * - `treasury` runs the background work that needs the platform's keys (the payout worker), and is the only
 *   role that reads DEPOSIT_HD_MNEMONIC, HOT_WALLET_PRIVATE_KEY and SOLANA_HOT_WALLET_KEY.
 * The roles talk only through the database, so they may run in one process (the default) or in several.
 */
export const PROCESS_ROLES = ['api', 'workers', 'treasury'] as const;
export type ProcessRole = (typeof PROCESS_ROLES)[number];

/** The keys that spend the platform's money: only a process running `treasury` may hold them. */
export const SPENDING_KEY_SETTINGS = [
  'DEPOSIT_HD_MNEMONIC',
  'HOT_WALLET_PRIVATE_KEY',
  'SOLANA_HOT_WALLET_KEY',
] as const;

/** ROLES: a comma list of roles; unset, all three in one process (`npm start`). */
export const ZRoles = z
  .string()
  .default(PROCESS_ROLES.join(','))
  .transform((value) =>
    value
      .split(',')
      .map((role) => role.trim())
      .filter(Boolean),
  )
  .pipe(
    z
      .array(z.enum(PROCESS_ROLES, { error: `must be a comma list of ${PROCESS_ROLES.join(', ')}` }))
      .min(1, `must name at least one of ${PROCESS_ROLES.join(', ')}`)
      .transform((roles) => [...new Set(roles)]),
  );

/**
 * The one line a production-like start of the API without the treasury stops with when it was given a spending
 * key: the process that faces the internet must not hold what spends the money. Null when the start may go on.
 */
export function spendingKeyRefusal(roles: readonly ProcessRole[], raw: Readonly<Record<string, unknown>>) {
  if (!roles.includes('api') || roles.includes('treasury')) return null;
  const held = SPENDING_KEY_SETTINGS.filter((name) => typeof raw[name] === 'string' && raw[name].trim() !== '');
  if (held.length === 0) return null;
  return `Invalid configuration: ROLES=${roles.join(',')} runs the API without the treasury, so it may hold no spending key; unset ${held.length > 1 ? `${held.slice(0, -1).join(', ')} and ${held.at(-1)}` : held[0]} (only the treasury role reads ${held.length > 1 ? 'them' : 'it'})`;
}
