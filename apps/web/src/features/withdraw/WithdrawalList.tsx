import { type EndpointData, maskAddress, type withdrawList } from '@aidf/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Amount } from '../../components/Amount.tsx';
import { Confirmations, TxLink } from '../../components/ChainLeg.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { showToast } from '../../components/toast.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { amountText, formatDateTime } from '../../lib/format.ts';
import { useApi } from '../../lib/use-api.ts';
import { ASSETS_KEY } from '../../lib/use-assets.ts';
import { useAnnounceChanges } from '../../lib/use-follow.ts';
import { WITHDRAWALS_KEY } from './WithdrawForm.tsx';

/** While a payout is on its way the list refreshes itself, so each state shows as it comes. */
const REFRESH_MS = 3_000;
/** A payout waiting for funds may wait a while: the list looks again less often. */
const WAITING_REFRESH_MS = 15_000;

const ON_ITS_WAY = new Set(['requested', 'sent']);

/** The states a withdrawal moves into that are news to its owner, each told once with a toast. */
const TOLD = { sent: 'success', confirmed: 'success', refunded: 'info', 'awaiting-funds': 'info' } as const;

export function WithdrawalList() {
  const { t } = useTranslation();
  const call = useApi();
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: WITHDRAWALS_KEY,
    queryFn: () => call('withdrawList', { params: { pageNum: '1', pageSize: '20' } }),
    refetchInterval: (query) => {
      const list = query.state.data?.list ?? [];
      if (list.some((w) => ON_ITS_WAY.has(w.status))) return REFRESH_MS;
      return list.some((w) => w.status === 'awaiting-funds') ? WAITING_REFRESH_MS : false;
    },
  });
  useAnnounceChanges(
    list.data?.list,
    (w) => w.id,
    (w) => w.status,
    ({ added, moved }) => {
      // A refund or a payout changes the balances shown elsewhere.
      void queryClient.invalidateQueries({ queryKey: ASSETS_KEY });
      // A withdrawal first seen already past 'requested' (its payout was quicker than the list) is news too.
      const news = [...moved.map((m) => m.item), ...added];
      for (const item of news.reverse()) {
        if (!(item.status in TOLD)) continue;
        const status = item.status as keyof typeof TOLD;
        // A refund returns the whole amount, fee included; a payout delivers the amount less the fee.
        const amount = amountText(status === 'refunded' ? item.amount : item.receive, 'COW', 6);
        showToast(t(`withdraw.moved.${status}`, { amount }), TOLD[status]);
      }
    },
  );
  if (!list.data) return null;
  return (
    <section className="stack-sm" data-testid="withdrawal-list">
      <h2 className="section-title">{t('withdraw.history')}</h2>
      {list.data.list.length === 0 ? (
        <div className="card">
          <EmptyState title={t('withdraw.noHistory')} text={t('withdraw.noHistoryText')} />
        </div>
      ) : (
        <ul className="card option-list">
          {list.data.list.map((w) => (
            <WithdrawalItem key={w.id} w={w} />
          ))}
        </ul>
      )}
    </section>
  );
}

type Withdrawal = EndpointData<typeof withdrawList>['list'][number];

/** One withdrawal of the history: what arrives where, its state, and when (or, waiting for funds, why). */
export function WithdrawalItem({ w }: { w: Withdrawal }) {
  const { t, i18n } = useTranslation();
  return (
    <li className="option" data-testid="withdrawal" data-status={w.status}>
      <span>
        <Amount amount={w.receive} currency="COW" decimals={6} />{' '}
        <span className="flip-rtl" aria-hidden="true">
          →
        </span>{' '}
        <bdi dir="ltr" className="mono">
          {maskAddress(w.address)}
        </bdi>
        <br />
        <small className="muted">
          {ON_ITS_WAY.has(w.status)
            ? t('withdraw.arrivesBy', { time: formatDateTime(w.expectedArrivalTime, i18n.language) })
            : formatDateTime(w.createTime, i18n.language)}
        </small>
        {w.txId && (
          <>
            <br />
            <small className="muted" data-testid="withdrawal-leg">
              <TxLink hash={w.txId} url={w.txUrl} /> <Confirmations leg={w} />
            </small>
          </>
        )}
        {w.status === 'awaiting-funds' && (
          <>
            <br />
            <small className="muted" data-testid="withdrawal-waiting-note">
              {t('withdraw.awaitingFunds')}
            </small>
          </>
        )}
      </span>
      <span className={`badge badge-${w.status}`}>{t(`withdraw.status.${w.status}`)}</span>
    </li>
  );
}
