import { TRANSACTION_TYPES } from '@aidf/contract';
import { describe, expect, it } from 'vitest';
import { txType as appEnglish } from '../../../web/src/i18n/locales/en.json';
import { txType as appChinese } from '../../../web/src/i18n/locales/zhCN.json';
import { CONSOLE_MESSAGES } from './index.ts';

describe('[console] transaction-type labels', () => {
  it("are the app's own words, for every type and in each of the console's languages", () => {
    const app = { en: appEnglish, 'zh-CN': appChinese };
    for (const language of ['en', 'zh-CN'] as const) {
      const labels = CONSOLE_MESSAGES[language].txType as Record<string, string>;
      expect(labels, language).toEqual(app[language]);
      for (const type of [...TRANSACTION_TYPES, 'unknown']) {
        expect(labels[type], `${language} ${type}`).toMatch(/\S/);
      }
    }
    expect(CONSOLE_MESSAGES['zh-CN'].txType['user-transfer-out']).toBe('转出');
  });
});
