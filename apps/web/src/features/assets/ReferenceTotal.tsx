import { formatAmount } from '@aidf/contract';
import { useTranslation } from '../../i18n/use-translation.ts';
import { listText } from '../../lib/format.ts';
import { referenceTotal } from './reference-total.ts';

/** The total of the user's balances in USDT at the platform's reference prices, labelled as such. */
export function ReferenceTotal({ assets }: { assets: Parameters<typeof referenceTotal>[0] }) {
  const { t, i18n } = useTranslation();
  const { total, unpriced } = referenceTotal(assets);
  return (
    <section className="card reference-total" data-testid="reference-total">
      <p className="muted small">{t('assets.referenceTotal')}</p>
      <p className="hero-amount">
        {/* One left-to-right run, so Arabic shows '≈ 14.5 USDT' as every row does. */}
        <bdi dir="ltr">
          ≈ {formatAmount(total, 2)} <span className="small">USDT</span>
        </bdi>
      </p>
      <p className="muted small">{t('assets.referenceNote')}</p>
      {unpriced.length > 0 && (
        <p className="muted small" data-testid="reference-unpriced">
          {t('assets.notPriced', {
            list: listText(
              unpriced.map((c) => c.toUpperCase()),
              i18n.language,
            ),
          })}
        </p>
      )}
    </section>
  );
}
