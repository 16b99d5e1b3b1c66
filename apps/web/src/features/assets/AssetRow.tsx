import { formatAmount, type TCurrency } from '@aidf/contract';
import { useTranslation } from '../../i18n/use-translation.ts';
import { CurrencyIcon } from './CurrencyIcon.tsx';
import './assets.css';

/** The currencies people may not know, described in one line. */
const ABOUT: Partial<Record<TCurrency, 'assets.about.cow' | 'assets.about.eoeo'>> = {
  cow: 'assets.about.cow',
  eoeo: 'assets.about.eoeo',
};

/** One currency of the asset list: its icon, name and what it is, the balance and its reference worth in USDT. */
export function AssetRow({
  currency,
  balance,
  valueUsdt,
}: {
  currency: TCurrency;
  balance: string;
  valueUsdt: string | null;
}) {
  const { t } = useTranslation();
  const about = ABOUT[currency];
  return (
    <li className="option asset-row" data-testid={`asset-${currency}`}>
      <CurrencyIcon currency={currency} />
      <span className="option-text asset-name">
        <span className="currency-name">{currency.toUpperCase()}</span>
        {about && <span className="muted small">{t(about)}</span>}
      </span>
      <span className="asset-amounts">
        <bdi dir="ltr">{formatAmount(balance, 6)}</bdi>
        {/* USDT's worth is its balance: saying it twice is noise. */}
        {valueUsdt !== null && currency !== 'usdt' && (
          <bdi dir="ltr" className="muted small">
            ≈ {formatAmount(valueUsdt, 2)} USDT
          </bdi>
        )}
      </span>
    </li>
  );
}
