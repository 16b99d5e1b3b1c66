import { OPS } from '@aidf/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client.ts';
import type { LimitTerms } from './WithdrawLimitForm.tsx';

export const USERS_PAGE_SIZE = 20;

export function useUserSearch(q: string, page: number) {
  return useQuery({
    queryKey: ['users', q, page],
    queryFn: () => call(OPS.users, { query: { q, page, size: USERS_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
}

export function useUserDetail(mid: string) {
  return useQuery({
    queryKey: ['users', 'detail', mid],
    queryFn: () => call(OPS.userDetail, { params: { mid } }),
  });
}

export function useUserWithdrawLimits(mid: string) {
  return useQuery({
    queryKey: ['users', 'withdraw-limits', mid],
    queryFn: () => call(OPS.userWithdrawLimits, { params: { mid } }),
  });
}

/** One proposal per period given, in turn; the approvals page and the limits shown are read again. */
export function useProposeWithdrawLimit(mid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (terms: LimitTerms) => {
      const ids: string[] = [];
      for (const period of ['day', 'days30'] as const) {
        if (terms[period] === '') continue;
        const body = { currency: terms.currency, period, amount: terms[period], reason: terms.reason };
        ids.push((await call(OPS.withdrawLimit, { params: { mid }, body })).proposalId);
      }
      return ids;
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['proposals'] }),
        queryClient.invalidateQueries({ queryKey: ['users', 'withdraw-limits', mid] }),
      ]),
  });
}
