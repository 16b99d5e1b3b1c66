/**
 * Shows a decimal string rounded down to `decimals` places (STYLE.md item 10: a shown balance never exceeds
 * the real one), with Latin digits. String arithmetic only, so the web app needs no decimal library.
 */
export function formatAmount(amount: string, decimals = 4): string {
  const negative = amount.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? amount.slice(1) : amount).split('.');
  const kept = fraction.slice(0, decimals).replace(/0+$/, '');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const text = kept ? `${grouped}.${kept}` : grouped;
  return negative && /[1-9]/.test(`${whole}${kept}`) ? `-${text}` : text;
}

const SCALE = 18;

/** A decimal string as an integer count of 10^-18 units. */
function toUnits(value: string): bigint {
  const negative = value.startsWith('-');
  const [w = '0', f = ''] = (negative ? value.slice(1) : value).split('.');
  const units = BigInt(w + f.padEnd(SCALE, '0').slice(0, SCALE));
  return negative ? -units : units;
}

/** -1, 0 or 1 as `a` is below, equal to or above `b`; exact, for decimal strings. */
export function compareAmounts(a: string, b: string): -1 | 0 | 1 {
  const diff = toUnits(a) - toUnits(b);
  return diff < 0n ? -1 : diff > 0n ? 1 : 0;
}

/** Adds decimal strings exactly (for totals on screen), without floats. */
export function addAmounts(values: string[]): string {
  const scale = SCALE;
  const total = values.reduce((sum, v) => sum + toUnits(v), 0n);
  const negative = total < 0n;
  const digits = (negative ? -total : total).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, -scale);
  const fraction = digits.slice(-scale).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}
