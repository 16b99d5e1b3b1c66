import { OPERATOR_ROLES, OPS, type TOperatorRole } from '@aidf/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client.ts';

export const ROLES = OPERATOR_ROLES;

const operatorsKey = ['operators'] as const;

export function useOperators() {
  return useQuery({ queryKey: operatorsKey, queryFn: () => call(OPS.operators, {}) });
}

export function useAddOperator() {
  const queryClient = useQueryClient();
  return useMutation({
    // Past the platform's start a new operator is a proposal: no credentials until another admin approves it.
    mutationFn: (body: { username: string; role: TOperatorRole }) => call(OPS.addOperator, { body }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

/** Disabling is at once: the operator's sessions end with it. */
export function useDisableOperator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { username: string; reason: string }) =>
      call(OPS.disableOperator, { params: { username: input.username }, body: { reason: input.reason } }),
    onSettled: () => queryClient.invalidateQueries(),
  });
}
