import fs from 'node:fs';
import path from 'node:path';
import { isErrorCode, LANGUAGE_CODES, languageInfo, TRANSACTION_TYPES } from '@aidf/contract';
import { describe, expect, it } from 'vitest';
import en from './locales/en.json';

const dir = path.join(import.meta.dirname, 'locales');

function flatten(value: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    if (typeof child === 'object' && child !== null) for (const e of flatten(child, `${prefix}${key}.`)) out.set(...e);
    else out.set(`${prefix}${key}`, String(child));
  }
  return out;
}

const placeholders = (text: string) => (text.match(/{{\w+}}/g) ?? []).sort().join();
const english = flatten(en);
const PLURAL = /_(zero|one|two|few|many|other)$/;
/** A key without its plural form: i18next picks `days_one` or `days_other` for `days` by the count. */
const base = (key: string) => key.replace(PLURAL, '');
const baseKeys = (messages: Map<string, string>) => new Set([...messages.keys()].map(base));
const englishBase = baseKeys(english);

describe('translations', () => {
  it('has one file per language and nothing else', () => {
    const files = fs.readdirSync(dir).filter((f) => f.endsWith('.json'));
    expect(files.map((f) => f.replace('.json', '')).sort()).toEqual([...LANGUAGE_CODES].sort());
  });

  it.each(LANGUAGE_CODES.filter((c) => c !== 'en'))('%s has every key of en, no other, none empty', (code) => {
    const messages = flatten(JSON.parse(fs.readFileSync(path.join(dir, `${code}.json`), 'utf8')));
    const own = baseKeys(messages);
    const missing = [...englishBase].filter((k) => !own.has(k));
    const extra = [...own].filter((k) => !englishBase.has(k));
    expect(missing, `${code} misses keys`).toEqual([]);
    expect(extra, `${code} has keys en lacks`).toEqual([]);
    for (const [key, text] of messages) {
      expect(text.trim(), `${code} ${key} is empty`).not.toBe('');
      const source = english.get(key) ?? english.get(`${base(key)}_other`) ?? '';
      // A plural form may say its number in words ("يومان", two days) instead of {{count}}.
      const expected =
        PLURAL.test(key) && !text.includes('{{count}}')
          ? placeholders(source.replace('{{count}}', ''))
          : placeholders(source);
      expect(placeholders(text), `${code} ${key} placeholders`).toBe(expected);
    }
  });

  it.each(LANGUAGE_CODES)('%s has exactly the plural forms its language has, for every plural key', (code) => {
    const messages = flatten(JSON.parse(fs.readFileSync(path.join(dir, `${code}.json`), 'utf8')));
    const forms = new Intl.PluralRules(languageInfo(code).htmlLang).resolvedOptions().pluralCategories;
    const pluralKeys = new Set([...english.keys()].filter((k) => PLURAL.test(k)).map(base));
    for (const key of pluralKeys) {
      const own = [...messages.keys()]
        .filter((k) => PLURAL.test(k) && base(k) === key)
        .map((k) => k.replace(`${key}_`, ''));
      expect(own.sort(), `${code} ${key}`).toEqual([...forms].sort());
    }
  });

  it.each(LANGUAGE_CODES)('%s names BNB Smart Chain as English does, on every screen', (code) => {
    // A network keeps its name, as exchanges write it ("BNB Smart Chain (BEP-20)"): one name per chain.
    const messages = flatten(JSON.parse(fs.readFileSync(path.join(dir, `${code}.json`), 'utf8')));
    const renamed = [...english]
      .filter(([, text]) => text.includes('BNB Smart Chain'))
      .map(([key]) => key)
      .filter((key) => !messages.get(key)?.includes('BNB Smart Chain'));
    expect(renamed).toEqual([]);
    // Nor by its short name where every other string says BNB Smart Chain.
    expect([...messages].filter(([, text]) => /\bBSC\b/.test(text)).map(([key]) => key)).toEqual([]);
  });

  it('labels every transaction type of the contract', () => {
    for (const type of TRANSACTION_TYPES) expect(english.has(`txType.${type}`), type).toBe(true);
  });

  it('has a message for every catalogue error code', () => {
    const codes = [...english.keys()].filter((k) => /^errors\.\d+$/.test(k)).map((k) => Number(k.slice(7)));
    for (const code of [1226, 1221, 1119, 1225, 10471, 8752, 8751, 81002, 81003, 9000, 8770, 81001, 81034, 81035]) {
      expect(codes).toContain(code);
      expect(isErrorCode(code)).toBe(true);
    }
  });
});
