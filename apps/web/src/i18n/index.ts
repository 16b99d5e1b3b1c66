import { DEFAULT_LANGUAGE, isLanguage, languageInfo, type TLanguage } from '@aidf/contract';
import { LOCAL_KEYS } from '../lib/storage.ts';
// Named imports of en.json's top-level groups: the bundler keeps only these in the first screen's chunk.
import {
  announcement,
  app,
  assets,
  auth,
  common,
  empty,
  errors,
  header,
  home,
  language,
  messages,
  offline,
  reconnect,
  tabs,
  titles,
  wallet,
} from './locales/en.json';
// The whole file as a static asset of its own (fetched by loadAllMessages), apart from the named imports above.
import allEnglishUrl from './locales/en.json?url';
import { createTranslator, type Messages } from './translator.ts';

export type { Messages, TFunction } from './translator.ts';

/** The app's one translator: the messages loaded so far and the interface language. */
export const i18n = createTranslator(DEFAULT_LANGUAGE);

/**
 * The English the first screen shows (the shell, home, sign-in, errors and toasts). The rest of en.json (every
 * other screen's words) is its own chunk, fetched with the first other screen or dialog (loadAllMessages), so
 * the first screen does not carry it.
 */
const firstScreenEnglish = {
  announcement,
  app,
  assets,
  auth,
  common,
  empty,
  errors,
  header,
  home,
  language,
  messages,
  offline,
  reconnect,
  tabs,
  titles,
  wallet,
};

let allEnglish: Promise<void> | null = null;

/** All of English, before a screen or dialog other than the first renders (idempotent; retried after a failure). */
export function loadAllMessages(): Promise<void> {
  allEnglish ??= fetch(allEnglishUrl)
    .then((response) => {
      if (!response.ok) throw new Error(`English messages: HTTP ${response.status}`);
      return response.json() as Promise<Messages>;
    })
    .then((all) => {
      i18n.addMessages(DEFAULT_LANGUAGE, all);
    })
    .catch((error: unknown) => {
      allEnglish = null;
      throw error;
    });
  return allEnglish;
}

/** A lazy module's loader that also brings all of English (see loadAllMessages). */
export function withAllMessages<M>(load: () => Promise<M>): () => Promise<M> {
  return () => Promise.all([load(), loadAllMessages()]).then(([module]) => module);
}

/** Non-English files are their own chunks, fetched when chosen. */
const loaders = import.meta.glob<{ default: Messages }>(['./locales/*.json', '!./locales/en.json']);

/** The chosen language, or English on a first visit (SPEC.md point 1). */
export function storedLanguage(): TLanguage {
  const saved = window.localStorage.getItem(LOCAL_KEYS.localLan);
  return isLanguage(saved) ? saved : DEFAULT_LANGUAGE;
}

function applyToDocument(code: TLanguage) {
  const info = languageInfo(code);
  document.documentElement.lang = info.htmlLang;
  document.documentElement.dir = info.rtl ? 'rtl' : 'ltr';
}

async function ensureLoaded(code: TLanguage) {
  if (i18n.hasMessages(code)) return;
  const load = loaders[`./locales/${code}.json`];
  if (!load) throw new Error(`No messages for language ${code}`);
  i18n.addMessages(code, (await load()).default);
}

/** Switches the interface language, keeps it in `localLan`, and sets `lang` and `dir` on the page. */
export async function setLanguage(code: TLanguage) {
  await ensureLoaded(code);
  await i18n.changeLanguage(code);
  window.localStorage.setItem(LOCAL_KEYS.localLan, code);
  applyToDocument(code);
}

export async function initI18n() {
  i18n.addMessages(DEFAULT_LANGUAGE, firstScreenEnglish);
  const code = storedLanguage();
  if (code === DEFAULT_LANGUAGE) applyToDocument(code);
  else await setLanguage(code).catch(() => applyToDocument(DEFAULT_LANGUAGE));
}
