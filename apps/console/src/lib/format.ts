import { formatAmount, isRounded } from '@aidf/contract';
import i18next from 'i18next';

/** Epoch milliseconds as a date and time in the operator's language, to the second; '' for none. */
export function formatTime(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '';
  // Arabic with Latin digits, as the app writes dates and as the console writes amounts (the web app's format.ts).
  const locale = { 'zh-CN': 'zh-CN', ar: 'ar-u-nu-latn' }[i18next.language] ?? 'en-GB';
  const text = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(ms));
  // Arabic's date is a right-to-left isolate (RLI … PDI): a Latin name or code before it ("seed · 26/11/2026")
  // cannot pull its first digits into its own left-to-right run.
  return i18next.language === 'ar' ? `\u2067${text}\u2069` : text;
}

/** A currency code as the platform shows it: AIDF, USDT… */
export function currencyLabel(code: string): string {
  return code.toUpperCase();
}

/** A chain as people name it in the operator's language (BNB Smart Chain, Solana), never its code. */
export const chainName = (chain: string) => i18next.t(`common.chains.${chain}`, { defaultValue: chain });

/** The exact amount as a tooltip, only where the one shown is rounded (formatAmount cut digits off); else undefined. */
export function exactTitle(value: string): string | undefined {
  return value && isRounded(value) ? value : undefined;
}

const FSI = '\u2068';
const LRI = '\u2066';
const PDI = '\u2069';

/**
 * A name or code inside a translated sentence (a chain, a currency), isolated so its direction is its own: in an
 * Arabic line "BNB Smart Chain COW" stays one Latin run and cannot pull the punctuation or the number beside it.
 */
export const isolated = (text: string) => `${FSI}${text}${PDI}`;

/** An amount inside a translated sentence: rounded as Amount shows it, one left-to-right isolate. */
export const amountIsolated = (value: string) => `${LRI}${formatAmount(value)}${PDI}`;

/** Items joined the way the operator's language joins a list, each isolated ("BNB Smart Chain وSolana" in Arabic). */
export function listIsolated(items: readonly string[]): string {
  return new Intl.ListFormat(i18next.language, { type: 'conjunction' }).format(items.map(isolated));
}
