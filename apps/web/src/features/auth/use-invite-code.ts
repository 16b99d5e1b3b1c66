import { useSearch } from 'wouter';
import { inviteCodeOf } from '../../lib/invite.ts';

/** The invite code of the invitation link (`?invite=`, kept until a sign-in completes), or null. */
export function useInviteCode(): string | null {
  return inviteCodeOf(useSearch());
}
