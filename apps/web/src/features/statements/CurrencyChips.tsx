import { CURRENCIES, type TCurrency } from '@aidf/contract';

export function CurrencyChips({
  value,
  onChange,
  label,
}: {
  value: TCurrency;
  onChange: (c: TCurrency) => void;
  label: string;
}) {
  return (
    <fieldset className="chips" aria-label={label}>
      {CURRENCIES.map((c) => (
        <button
          key={c}
          type="button"
          className={`chip${c === value ? ' chip-active' : ''}`}
          aria-pressed={c === value}
          onClick={() => onChange(c)}
          data-testid={`currency-${c}`}
        >
          {c.toUpperCase()}
        </button>
      ))}
    </fieldset>
  );
}
