import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = path.dirname(new URL(import.meta.url).pathname);

/** Every key path of a message tree, plural suffixes folded (Chinese has only `_other`). */
function keys(tree: unknown, prefix = ''): string[] {
  if (typeof tree !== 'object' || tree === null) return [prefix.replace(/_(one|other)$/, '')];
  return Object.entries(tree).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

function messages(language: string) {
  const files = fs.readdirSync(path.join(dir, language)).filter((f) => f.endsWith('.json'));
  return Object.fromEntries(
    files.map((f) => [f, JSON.parse(fs.readFileSync(path.join(dir, language, f), 'utf8')) as unknown]),
  );
}

describe('[console] messages', () => {
  it('has the same files and keys in English and simplified Chinese', () => {
    const en = messages('en');
    const zh = messages('zhCN');
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
    for (const file of Object.keys(en)) {
      expect([...new Set(keys(zh[file]))].sort(), file).toEqual([...new Set(keys(en[file]))].sort());
    }
  });
});
