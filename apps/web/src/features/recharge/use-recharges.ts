import { useQuery, useQueryClient } from '@tanstack/react-query';
import { showToast } from '../../components/toast.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { amountText } from '../../lib/format.ts';
import { useApi } from '../../lib/use-api.ts';
import { ASSETS_KEY } from '../../lib/use-assets.ts';
import { FOLLOW_MS, useAnnounceChanges } from '../../lib/use-follow.ts';

export const RECHARGES_KEY = ['recharges'] as const;

/** The user's latest recharges (GET rechargeList, first page); `follow` looks again every few seconds. */
export function useRecharges({ follow = false }: { follow?: boolean } = {}) {
  const call = useApi();
  return useQuery({
    queryKey: RECHARGES_KEY,
    queryFn: () => call('rechargeList', { params: { pageNum: '1', pageSize: '20' } }),
    refetchInterval: follow ? FOLLOW_MS : false,
  });
}

/**
 * While a deposit address is on screen: the recharge list is looked at again every few seconds (not while the tab
 * is hidden), and each credit that appears refreshes the balances and is announced once with a toast, whether it
 * was sent from this app or from any other wallet.
 */
export function useFollowRecharges() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const list = useRecharges({ follow: true });
  useAnnounceChanges(
    list.data?.list,
    (r) => r.id,
    undefined,
    ({ added }) => {
      void queryClient.invalidateQueries({ queryKey: ASSETS_KEY });
      // The list is newest first; the toasts go oldest first, so the newest stays on screen.
      for (const r of [...added].reverse()) {
        showToast(t('recharge.creditedToast', { amount: amountText(r.amount, r.currency, 6) }), 'success');
      }
    },
  );
}
