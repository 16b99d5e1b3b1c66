import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';

export interface CreditAnswer {
  status: 'credited' | 'proposed';
  proposalId?: string;
  movementId?: string;
  username: string;
  replayed?: boolean;
}

/** A proposal of any kind (credit, held payout's retry or refund); its payload's fields are spread in. */
export interface Proposal {
  proposalId: string;
  kind: string;
  status: 'proposed' | 'applied' | string;
  userId: string | null;
  withdrawalId: string | null;
  username?: string;
  currency?: string;
  amount?: string;
  toAddress?: string;
  /** operator-create, operator-role: the operator and the role; setting: the key and the new value. */
  role?: string;
  key?: string;
  value?: string;
  reason: string;
  proposedBy: string;
  approvedBy: string | null;
  createdAt: number;
  appliedAt: number | null;
  expiresAt: number;
  withdrawnBy: string | null;
}

export type ProposalFilter = 'proposed' | 'applied' | 'withdrawn' | 'expired' | 'all';

/** An approval's answer; an approved new operator's carries its credentials, shown once. */
export interface ApproveAnswer {
  status: string;
  proposalId: string;
  username?: string;
  role?: 'support' | 'finance' | 'admin';
  password?: string;
  otpauthUri?: string;
}

const proposalsKey = ['proposals'] as const;

export function useProposals(status: ProposalFilter) {
  return useQuery({
    queryKey: [...proposalsKey, status],
    queryFn: () => api<Proposal[]>('/proposals', { query: { status } }),
  });
}

export function useCredit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { username: string; currency: string; amount: string; reason: string; requestId: string }) =>
      api<CreditAnswer>('/credit', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: proposalsKey }),
  });
}

export function useApprove() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (proposalId: string) =>
      api<ApproveAnswer>(`/proposals/${encodeURIComponent(proposalId)}/approve`, {
        method: 'POST',
        body: {},
      }),
    // An approved payout proposal changes the payouts set aside too.
    onSettled: () => queryClient.invalidateQueries(),
  });
}

export function useWithdraw() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { proposalId: string; reason: string }) =>
      api<{ status: string; proposalId: string }>(`/proposals/${encodeURIComponent(input.proposalId)}/withdraw`, {
        method: 'POST',
        body: { reason: input.reason },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: proposalsKey }),
  });
}
