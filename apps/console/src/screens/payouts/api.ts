import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';

export interface Payout {
  id: string;
  mid: string;
  username: string;
  chain: string;
  currency: string;
  amount: string;
  toAddress: string;
  status: string;
  reason: string | null;
  createdAt: number;
}

export type PayoutAction = 'retry' | 'refund';
export const PAYOUTS_PAGE_SIZE = 20;

export function useHeldPayouts(page: number) {
  return useQuery({
    queryKey: ['payouts', 'held', page],
    queryFn: () =>
      api<{ total: number; list: Payout[] }>('/payouts', { query: { status: 'held', page, size: PAYOUTS_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
}

/** Retry (back to the payout worker) or refund; above the approval threshold it becomes a proposal. */
export function usePayoutAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, reason }: { id: string; action: PayoutAction; reason: string }) =>
      api<{ status: string; proposalId?: string }>(`/payouts/${encodeURIComponent(id)}/${action}`, {
        method: 'POST',
        body: { reason },
      }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
