import type { Repositories } from '../../db/repositories/index.ts';
import type { ProposalRow } from '../../db/repositories/operator-proposals.ts';
import { proposalExpiry } from './four-eyes-settings.ts';
import type { OperatorActor } from './roles.ts';

/** What a second operator may approve; each kind names the permission its approver needs (roles.ts). */
export const PROPOSAL_KINDS = {
  credit: 'credit',
  'payout-retry': 'payouts',
  'payout-refund': 'payouts',
  'operator-create': 'operators',
  'operator-role': 'operators',
  setting: 'config',
} as const;
export type ProposalKind = keyof typeof PROPOSAL_KINDS;

/** What a proposal is about, as the audit names it. */
export function targetOf(p: Pick<ProposalRow, 'kind' | 'payload' | 'userId' | 'withdrawalId'>): string {
  const payload = p.payload as { username?: string; key?: string };
  if (p.kind === 'operator-create' || p.kind === 'operator-role') return `operator:${payload.username}`;
  if (p.kind === 'setting') return `setting:${payload.key}`;
  return p.withdrawalId !== null ? `withdrawal:${p.withdrawalId}` : `user:${p.userId}`;
}

/**
 * Records a proposal and its `<kind>-propose` audit row in `tx`; it stays open for proposal.expiryHours.
 * A retried request (same requestId) answers the proposal made the first time.
 */
export async function propose(
  tx: Repositories,
  actor: OperatorActor,
  p: {
    kind: ProposalKind;
    userId?: bigint;
    withdrawalId?: bigint;
    payload: Record<string, unknown>;
    reason: string;
    requestId?: string | null;
    before?: unknown;
  },
) {
  const { row, replayed } = await tx.operatorProposals.insert({
    kind: p.kind,
    userId: p.userId ?? null,
    withdrawalId: p.withdrawalId ?? null,
    payload: p.payload,
    reason: p.reason,
    requestId: p.requestId ?? null,
    proposedBy: actor.name,
    expiresAt: await proposalExpiry(tx, new Date()),
  });
  if (!replayed) {
    await tx.operatorActions.record({
      actor,
      action: `${p.kind}-propose`,
      target: targetOf(row),
      ...(p.before === undefined ? {} : { before: p.before }),
      after: { proposalId: row.id.toString(), ...p.payload },
      reason: p.reason,
    });
  }
  return { status: 'proposed' as const, proposalId: row.id.toString(), replayed, row };
}
