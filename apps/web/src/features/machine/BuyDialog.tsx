import { CHAIN_PAID_CURRENCIES, maskAddress, orderField, type TOrder, type TPriceItem } from '@aidf/contract';
import { useEffect, useRef, useState } from 'react';
import { Amount } from '../../components/Amount.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { showToast } from '../../components/toast.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useSession } from '../../lib/session.ts';
import { useApi } from '../../lib/use-api.ts';
import { balanceIn, useAssets } from '../../lib/use-assets.ts';
import { useWalletAction } from '../../lib/use-wallet-action.ts';
import { walletFailureMessage } from '../../lib/wallet-message.ts';
import { Price, priceParts } from './amounts.tsx';
import { useFollowAwaitingOrder, useOrderPoll, useRefreshAfterOrder, useWorthCurrency } from './machine-api.ts';
import { lackOf, PayProblem, payChainOf, payTargetOf } from './pay-check.ts';
import { payOrder } from './pay-order.ts';

/**
 * The buy-machine dialog (SPEC.md "buyCow"): the purchase call, then by order status: 1 paid (ms40, refresh,
 * close); 0 awaiting payment (the lacking currencies, pay from the wallet or cancel); 2 pending confirmation
 * (polled every 3 s, at most 100 times, ms41 on timeout); anything else failed (ecology_D). An open order
 * from the index resumes here.
 */
export function BuyDialog({ item, resume, onClose }: { item?: TPriceItem; resume?: TOrder; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const worthCurrency = useWorthCurrency();
  const call = useApi();
  const session = useSession();
  const assets = useAssets();
  const refresh = useRefreshAfterOrder();
  const [placed, setPlaced] = useState<TOrder | null>(resume ?? null);
  const [round, setRound] = useState(0);
  const [busy, setBusy] = useState<'buy' | 'pay' | 'cancel' | null>(null);
  const { order, timedOut } = useOrderPoll(placed, round);
  // Paid (1) and closed are told by the outcome below; a payment seen or part of it arriving, here.
  useFollowAwaitingOrder(order, (latest, move) => {
    if (move === 'pending') showToast(t('machine.paymentSeen'), 'success');
    if (move === 'part') showToast(t('machine.partPaid'));
    void refresh();
    setPlaced(latest);
    setRound((r) => r + 1);
  });
  const exists = (k: string) => i18n.exists(k);
  const wallet = useWalletAction();
  const payProblem = (error: PayProblem) => t(error.key as 'messages.ms23');
  const fail = (error: unknown) =>
    showToast(
      error instanceof PayProblem
        ? payProblem(error)
        : walletFailureMessage(error, t, exists, session.chain ?? undefined),
      'error',
    );

  // The outcome of a status, once: 1 paid, 3/4 (or any unknown value) failed, 100 polls without 1: timeout.
  const settled = useRef(false);
  const status = order?.status;
  useEffect(() => {
    if (settled.current || status === undefined) return;
    if (status === 1) {
      settled.current = true;
      showToast(t('messages.ms40'), 'success');
      void refresh();
      onClose();
    } else if (status !== 0 && status !== 2) {
      settled.current = true;
      showToast(t('messages.ecology_D'), 'error');
      void refresh();
      onClose();
    } else if (timedOut) {
      settled.current = true;
      showToast(t('messages.ms41'), 'error');
      void refresh();
      onClose();
    }
  }, [status, timedOut, t, refresh, onClose]);

  async function buy() {
    if (!item) return;
    setBusy('buy');
    try {
      setPlaced(await call('buyMachine', { params: { id: item.id } }));
      void refresh();
    } catch (error) {
      fail(error);
    } finally {
      setBusy(null);
    }
  }

  async function pay() {
    if (!order) return;
    // A password or e-mail sign-in has no wallet yet: the order's lacking currency says whose wallet to connect.
    const chain = session.chain ?? payChainOf(lackOf(order));
    setBusy('pay');
    // Confirmed means the transactions are submitted; the order's status poll says when the chain has them.
    const latest = await wallet.run(
      async (steps) => {
        let answer = order;
        await payOrder(order, chain, steps, async (txId) => {
          answer = await call('submitOrderHash', { body: { orderNo: order.orderNo, txId } });
        });
        return answer;
      },
      {
        chain,
        success: () => null,
        failure: (error, message) => (error instanceof PayProblem ? payProblem(error) : message),
      },
    );
    if (latest) {
      setPlaced(latest);
      setRound((r) => r + 1);
    }
    setBusy(null);
  }

  async function cancel() {
    if (!order) return;
    setBusy('cancel');
    try {
      await call('cancelOrder', { body: { orderNo: order.orderNo } });
      settled.current = true;
      showToast(t('machine.cancelled'));
      void refresh();
      onClose();
    } catch (error) {
      fail(error);
    } finally {
      setBusy(null);
    }
  }

  return (
    <Dialog title={t('machine.buyTitle')} onClose={onClose} testId="buy-dialog">
      {!order && item && (
        <div className="stack-sm">
          <dl className="figures figures-rows small">
            <div>
              <dt>{t('machine.worth')}</dt>
              <dd>
                <Amount amount={item.worth} currency={worthCurrency} decimals={2} />
              </dd>
            </div>
            <div>
              <dt>{t('machine.price')}</dt>
              <dd>
                <Price item={item} />
              </dd>
            </div>
            {priceParts(item).map((p) => (
              <div key={p.currency}>
                <dt>{t('machine.yourBalance', { currency: p.currency })}</dt>
                <dd>
                  <Amount
                    amount={balanceIn(assets.data, p.currency.toLowerCase())}
                    currency={p.currency}
                    decimals={6}
                  />
                </dd>
              </div>
            ))}
          </dl>
          <p className="muted small">{t('machine.buyNote')}</p>
          <button type="button" className="button" onClick={buy} disabled={busy !== null} data-testid="buy-confirm">
            {busy === 'buy' ? <Spinner inline /> : t('machine.confirmBuy')}
          </button>
        </div>
      )}
      {order && <OrderState order={order} busy={busy} onPay={pay} onCancel={cancel} language={i18n.language} />}
    </Dialog>
  );
}

function OrderState({
  order,
  busy,
  onPay,
  onCancel,
  language,
}: {
  order: TOrder;
  busy: 'buy' | 'pay' | 'cancel' | null;
  onPay: () => void;
  onCancel: () => void;
  language: string;
}) {
  const { t } = useTranslation();
  const lack = lackOf(order);
  const target = payTargetOf(order, payChainOf(lack));
  const unconfirmed = CHAIN_PAID_CURRENCIES.map((c) => ({
    currency: c.toUpperCase(),
    amount: order[orderField('unconfirmed', c)],
  })).filter((u) => Number(u.amount) > 0);
  return (
    <div className="stack-sm" data-testid="order-state" data-status={order.status}>
      <p className="small muted">
        {t('machine.orderNo')} <bdi dir="ltr">{order.orderNo}</bdi>
      </p>
      {order.status === 2 && (
        <div className="notice" role="status" data-testid="order-pending">
          <Spinner inline /> <span>{t('machine.pending')}</span>
        </div>
      )}
      {order.status === 0 && (
        <>
          <p className="notice small">{t('machine.lacking')}</p>
          <ul className="card option-list machine-lack" data-testid="order-lack">
            {lack.map((l) => (
              <li key={l.currency} className="row-between">
                <span>{l.currency.toUpperCase()}</span>
                <strong>
                  <Amount amount={l.amount} currency={l.currency.toUpperCase()} decimals={8} />
                </strong>
              </li>
            ))}
          </ul>
          {target && (
            <p className="small muted">
              {t('machine.payTo')}{' '}
              <bdi dir="ltr" className="mono" title={target.collectionAddress}>
                {maskAddress(target.collectionAddress)}
              </bdi>
            </p>
          )}
          <p className="small muted">{t('machine.expires', { time: formatDateTime(order.expiresAt, language) })}</p>
        </>
      )}
      {unconfirmed.length > 0 && (
        <p className="small muted" data-testid="order-unconfirmed">
          {t('machine.unconfirmed')}{' '}
          {unconfirmed.map((u) => (
            <span key={u.currency}>
              <Amount amount={u.amount} currency={u.currency} decimals={8} />{' '}
            </span>
          ))}
        </p>
      )}
      {order.status === 0 && (
        <div className="action-row">
          <button
            type="button"
            className="button button-quiet"
            onClick={onCancel}
            disabled={busy !== null}
            data-testid="order-cancel"
          >
            {busy === 'cancel' ? <Spinner inline /> : t('machine.cancel')}
          </button>
          <button type="button" className="button" onClick={onPay} disabled={busy !== null} data-testid="order-pay">
            {busy === 'pay' ? t('auth.waitingForWallet') : t('machine.pay')}
          </button>
        </div>
      )}
    </div>
  );
}
