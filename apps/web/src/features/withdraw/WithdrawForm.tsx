import { AMOUNT_TEXT, buildWithdrawSignText, formatAmount, withdrawalFigures } from '@aidf/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Amount } from '../../components/Amount.tsx';
import { InputField } from '../../components/Dialog.tsx';
import { SecurityHoldNotice } from '../../components/SecurityHoldNotice.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { useFormChecks } from '../../lib/form-checks.ts';
import { amountText } from '../../lib/format.ts';
import { useSession } from '../../lib/session.ts';
import { useApi } from '../../lib/use-api.ts';
import { ASSETS_KEY, balanceIn, useAssets } from '../../lib/use-assets.ts';
import { useSecurityHold } from '../../lib/use-security-hold.ts';
import { useWalletAction } from '../../lib/use-wallet-action.ts';
import { withdrawProblem } from './withdraw-math.ts';

export const WITHDRAW_CONFIG_KEY = ['withdraw-config'] as const;
export const WITHDRAWALS_KEY = ['withdrawals'] as const;

/** The fee as a percentage for the hint: '0.005' → '0.5'. */
const percent = (rate: string) => formatAmount(withdrawalFigures('100', rate).fee, 4);

/**
 * COW withdrawal to a BNB Smart Chain address (SPEC.md point 5, RULES.md): the hint and the "you receive"
 * figure both come from the server's one fee rate; a wallet signature of its readable text confirms it.
 */
export function WithdrawForm({ onDone }: { onDone?: () => void }) {
  const { t } = useTranslation();
  const session = useSession();
  const call = useApi();
  const queryClient = useQueryClient();
  const assets = useAssets();
  const holdUntil = useSecurityHold();
  const config = useQuery({ queryKey: WITHDRAW_CONFIG_KEY, queryFn: () => call('withdrawConfig', {}) });
  const [amount, setAmount] = useState('');
  const [address, setAddress] = useState(session.walletAddress?.startsWith('0x') ? session.walletAddress : '');
  const wallet = useWalletAction();
  const balance = balanceIn(assets.data, 'cow');
  const checks = useFormChecks({ amount, address }, (v) => {
    if (!config.data) return {};
    const { feeRate, min, max } = config.data;
    const problem = withdrawProblem({ ...v, feeRate, balance, min, max });
    return problem ? { [problem.field]: t(problem.key) } : {};
  });

  if (!config.data) return <Spinner />;
  const rules = config.data;
  const figures = AMOUNT_TEXT.test(amount) ? withdrawalFigures(amount, rules.feeRate) : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!checks.validate()) return;
    const destination = address.trim();
    const done = await wallet.run(
      async (steps) => {
        const timestamp = Date.now();
        const signContent = buildWithdrawSignText({
          host: window.location.host,
          amount,
          currency: 'cow',
          address: destination,
          timestampMs: timestamp,
        });
        const sign = await steps.sign(signContent);
        return call('withdraw', {
          body: { amount, currency: 'cow', chainCurrency: 'bnb', address: destination, sign, signContent, timestamp },
        });
      },
      {
        success: (answer) =>
          t('withdraw.requested', { amount: amountText(answer.receive, 'COW', 6), minutes: rules.arrivalMinutes }),
      },
    );
    if (!done) return;
    setAmount('');
    checks.reset();
    await Promise.all(
      [ASSETS_KEY, WITHDRAW_CONFIG_KEY, WITHDRAWALS_KEY].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
    onDone?.();
  }

  return (
    <form className="stack-sm" onSubmit={submit} noValidate data-testid="withdraw-form">
      <InputField
        label={t('withdraw.amount')}
        error={checks.errors.amount}
        inputMode="decimal"
        placeholder={t('withdraw.range', { min: rules.min, max: formatAmount(rules.max) })}
        value={amount}
        onChange={(e) => setAmount(e.target.value.trim())}
        name="amount"
      />
      <div className="row-between small">
        <span className="muted">{t('transfer.available', { amount: amountText(balance, 'COW', 6) })}</span>
        <button type="button" className="link-button" onClick={() => setAmount(balance)}>
          {t('transfer.max')}
        </button>
      </div>
      <InputField
        label={t('withdraw.address')}
        error={checks.errors.address}
        placeholder="0x…"
        autoComplete="off"
        dir="ltr"
        value={address}
        onChange={(e) => setAddress(e.target.value)}
        name="address"
      />
      <p className="muted small" data-testid="withdraw-hint">
        {t('withdraw.hint', { fee: percent(rules.feeRate), perDay: rules.perDay, minutes: rules.arrivalMinutes })}
      </p>
      <div className="row-between" data-testid="withdraw-receive">
        <span>{t('withdraw.receive')}</span>
        <strong>
          <Amount amount={figures?.receive ?? '0'} currency="COW" decimals={6} />
        </strong>
      </div>
      <p className="muted small">{t('withdraw.leftToday', { count: rules.leftToday })}</p>
      {holdUntil !== null && <SecurityHoldNotice until={holdUntil} />}
      <button type="submit" className="button" disabled={wallet.busy || rules.leftToday === 0 || holdUntil !== null}>
        {wallet.busy ? t('auth.waitingForWallet') : t('withdraw.submit')}
      </button>
    </form>
  );
}
