import { languageInfo } from '@aidf/contract';

/** A date in the interface language with Latin digits (STYLE.md item 10). */
export function formatDate(ms: number, language: string): string {
  return new Intl.DateTimeFormat(`${languageInfo(language).htmlLang}-u-nu-latn`, { dateStyle: 'medium' }).format(ms);
}

/** A date and time in the interface language with Latin digits. */
export function formatDateTime(ms: number, language: string): string {
  return new Intl.DateTimeFormat(`${languageInfo(language).htmlLang}-u-nu-latn`, {
    dateStyle: 'short',
    timeStyle: 'short',
  }).format(ms);
}
