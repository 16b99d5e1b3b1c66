import { OPERATOR_ROLES, type TOperatorRole } from '@aidf/contract';

/**
 * Who may do what under /ops/v1, in this one table. Every operator route names one permission
 * (http/operator-auth.ts operatorGuard); a role outside the permission's list gets 403. The roles themselves
 * are the contract's (the console shows them).
 */
export { OPERATOR_ROLES };
export type OperatorRole = TOperatorRole;

const ALL: readonly OperatorRole[] = OPERATOR_ROLES;
const FINANCE: readonly OperatorRole[] = ['finance', 'admin'];
const SUPPORT: readonly OperatorRole[] = ['support', 'admin'];
const ADMIN: readonly OperatorRole[] = ['admin'];

export const PERMISSIONS = {
  /** Signing out, reading one's own account. */
  self: ALL,
  /** The console's dashboard: money's state at a glance, read-only. */
  dashboard: ALL,
  /** Tickets: the queue, the threads, replies, their images. */
  tickets: SUPPORT,
  /** Read-only lookup of users (support answers tickets with it; finance checks before crediting). */
  users: ALL,
  /** Credits, their proposals and approvals (four eyes, credit-proposals.ts). */
  credit: FINANCE,
  /** Payouts set aside: retry, refund (four eyes), release. */
  payouts: FINANCE,
  /** Reading money's state: the ledger check, the chains, payments no order counted. */
  money: FINANCE,
  /** The treasury's actions: a sweep retried or skipped, sweep-now (reading it is `money`). */
  treasury: ADMIN,
  /** Settings, price items, announcements. */
  config: ADMIN,
  /** Running a job's day or a periodic job by hand. */
  jobs: ADMIN,
  /** Adding and listing operators. */
  operators: ADMIN,
  /** The audit trail. */
  audit: ADMIN,
} as const satisfies Record<string, readonly OperatorRole[]>;

export type OperatorPermission = keyof typeof PERMISSIONS;

export function allows(role: OperatorRole, permission: OperatorPermission): boolean {
  return (PERMISSIONS[permission] as readonly OperatorRole[]).includes(role);
}

/**
 * The operator behind an action, as the audit records it. OPERATOR_TOKEN is `cli` (admin); the person it may
 * name (`x-operator`, unverified) is kept apart in `cliUser` so nobody can pass for another operator with it.
 */
export interface OperatorActor {
  name: string;
  role: OperatorRole;
  /** The client's address (request.ip, following TRUST_PROXY); null for work the server starts itself. */
  ip: string | null;
  cliUser?: string | undefined;
}
