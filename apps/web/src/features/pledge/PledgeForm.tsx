import { buildSignContent, formatAmount, PLEDGE_DAYS, type PledgeDays, SUBMODES, type TSubmode } from '@aidf/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Amount } from '../../components/Amount.tsx';
import { InputField } from '../../components/Dialog.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useFormChecks } from '../../lib/form-checks.ts';
import { amountText } from '../../lib/format.ts';
import { useApi } from '../../lib/use-api.ts';
import { ASSETS_KEY, balanceIn, useAssets } from '../../lib/use-assets.ts';
import { useWalletAction } from '../../lib/use-wallet-action.ts';
import { AutoRenewSwitch } from './AutoRenewSwitch.tsx';
import { InvestFromWallet } from './InvestFromWallet.tsx';
import { expectedReturn, investShortfall, pledgeProblem, rateFigures } from './pledge-math.ts';
import { FUND_INFO_KEY, PLEDGES_KEY, useFundInfo } from './use-fund-info.ts';

const RATE_FIELD = { 30: 'configDays30', 90: 'configDays90', 180: 'configDays180', 365: 'configDays365' } as const;

/**
 * The stake dialog (submode '00') and the freeze-AIDF pledge dialog ('16') of SPEC.md point 2: an amount of
 * 1 to 1,000,000, a period (30 by default), the rate shown three honest ways, the expected return, and a fresh
 * 'pledge-{ms}' wallet signature. The dialog unmounts on close, so its inputs start empty each time.
 */
export function PledgeForm({ submode, onDone }: { submode: TSubmode; onDone?: () => void }) {
  const { t } = useTranslation();
  const call = useApi();
  const queryClient = useQueryClient();
  const info = useFundInfo();
  const assets = useAssets();
  const [amount, setAmount] = useState('');
  const [days, setDays] = useState<PledgeDays>(30);
  const [autoRenew, setAutoRenew] = useState(false);
  const wallet = useWalletAction();
  const balance = balanceIn(assets.data, 'aidf', submode);
  const checks = useFormChecks({ amount }, (v) => {
    const problem = pledgeProblem(v.amount, balance);
    return problem ? { amount: t(problem) } : {};
  });

  if (!info.data) return <Spinner />;
  const rate = info.data[RATE_FIELD[days]];
  const figures = rateFigures(rate, days);
  const expected = expectedReturn(amount, rate);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!checks.validate()) return;
    const pledged = await wallet.run(
      async (steps) => {
        const timestamp = Date.now();
        const signContent = buildSignContent('pledge', timestamp);
        const signature = { sign: await steps.sign(signContent), signContent, timestamp };
        return call('pledge', { params: { amount, days: String(days), submode }, body: { ...signature, autoRenew } });
      },
      {
        success: (done) => t('pledge.done', { amount: amountText(done.amount, 'AIDF'), days: done.days }),
        // SPEC.md point 5: a pledge whose wallet signature fails says 'Failed to connect wallet'.
        failure: (_error, message, phase) => (phase === 'wallet' ? t('messages.failedConnect') : message),
      },
    );
    if (!pledged) return;
    setAmount('');
    checks.reset();
    await Promise.all(
      [ASSETS_KEY, FUND_INFO_KEY, PLEDGES_KEY].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
    onDone?.();
  }

  return (
    <form className="stack-sm" onSubmit={submit} noValidate data-testid={`pledge-form-${submode}`}>
      <InputField
        label={t('pledge.amount')}
        error={checks.errors.amount}
        inputMode="decimal"
        placeholder={t('pledge.range', { min: info.data.minAmount, max: formatAmount(info.data.maxAmount) })}
        value={amount}
        onChange={(e) => setAmount(e.target.value.trim())}
        name="amount"
      />
      <div className="row-between small">
        <span className="muted">
          {t(submode === SUBMODES.frozen ? 'pledge.frozenAvailable' : 'transfer.available', {
            amount: amountText(balance, 'AIDF'),
          })}
        </span>
        <button type="button" className="link-button" onClick={() => setAmount(balance)}>
          {t('transfer.max')}
        </button>
      </div>
      <fieldset className="period-choice">
        <legend className="field-label">{t('pledge.period')}</legend>
        <div className="chips">
          {PLEDGE_DAYS.map((d) => (
            <button
              key={d}
              type="button"
              aria-pressed={d === days}
              className={`chip${d === days ? ' chip-active' : ''}`}
              onClick={() => setDays(d)}
              data-testid={`period-${d}`}
            >
              {t('pledge.days', { count: d })}
            </button>
          ))}
        </div>
      </fieldset>
      <dl className="figures small" data-testid="pledge-rates">
        <div>
          <dt>{t('pledge.periodRate', { count: days })}</dt>
          <dd>
            <bdi dir="ltr">{figures.period}%</bdi>
          </dd>
        </div>
        <div>
          <dt>{t('pledge.perDay')}</dt>
          <dd>
            <bdi dir="ltr">{figures.perDay}%</bdi>
          </dd>
        </div>
        <div>
          <dt>{t('pledge.perYear')}</dt>
          <dd>
            <bdi dir="ltr">{figures.perYear}%</bdi>
          </dd>
        </div>
      </dl>
      <p className="muted small">{t('pledge.simpleNote')}</p>
      <div className="row-between" data-testid="pledge-expected">
        <span>{t('pledge.expectedTotal')}</span>
        <strong>
          <Amount amount={expected ?? '0'} currency="AIDF" />
        </strong>
      </div>
      <AutoRenewSwitch on={autoRenew} onChange={setAutoRenew} />
      <p className="muted small">{t('pledge.leftToday', { count: info.data.pledgesLeftToday })}</p>
      {/* A short normal balance can be topped up from the wallet through the invest contract. */}
      {submode === SUBMODES.normal && <InvestFromWallet missing={investShortfall(amount, balance)} />}
      <button type="submit" className="button" disabled={wallet.busy || info.data.pledgesLeftToday === 0}>
        {wallet.busy ? t('auth.waitingForWallet') : t('pledge.submit')}
      </button>
    </form>
  );
}
