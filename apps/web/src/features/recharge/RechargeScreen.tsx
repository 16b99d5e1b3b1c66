import { DEPOSIT_CURRENCIES, type TCurrency } from '@aidf/contract';
import { useState } from 'react';
import { Amount } from '../../components/Amount.tsx';
import { Confirmations, TxLink } from '../../components/ChainLeg.tsx';
import { CurrencyChips } from '../../components/CurrencyChips.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useChainCurrency } from '../../lib/use-chain-data.ts';
import { RechargeForm } from './RechargeForm.tsx';
import { SolanaDeposit } from './SolanaDeposit.tsx';
import { useRecharges } from './use-recharges.ts';

/** /recharge: pick a token; on BNB Smart Chain the wallet sends it, on Solana the deposit address is shown. */
export default function RechargeScreen() {
  const { t } = useTranslation();
  const chainCurrency = useChainCurrency();
  const choices = DEPOSIT_CURRENCIES[chainCurrency];
  const [currency, setCurrency] = useState<TCurrency>(choices[0] ?? 'cow');
  return (
    <div className="stack">
      <section className="card form-card stack-sm">
        <CurrencyChips
          value={currency}
          onChange={setCurrency}
          label={t('transfer.currency')}
          choices={choices}
          testIdPrefix="recharge-currency-"
        />
        {chainCurrency === 'bnb' ? (
          <RechargeForm key={currency} currency={currency} />
        ) : (
          <SolanaDeposit currency={currency} />
        )}
      </section>
      <RechargeHistory />
    </div>
  );
}

function RechargeHistory() {
  const { t, i18n } = useTranslation();
  // The deposit card above follows the list; this reads the same query.
  const list = useRecharges();
  if (!list.data) return null;
  return (
    <section className="stack-sm" data-testid="recharge-history">
      <h2 className="section-title">{t('recharge.history')}</h2>
      {list.data.list.length === 0 ? (
        <div className="card">
          <EmptyState title={t('recharge.noHistory')} text={t('recharge.noHistoryText')} />
        </div>
      ) : (
        <ul className="card option-list">
          {list.data.list.map((r) => (
            <li key={r.id} className="option" data-testid="recharge-item">
              <span>
                <Amount sign="+" amount={r.amount} currency={r.currency} decimals={6} />
                <br />
                <small className="muted">
                  {formatDateTime(r.createTime, i18n.language)} · <TxLink hash={r.txId} url={r.txUrl} />
                  <br />
                  <Confirmations leg={r} />
                </small>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
