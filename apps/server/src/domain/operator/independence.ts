import { ERROR_CATALOGUE, type TErrorCode } from '@aidf/contract';
import type { Repositories } from '../../db/repositories/index.ts';
import type { ProposalRow } from '../../db/repositories/operator-proposals.ts';
import { AppError } from '../errors.ts';
import type { OperatorActor } from './roles.ts';

/** What independence looks at in an operator's account. */
export interface AccountFacts {
  username: string;
  createdBy: string;
  approvedBy: string | null;
  createdAt: Date;
  role: string;
  disabledAt: Date | null;
}

/** Everything the check reads: every account by name, and when the bootstrap ended (null while it lasts). */
export interface IndependenceFacts {
  accounts: ReadonlyMap<string, AccountFacts>;
  bootstrapEndedAt: Date | null;
}

/** Why an approval would be refused: its catalogue code and the message the server answers. */
export interface Refusal {
  code: TErrorCode;
  message: string;
}

export const refusal = (code: TErrorCode): Refusal => ({ code, message: ERROR_CATALOGUE[code].message });

/** An account OPERATOR_TOKEN created at once before the bootstrap ended: the founders it trusts to be people. */
function founder(a: AccountFacts, bootstrapEndedAt: Date | null): boolean {
  return (
    a.createdBy === 'cli' && a.approvedBy === null && (bootstrapEndedAt === null || a.createdAt <= bootstrapEndedAt)
  );
}

/**
 * Four eyes means two people: why `approver` may not approve `proposal`, or null when they may. Refused: its
 * proposer (1403); an account newer than the proposal (14031); an account the proposer created or approved
 * (14032), or one that created or approved the proposer's (14033), `cli` included (OPERATOR_TOKEN is one person);
 * two accounts with the same creator (14034), so nobody approves through a second account they had made, and the
 * token's accounts count as one person with each other. The exception is the founders: accounts the token created at
 * once before two admins had existed share the creator `cli`, yet without them counting as two people no platform
 * could ever start. A role change is never approved by the operator whose role it is (14035).
 */
export function independenceRefusal(
  facts: IndependenceFacts,
  approver: string,
  proposal: Pick<ProposalRow, 'kind' | 'proposedBy' | 'createdAt' | 'payload'>,
): Refusal | null {
  if (approver === proposal.proposedBy) return refusal(1403);
  const mine = facts.accounts.get(approver) ?? null;
  const theirs = facts.accounts.get(proposal.proposedBy) ?? null;
  if (mine && mine.createdAt > proposal.createdAt) return refusal(14031);
  if (mine && (mine.createdBy === proposal.proposedBy || mine.approvedBy === proposal.proposedBy)) {
    return refusal(14032);
  }
  if (theirs && (theirs.createdBy === approver || theirs.approvedBy === approver)) return refusal(14033);
  const founders = mine && theirs && founder(mine, facts.bootstrapEndedAt) && founder(theirs, facts.bootstrapEndedAt);
  if (mine && theirs && mine.createdBy === theirs.createdBy && !founders) return refusal(14034);
  const payload = proposal.payload as { username?: string };
  if (proposal.kind === 'operator-role' && payload.username === approver) return refusal(14035);
  return null;
}

/** The accounts and the bootstrap's end, read in `repos` (one small table). */
export async function independenceFacts(repos: Repositories): Promise<IndependenceFacts> {
  const [rows, bootstrap] = await Promise.all([repos.operators.list(), repos.operators.bootstrap()]);
  return {
    accounts: new Map(rows.map((r) => [r.username, r])),
    bootstrapEndedAt: bootstrap?.endedAt ?? null,
  };
}

/** Throws the refusal of independenceRefusal (a 403 family code saying exactly why). */
export async function assertIndependent(repos: Repositories, approver: OperatorActor, proposal: ProposalRow) {
  const refused = independenceRefusal(await independenceFacts(repos), approver.name, proposal);
  if (refused) throw new AppError(refused.code);
}
