import { currencyLabel } from '../lib/format.ts';

/**
 * A decimal string from the API, shown exactly as it is (operators check amounts to the last digit), kept
 * left-to-right and in tabular digits whatever the text around it; with its currency, number then unit in the
 * one left-to-right isolate ("12 USDT" in Arabic too, as the app writes amounts).
 */
export function Amount({ value, currency }: { value: string | null | undefined; currency?: string }) {
  return (
    <bdi className="amount">
      {value ?? ''}
      {currency ? ` ${currencyLabel(currency)}` : null}
    </bdi>
  );
}
