import { formatAmount } from '@aidf/contract';

/**
 * The one way an amount with its unit is shown (STYLE.md item 10): number then unit, together in one left-to-right
 * isolate that never wraps, so Arabic text around it neither reorders it ("يومًا AIDF · 90 100") nor puts the
 * unit first in one place and last in another. `sign` puts + or - before the number inside the isolate.
 */
export function Amount({
  amount,
  currency,
  decimals,
  sign = '',
  className,
}: {
  amount: string;
  currency: string;
  decimals?: number;
  sign?: '+' | '-' | '';
  className?: string;
}) {
  return (
    <bdi dir="ltr" className={className ? `amount nowrap ${className}` : 'amount nowrap'}>
      {`${sign}${formatAmount(amount, decimals)} ${currency.toUpperCase()}`}
    </bdi>
  );
}
