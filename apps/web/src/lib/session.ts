import { NO_CHAIN, type TChainName } from '@aidf/contract';
import { useSyncExternalStore } from 'react';
import { LOCAL_KEYS, readChain, readJson, SESSION_KEYS, type StoredUserInfo } from './storage.ts';

export interface SessionState {
  isLogin: boolean;
  token: string | null;
  walletAddress: string | null;
  userInfo: StoredUserInfo | null;
  chain: TChainName | null;
  /** True after the user signed out in this page, so guards send them home without asking to sign in. */
  signedOut: boolean;
}

let signedOutHere = false;

/** Session storage first (this tab), then local storage (a sign-in kept from an earlier visit). */
function read(): SessionState {
  const s = window.sessionStorage;
  const l = window.localStorage;
  const token = s.getItem(SESSION_KEYS.token) ?? l.getItem(LOCAL_KEYS.token);
  const isLogin = (s.getItem(SESSION_KEYS.isLogin) ?? l.getItem(LOCAL_KEYS.isLogin)) === 'true' && !!token;
  return {
    isLogin,
    token: isLogin ? token : null,
    walletAddress: s.getItem(SESSION_KEYS.walletAddress) ?? l.getItem(LOCAL_KEYS.address),
    userInfo: readJson<StoredUserInfo>(s, SESSION_KEYS.userInfo) ?? readJson<StoredUserInfo>(l, LOCAL_KEYS.userInfo),
    chain: readChain(s) ?? readChain(l),
    signedOut: signedOutHere,
  };
}

let state: SessionState | null = null;
const listeners = new Set<() => void>();

export function getSession(): SessionState {
  state ??= read();
  return state;
}

function changed() {
  state = read();
  for (const listener of listeners) listener();
}

/** Stores a sign-in in both storages, under the keys SPEC.md point 3 names. */
export function saveLogin(login: {
  token: string;
  userInfo: StoredUserInfo;
  walletAddress?: string;
  chain?: TChainName;
}) {
  const now = String(Date.now());
  for (const [storage, keys] of [
    [window.sessionStorage, { ...SESSION_KEYS, address: SESSION_KEYS.walletAddress }],
    [window.localStorage, LOCAL_KEYS],
  ] as const) {
    storage.setItem(keys.token, login.token);
    storage.setItem(keys.isLogin, 'true');
    storage.setItem(keys.userInfo, JSON.stringify(login.userInfo));
    storage.setItem(keys.timestamp, now);
    if (login.walletAddress) storage.setItem(keys.address, login.walletAddress);
    storage.setItem(keys.chain, login.chain ?? NO_CHAIN);
  }
  changed();
}

export function updateUserInfo(userInfo: StoredUserInfo) {
  window.sessionStorage.setItem(SESSION_KEYS.userInfo, JSON.stringify(userInfo));
  window.localStorage.setItem(LOCAL_KEYS.userInfo, JSON.stringify(userInfo));
  changed();
}

/** What a 401 does (SPEC.md point 4): the token and isLogin go; the page is then reloaded by the caller. */
export function clearAuth() {
  for (const storage of [window.sessionStorage, window.localStorage]) {
    storage.removeItem(SESSION_KEYS.token);
    storage.setItem(SESSION_KEYS.isLogin, 'false');
  }
  changed();
}

/** Signing out (or being signed out) clears the token, the user and the chain (SPEC.md point 4). */
export function clearLogin(options: { byUser?: boolean } = {}) {
  signedOutHere = options.byUser ?? false;
  for (const storage of [window.sessionStorage, window.localStorage]) {
    for (const key of ['token', 'userInfo', 'walletAddress', 'address']) storage.removeItem(key);
    storage.setItem('isLogin', 'false');
    storage.setItem('chain', NO_CHAIN);
  }
  changed();
}

export function useSession(): SessionState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSession,
    getSession,
  );
}
