import { addAmounts, compareAmounts, isPositiveAmountText, type TCurrency } from '@aidf/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useApi } from '../../lib/use-api.ts';
import { ASSETS_KEY } from '../../lib/use-assets.ts';
import { type ConnectedWallet, sleep, useMounted, type WalletSteps } from '../../lib/use-wallet-action.ts';
import type { OnChainTransfer } from '../../wallet/types.ts';

/** How often the credit is looked for once the transfer is mined (the watcher needs the confirmation depth). */
const CREDIT_POLL_MS = 2_000;

export type RechargeStage =
  | { kind: 'idle' }
  | { kind: 'signing' }
  | { kind: 'pending'; txId: string }
  | { kind: 'confirming'; txId: string }
  | { kind: 'credited'; txId: string; amount: string; currency: TCurrency }
  | { kind: 'failed'; txId: string };

/**
 * One recharge: the wallet sends the transfer to the deposit address; its receipt is polled every 500 ms
 * (SPEC.md point 7) until mined, then the user's recharge list until the watcher has credited it.
 */
export function useRecharge() {
  const call = useApi();
  const queryClient = useQueryClient();
  const [stage, setStage] = useState<RechargeStage>({ kind: 'idle' });
  const alive = useMounted();

  const send = useCallback(
    async (steps: WalletSteps, wallet: ConnectedWallet, transfer: OnChainTransfer, currency: TCurrency) => {
      setStage({ kind: 'signing' });
      let txId: string;
      try {
        txId = await wallet.connector.sendTransfer(wallet.address, transfer);
      } catch (error) {
        setStage({ kind: 'idle' });
        throw error;
      }
      setStage({ kind: 'pending', txId });
      const ok = await steps.mined(txId, wallet);
      if (ok === null) return;
      if (!ok) {
        setStage({ kind: 'failed', txId });
        return;
      }
      setStage({ kind: 'confirming', txId });
      while (alive.current) {
        const page = await call('rechargeList', { params: { pageNum: '1', pageSize: '20' } }).catch(() => null);
        const credited = page?.list.find((r) => r.txId.toLowerCase() === txId.toLowerCase());
        if (credited) {
          await queryClient.invalidateQueries({ queryKey: ASSETS_KEY });
          await queryClient.invalidateQueries({ queryKey: ['recharges'] });
          setStage({ kind: 'credited', txId, amount: credited.amount, currency });
          return;
        }
        await sleep(CREDIT_POLL_MS);
      }
    },
    [alive, call, queryClient],
  );

  return { stage, send, reset: () => setStage({ kind: 'idle' }) };
}

/**
 * The checks of SPEC.md point 5 before a BNB Smart Chain recharge; answers the i18n key of the problem. `native`:
 * the recharge is of BNB itself, so the amount and the gas both come out of the BNB balance.
 */
export function rechargeProblem(input: {
  amount: string;
  walletBalance: string | null;
  fee: { fee: string; nativeBalance: string } | null;
  native?: boolean;
}): 'recharge.needAmount' | 'transfer.badAmount' | 'recharge.insufficient' | 'recharge.gasShort' | null {
  const { amount } = input;
  if (!amount) return 'recharge.needAmount';
  if (!isPositiveAmountText(amount)) return 'transfer.badAmount';
  if (input.walletBalance !== null && compareAmounts(amount, input.walletBalance) > 0) return 'recharge.insufficient';
  // The transfer's gas is paid in BNB (SPEC.md: 'gas不足' when the native balance cannot cover it); sending BNB
  // itself, the amount is paid from that balance too.
  const spent = input.fee && (input.native ? addAmounts([amount, input.fee.fee]) : input.fee.fee);
  if (input.fee && spent && compareAmounts(spent, input.fee.nativeBalance) > 0) return 'recharge.gasShort';
  return null;
}
