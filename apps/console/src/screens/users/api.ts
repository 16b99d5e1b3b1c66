import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';

export interface Address {
  chain: string;
  address: string;
  kind?: string;
}

export interface UserRow {
  mid: string;
  username: string;
  email: string | null;
  addresses: Address[];
  createdAt: number;
}

export interface UserDetail {
  /** The currency of every worth below (WORTH_CURRENCY of @aidf/contract), sent by the server. */
  worthCurrency: string;
  user: {
    mid: string;
    username: string;
    email: string | null;
    createdAt: number;
    inviter: string | null;
    addresses?: Address[];
  };
  balances: { currency: string; available: string; frozen: string }[];
  movements: {
    id: string;
    at: number;
    currency: string;
    submode?: string;
    amount: string;
    kind: string;
    memo: string | null;
  }[];
  orders: {
    orderNo: string;
    itemId: string | number;
    worth: string;
    /** ORDER_STATUS of @aidf/contract: 0 awaiting payment … 4 expired. */
    status: number;
    createdAt: number;
    closedAt: number | null;
  }[];
  pledges: {
    id: string;
    amount: string;
    days: number;
    rate: string;
    settled: string;
    status: string;
    createTime: number;
    endTime: number;
  }[];
  machines: {
    id: string;
    orderNo: string;
    worth: string;
    mined: string;
    cap: string;
    status: string;
    createTime: number;
  }[];
  team: { directCount: number; teamSize: number; level: number | string };
  tickets: { workOrderNo: string; status: string | number; createdAt: number; title: string }[];
  securityChanges: { at: number; kind: string; detail: string | null }[];
}

export const USERS_PAGE_SIZE = 20;

export function useUserSearch(q: string, page: number) {
  return useQuery({
    queryKey: ['users', q, page],
    queryFn: () => api<{ total: number; list: UserRow[] }>('/users', { query: { q, page, size: USERS_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
}

export function useUserDetail(mid: string) {
  return useQuery({
    queryKey: ['users', 'detail', mid],
    queryFn: () => api<UserDetail>(`/users/${encodeURIComponent(mid)}`),
  });
}
