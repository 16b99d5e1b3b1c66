import { OPS } from '@aidf/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client.ts';

export function useDashboard() {
  // Money's state moves while the page is open: a fresh look every 30 s.
  return useQuery({ queryKey: ['dashboard'], queryFn: () => call(OPS.dashboard, {}), refetchInterval: 30_000 });
}
