import { useQuery } from '@tanstack/react-query';
import { useSession } from './session.ts';
import { useApi } from './use-api.ts';

export const BOUND_ADDRESSES_KEY = ['bound-addresses'] as const;
export const HOME_USER_KEY = ['home-user'] as const;

/** POST /v1/cow/user/index: the addresses bound to the account. */
export function useBoundAddresses() {
  const call = useApi();
  return useQuery({ queryKey: BOUND_ADDRESSES_KEY, queryFn: () => call('cowUserIndex', {}) });
}

/** POST /v1/cow/home/user: invite code and inviter. */
export function useHomeUser() {
  const call = useApi();
  return useQuery({ queryKey: HOME_USER_KEY, queryFn: () => call('cowHomeUser', {}) });
}

/** GET /v1/ma/user/{mid}, under the key the app's session check fills. */
export function useUserInfo() {
  const call = useApi();
  const mid = useSession().userInfo?.mid;
  return useQuery({
    queryKey: ['session-user', mid],
    queryFn: () => call('getUser', { params: { mid: mid ?? '' } }),
    enabled: mid !== undefined,
  });
}
