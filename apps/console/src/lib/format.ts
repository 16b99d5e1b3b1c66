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
