import type { Repositories } from '../../db/repositories/index.ts';
import type { ProposalRow } from '../../db/repositories/operator-proposals.ts';
import { assertSomeoneCanApprove } from './approvers.ts';
import { proposalExpiry } from './four-eyes-settings.ts';
import type { ProposalKind } from './proposal-kinds.ts';
import type { OperatorActor } from './roles.ts';

export { PROPOSAL_KINDS, type ProposalKind } from './proposal-kinds.ts';

/** What a proposal is about, as the audit names it. */
export function targetOf(p: Pick<ProposalRow, 'kind' | 'payload' | 'userId' | 'withdrawalId'>): string {
  const payload = p.payload as { username?: string; key?: string };
  if (p.kind === 'operator-create' || p.kind === 'operator-role' || p.kind === 'operator-disable') {
    return `operator:${payload.username}`;
  }
  if (p.kind === 'setting') return `setting:${payload.key}`;
  return p.withdrawalId !== null ? `withdrawal:${p.withdrawalId}` : `user:${p.userId}`;
}

/**
 * Records a proposal and its `<kind>-propose` audit row in `tx`; it stays open for proposal.expiryHours.
 * A retried request (same requestId) answers the proposal made the first time. A proposal no operator could approve
 * is refused (approvers.ts): 14036 during the bootstrap, 14037 after it.
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
    // Refused (and rolled back with the transaction) when nobody could ever approve it.
    await assertSomeoneCanApprove(tx, row);
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
