import { OPS } from '@aidf/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client.ts';

export type PayoutAction = 'retry' | 'refund';
export const PAYOUTS_PAGE_SIZE = 20;

export function useHeldPayouts(page: number) {
  return useQuery({
    queryKey: ['payouts', 'held', page],
    queryFn: () => call(OPS.payouts, { query: { status: 'held', page, size: PAYOUTS_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
}

/** Retry (back to the payout worker) or refund; above the approval threshold it becomes a proposal. */
export function usePayoutAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, reason }: { id: string; action: PayoutAction; reason: string }) =>
      call(action === 'retry' ? OPS.retryPayout : OPS.refundPayout, { params: { id }, body: { reason } }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
