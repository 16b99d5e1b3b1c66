import { describe, expect, it } from 'vitest';
import { createTranslator, type MessageKey } from './translator.ts';

// Keys of these made-up messages are not en.json's: the cast says so once.
const key = (k: string) => k as MessageKey;

function withMessages() {
  const i18n = createTranslator('en');
  i18n.addMessages('en', {
    hello: 'Hello {{name}}',
    only: { english: 'English only' },
    items_zero: 'No items',
    items_one: '{{count}} item',
    items_other: '{{count}} items',
    twice: '{{a}} and {{ a }}',
  });
  i18n.addMessages('fr', {
    hello: 'Bonjour {{name}}',
    items_one: '{{count}} article',
    items_other: '{{count}} articles',
  });
  return i18n;
}

describe('the translator', () => {
  it('fills placeholders, keeps one not given, empties one given as nothing, and does not escape', () => {
    const { t } = withMessages();
    expect(t(key('hello'), { name: '<b>Ann</b>' })).toBe('Hello <b>Ann</b>');
    expect(t(key('hello'))).toBe('Hello {{name}}');
    expect(t(key('hello'), { name: undefined })).toBe('Hello ');
    expect(t(key('twice'), { a: 1 })).toBe('1 and 1');
  });

  it('picks the plural form by the language, the zero form for 0 where there is one', () => {
    const i18n = withMessages();
    expect(i18n.t(key('items'), { count: 0 })).toBe('No items');
    expect(i18n.t(key('items'), { count: 1 })).toBe('1 item');
    expect(i18n.t(key('items'), { count: 2 })).toBe('2 items');
    // French counts 0 and 1 as "one"; French has no zero form, so its own rule, not English's zero.
    expect(i18n.t(key('items'), { count: 0, lng: 'fr' })).toBe('0 article');
    expect(i18n.t(key('items'), { count: 1.5, lng: 'fr' })).toBe('1.5 article');
  });

  it('falls back to English for a message the language lacks, and shows the key of one nowhere', () => {
    const i18n = withMessages();
    expect(i18n.t(key('only.english'), { lng: 'fr' })).toBe('English only');
    expect(i18n.t(key('no.such.key'))).toBe('no.such.key');
    expect(i18n.t(key('only'))).toBe('only');
    expect(i18n.exists('only.english', { lng: 'fr' })).toBe(true);
    expect(i18n.exists('no.such.key')).toBe(false);
    expect(i18n.exists('items', { count: 3 })).toBe(true);
  });

  it('merges messages added later into the language, and tells subscribers of a new language with a new t', async () => {
    const i18n = withMessages();
    i18n.addMessages('en', { only: { later: 'Later' } });
    expect(i18n.t(key('only.english'))).toBe('English only');
    expect(i18n.t(key('only.later'))).toBe('Later');
    const englishT = i18n.t;
    let told = 0;
    const stop = i18n.subscribe(() => told++);
    await i18n.changeLanguage('fr');
    await i18n.changeLanguage('fr');
    expect(told).toBe(1);
    expect(i18n.t).not.toBe(englishT);
    expect(i18n.t(key('hello'), { name: 'Ann' })).toBe('Bonjour Ann');
    expect(i18n.dir('ar')).toBe('rtl');
    expect(i18n.dir()).toBe('ltr');
    stop();
    await i18n.changeLanguage('en');
    expect(told).toBe(1);
  });
});
