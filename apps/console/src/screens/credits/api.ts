import { OPS, type OpsBody, type TProposalFilter } from '@aidf/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client.ts';

const proposalsKey = ['proposals'] as const;

export function useProposals(status: TProposalFilter) {
  return useQuery({
    queryKey: [...proposalsKey, status],
    queryFn: () => call(OPS.proposals, { query: { status } }),
  });
}

export function useCredit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OpsBody<typeof OPS.credit>) => call(OPS.credit, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: proposalsKey }),
  });
}

export function useApprove() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (proposalId: string) => call(OPS.approveProposal, { params: { proposalId } }),
    // An approved payout proposal changes the held payouts too.
    onSettled: () => queryClient.invalidateQueries(),
  });
}

export function useWithdraw() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { proposalId: string; reason: string }) =>
      call(OPS.withdrawProposal, { params: { proposalId: input.proposalId }, body: { reason: input.reason } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: proposalsKey }),
  });
}
