import { CHAINS, formatAmount } from '@aidf/contract';
import { useTranslation } from '../../i18n/use-translation.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { amountText } from '../../lib/format.ts';
import { useWalletAction } from '../../lib/use-wallet-action.ts';
import { WalletError } from '../../wallet/types.ts';
import { InvestStopped, useInvest, useInvestInfo } from './use-invest.ts';

/**
 * The stake dialog's offer when the available AIDF is short (RULES.md "Pledge"): invest the missing amount from
 * the wallet through the invest contract, then wait for the credit, after which the pledge can go ahead.
 * Nothing is shown while the chain has no invest contract (81034).
 */
export function InvestFromWallet({ missing }: { missing: string | null }) {
  const { t, i18n } = useTranslation();
  const { stage, invest } = useInvest();
  const wallet = useWalletAction();
  const busy =
    stage.kind === 'approving' || stage.kind === 'investing' || stage.kind === 'mining' || stage.kind === 'crediting';
  const info = useInvestInfo(missing !== null || busy || stage.kind === 'credited');
  if (!info.data && !info.error) return null;
  if (info.error) {
    return (
      <p className="muted small" data-testid="invest-unavailable">
        {errorMessage(info.error, t, (k) => i18n.exists(k))}
      </p>
    );
  }
  const target = info.data;
  if (!target) return null;
  if (stage.kind === 'credited') {
    return (
      <p className="notice notice-success small" data-testid="invest-credited" role="status">
        {t('pledge.invest.credited', { amount: amountText(stage.amount, 'AIDF') })}
      </p>
    );
  }
  if (missing === null && !busy) return null;

  async function start() {
    if (!missing || !target) return;
    await wallet.run((steps) => invest(missing, target, steps), {
      chain: CHAINS.bsc.name,
      // The dialog shows the credit itself.
      success: () => null,
      failure: (error, message) => {
        if (error instanceof InvestStopped) return t(error.key);
        // The wallet's own reasons (refused, another account than the bound one, none bound) say more.
        return error instanceof WalletError ? message : t('pledge.invest.failed');
      },
    });
  }

  const waiting: Partial<Record<typeof stage.kind, string>> = {
    approving: t('pledge.invest.approving'),
    investing: t('pledge.invest.investing'),
    mining: t('pledge.invest.mining'),
    crediting: t('pledge.invest.crediting', { count: target.confirmations }),
  };
  return (
    <div className="stack-sm" data-testid="invest-offer">
      {busy ? (
        <p className="notice small" role="status" data-testid="invest-pending">
          {waiting[stage.kind]}
        </p>
      ) : (
        <>
          <p className="muted small">
            {t('pledge.invest.short', { amount: formatAmount(missing ?? '0'), count: target.confirmations })}
          </p>
          {stage.kind === 'failed' && <p className="notice notice-error small">{t('pledge.invest.failed')}</p>}
          <button type="button" className="button button-quiet" onClick={start} data-testid="invest-button">
            {t('pledge.invest.button', { amount: amountText(missing ?? '0', 'AIDF') })}
          </button>
        </>
      )}
    </div>
  );
}
