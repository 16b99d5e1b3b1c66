import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatTime,
  isolateAmounts,
  listText,
  percentNumber,
  percentText,
  shortText,
} from './format.ts';

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

describe('a summary of what a person typed', () => {
  it('keeps a short text whole, and cuts a long one at a space with an ellipsis at its end', () => {
    expect(shortText('  My withdrawal  ', 20)).toBe('My withdrawal');
    expect(shortText('طلبي رقم 12 لم يصل بعد، order 12 has not arrived yet', 30)).toBe(
      'طلبي رقم 12 لم يصل بعد، order…',
    );
    // No space near the limit: cut at the limit, never inside a character made of two code units.
    expect(shortText('😀'.repeat(10), 4)).toBe('😀😀😀😀…');
    expect(shortText('订单还没有到账请帮我查一下', 6)).toBe('订单还没有到…');
  });
});

describe('percentText', () => {
  it('moves the decimal point two places, exactly', () => {
    expect(percentText('0.07')).toBe('7');
    expect(percentText('0.01')).toBe('1');
    expect(percentText('0.0125')).toBe('1.25');
    expect(percentText('0.5')).toBe('50');
    expect(percentText('1')).toBe('100');
    expect(percentText('0.00000001')).toBe('0.000001');
  });
});

describe('percentNumber', () => {
  it("groups a server's percent the language's way, Latin digits, every digit kept", () => {
    expect(percentNumber('198708.39', 'en')).toBe('198,708.39');
    expect(percentNumber('198708.39', 'ar')).toBe('198,708.39');
    expect(percentNumber('198708.39', 'fr')).toBe('198\u202f708,39');
    expect(percentNumber('1234567', 'zhCN')).toBe('1,234,567');
    expect(percentNumber('100.10', 'en')).toBe('100.10');
    expect(percentNumber('99.999999999999999999', 'en')).toBe('99.999999999999999999');
    expect(percentNumber('-1564454', 'en')).toBe('-1,564,454');
  });
});

describe('dates', () => {
  it('are written in the language with Latin digits, each style the same on every call', () => {
    const ms = Date.UTC(2026, 0, 15, 12, 30, 45);
    for (const language of ['en', 'ar', 'zhCN']) {
      const first = [formatDate(ms, language), formatDateTime(ms, language), formatTime(ms, language)];
      expect(first.join(' ')).toMatch(/^[^٠-٩]*$/);
      expect(formatDate(ms, language)).toBe(first[0]);
      expect(formatDateTime(ms, language, { seconds: true })).not.toBe(first[1]);
      expect(formatDateTime(ms, language)).toBe(first[1]);
    }
    expect(formatDate(ms, 'en')).toBe(new Intl.DateTimeFormat('en-u-nu-latn', { dateStyle: 'medium' }).format(ms));
    expect(formatDateTime(ms, 'ar', { seconds: true })).toContain('45');
  });

  it('are written by one formatter per language and style, made once, not one per row', () => {
    const Original = Intl.DateTimeFormat;
    let made = 0;
    Intl.DateTimeFormat = class extends Original {
      constructor(...args: ConstructorParameters<typeof Original>) {
        super(...args);
        made++;
      }
    } as typeof Original;
    try {
      for (let row = 0; row < 10; row++) formatDate(Date.UTC(2026, 0, row + 1), 'fr');
      expect(made).toBe(1);
      formatDate(Date.UTC(2026, 0, 1), 'ja');
      expect(made).toBe(2);
    } finally {
      Intl.DateTimeFormat = Original;
    }
  });
});
