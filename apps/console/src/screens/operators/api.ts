import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Me } from '../../api/auth.ts';
import { api } from '../../api/client.ts';

export type OperatorRole = Me['role'];
export const ROLES: readonly OperatorRole[] = ['support', 'finance', 'admin'];

export interface OperatorRow {
  username: string;
  role: OperatorRole;
  createdBy: string | null;
  approvedBy: string | null;
  createdAt: number;
  firstLoginAt: number | null;
  disabledAt: number | null;
  disabledBy: string | null;
}

/** Past the platform's start a new operator is a proposal: no credentials until another admin approves it. */
export type AddAnswer = (NewOperator & { status: 'created' }) | { status: 'proposed'; proposalId: string };

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
      api<AddAnswer>('/operators', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

/** Disabling is at once: the operator's sessions end with it. */
export function useDisableOperator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { username: string; reason: string }) =>
      api<{ status: 'disabled' }>(`/operators/${encodeURIComponent(input.username)}/disable`, {
        method: 'POST',
        body: { reason: input.reason },
      }),
    onSettled: () => queryClient.invalidateQueries(),
  });
}
