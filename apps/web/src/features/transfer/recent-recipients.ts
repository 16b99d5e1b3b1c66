import { readJson } from '../../lib/storage.ts';

const MAX_RECENT = 5;
/** Per signed-in user, on this device only: who they sent to lately, newest first. */
const keyOf = (mid: string) => `recentRecipients:${mid}`;

export function recentRecipients(mid: string): string[] {
  const list = readJson<unknown>(window.localStorage, keyOf(mid));
  return Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string').slice(0, MAX_RECENT) : [];
}

export function rememberRecipient(mid: string, username: string) {
  const next = [username, ...recentRecipients(mid).filter((u) => u !== username)].slice(0, MAX_RECENT);
  window.localStorage.setItem(keyOf(mid), JSON.stringify(next));
}
