import { transactionTypeKey } from '@aidf/contract';
import { useTranslation } from '../../i18n/use-translation.ts';

/** Narrows a statement to one transaction type ('' = every type). */
export function TypeFilter({
  types,
  value,
  onChange,
}: {
  types: readonly string[];
  value: string;
  onChange: (type: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <label className="type-filter small">
      <span className="muted">{t('history.typeFilter')}</span>
      <select className="input" value={value} onChange={(e) => onChange(e.target.value)} data-testid="type-filter">
        <option value="">{t('history.allTypes')}</option>
        {types.map((type) => (
          <option key={type} value={type}>
            {t(transactionTypeKey(type))}
          </option>
        ))}
      </select>
    </label>
  );
}
