import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Me } from '../../api/auth.ts';
import { api } from '../../api/client.ts';

export type OperatorRole = Me['role'];
export const ROLES: readonly OperatorRole[] = ['support', 'finance', 'admin'];

export interface OperatorRow {
  username: string;
  role: OperatorRole;
  lockedUntil: number | null;
  createdBy: string | null;
  createdAt: number;
  firstLoginAt: number | null;
}

/** What adding an operator answers, once: nothing can show the password or the TOTP secret again. */
export interface NewOperator {
  username: string;
  role: OperatorRole;
  password: string;
  otpauthUri: string;
}

const operatorsKey = ['operators'] as const;

export function useOperators() {
  return useQuery({ queryKey: operatorsKey, queryFn: () => api<OperatorRow[]>('/operators') });
}

export function useAddOperator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { username: string; role: OperatorRole }) =>
      api<NewOperator>('/operators', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: operatorsKey }),
  });
}
