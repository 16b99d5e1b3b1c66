import { languageInfo } from '@aidf/contract';

/** A date in the interface language with Latin digits (STYLE.md item 10). */
export function formatDate(ms: number, language: string): string {
  return new Intl.DateTimeFormat(`${languageInfo(language).htmlLang}-u-nu-latn`, { dateStyle: 'medium' }).format(ms);
}
