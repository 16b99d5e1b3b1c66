import { CHAINS, maskAddress, type TCurrency } from '@aidf/contract';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { InputField } from '../../components/Dialog.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useFormChecks } from '../../lib/form-checks.ts';
import { amountText } from '../../lib/format.ts';
import { useSession } from '../../lib/session.ts';
import { balanceIn, useAssets } from '../../lib/use-assets.ts';
import { useDepositAddress, useTokenConfig } from '../../lib/use-chain-data.ts';
import { useWalletAction } from '../../lib/use-wallet-action.ts';
import { connectorFor } from '../../wallet/index.ts';
import { DepositAddressCard } from './DepositAddressCard.tsx';
import { rechargeProblem, useRecharge } from './use-recharge.ts';

/**
 * Recharge of one token on BNB Smart Chain from the connected wallet (SPEC.md point 5): amount required, not
 * above the wallet's balance, BNB enough for gas; the wallet sends it to the user's deposit address and the
 * screen follows the transaction until the deposit watcher has credited it. Unmounting resets it (SPEC.md:
 * the recharge dialog resets its inputs on close).
 */
export function RechargeForm({ currency }: { currency: TCurrency }) {
  const { t } = useTranslation();
  const session = useSession();
  const tokens = useTokenConfig();
  const assets = useAssets();
  const depositAddress = useDepositAddress(currency, 'bnb');
  const { stage, send, reset } = useRecharge();
  const action = useWalletAction();
  const [amount, setAmount] = useState('');
  const token = tokens.data?.find((c) => c.chainCurrency === 'bnb' && c.currency === currency);
  // BNB itself is the chain's coin: no contract, sent as a plain transfer with a value.
  const native = currency === CHAINS.bsc.currency;
  const tokenRef = native
    ? { contract: null, decimals: CHAINS.bsc.nativeDecimals }
    : token?.contractAddress
      ? { contract: token.contractAddress, decimals: token.decimals }
      : null;

  const wallet = useQuery({
    queryKey: ['wallet-balance', currency, tokenRef?.contract],
    enabled: tokenRef !== null,
    queryFn: async () => {
      const connector = await connectorFor(CHAINS.bsc.name);
      const address = (await connector.currentAccount()) ?? session.walletAddress;
      if (!address || !tokenRef) return null;
      return { address, balance: await connector.balanceOf(address, tokenRef) };
    },
  });

  const checks = useFormChecks({ amount }, (v) => {
    const problem = rechargeProblem({
      amount: v.amount,
      walletBalance: wallet.data?.balance ?? null,
      fee: null,
      native,
    });
    return problem ? { amount: t(problem) } : {};
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!tokenRef || !depositAddress.data) return;
    if (!checks.validate()) return;
    const target = { token: tokenRef, to: depositAddress.data.address };
    await action.run(
      async (steps) => {
        const connected = await steps.connect(CHAINS.bsc.name);
        const transfer = { ...target, amount };
        const [balance, fee] = await Promise.all([
          connected.connector.balanceOf(connected.address, target.token),
          connected.connector.transferFee(connected.address, transfer),
        ]);
        const found = rechargeProblem({ amount, walletBalance: balance, fee, native });
        if (found) return checks.reject('amount', t(found));
        await send(steps, connected, transfer, currency);
        // Sent: the wallet's balance drops by the amount (and, for BNB, its gas), which is no fault of the
        // amount still shown; the checks start again with the next recharge.
        checks.reset();
        await wallet.refetch();
      },
      // The form follows the transfer to its credit itself.
      { chain: CHAINS.bsc.name, success: () => null },
    );
  }

  if (tokens.isPending || depositAddress.isPending) return <Spinner />;
  if (!tokenRef || !depositAddress.data) {
    return <p className="muted">{t('recharge.notAvailable', { currency: currency.toUpperCase() })}</p>;
  }
  const unit = currency.toUpperCase();
  const busy = stage.kind === 'signing' || stage.kind === 'pending' || stage.kind === 'confirming';

  return (
    <form className="stack-sm" onSubmit={submit} noValidate data-testid="recharge-form">
      <DepositAddressCard currency={currency} chain="bnb" />
      <InputField
        label={t('recharge.amount', { currency: unit })}
        error={checks.errors.amount}
        inputMode="decimal"
        value={amount}
        onChange={(e) => setAmount(e.target.value.trim())}
        name="amount"
        disabled={busy}
      />
      <div className="row-between small muted">
        <span data-testid="wallet-balance">
          {t('recharge.walletBalance', { amount: wallet.data ? amountText(wallet.data.balance, unit, 6) : '-' })}
        </span>
        <span data-testid="platform-balance">
          {t('recharge.platformBalance', { amount: amountText(balanceIn(assets.data, currency), unit, 6) })}
        </span>
      </div>
      <RechargeProgress stage={stage} />
      {stage.kind === 'credited' || stage.kind === 'failed' ? (
        <button
          type="button"
          className="button"
          onClick={() => {
            reset();
            setAmount('');
            checks.reset();
          }}
        >
          {t('recharge.again')}
        </button>
      ) : (
        <button type="submit" className="button" disabled={busy}>
          {stage.kind === 'signing' ? t('auth.waitingForWallet') : t('recharge.submit')}
        </button>
      )}
    </form>
  );
}

function RechargeProgress({ stage }: { stage: ReturnType<typeof useRecharge>['stage'] }) {
  const { t } = useTranslation();
  if (stage.kind === 'idle' || stage.kind === 'signing') return null;
  const tx = (
    <bdi dir="ltr" className="mono">
      {maskAddress(stage.txId)}
    </bdi>
  );
  const text = {
    pending: t('recharge.pending'),
    confirming: t('recharge.confirming'),
    credited:
      stage.kind === 'credited'
        ? t('recharge.credited', { amount: amountText(stage.amount, stage.currency, 18, '+') })
        : '',
    failed: t('recharge.failed'),
  }[stage.kind];
  return (
    <div
      className={`notice${stage.kind === 'failed' ? ' notice-error' : ''}`}
      role="status"
      data-testid="recharge-status"
      data-stage={stage.kind}
    >
      {(stage.kind === 'pending' || stage.kind === 'confirming') && <Spinner inline />}
      <span>{text}</span> <span className="muted small">{tx}</span>
    </div>
  );
}
