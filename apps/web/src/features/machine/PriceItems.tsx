import type { TPriceItem } from '@aidf/contract';
import { Amount } from '../../components/Amount.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Price } from './amounts.tsx';
import { useWorthCurrency } from './machine-api.ts';

/** Price items grouped by worth (the index orders them by worth, then id); each group lists its ways to pay. */
export function PriceItems({
  items,
  blockedFor,
  onDetail,
  onBuy,
}: {
  items: TPriceItem[];
  blockedFor: (item: TPriceItem) => string | null;
  onDetail: (item: TPriceItem) => void;
  onBuy: (item: TPriceItem) => void;
}) {
  const { t } = useTranslation();
  const worthCurrency = useWorthCurrency();
  const groups = new Map<string, TPriceItem[]>();
  for (const item of items) groups.set(item.worth, [...(groups.get(item.worth) ?? []), item]);
  return (
    <div className="stack-sm" data-testid="price-items">
      {[...groups].map(([worth, group]) => (
        <section key={worth} className="card machine-group" data-testid="worth-group" data-worth={worth}>
          <div className="row-between">
            <h3 className="machine-worth">
              {t('machine.machineOf')} <Amount amount={worth} currency={worthCurrency} decimals={2} />
            </h3>
            <span className="small muted">
              {t('machine.perDay')} <Amount amount={group[0]?.dailyIncome ?? '0'} currency="AIDF" decimals={6} />
            </span>
          </div>
          <ul className="machine-options">
            {group.map((item) => (
              <li key={item.id} className="machine-option" data-testid="price-item" data-id={item.id}>
                <button type="button" className="link-button machine-price" onClick={() => onDetail(item)}>
                  <Price item={item} />
                </button>
                <button
                  type="button"
                  className="button button-small"
                  onClick={() => onBuy(item)}
                  disabled={blockedFor(item) !== null}
                  data-testid="buy-item"
                >
                  {t('machine.buy')}
                </button>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
