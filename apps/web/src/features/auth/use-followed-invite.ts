import { PROD_ID } from '@aidf/contract';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../lib/use-api.ts';
import { useInviteCode } from './use-invite-code.ts';

/** '1' (no inviter) and '2' (unknown user) are the answers that carry no code (SPEC.md point 7). */
const NO_CODE = new Set(['1', '2']);

/**
 * The invite code a sign-in sends: the account's own bound one when it has one (shown locked, SPEC.md point 4),
 * else the one of the invitation link.
 */
export function useEffectiveInviteCode(loginName: string | null) {
  const call = useApi();
  const fromLink = useInviteCode();
  const followed = useQuery({
    queryKey: ['followed-invite', loginName],
    queryFn: () => call('getFollowedInvite', { params: { prodId: String(PROD_ID), loginName: loginName ?? '' } }),
    enabled: !!loginName,
    staleTime: 60_000,
  });
  const bound = followed.data && !NO_CODE.has(followed.data) ? followed.data : null;
  return { inviteCode: bound ?? fromLink, locked: bound !== null };
}
