import { useQuery } from '@tanstack/react-query';
import { useApi } from './use-api.ts';

export const TEAM_KEY = ['team'] as const;

/** GET /v1/cow/user/child: the caller's team, or `of`'s (a member of it). */
export function useTeam(of: string | null) {
  const call = useApi();
  return useQuery({
    queryKey: [...TEAM_KEY, of ?? ''],
    queryFn: () => call('team', { query: { ...(of ? { of } : {}), pageSize: '100' } }),
  });
}
