import type { TPriceItem } from '@aidf/contract';
import { Amount } from '../../components/Amount.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { priceParts } from './amounts.tsx';
import { useWorthCurrency } from './machine-api.ts';

/** What a machine costs in each currency, what it mines a day, its cap and how long until it is out. */
export function MachineDetailDialog({
  item,
  onClose,
  onBuy,
  buyBlocked,
}: {
  item: TPriceItem;
  onClose: () => void;
  onBuy: () => void;
  buyBlocked: string | null;
}) {
  const { t } = useTranslation();
  const worthCurrency = useWorthCurrency();
  return (
    <Dialog title={t('machine.detailTitle')} onClose={onClose} testId="machine-detail">
      <div className="stack-sm">
        <dl className="figures figures-rows small">
          <div>
            <dt>{t('machine.worth')}</dt>
            <dd data-testid="detail-worth">
              <Amount amount={item.worth} currency={worthCurrency} decimals={2} />
            </dd>
          </div>
          {priceParts(item).map((p) => (
            <div key={p.currency}>
              <dt>{t('machine.costIn', { currency: p.currency })}</dt>
              <dd>
                <Amount amount={p.amount} currency={p.currency} decimals={6} />
              </dd>
            </div>
          ))}
          <div>
            <dt>{t('machine.dailyIncome')}</dt>
            <dd data-testid="detail-daily">
              <Amount amount={item.dailyIncome} currency="AIDF" decimals={6} />
            </dd>
          </div>
          <div>
            <dt>{t('machine.cap')}</dt>
            <dd data-testid="detail-cap">
              <Amount amount={item.cap} currency="AIDF" decimals={6} />
            </dd>
          </div>
          <div>
            <dt>{t('machine.outAfter')}</dt>
            <dd data-testid="detail-days">{t('machine.days', { count: item.daysToOut })}</dd>
          </div>
        </dl>
        <p className="muted small">{t('machine.capNote')}</p>
        {buyBlocked && <p className="notice small">{buyBlocked}</p>}
        <button
          type="button"
          className="button"
          onClick={onBuy}
          disabled={buyBlocked !== null}
          data-testid="detail-buy"
        >
          {t('machine.buy')}
        </button>
      </div>
    </Dialog>
  );
}
