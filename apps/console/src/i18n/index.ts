import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
// One set of transaction-type labels: the words users see in the app (its `txType` group), read here as they are.
import { txType as enTxType } from '../../../web/src/i18n/locales/en.json';
import { txType as zhCNTxType } from '../../../web/src/i18n/locales/zhCN.json';

/** The console's two languages (issue 16 item 4). */
export const LANGUAGES = [
  { code: 'en', label: 'English' },
  // A BCP 47 tag (the folder is zhCN like the web app's code), so Intl's plural rules and dates know it.
  { code: 'zh-CN', label: '简体中文' },
] as const;
export type Language = (typeof LANGUAGES)[number]['code'];

const STORAGE_KEY = 'aidf-console-language';

type Messages = Record<string, unknown>;

/**
 * One JSON file per screen and language (`en/<screen>.json`, `zhCN/<screen>.json`), found by the build, so
 * two people adding screens never edit the same file. Each file's keys live under its name: `users.title`.
 */
export function mergeMessages(files: Record<string, { default: Messages }>): Messages {
  const merged: Messages = {};
  for (const [file, module] of Object.entries(files)) {
    const name = file.replace(/^.*\//, '').replace(/\.json$/, '');
    merged[name] = module.default;
  }
  return merged;
}

const en = {
  ...mergeMessages(import.meta.glob<{ default: Messages }>('./en/*.json', { eager: true })),
  txType: enTxType,
};
const zhCN = {
  ...mergeMessages(import.meta.glob<{ default: Messages }>('./zhCN/*.json', { eager: true })),
  txType: zhCNTxType,
};

/** Every message of each language, as i18next gets them (the tests check the app's labels are among them). */
export const CONSOLE_MESSAGES = { en, 'zh-CN': zhCN } as const satisfies Record<Language, Messages>;

function savedLanguage(): Language {
  const saved = localStorage.getItem(STORAGE_KEY);
  if (saved === 'en' || saved === 'zh-CN') return saved;
  return navigator.language.toLowerCase().startsWith('zh') ? 'zh-CN' : 'en';
}

export function setLanguage(language: Language) {
  localStorage.setItem(STORAGE_KEY, language);
  document.documentElement.lang = language;
  return i18next.changeLanguage(language);
}

export async function initI18n() {
  const lng = savedLanguage();
  document.documentElement.lang = lng;
  await i18next.use(initReactI18next).init({
    lng,
    fallbackLng: 'en',
    resources: { en: { translation: CONSOLE_MESSAGES.en }, 'zh-CN': { translation: CONSOLE_MESSAGES['zh-CN'] } },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
}
