import type { TOpsPriceItem } from '@aidf/contract';
import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Amount } from '../../components/Amount.tsx';
import { DataTable } from '../../components/DataTable.tsx';
import { ErrorLine } from '../../components/ErrorLine.tsx';
import { currencyLabel } from '../../lib/format.ts';
import { PRICE_FIELDS, usePriceItems } from './api.ts';
import { PriceItemEditor } from './PriceItemEditor.tsx';

const column = createColumnHelper<TOpsPriceItem>();

/** The AI miner's price items: what a machine is worth and what it costs in each currency. */
export function PriceItems() {
  const { t } = useTranslation();
  const items = usePriceItems();
  const [editing, setEditing] = useState<TOpsPriceItem | null>(null);
  const columns = [
    column.accessor('id', { header: t('config.item.id'), meta: { num: true } }),
    ...PRICE_FIELDS.map((field) =>
      column.accessor(field, {
        header: t(`config.item.${field}`, { currency: currencyLabel(items.data?.[0]?.worthCurrency ?? '—') }),
        cell: (c) => <Amount value={c.getValue()} />,
        meta: { num: true },
      }),
    ),
    column.accessor('onSale', {
      header: t('config.item.onSale'),
      cell: (c) => (c.getValue() ? t('common.yes') : t('common.no')),
    }),
    column.display({
      id: 'edit',
      header: t('config.change'),
      cell: ({ row: { original: item } }) => (
        <button
          type="button"
          className="secondary"
          onClick={() => setEditing(item)}
          aria-label={t('config.item.changeOne', { id: item.id })}
        >
          {t('config.change')}
        </button>
      ),
    }),
  ];
  return (
    <>
      <h3>{t('config.item.title')}</h3>
      {editing ? <PriceItemEditor key={editing.id} item={editing} onDone={() => setEditing(null)} /> : null}
      <ErrorLine error={items.error} />
      {items.data ? (
        <DataTable label={t('config.item.title')} testId="price-items" data={items.data} columns={columns} />
      ) : null}
    </>
  );
}
