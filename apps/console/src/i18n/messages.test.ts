// @vitest-environment jsdom
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { initI18n, LANGUAGES, setLanguage } from './index.ts';

const dir = path.dirname(new URL(import.meta.url).pathname);

/** Each language's folder: the code without its hyphen (zh-CN's is zhCN, as the web app names it). */
const FOLDERS = LANGUAGES.map((l) => l.code.replace('-', ''));

/** Intl's plural categories, as i18next suffixes them (Chinese has only `_other`, Arabic all six). */
const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Every key path of a message tree, plural suffixes folded. */
function keys(tree: unknown, prefix = ''): string[] {
  if (typeof tree !== 'object' || tree === null) return [prefix.replace(PLURAL, '')];
  return Object.entries(tree).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

/** Every key path of a message tree with its text, plural suffixes kept. */
function texts(tree: unknown, prefix = ''): [string, string][] {
  if (typeof tree !== 'object' || tree === null) return [[prefix, String(tree)]];
  return Object.entries(tree).flatMap(([k, v]) => texts(v, prefix ? `${prefix}.${k}` : k));
}

function messages(language: string) {
  const files = fs.readdirSync(path.join(dir, language)).filter((f) => f.endsWith('.json'));
  return Object.fromEntries(
    files.map((f) => [f, JSON.parse(fs.readFileSync(path.join(dir, language, f), 'utf8')) as unknown]),
  );
}

describe('[console] messages', () => {
  it('has a folder for every language of the switch, and no other', () => {
    const folders = fs.readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory());
    expect(folders.map((d) => d.name).sort()).toEqual([...FOLDERS].sort());
  });

  it.each(FOLDERS.filter((f) => f !== 'en'))('has the same files and keys in English and %s', (folder) => {
    const en = messages('en');
    const other = messages(folder);
    expect(Object.keys(other).sort()).toEqual(Object.keys(en).sort());
    for (const file of Object.keys(en)) {
      expect([...new Set(keys(other[file]))].sort(), file).toEqual([...new Set(keys(en[file]))].sort());
    }
  });

  it("has Arabic's six plural forms wherever English has a plural, each with English's placeholders", () => {
    const en = messages('en');
    const ar = messages('ar');
    for (const file of Object.keys(en)) {
      const arabic = new Map(texts(ar[file]));
      for (const [key, text] of texts(en[file])) {
        const plural = /^(.*)_other$/.exec(key);
        const placeholders = (s: string) => new Set(s.match(/\{\{\w+\}\}/g) ?? []);
        if (!plural) {
          if (key.endsWith('_one')) continue;
          // Same placeholders, none lost or added (an English plural's count may be a word in Arabic: "two").
          expect(placeholders(arabic.get(key) ?? ''), `${file} ${key}`).toEqual(placeholders(text));
          continue;
        }
        for (const form of ['zero', 'one', 'two', 'few', 'many', 'other']) {
          const arabicText = arabic.get(`${plural[1]}_${form}`);
          expect(arabicText, `${file} ${plural[1]}_${form}`).toMatch(/\S/);
          const missing = [...placeholders(text)].filter((p) => p !== '{{count}}' && !arabicText?.includes(p));
          expect(missing, `${file} ${plural[1]}_${form}`).toEqual([]);
        }
      }
    }
  });

  it('sets the page right to left for Arabic, left to right for the others', async () => {
    await initI18n();
    for (const { code } of LANGUAGES) {
      await setLanguage(code);
      expect(document.documentElement.lang).toBe(code);
      expect(document.documentElement.dir).toBe(code === 'ar' ? 'rtl' : 'ltr');
    }
    await setLanguage('en');
  });
});
