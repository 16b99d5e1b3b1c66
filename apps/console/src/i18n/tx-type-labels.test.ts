import { TRANSACTION_TYPES } from '@aidf/contract';
import { describe, expect, it } from 'vitest';
import { txType as appArabic } from '../../../web/src/i18n/locales/ar.json';
import { txType as appEnglish } from '../../../web/src/i18n/locales/en.json';
import { txType as appChinese } from '../../../web/src/i18n/locales/zhCN.json';
import { CONSOLE_MESSAGES, LANGUAGES } from './index.ts';

describe('[console] transaction-type labels', () => {
  it("are the app's own words, for every type and in each of the console's languages", () => {
    const app = { en: appEnglish, 'zh-CN': appChinese, ar: appArabic };
    for (const { code: language } of LANGUAGES) {
      const labels = CONSOLE_MESSAGES[language].txType as Record<string, string>;
      expect(labels, language).toEqual(app[language]);
      for (const type of [...TRANSACTION_TYPES, 'unknown']) {
        expect(labels[type], `${language} ${type}`).toMatch(/\S/);
      }
    }
    expect(CONSOLE_MESSAGES['zh-CN'].txType['user-transfer-out']).toBe('转出');
    expect(CONSOLE_MESSAGES.ar.txType['user-transfer-out']).toBe('تحويل صادر');
  });
});
