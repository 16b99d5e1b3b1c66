/** The eleven interface languages of SPEC.md point 1, with their own names and direction. */
export const LANGUAGES = [
  { code: 'en', name: 'English', htmlLang: 'en', rtl: false },
  { code: 'zhCN', name: '简体中文', htmlLang: 'zh-CN', rtl: false },
  { code: 'zhTW', name: '繁體中文', htmlLang: 'zh-TW', rtl: false },
  { code: 'ru', name: 'Русский', htmlLang: 'ru', rtl: false },
  { code: 'vi', name: 'Tiếng Việt', htmlLang: 'vi', rtl: false },
  { code: 'th', name: 'ไทย', htmlLang: 'th', rtl: false },
  { code: 'ko', name: '한국어', htmlLang: 'ko', rtl: false },
  { code: 'ja', name: '日本語', htmlLang: 'ja', rtl: false },
  { code: 'sp', name: 'Español', htmlLang: 'es', rtl: false },
  { code: 'fr', name: 'Français', htmlLang: 'fr', rtl: false },
  { code: 'ar', name: 'العربية', htmlLang: 'ar', rtl: true },
] as const;

export const LANGUAGE_CODES = LANGUAGES.map((l) => l.code) as [
  (typeof LANGUAGES)[number]['code'],
  ...(typeof LANGUAGES)[number]['code'][],
];
export type TLanguage = (typeof LANGUAGES)[number]['code'];

/** Default on first visit and fallback for missing content. */
export const DEFAULT_LANGUAGE: TLanguage = 'en';

export function isLanguage(value: unknown): value is TLanguage {
  return typeof value === 'string' && (LANGUAGE_CODES as readonly string[]).includes(value);
}

/** The language's entry; unknown codes get the default language. */
export function languageInfo(code: string) {
  return LANGUAGES.find((l) => l.code === code) ?? LANGUAGES[0];
}
