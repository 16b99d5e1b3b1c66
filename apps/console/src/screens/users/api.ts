import { OPS, type TUserAddress, type TUserDetail, type TUserRow } from '@aidf/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../api/client.ts';

export type Address = TUserAddress;
export type UserRow = TUserRow;
export type UserDetail = TUserDetail;

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
