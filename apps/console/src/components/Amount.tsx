import { formatAmount } from '@aidf/contract';
import { currencyLabel, exactTitle } from '../lib/format.ts';

/**
 * A decimal string from the API, shown as the app shows amounts (one formatter: rounded down to the display
 * decimals, digits grouped), so "99.999948408999638863" reads "99.9999". The exact value is one hover away (its
 * title) and in `data-exact`, for the operator who checks an amount to the last digit. Kept left to right in
 * tabular digits whatever the text around it; with its currency, number then unit in one left-to-right isolate.
 */
export function Amount({ value, currency }: { value: string | null | undefined; currency?: string }) {
  const exact = value ?? '';
  return (
    <bdi className="amount" dir="ltr" title={exactTitle(exact)} data-exact={exact || undefined}>
      {exact ? formatAmount(exact) : ''}
      {currency ? ` ${currencyLabel(currency)}` : null}
    </bdi>
  );
}
