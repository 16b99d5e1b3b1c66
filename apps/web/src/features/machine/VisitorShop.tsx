import { EmptyState } from '../../components/EmptyState.tsx';
import { Skeleton } from '../../components/Skeleton.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { percentText } from '../../lib/format.ts';
import { openLoginDialog } from '../../lib/login-dialog.ts';
import { useMachinePrices } from './machine-api.ts';
import { PriceItems } from './PriceItems.tsx';

/**
 * The Miner tab for a visitor: the machines on sale as a signed-in user sees them, with the call to sign in; a
 * machine's "Buy" opens the sign-in, since buying needs an account.
 */
export function VisitorShop() {
  const { t } = useTranslation();
  const prices = useMachinePrices();
  const signIn = () => openLoginDialog('chain');
  return (
    <div className="stack">
      <section className="card stack-sm" data-testid="machine-sign-in">
        <EmptyState title={t('machine.signInTitle')} text={t('machine.signInText')}>
          <button type="button" className="button" onClick={signIn}>
            {t('auth.connectWallet')}
          </button>
        </EmptyState>
      </section>
      <section className="stack-sm">
        <h2 className="section-title">{t('machine.shop')}</h2>
        {prices.data ? (
          <>
            <p className="small muted">
              {t('machine.shopText', { rate: percentText(prices.data.dailyRate), cap: prices.data.capMultiple })}
            </p>
            <PriceItems
              items={prices.data.aiMinningPriceItems}
              blockedFor={() => null}
              onDetail={signIn}
              onBuy={signIn}
            />
          </>
        ) : (
          <Skeleton />
        )}
      </section>
    </div>
  );
}
