import type { TOpsPriceItem, TOpsPriceItemChange } from '@aidf/contract';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ServerRefusal } from '../../components/ServerRefusal.tsx';
import { currencyLabel } from '../../lib/format.ts';
import { PRICE_FIELDS, useSavePriceItem } from './api.ts';
import { ConfirmChange } from './ConfirmChange.tsx';

type Field = (typeof PRICE_FIELDS)[number];

/** Changing a price item: the values before beside the new ones, a reason, a second look; new orders only. */
export function PriceItemEditor({ item, onDone }: { item: TOpsPriceItem; onDone: () => void }) {
  const { t } = useTranslation();
  const form = useRef<HTMLFormElement>(null);
  // The list is long: the editor opens above it, where the operator may not be looking.
  useEffect(() => {
    // In braces: Chromium's scrollIntoView returns a promise, which React would take for the effect's cleanup.
    form.current?.scrollIntoView({ block: 'start' });
  }, []);
  const [values, setValues] = useState<Record<Field, string>>(
    () => Object.fromEntries(PRICE_FIELDS.map((f) => [f, item[f]])) as Record<Field, string>,
  );
  const [onSale, setOnSale] = useState(item.onSale);
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  const save = useSavePriceItem();

  // Only what changed is sent, so the audit's before and after show exactly the change.
  const change: TOpsPriceItemChange = { reason: reason.trim() };
  for (const field of PRICE_FIELDS) if (values[field].trim() !== item[field]) change[field] = values[field].trim();
  if (onSale !== item.onSale) change.onSale = onSale;
  const changed = Object.keys(change).length > 1;

  const review = (event: FormEvent) => {
    event.preventDefault();
    save.reset();
    setConfirming(true);
  };
  if (save.data) {
    return (
      <div className="card">
        <p className="notice" role="status">
          {t('config.item.saved', { id: item.id })}
        </p>
        <button type="button" className="secondary" onClick={onDone}>
          {t('config.close')}
        </button>
      </div>
    );
  }
  return (
    <form ref={form} className="card" onSubmit={review} aria-labelledby="item-edit-title">
      <h2 id="item-edit-title">{t('config.item.editTitle', { id: item.id })}</h2>
      <table className="config-compare">
        <thead>
          <tr>
            <th scope="col" />
            <th scope="col">{t('config.before')}</th>
            <th scope="col">{t('config.newValue')}</th>
          </tr>
        </thead>
        <tbody>
          {PRICE_FIELDS.map((field) => (
            <tr key={field}>
              <th scope="row">{t(`config.item.${field}`, { currency: currencyLabel(item.worthCurrency) })}</th>
              <td className="num">{item[field]}</td>
              <td>
                <input
                  aria-label={t(`config.item.${field}`, { currency: currencyLabel(item.worthCurrency) })}
                  value={values[field]}
                  onChange={(e) => {
                    setValues({ ...values, [field]: e.target.value });
                    setConfirming(false);
                  }}
                  inputMode="decimal"
                />
              </td>
            </tr>
          ))}
          <tr>
            <th scope="row">{t('config.item.onSale')}</th>
            <td>{item.onSale ? t('common.yes') : t('common.no')}</td>
            <td>
              <input
                type="checkbox"
                aria-label={t('config.item.onSale')}
                checked={onSale}
                onChange={(e) => setOnSale(e.target.checked)}
              />
            </td>
          </tr>
        </tbody>
      </table>
      <label className="config-reason">
        {t('config.reason')}
        <textarea value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} required />
      </label>
      <p className="config-note" role="note">
        {t('config.item.newOrdersOnly')}
      </p>
      <ConfirmChange
        confirming={confirming}
        text={t('config.item.confirmText', { id: item.id })}
        canReview={changed && !!reason.trim()}
        pending={save.isPending}
        onConfirm={() => save.mutate({ id: item.id, change }, { onSettled: () => setConfirming(false) })}
        onBack={() => setConfirming(false)}
        onCancel={onDone}
      />
      <ServerRefusal error={save.error} />
    </form>
  );
}
