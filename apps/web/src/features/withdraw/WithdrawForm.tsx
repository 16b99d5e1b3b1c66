import { AMOUNT_TEXT, buildWithdrawSignText, formatAmount, withdrawalFigures } from '@aidf/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Amount } from '../../components/Amount.tsx';
import { InputField } from '../../components/Dialog.tsx';
import { SecurityHoldNotice } from '../../components/SecurityHoldNotice.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { AUTHENTICATOR_KEY, TotpField } from '../../components/TotpField.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useFormChecks } from '../../lib/form-checks.ts';
import { amountText } from '../../lib/format.ts';
import { useSession } from '../../lib/session.ts';
import { useApi } from '../../lib/use-api.ts';
import { ASSETS_KEY, balanceIn, useAssets } from '../../lib/use-assets.ts';
import { useSecurityHold } from '../../lib/use-security-hold.ts';
import { useWalletAction } from '../../lib/use-wallet-action.ts';
import { useAddressBook } from './address-book-queries.ts';
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
  const book = useAddressBook();
  const [totpCode, setTotpCode] = useState('');
  // The book's usable addresses come first; typing another is still possible unless 'address book only' is on.
  const usable = book.data?.entries.filter((e) => e.status === 'usable') ?? [];
  // Unknown until the assets have loaded: not a balance of 0, which would refuse every amount and show "0 available".
  const balance = assets.data ? balanceIn(assets.data, 'cow') : null;
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
          body: {
            amount,
            currency: 'cow',
            chainCurrency: 'bnb',
            address: destination,
            sign,
            signContent,
            timestamp,
            ...(totpCode ? { totpCode } : {}),
          },
        });
      },
      {
        success: (answer) =>
          t('withdraw.requested', { amount: amountText(answer.receive, 'COW', 6), minutes: rules.arrivalMinutes }),
      },
    );
    if (!done) return;
    setAmount('');
    setTotpCode('');
    checks.reset();
    await Promise.all(
      [ASSETS_KEY, WITHDRAW_CONFIG_KEY, WITHDRAWALS_KEY, AUTHENTICATOR_KEY].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
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
      {balance !== null && (
        <div className="row-between small" data-testid="withdraw-available">
          <span className="muted">{t('transfer.available', { amount: amountText(balance, 'COW', 6) })}</span>
          <button type="button" className="link-button" onClick={() => setAmount(balance)}>
            {t('transfer.max')}
          </button>
        </div>
      )}
      {usable.length > 0 && (
        <fieldset className="chips" data-testid="withdraw-book">
          <legend className="muted small">{t('addressBook.fromBook')}</legend>
          {usable.map((entry) => (
            <button
              type="button"
              key={entry.id}
              className={`chip${entry.address === address ? ' chip-active' : ''}`}
              onClick={() => setAddress(entry.address)}
            >
              {entry.label}
            </button>
          ))}
        </fieldset>
      )}
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
      <TotpField value={totpCode} onChange={setTotpCode} />
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
      {rules.amountLeftToday !== null && (
        <p className="muted small" data-testid="withdraw-amount-left">
          {t('withdraw.amountLeftToday', { amount: amountText(rules.amountLeftToday, 'COW', 6) })}
        </p>
      )}
      {holdUntil !== null && <SecurityHoldNotice until={holdUntil} />}
      <button type="submit" className="button" disabled={wallet.busy || rules.leftToday === 0 || holdUntil !== null}>
        {wallet.busy ? t('auth.waitingForWallet') : t('withdraw.submit')}
      </button>
    </form>
  );
}
