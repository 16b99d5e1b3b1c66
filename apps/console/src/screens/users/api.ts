import { OPS } from '@aidf/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../api/client.ts';

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
