import fs from 'node:fs';
import path from 'node:path';
import { LANGUAGE_CODES } from '@aidf/contract';
import { describe, expect, it } from 'vitest';

const dir = path.join(import.meta.dirname, 'locales');
const LRI = '\u2066';
const PDI = '\u2069';

function strings(value: unknown, prefix = ''): [string, string][] {
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) =>
    typeof child === 'object' && child !== null
      ? strings(child, `${prefix}${key}.`)
      : [[`${prefix}${key}`, String(child)]],
  );
}

/**
 * A range such as "{{min}} - {{max}}" put into an Arabic sentence reads backwards ("100 - 1"): the Unicode bidi
 * algorithm lays numbers separated by neutrals out right to left. Every range of values is therefore isolated
 * left to right (LRI … PDI), in every language, so one file cannot regress while Arabic alone is checked.
 */
describe('ranges in messages', () => {
  const range = /(\{\{\w+\}\}|\d+)\s*[-–~]\s*(\{\{\w+\}\}|\d+)/g;
  it.each(LANGUAGE_CODES)('%s isolates every range of placeholders left to right', (code) => {
    const messages = strings(JSON.parse(fs.readFileSync(path.join(dir, `${code}.json`), 'utf8')));
    const bare: string[] = [];
    for (const [key, text] of messages) {
      for (const match of text.matchAll(range)) {
        const placeholders = match[0].includes('{{');
        const spaced = /\s/.test(match[0]);
        // "8-20" (digits joined by a plain hyphen) stays one number run and is safe; spaces or placeholders are not.
        if (!placeholders && !spaced) continue;
        const before = text.slice(0, match.index);
        const isolated = before.lastIndexOf(LRI) > before.lastIndexOf(PDI) && text.indexOf(PDI, match.index) !== -1;
        if (!isolated) bare.push(`${key}: ${text}`);
      }
    }
    expect(bare).toEqual([]);
  });
});
