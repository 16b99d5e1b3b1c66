import { OPS, type OpsData } from '@aidf/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from './client.ts';

export type Me = OpsData<typeof OPS.me>;

export function login(body: { username: string; password: string; totp: string }) {
  return call(OPS.login, { body });
}

/** Before the first sign-in only: the TOTP URI to show as a QR. */
export function enroll(body: { username: string; password: string }) {
  return call(OPS.enroll, { body });
}

export function logout() {
  return call(OPS.logout, {});
}

export const meKey = ['auth', 'me'] as const;

export function useMe() {
  return useQuery({ queryKey: meKey, queryFn: () => call(OPS.me, {}), staleTime: 60_000 });
}
