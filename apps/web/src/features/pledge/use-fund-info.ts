import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../lib/use-api.ts';

export const FUND_INFO_KEY = ['fund-info'] as const;
export const PLEDGES_KEY = ['pledges'] as const;

/** The rates, the daily limit and the amount range, all from the server (RULES.md: no number hard-coded). */
export function useFundInfo() {
  const call = useApi();
  return useQuery({ queryKey: FUND_INFO_KEY, queryFn: () => call('fundInfo', {}) });
}
