import type { TCurrency } from '@aidf/contract';
import { useTranslation } from '../../i18n/use-translation.ts';
import { DepositAddressCard } from './DepositAddressCard.tsx';

/**
 * Solana: the deposit address to send SOL or USDT to from any wallet; the deposit watcher credits it once finalized
 * (the app itself does not send Solana transfers).
 */
export function SolanaDeposit({ currency }: { currency: TCurrency }) {
  const { t } = useTranslation();
  return (
    <div className="stack-sm" data-testid="solana-deposit">
      <p className="small">{t('recharge.solanaSendTo', { currency: currency.toUpperCase() })}</p>
      <DepositAddressCard currency={currency} chain="sol" />
    </div>
  );
}
