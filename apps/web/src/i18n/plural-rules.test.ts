import fs from 'node:fs';
import path from 'node:path';
import { LANGUAGE_CODES } from '@aidf/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTranslator } from './translator.ts';

const dir = path.join(import.meta.dirname, 'locales');
const i18n = createTranslator('en');

beforeAll(() => {
  for (const code of LANGUAGE_CODES) {
    i18n.addMessages(code, JSON.parse(fs.readFileSync(path.join(dir, `${code}.json`), 'utf8')) as object);
  }
});

const say = (lng: string, count: number) => i18n.t('team.missingDirect', { lng, count });

describe('plurals through the language rules', () => {
  it('says "1 more invitee needed" but "2 more invitees needed" in English', () => {
    expect(say('en', 1)).toBe('1 more invitee needed');
    expect(say('en', 2)).toBe('2 more invitees needed');
  });

  it('gives Arabic its six forms and Russian its three', () => {
    const arabic = [0, 1, 2, 3, 11, 100].map((n) => say('ar', n));
    expect(new Set(arabic).size).toBe(6);
    expect(say('ar', 1)).toBe('مطلوب مدعو إضافي واحد');
    expect(say('ar', 3)).toBe('مطلوب 3 مدعوين إضافيين');
    expect(say('ru', 1)).toBe('Нужен ещё 1 приглашённый');
    expect(say('ru', 5)).toBe('Нужно ещё 5 приглашённых');
  });

  it('stays in the chosen language for every count, also where the code is not a BCP 47 tag (zhCN, sp)', () => {
    expect(say('zhCN', 1)).toBe('还需直推 1 人');
    expect(say('zhTW', 1)).toBe('還需直推 1 人');
    expect(say('sp', 1)).toBe('Falta 1 invitado');
    expect(say('sp', 2)).toBe('Faltan 2 invitados');
    expect(i18n.t('pledge.days', { lng: 'ja', count: 1 })).toBe('1 日');
  });
});
