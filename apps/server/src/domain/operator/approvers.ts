import type { Repositories } from '../../db/repositories/index.ts';
import type { ProposalRow } from '../../db/repositories/operator-proposals.ts';
import { AppError } from '../errors.ts';
import {
  type IndependenceFacts,
  independenceFacts,
  independenceRefusal,
  type Refusal,
  refusal,
} from './independence.ts';
import { PROPOSAL_KINDS, type ProposalKind } from './proposal-kinds.ts';
import { allows, type OperatorRole } from './roles.ts';

type Proposal = Pick<ProposalRow, 'kind' | 'proposedBy' | 'createdAt' | 'payload' | 'status' | 'expiresAt'>;

/**
 * Why `approver` (of `role`) cannot approve `proposal` now, or null when an approval would pass: the proposal is
 * closed (1409 applied, 1410 withdrawn or expired), the role lacks the kind's permission (403), or the approver is
 * not a second person (independence.ts). The proposals list and the approval ask the same function.
 */
export function approvalRefusal(
  facts: IndependenceFacts,
  approver: { name: string; role: OperatorRole },
  proposal: Proposal,
  now: Date,
): Refusal | null {
  if (proposal.status === 'applied') return refusal(1409);
  if (proposal.status !== 'proposed' || proposal.expiresAt <= now) return refusal(1410);
  if (!allows(approver.role, PROPOSAL_KINDS[proposal.kind as ProposalKind])) {
    return { code: 403, message: `the ${approver.role} role may not approve this` };
  }
  return independenceRefusal(facts, approver.name, proposal);
}

/**
 * A proposal nobody could ever approve is refused instead of left open: an approver must have existed when it was
 * proposed, so if no enabled operator with the kind's permission (OPERATOR_TOKEN, `cli`, included: an admin) is
 * independent of its proposer now, none ever will be. Every kind alike: such a proposal would only expire. During
 * the bootstrap the answer says how to make the second admin (14036), afterwards who is missing (14037).
 */
export async function assertSomeoneCanApprove(tx: Repositories, row: ProposalRow) {
  const facts = await independenceFacts(tx);
  const enabled = [...facts.accounts.values()].filter((o) => o.disabledAt === null);
  const candidates = [
    { name: 'cli', role: 'admin' as OperatorRole },
    ...enabled.map((o) => ({ name: o.username, role: o.role as OperatorRole })),
  ];
  const now = new Date();
  if (candidates.some((c) => approvalRefusal(facts, c, row, now) === null)) return;
  const permission = PROPOSAL_KINDS[row.kind as ProposalKind];
  throw new AppError(
    facts.bootstrapEndedAt === null ? 14036 : 14037,
    `nobody with the ${permission} permission is independent of ${row.proposedBy}`,
  );
}
