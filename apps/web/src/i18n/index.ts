import { DEFAULT_LANGUAGE, isLanguage, languageInfo, type TLanguage } from '@aidf/contract';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LOCAL_KEYS } from '../lib/storage.ts';
import en from './locales/en.json';

export type Messages = typeof en;

/** Non-English files are their own chunks, fetched when chosen. */
const loaders = import.meta.glob<{ default: Messages }>(['./locales/*.json', '!./locales/en.json']);

/** The chosen language, or English on a first visit (SPEC.md point 1). */
export function storedLanguage(): TLanguage {
  const saved = window.localStorage.getItem(LOCAL_KEYS.localLan);
  return isLanguage(saved) ? saved : DEFAULT_LANGUAGE;
}

function applyToDocument(code: TLanguage) {
  const info = languageInfo(code);
  document.documentElement.lang = info.htmlLang;
  document.documentElement.dir = info.rtl ? 'rtl' : 'ltr';
}

async function ensureLoaded(code: TLanguage) {
  if (i18n.hasResourceBundle(code, 'translation')) return;
  const load = loaders[`./locales/${code}.json`];
  if (!load) throw new Error(`No messages for language ${code}`);
  i18n.addResourceBundle(code, 'translation', (await load()).default);
}

/** Switches the interface language, keeps it in `localLan`, and sets `lang` and `dir` on the page. */
export async function setLanguage(code: TLanguage) {
  await ensureLoaded(code);
  await i18n.changeLanguage(code);
  window.localStorage.setItem(LOCAL_KEYS.localLan, code);
  applyToDocument(code);
}

export async function initI18n() {
  await i18n.use(initReactI18next).init({
    resources: { en: { translation: en } },
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  const code = storedLanguage();
  if (code === DEFAULT_LANGUAGE) applyToDocument(code);
  else await setLanguage(code).catch(() => applyToDocument(DEFAULT_LANGUAGE));
}

export { i18n };
