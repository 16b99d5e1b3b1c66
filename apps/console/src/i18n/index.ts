import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
// One set of transaction-type labels: the words users see in the app (its `txType` group), read here as they are.
import { txType as arTxType } from '../../../web/src/i18n/locales/ar.json';
import { txType as enTxType } from '../../../web/src/i18n/locales/en.json';
import { txType as zhCNTxType } from '../../../web/src/i18n/locales/zhCN.json';

/** The console's three languages: English, simplified Chinese, and Arabic (right to left). */
export const LANGUAGES = [
  { code: 'en', label: 'English' },
  // A BCP 47 tag (the folder is zhCN like the web app's code), so Intl's plural rules and dates know it.
  { code: 'zh-CN', label: '简体中文' },
  { code: 'ar', label: 'العربية' },
] as const;
export type Language = (typeof LANGUAGES)[number]['code'];

const STORAGE_KEY = 'aidf-console-language';

type Messages = Record<string, unknown>;

/**
 * One JSON file per screen and language (`en/<screen>.json`, `zhCN/<screen>.json`, `ar/<screen>.json`), found by
 * the build, so two people adding screens never edit the same file. Each file's keys live under its name:
 * `users.title`.
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
const ar = {
  ...mergeMessages(import.meta.glob<{ default: Messages }>('./ar/*.json', { eager: true })),
  txType: arTxType,
};

/** Every message of each language, as i18next gets them (the tests check the app's labels are among them). */
export const CONSOLE_MESSAGES = { en, 'zh-CN': zhCN, ar } as const satisfies Record<Language, Messages>;

function isLanguage(code: string | null): code is Language {
  return LANGUAGES.some((l) => l.code === code);
}

function savedLanguage(): Language {
  const saved = localStorage.getItem(STORAGE_KEY);
  if (isLanguage(saved)) return saved;
  const browser = navigator.language.toLowerCase();
  if (browser.startsWith('zh')) return 'zh-CN';
  if (browser === 'ar' || browser.startsWith('ar-')) return 'ar';
  return 'en';
}

/** The page's language and direction: Arabic right to left, the others left to right. */
function applyToDocument(language: Language) {
  document.documentElement.lang = language;
  document.documentElement.dir = language === 'ar' ? 'rtl' : 'ltr';
}

export function setLanguage(language: Language) {
  localStorage.setItem(STORAGE_KEY, language);
  applyToDocument(language);
  return i18next.changeLanguage(language);
}

export async function initI18n() {
  const lng = savedLanguage();
  applyToDocument(lng);
  await i18next.use(initReactI18next).init({
    lng,
    fallbackLng: 'en',
    resources: {
      en: { translation: CONSOLE_MESSAGES.en },
      'zh-CN': { translation: CONSOLE_MESSAGES['zh-CN'] },
      ar: { translation: CONSOLE_MESSAGES.ar },
    },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
}
