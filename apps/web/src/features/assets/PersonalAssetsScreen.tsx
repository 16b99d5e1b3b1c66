import { addAmounts, CURRENCIES, formatAmount, SUBMODES, type TSubmode } from '@aidf/contract';
import { type ReactNode, useState } from 'react';
import { Amount } from '../../components/Amount.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { balanceIn, useAssets } from '../../lib/use-assets.ts';
import { useChainCurrency } from '../../lib/use-chain-data.ts';
import { AssetRow } from './AssetRow.tsx';
import { CurrencyIcon } from './CurrencyIcon.tsx';
import { ReferenceTotal } from './ReferenceTotal.tsx';
import { ReservesProofLauncher } from './ReservesProofLauncher.tsx';

/**
 * What this screen shows of other features (pledge, recharge, withdraw). Features do not import each other (a lint
 * rule in biome.json): the route composes them in app/AssetsRoute.tsx.
 */
export interface AssetsParts {
  pledgeLauncher: (submode: TSubmode) => ReactNode;
  pledgeList: ReactNode;
  rechargeForm: ReactNode;
  /** On Solana: the deposit address to send SOL from any wallet. */
  solanaDeposit: ReactNode;
  withdrawForm: (onDone: () => void) => ReactNode;
}

export function PersonalAssetsScreen({ parts }: { parts: AssetsParts }) {
  const { t, i18n } = useTranslation();
  const assets = useAssets();
  const [frozenOpen, setFrozenOpen] = useState(false);
  // The on-chain recharge (Rc) and withdrawal (Wd) dialogs of SPEC.md point 2; closing one resets it.
  const [open, setOpen] = useState<'recharge' | 'withdraw' | null>(null);
  const chainCurrency = useChainCurrency();
  if (assets.isPending) return <Spinner />;
  if (assets.isError) {
    return <EmptyState title={t('assets.loadFailed')} text={errorMessage(assets.error, t, (k) => i18n.exists(k))} />;
  }
  const normal = balanceIn(assets.data, 'aidf');
  const frozen = balanceIn(assets.data, 'aidf', SUBMODES.frozen);
  return (
    <div className="stack">
      <ReferenceTotal assets={assets.data} />
      <section className="card hero" data-testid="aidf-card">
        <p className="muted small asset-label">
          <CurrencyIcon currency="aidf" size={20} /> AIDF · {t('assets.total')}
        </p>
        <p className="hero-amount">
          <bdi dir="ltr">{formatAmount(addAmounts([normal, frozen]))}</bdi>
        </p>
        <div className="row-between small">
          <span>
            {t('assets.available')} <bdi dir="ltr">{formatAmount(normal)}</bdi>
          </span>
          <button type="button" className="link-button" onClick={() => setFrozenOpen(true)} data-testid="frozen-button">
            {t('assets.frozen')} <bdi dir="ltr">{formatAmount(frozen)}</bdi>
          </button>
        </div>
        <div className="action-row">{parts.pledgeLauncher(SUBMODES.normal)}</div>
      </section>
      <ul className="card option-list" data-testid="asset-list">
        {CURRENCIES.filter((c) => c !== 'aidf').map((currency) => (
          <AssetRow
            key={currency}
            currency={currency}
            balance={balanceIn(assets.data, currency)}
            valueUsdt={
              assets.data.find((a) => a.currency === currency && a.submode === SUBMODES.normal)?.valueUsdt ?? null
            }
          />
        ))}
        <li className="option option-actions">
          <button
            type="button"
            className="button button-quiet"
            onClick={() => setOpen('recharge')}
            data-testid="open-recharge"
          >
            {t('recharge.submit')} COW
          </button>
          <button
            type="button"
            className="button button-quiet"
            onClick={() => setOpen('withdraw')}
            data-testid="open-withdraw"
          >
            {t('withdraw.submit')} COW
          </button>
        </li>
      </ul>
      <ReservesProofLauncher />
      {open === 'recharge' && (
        <Dialog title={t('titles.recharge')} onClose={() => setOpen(null)} testId="recharge-dialog">
          {chainCurrency === 'bnb' ? parts.rechargeForm : parts.solanaDeposit}
        </Dialog>
      )}
      {open === 'withdraw' && (
        <Dialog title={t('titles.withdraw')} onClose={() => setOpen(null)} testId="withdraw-dialog">
          {parts.withdrawForm(() => setOpen(null))}
        </Dialog>
      )}
      {parts.pledgeList}
      {frozenOpen && (
        <Dialog title={t('assets.frozenTitle')} onClose={() => setFrozenOpen(false)} testId="frozen-dialog">
          <div className="stack-sm">
            <p className="hero-amount">
              <Amount amount={frozen} currency="AIDF" />
            </p>
            <p className="muted">{t('assets.frozenText')}</p>
            {parts.pledgeLauncher(SUBMODES.frozen)}
          </div>
        </Dialog>
      )}
    </div>
  );
}
