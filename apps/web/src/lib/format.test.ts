import { describe, expect, it } from 'vitest';
import { isolateAmounts, listText } from './format.ts';

const LRI = '\u2066';
const PDI = '\u2069';
const iso = (s: string) => `${LRI}${s}${PDI}`;

describe('a list of currencies in a sentence', () => {
  it("is joined by the language's own words and punctuation, each item a left-to-right isolate", () => {
    const items = ['AIDF', 'COW', 'BNB'];
    expect(listText(items, 'en')).toBe(`${iso('AIDF')}, ${iso('COW')}, and ${iso('BNB')}`);
    expect(listText(items, 'zhCN')).toBe(`${iso('AIDF')}、${iso('COW')}和${iso('BNB')}`);
    expect(listText(items, 'ar')).toBe(`${iso('AIDF')} و${iso('COW')} و${iso('BNB')}`);
    expect(listText(items, 'ar')).not.toContain(',');
    expect(listText(['BNB'], 'ar')).toBe(iso('BNB'));
  });
});

describe('amounts in announcement HTML', () => {
  it('makes each number and its unit one left-to-right isolate, in text only', () => {
    expect(isolateAmounts('<p>رهن 100 AIDF · 90 يوم</p>')).toBe(`<p>رهن ${iso('100 AIDF')} · 90 يوم</p>`);
    expect(isolateAmounts('<p>1,234.5&nbsp;USDT or 0.5 BNB</p>')).toBe(
      `<p>${iso('1,234.5&nbsp;USDT')} or ${iso('0.5 BNB')}</p>`,
    );
    // Tags and their attributes are left alone; a number without a currency too.
    expect(isolateAmounts('<a href="/x?n=5 COW" title="5 COW">30 days</a>')).toBe(
      '<a href="/x?n=5 COW" title="5 COW">30 days</a>',
    );
    expect(isolateAmounts('<p>100 AIDFX</p>')).toBe('<p>100 AIDFX</p>');
  });
});
