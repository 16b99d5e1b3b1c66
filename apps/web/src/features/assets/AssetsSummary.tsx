import { addAmounts, formatAmount, SUBMODES } from '@aidf/contract';
import { Link } from 'wouter';
import { Spinner } from '../../components/Spinner.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { balanceIn, useAssets } from '../../lib/use-assets.ts';

const QUICK_ACTIONS = [
  ['/recharge', 'titles.recharge'],
  ['/withdraw', 'titles.withdraw'],
  ['/internalTransfer', 'titles.internalTransfer'],
  ['/invitefriends', 'titles.invitefriends'],
] as const;

/** The home screen's view of the user's money: main balances and the four quick actions. */
export function AssetsSummary() {
  const { t } = useTranslation();
  const assets = useAssets();
  const aidf = addAmounts([balanceIn(assets.data, 'aidf'), balanceIn(assets.data, 'aidf', SUBMODES.frozen)]);
  return (
    <section className="card assets-summary" data-testid="assets-summary">
      <div className="row-between">
        <h2 className="section-title">{t('assets.myAssets')}</h2>
        <Link to="/personalAssets" className="link-button small">
          {t('assets.viewAll')}
        </Link>
      </div>
      {assets.isPending ? (
        <Spinner />
      ) : (
        <dl className="balance-grid">
          {[
            ['AIDF', aidf],
            ['USDT', balanceIn(assets.data, 'usdt')],
            ['COW', balanceIn(assets.data, 'cow')],
          ].map(([name, amount]) => (
            <div key={name}>
              <dt className="muted small">{name}</dt>
              <dd>
                <bdi dir="ltr">{formatAmount(amount ?? '0')}</bdi>
              </dd>
            </div>
          ))}
        </dl>
      )}
      <nav className="quick-actions" aria-label={t('assets.myAssets')}>
        {QUICK_ACTIONS.map(([to, key]) => (
          <Link key={to} to={to} className="quick-action">
            {t(key)}
          </Link>
        ))}
      </nav>
    </section>
  );
}
