import type { TProposalKind } from '@aidf/contract';
import type { OperatorPermission } from './roles.ts';

/** What a second operator may approve; each kind names the permission its approver needs (roles.ts). */
export const PROPOSAL_KINDS = {
  credit: 'credit',
  'payout-retry': 'payouts',
  'payout-refund': 'payouts',
  'operator-create': 'operators',
  'operator-role': 'operators',
  'operator-disable': 'operators',
  setting: 'config',
  'withdraw-limit': 'credit',
} as const satisfies Record<TProposalKind, OperatorPermission>;
export type ProposalKind = keyof typeof PROPOSAL_KINDS;
