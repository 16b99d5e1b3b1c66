/** The decimals an amount is shown with where a screen names none (the app, the console, the operator command). */
export const DISPLAY_DECIMALS = 4;

/**
 * Shows a decimal string rounded down to `decimals` places (STYLE.md item 10: a shown balance never exceeds
 * the real one), with Latin digits. String arithmetic only, so the web app needs no decimal library.
 */
export function formatAmount(amount: string, decimals = DISPLAY_DECIMALS): string {
  const negative = amount.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? amount.slice(1) : amount).split('.');
  const kept = fraction.slice(0, decimals).replace(/0+$/, '');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const text = kept ? `${grouped}.${kept}` : grouped;
  return negative && /[1-9]/.test(`${whole}${kept}`) ? `-${text}` : text;
}

const SCALE = 18;

/** The text of an amount the API takes: plain digits, at most 18 decimals, no sign or exponent. */
export const AMOUNT_TEXT = /^(0|[1-9]\d{0,29})(\.\d{1,18})?$/;

/** An amount text above zero (the checks a form makes before asking the wallet or the server). */
export function isPositiveAmountText(text: string): boolean {
  return AMOUNT_TEXT.test(text) && /[1-9]/.test(text);
}

/**
 * A decimal string as an integer count of 10^-decimals units (a token's base units: wei, lamports…); digits
 * beyond `decimals` are cut off.
 */
export function toBaseUnits(value: string, decimals: number): bigint {
  const negative = value.startsWith('-');
  const [w = '0', f = ''] = (negative ? value.slice(1) : value).split('.');
  const units = BigInt(w + f.padEnd(decimals, '0').slice(0, decimals));
  return negative ? -units : units;
}

/** Base units back to a decimal string, exactly: 1500000n with 6 decimals → '1.5'. */
export function fromBaseUnits(units: bigint, decimals: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

const toUnits = (value: string) => toBaseUnits(value, SCALE);

/** -1, 0 or 1 as `a` is below, equal to or above `b`; exact, for decimal strings. */
export function compareAmounts(a: string, b: string): -1 | 0 | 1 {
  const diff = toUnits(a) - toUnits(b);
  return diff < 0n ? -1 : diff > 0n ? 1 : 0;
}

/** Adds decimal strings exactly (for totals on screen), without floats. */
export function addAmounts(values: string[]): string {
  return fromBaseUnits(
    values.reduce((sum, v) => sum + toUnits(v), 0n),
    SCALE,
  );
}

/**
 * A withdrawal's figures (RULES.md "Recharge and withdrawal"): fee = amount × rate, cut to 18 decimals in the
 * user's favour, and what the user receives, amount − fee. The server charges these and the form shows them.
 */
export function withdrawalFigures(amount: string, feeRate: string): { fee: string; receive: string } {
  const units = toUnits(amount);
  const fee = (units * toUnits(feeRate)) / 10n ** BigInt(SCALE);
  return { fee: fromBaseUnits(fee, SCALE), receive: fromBaseUnits(units - fee, SCALE) };
}

/** Whether formatAmount cuts digits off a decimal string (shown with `decimals` places, some non-zero beyond). */
export function isRounded(amount: string, decimals = DISPLAY_DECIMALS): boolean {
  return /[1-9]/.test((amount.split('.')[1] ?? '').slice(decimals));
}
