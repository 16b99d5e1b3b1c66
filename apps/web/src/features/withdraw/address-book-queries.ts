import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../lib/use-api.ts';

export const ADDRESS_BOOK_KEY = ['address-book'] as const;

/** The user's withdrawal address book, its 'address book only' switch and how this account confirms a change. */
export function useAddressBook() {
  const call = useApi();
  return useQuery({ queryKey: ADDRESS_BOOK_KEY, queryFn: () => call('addressBook', {}) });
}

/** "hh:mm:ss" left until `until` at `now` (never below zero). */
export function timeLeftText(until: number, now: number): string {
  const total = Math.max(0, Math.ceil((until - now) / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
}
