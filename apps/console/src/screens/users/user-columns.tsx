import { type TUserDetail, transactionTypeKey } from '@aidf/contract';
import { createColumnHelper } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import { Amount } from '../../components/Amount.tsx';
import { currencyLabel, formatTime } from '../../lib/format.ts';

type Item<K extends keyof TUserDetail> = TUserDetail[K] extends (infer T)[] ? T : never;

const balance = createColumnHelper<Item<'balances'>>();
const movement = createColumnHelper<Item<'movements'>>();
const order = createColumnHelper<Item<'orders'>>();
const pledge = createColumnHelper<Item<'pledges'>>();
const machine = createColumnHelper<Item<'machines'>>();
const ticket = createColumnHelper<Item<'tickets'>>();
const change = createColumnHelper<Item<'securityChanges'>>();

const num = { num: true };
const amount = (c: { getValue: () => string }) => <Amount value={c.getValue()} />;
const time = (c: { getValue: () => number | null }) => formatTime(c.getValue());

/** The columns of the user page's lists, in the operator's language; worth in the unit the server names. */
export function useUserColumns(worthCurrency: string) {
  const { t } = useTranslation();
  const worth = t('users.worth', { currency: currencyLabel(worthCurrency) });
  // A status the console has no words for yet is shown as the server sends it.
  const status = (c: { getValue: () => string | number }) =>
    t(`users.statuses.${c.getValue()}`, { defaultValue: String(c.getValue()) });
  return {
    balances: [
      balance.accessor('currency', { header: t('users.currency'), cell: (c) => currencyLabel(c.getValue()) }),
      balance.accessor('available', { header: t('users.available'), cell: amount, meta: num }),
      balance.accessor('frozen', { header: t('users.frozen'), cell: amount, meta: num }),
    ],
    movements: [
      movement.accessor('at', { header: t('users.at'), cell: time }),
      movement.accessor('currency', { header: t('users.currency'), cell: (c) => currencyLabel(c.getValue()) }),
      movement.accessor('amount', { header: t('users.amount'), cell: amount, meta: num }),
      movement.accessor('kind', {
        header: t('users.kind'),
        // The app's label (the same words users see, from the app's locale files) and the ledger's code beside it.
        cell: (c) => (
          <>
            {t(transactionTypeKey(c.getValue()))} <span className="muted mono">{c.getValue()}</span>
          </>
        ),
      }),
      movement.accessor('memo', { header: t('users.memo'), cell: (c) => c.getValue() ?? '' }),
    ],
    orders: [
      order.accessor('orderNo', { header: t('users.orderNo') }),
      order.accessor('worth', { header: worth, cell: amount, meta: num }),
      order.accessor('status', {
        header: t('users.status'),
        cell: (c) => t(`users.orderStatuses.${c.getValue()}`, { defaultValue: String(c.getValue()) }),
      }),
      order.accessor('createdAt', { header: t('users.createdAt'), cell: time }),
    ],
    pledges: [
      pledge.accessor('id', { header: t('users.id') }),
      pledge.accessor('amount', { header: t('users.amount'), cell: amount, meta: num }),
      pledge.accessor('days', { header: t('users.days'), meta: num }),
      pledge.accessor('rate', { header: t('users.rate'), meta: num }),
      pledge.accessor('settled', { header: t('users.settled'), cell: amount, meta: num }),
      pledge.accessor('status', { header: t('users.status'), cell: status }),
      pledge.accessor('createTime', { header: t('users.createdAt'), cell: time }),
      pledge.accessor('endTime', { header: t('users.endTime'), cell: time }),
    ],
    machines: [
      machine.accessor('id', { header: t('users.id') }),
      machine.accessor('worth', { header: worth, cell: amount, meta: num }),
      machine.accessor('mined', { header: t('users.mined'), cell: amount, meta: num }),
      machine.accessor('cap', { header: t('users.cap'), cell: amount, meta: num }),
      machine.accessor('status', { header: t('users.status'), cell: status }),
    ],
    tickets: [
      ticket.accessor('ticketId', { header: t('users.ticketId') }),
      // The user's words, in their own direction (an English or Chinese message in the Arabic console too).
      ticket.accessor('title', { header: t('users.ticketTitle'), cell: (c) => <bdi>{c.getValue()}</bdi> }),
      ticket.accessor('status', { header: t('users.status'), cell: status }),
      ticket.accessor('createdAt', { header: t('users.createdAt'), cell: time }),
    ],
    security: [
      change.accessor('at', { header: t('users.at'), cell: time }),
      change.accessor('kind', { header: t('users.kind') }),
      change.accessor('detail', { header: t('users.detail'), cell: (c) => c.getValue() ?? '' }),
    ],
  };
}
