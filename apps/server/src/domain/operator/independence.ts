import type { Repositories } from '../../db/repositories/index.ts';
import type { ProposalRow } from '../../db/repositories/operator-proposals.ts';
import { AppError } from '../errors.ts';
import type { OperatorActor } from './roles.ts';

/**
 * Four eyes means two people: the approver of `proposal` is refused (1403) when they proposed it, did not exist
 * when it was proposed, or either of the two created or approved the other's account (so nobody approves
 * through an account they made, `cli` included: OPERATOR_TOKEN is one person on one side of a change).
 * A role change is never approved by the operator whose role it is.
 */
export async function assertIndependent(repos: Repositories, approver: OperatorActor, proposal: ProposalRow) {
  const refuse = (why: string) => new AppError(1403, why);
  if (approver.name === proposal.proposedBy) throw refuse('a proposal needs a second operator');
  const accountOf = (name: string) => (name === 'cli' ? null : repos.operators.byUsername(name));
  const [mine, theirs] = await Promise.all([accountOf(approver.name), accountOf(proposal.proposedBy)]);
  if (mine && mine.createdAt > proposal.createdAt) {
    throw refuse('an operator may not approve a proposal made before their account existed');
  }
  if (mine && (mine.createdBy === proposal.proposedBy || mine.approvedBy === proposal.proposedBy)) {
    throw refuse("the proposer created or approved this operator's account");
  }
  if (theirs && (theirs.createdBy === approver.name || theirs.approvedBy === approver.name)) {
    throw refuse("this operator created or approved the proposer's account");
  }
  const payload = proposal.payload as { username?: string };
  if (proposal.kind === 'operator-role' && payload.username === approver.name) {
    throw refuse('an operator may not approve a change of their own role');
  }
}
