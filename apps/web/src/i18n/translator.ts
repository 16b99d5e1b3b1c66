import { DEFAULT_LANGUAGE, languageInfo } from '@aidf/contract';
import type en from './locales/en.json';

/**
 * The app's translations: the messages of each language, the current language, and `t`. What the app used of
 * i18next (keys with dots, `{{name}}` placeholders, plural forms by the language's rules, falling back to English)
 * in about 1 KB compressed; i18next and react-i18next were 15 KB of the first screen's JavaScript, and i18next's
 * start-up (language hierarchy, resource store, plural resolver) a visible part of its first main-thread task.
 */

export type Messages = typeof en;

type PluralForm = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';
type WithoutPlural<K extends string> = K extends `${infer Base}_${PluralForm}` ? Base : K;
type Keys<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${WithoutPlural<K>}` : Keys<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** Every message of en.json by its dotted path; a plural message by its key without the `_one`/`_other` form. */
export type MessageKey = Keys<Messages>;

/** The values of a message's placeholders; `count` also picks the plural form; `lng` another language for once. */
export type TOptions = { count?: number; lng?: string } & Record<string, unknown>;

export type TFunction = (key: MessageKey, options?: TOptions) => string;

type Tree = { [key: string]: string | Tree };

const PLACEHOLDER = /{{\s*([\w.]+)\s*}}/g;

/** Intl's plural rules of a language, asked by its BCP 47 tag (our codes zhCN and sp are not tags), made once. */
const pluralRules = new Map<string, Intl.PluralRules>();
function pluralForm(code: string, count: number): string {
  let rules = pluralRules.get(code);
  if (!rules) {
    rules = new Intl.PluralRules(languageInfo(code).htmlLang);
    pluralRules.set(code, rules);
  }
  return rules.select(count);
}

function merge(into: Tree, from: Tree): Tree {
  for (const [key, value] of Object.entries(from)) {
    const there = into[key];
    into[key] = typeof value === 'object' && typeof there === 'object' ? merge({ ...there }, value) : value;
  }
  return into;
}

/**
 * A value written where its placeholder was; a placeholder whose name was not given stays as it is (a missing
 * value shows, rather than a sentence with a hole), one given as undefined or null becomes empty.
 */
function interpolate(text: string, options: TOptions | undefined): string {
  if (!options || !text.includes('{{')) return text;
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    if (!Object.hasOwn(options, name)) return whole;
    const value = options[name];
    return value == null ? '' : String(value);
  });
}

export function createTranslator(initial: string = DEFAULT_LANGUAGE) {
  const messages = new Map<string, Tree>();
  const listeners = new Set<() => void>();
  const bound = new Map<string, TFunction>();
  let language = initial;

  const lookup = (code: string, key: string): string | undefined => {
    let node: string | Tree | undefined = messages.get(code);
    for (const part of key.split('.')) {
      if (typeof node !== 'object') return undefined;
      node = node[part];
    }
    return typeof node === 'string' ? node : undefined;
  };

  /** The message of `key` in `code`, else in English: with a count, its zero form (for 0), its plural form, itself. */
  const resolve = (key: string, code: string, count: number | undefined): string | undefined => {
    for (const lng of code === DEFAULT_LANGUAGE ? [code] : [code, DEFAULT_LANGUAGE]) {
      const candidates =
        count === undefined
          ? [key]
          : [...(count === 0 ? [`${key}_zero`] : []), `${key}_${pluralForm(lng, count)}`, key];
      for (const candidate of candidates) {
        const found = lookup(lng, candidate);
        if (found !== undefined) return found;
      }
    }
    return undefined;
  };

  const translate = (code: string, key: string, options?: TOptions) => {
    const found = resolve(key, options?.lng ?? code, options?.count);
    // A key with no message anywhere shows as itself, as i18next did: visible in review, never an empty label.
    return found === undefined ? key : interpolate(found, options);
  };

  /** `t` of one language (one function per language). */
  const fixedT = (code: string): TFunction => {
    let t = bound.get(code);
    if (!t) {
      t = (key, options) => translate(code, key, options);
      bound.set(code, t);
    }
    return t;
  };

  return {
    get language(): string {
      return language;
    },
    /** `t` of the current language; another function (a new identity) after the language changes. */
    get t(): TFunction {
      return fixedT(language);
    },
    fixedT,
    /** Whether `key` has a message in the language or English (a plural message: with its count). */
    exists(key: string, options?: TOptions): boolean {
      return resolve(key, options?.lng ?? language, options?.count) !== undefined;
    },
    dir(code: string = language): 'ltr' | 'rtl' {
      return languageInfo(code).rtl ? 'rtl' : 'ltr';
    },
    /** Adds a language's messages, merged into what it already has (a group added later keeps the others). */
    addMessages(code: string, tree: object) {
      messages.set(code, merge({ ...(messages.get(code) ?? {}) }, tree as Tree));
    },
    hasMessages(code: string): boolean {
      return messages.has(code);
    },
    /** Makes `code` current and tells every subscriber (the components using useTranslation re-render). */
    async changeLanguage(code: string): Promise<void> {
      if (language === code) return;
      language = code;
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
