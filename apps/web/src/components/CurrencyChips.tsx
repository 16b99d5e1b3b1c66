import { CURRENCIES, type TCurrency } from '@aidf/contract';

/** One chip per currency (all of them unless `choices` narrows it); the chosen one pressed. */
export function CurrencyChips({
  value,
  onChange,
  label,
  choices = CURRENCIES,
  testIdPrefix = 'currency-',
}: {
  value: TCurrency;
  onChange: (c: TCurrency) => void;
  label: string;
  choices?: readonly TCurrency[];
  testIdPrefix?: string;
}) {
  return (
    <fieldset className="chips" aria-label={label}>
      {choices.map((c) => (
        <button
          key={c}
          type="button"
          className={`chip${c === value ? ' chip-active' : ''}`}
          aria-pressed={c === value}
          onClick={() => onChange(c)}
          data-testid={`${testIdPrefix}${c}`}
        >
          {c.toUpperCase()}
        </button>
      ))}
    </fieldset>
  );
}
