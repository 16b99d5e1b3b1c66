import { useSyncExternalStore } from 'react';
import { i18n } from './index.ts';

const subscribe = (listener: () => void) => i18n.subscribe(listener);
const currentLanguage = () => i18n.language;

/**
 * `t` of the current language and the app's translator; the component renders again when the language changes,
 * with a new `t` (an effect depending on `t` runs again in the new language).
 */
export function useTranslation() {
  const language = useSyncExternalStore(subscribe, currentLanguage, currentLanguage);
  return { t: i18n.fixedT(language), i18n };
}
