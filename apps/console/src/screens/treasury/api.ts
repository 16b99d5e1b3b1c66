import { OPS, type TSweepStatus } from '@aidf/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client.ts';

export type SweepFilter = TSweepStatus | 'all';
export type SweepAction = 'retry' | 'skip';

export const SWEEPS_PAGE_SIZE = 20;

export function useTreasuryStatus() {
  // Balances and sweeps move while the page is open: a fresh look every 30 s, as the dashboard.
  return useQuery({
    queryKey: ['treasury', 'status'],
    queryFn: () => call(OPS.treasuryStatus, {}),
    refetchInterval: 30_000,
  });
}

export function useSweeps(status: SweepFilter, page: number) {
  return useQuery({
    queryKey: ['treasury', 'sweeps', status, page],
    queryFn: () => call(OPS.sweeps, { query: { status, page, size: SWEEPS_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
}

export function useAwaitingWithdrawals() {
  return useQuery({ queryKey: ['treasury', 'awaiting'], queryFn: () => call(OPS.awaitingWithdrawals, {}) });
}

/** Retry (back to planned) or skip (given up, its amount left unswept); the reason goes into the audit trail. */
export function useSweepAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, reason }: { id: string; action: SweepAction; reason: string }) =>
      call(action === 'retry' ? OPS.retrySweep : OPS.skipSweep, { params: { id }, body: { reason } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['treasury'] }),
  });
}

/** Sweep-now: the treasury's sweepers plan at their next tick. */
export function useSweepNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(OPS.sweepNow, { body: {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['treasury'] }),
  });
}
