import { isChainName, NO_CHAIN, type TChainName, type TUserInfo } from '@aidf/contract';

/** Session storage keys of SPEC.md point 3. */
export const SESSION_KEYS = {
  walletAddress: 'walletAddress',
  userInfo: 'userInfo',
  isLogin: 'isLogin',
  token: 'token',
  timestamp: 'timestamp',
  userAssets: 'userAssets',
  chain: 'chain',
  cowHomeUser: 'cowHomeUser',
  cowUserIndex: 'cowUserIndex',
  cowIndex: 'cowIndex',
} as const;

/** Local storage keys of SPEC.md point 3. */
export const LOCAL_KEYS = {
  token: 'token',
  address: 'address',
  chain: 'chain',
  timestamp: 'timestamp',
  localLan: 'localLan',
  isLogin: 'isLogin',
  userInfo: 'userInfo',
  currentIndex: 'currentIndex',
  chainId: 'chainId',
} as const;

export function readJson<T>(storage: Storage, key: string): T | null {
  const text = storage.getItem(key);
  if (!text) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

export function readChain(storage: Storage): TChainName | null {
  const value = storage.getItem(SESSION_KEYS.chain);
  if (!value || value === NO_CHAIN) return null;
  return isChainName(value) ? value : null;
}

export type StoredUserInfo = Pick<TUserInfo, 'mid' | 'username'> & Partial<TUserInfo>;
