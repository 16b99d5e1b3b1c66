import { SUBMODES, type TSubmode } from '@aidf/contract';
import { useQuery } from '@tanstack/react-query';
import { useSession } from './session.ts';
import { useApi } from './use-api.ts';

export const ASSETS_KEY = ['assets'] as const;

/** The signed-in user's balances (GET /v1/ma/account/assets/{mid}); every screen that moves money refreshes it. */
export function useAssets() {
  const call = useApi();
  const session = useSession();
  const mid = session.isLogin ? session.userInfo?.mid : undefined;
  return useQuery({
    queryKey: [...ASSETS_KEY, mid],
    queryFn: () => call('getAssets', { params: { mid: mid ?? '' } }),
    enabled: mid !== undefined,
  });
}

/** The balance of one currency and submode from the assets answer, '0' when absent. */
export function balanceIn(
  assets: { currency: string; submode: string; balance: string }[] | undefined,
  currency: string,
  submode: TSubmode = SUBMODES.normal,
): string {
  return assets?.find((a) => a.currency === currency && a.submode === submode)?.balance ?? '0';
}
