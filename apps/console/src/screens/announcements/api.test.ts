import type { TAnnouncementTranslations } from '@aidf/contract';
import { describe, expect, it } from 'vitest';
import { missingLanguages } from './api.ts';

const text = (title: string, body: string) => ({ title, summary: '', body });

describe('[console] announcement languages', () => {
  it('names every language without a title or a body, in the app order', () => {
    expect(missingLanguages({})).toEqual(['en', 'zhCN', 'zhTW', 'ru', 'vi', 'th', 'ko', 'ja', 'sp', 'fr', 'ar']);
    const texts: TAnnouncementTranslations = {
      en: text('Hello', 'Body'),
      zhCN: text('你好', ''),
      ar: text('', 'نص'),
      fr: text('Bonjour', '<p> </p>'),
    };
    expect(missingLanguages(texts)).toEqual(['zhCN', 'zhTW', 'ru', 'vi', 'th', 'ko', 'ja', 'sp', 'fr', 'ar']);
  });

  it('finds none missing once all eleven have both', () => {
    const all = Object.fromEntries(
      ['en', 'zhCN', 'zhTW', 'ru', 'vi', 'th', 'ko', 'ja', 'sp', 'fr', 'ar'].map((l) => [l, text(`t-${l}`, `b-${l}`)]),
    ) as TAnnouncementTranslations;
    expect(missingLanguages(all)).toEqual([]);
  });
});
