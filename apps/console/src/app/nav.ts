/**
 * The console's sections and the permission (apps/server/src/domain/operator/roles.ts) each needs: the shell
 * shows only what GET /ops/v1/auth/me says the operator's role may use.
 */
export const SECTIONS = [
  { path: '/', key: 'dashboard', permission: 'dashboard' },
  { path: '/users', key: 'users', permission: 'users' },
  { path: '/credits', key: 'credits', permission: 'credit' },
  { path: '/payouts', key: 'payouts', permission: 'payouts' },
  { path: '/treasury', key: 'treasury', permission: 'money' },
  { path: '/tickets', key: 'tickets', permission: 'tickets' },
  { path: '/config', key: 'config', permission: 'config' },
  { path: '/announcements', key: 'announcements', permission: 'config' },
  { path: '/operators', key: 'operators', permission: 'operators' },
  { path: '/audit', key: 'audit', permission: 'audit' },
] as const;

export type Section = (typeof SECTIONS)[number];

export function allowedSections(permissions: readonly string[]): Section[] {
  return SECTIONS.filter((s) => permissions.includes(s.permission));
}
