import i18next from 'i18next';

/** Epoch milliseconds as a date and time in the operator's language, to the second; '' for none. */
export function formatTime(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '';
  const locale = i18next.language === 'zh-CN' ? 'zh-CN' : 'en-GB';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(ms));
}

/** A currency code as the platform shows it: AIDF, USDT… */
export function currencyLabel(code: string): string {
  return code.toUpperCase();
}

/** A chain as people name it: BNB Smart Chain, Solana. */
export const chainName = (chain: string) =>
  chain === 'bsc' ? 'BNB Smart Chain' : chain === 'solana' ? 'Solana' : chain;
