import { useQuery } from '@tanstack/react-query';
import { api } from './client.ts';

export interface LoginAnswer {
  token: string;
  role: string;
  username: string;
  expiresAt: number;
}

export interface Me {
  username: string;
  role: 'support' | 'finance' | 'admin';
  permissions: string[];
}

export function login(body: { username: string; password: string; totp: string }) {
  return api<LoginAnswer>('/auth/login', { method: 'POST', body });
}

/** Before the first sign-in only: the TOTP URI to show as a QR. */
export function enroll(body: { username: string; password: string }) {
  return api<{ otpauthUri: string }>('/auth/enroll', { method: 'POST', body });
}

export function logout() {
  return api<{ loggedOut: boolean }>('/auth/logout', { method: 'POST', body: {} });
}

export const meKey = ['auth', 'me'] as const;

export function useMe() {
  return useQuery({ queryKey: meKey, queryFn: () => api<Me>('/auth/me'), staleTime: 60_000 });
}
