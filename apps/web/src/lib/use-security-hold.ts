import { useUserInfo } from './account-queries.ts';

/** The hold's end when it is still ahead of `now`, else null. */
export function activeHoldUntil(until: number | null | undefined, now = Date.now()): number | null {
  return until !== null && until !== undefined && until > now ? until : null;
}

/**
 * Until when (ms) transfers and withdrawals are paused after a security change (bind, unbind, password), from
 * the user info answer; null when they are not. The server refuses them anyway (81012): this only says so first.
 */
export function useSecurityHold(): number | null {
  return activeHoldUntil(useUserInfo().data?.securityHoldUntil);
}
