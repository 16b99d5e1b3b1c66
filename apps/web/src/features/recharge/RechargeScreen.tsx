import { DEPOSIT_CURRENCIES, maskAddress, SOLANA_MIN_AMOUNT, type TCurrency } from '@aidf/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Amount } from '../../components/Amount.tsx';
import { CurrencyChips } from '../../components/CurrencyChips.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { useApi } from '../../lib/use-api.ts';
import { useChainCurrency } from '../../lib/use-chain-data.ts';
import { DepositAddressCard } from './DepositAddressCard.tsx';
import { RechargeForm } from './RechargeForm.tsx';

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

/** Solana: the deposit address to send SOL or USDT to from any wallet (the in-app transfer is not offered). */
function SolanaDeposit({ currency }: { currency: TCurrency }) {
  const { t } = useTranslation();
  return (
    <div className="stack-sm" data-testid="solana-deposit">
      <p className="notice">{t('recharge.solanaUnsupported')}</p>
      <p className="small">{t('recharge.solanaSendTo', { currency: currency.toUpperCase() })}</p>
      <DepositAddressCard currency={currency} chain="sol" minimum={SOLANA_MIN_AMOUNT} />
    </div>
  );
}

function RechargeHistory() {
  const { t, i18n } = useTranslation();
  const call = useApi();
  const list = useQuery({
    queryKey: ['recharges'],
    queryFn: () => call('rechargeList', { params: { pageNum: '1', pageSize: '20' } }),
  });
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
            <li key={r.id} className="option">
              <span>
                <Amount sign="+" amount={r.amount} currency={r.currency} decimals={6} />
                <br />
                <small className="muted">
                  {formatDateTime(r.createTime, i18n.language)} ·{' '}
                  <bdi dir="ltr" className="mono">
                    {maskAddress(r.txId)}
                  </bdi>
                </small>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
