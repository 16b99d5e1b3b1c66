import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { updateUserInfo, useSession } from '../lib/session.ts';
import { useApi } from '../lib/use-api.ts';

/**
 * A kept sign-in is checked once per visit with the user call: a revoked or expired token answers 401,
 * which clears the session and reloads (SPEC.md point 4); a live one refreshes userInfo.
 */
export function useSessionCheck() {
  const session = useSession();
  const call = useApi();
  const mid = session.isLogin ? session.userInfo?.mid : undefined;
  const query = useQuery({
    queryKey: ['session-user', mid],
    queryFn: () => call('getUser', { params: { mid: mid ?? '' } }),
    enabled: mid !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
  });
  useEffect(() => {
    if (query.data) updateUserInfo(query.data);
  }, [query.data]);
}
