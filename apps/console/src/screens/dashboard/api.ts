import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';

export interface Dashboard {
  balances: { currency: string; available: string; frozen: string; holders: number }[];
  ledger: { ok: boolean; checkedAt: number | null; problems: number };
  watchers: { chain: string; lagBlocks: number | null }[];
  payouts: { queued: number; held: number };
  pendingOrders: number;
  jobs: { job: string; lastDay: string | null; ranAt: number | null }[];
}

export function useDashboard() {
  // Money's state moves while the page is open: a fresh look every 30 s.
  return useQuery({ queryKey: ['dashboard'], queryFn: () => api<Dashboard>('/dashboard'), refetchInterval: 30_000 });
}
