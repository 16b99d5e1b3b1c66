import type { Repositories } from '../../db/repositories/index.ts';
import type { ProposalRow } from '../../db/repositories/operator-proposals.ts';
import { AppError } from '../errors.ts';
import { propose } from './propose.ts';
import type { OperatorActor } from './roles.ts';

/**
 * POST /ops/v1/operators/{username}/disable: at once (taking power away needs no second person), except an admin
 * whose disabling would leave fewer than two enabled admins: that is an operator-disable proposal a second,
 * independent admin approves, so nobody alone can strip the platform of its admins (and with them of every four-eyes
 * approval). Counted under the roster lock: two parallel disablings cannot both see a third admin.
 */
export async function disableOperator(
  repos: Repositories,
  actor: OperatorActor,
  input: { username: string; reason: string },
) {
  const username = input.username.trim().toLowerCase();
  return repos.transaction(async (tx) => {
    await tx.operators.lockRoster();
    const op = await tx.operators.byUsername(username);
    if (!op) throw new AppError(1404, `no operator ${username}`);
    if (op.disabledAt) throw new AppError(1409, `${username} is already disabled`);
    if (op.role === 'admin' && (await tx.operators.enabledAdmins()) - 1 < 2) {
      const { status, proposalId } = await propose(tx, actor, {
        kind: 'operator-disable',
        payload: { username, role: op.role },
        before: { role: op.role, disabledAt: null },
        reason: input.reason,
      });
      return { status, proposalId, username };
    }
    return disableIn(tx, actor, { username, reason: input.reason, detail: null });
  });
}

/** The approval of an operator-disable proposal: the admin disabled, as disableOperator does at once. */
export async function applyOperatorDisable(
  repos: Repositories,
  actor: OperatorActor,
  proposal: ProposalRow,
  claim: (tx: Repositories) => Promise<void>,
) {
  const p = proposal.payload as { username: string };
  return repos.transaction(async (tx) => {
    // The roster before the proposal's row: a disabling holds the roster while it withdraws proposals.
    await tx.operators.lockRoster();
    await claim(tx);
    const detail = { proposalId: proposal.id.toString(), proposedBy: proposal.proposedBy };
    return disableIn(tx, actor, { username: p.username, reason: proposal.reason, detail });
  });
}

/** Disables the account in `tx`: its sessions end and its open proposals are withdrawn; audited. */
async function disableIn(
  tx: Repositories,
  actor: OperatorActor,
  input: { username: string; reason: string; detail: Record<string, string> | null },
) {
  const { username } = input;
  const now = new Date();
  const op = await tx.operators.byUsername(username);
  const row = await tx.operators.disable(username, actor.name, now);
  if (!op || !row) throw new AppError(1409, `${username} is already disabled`);
  const withdrawn = await tx.operatorProposals.withdrawAllOf(username, actor.name, now);
  await tx.operatorActions.record({
    actor,
    action: 'operator-disable',
    target: `operator:${username}`,
    before: { role: op.role, disabledAt: null },
    after: { disabledAt: now.getTime(), withdrawnProposals: withdrawn },
    reason: input.reason,
    ...(input.detail ? { detail: input.detail } : {}),
  });
  return { status: 'disabled' as const, username, withdrawnProposals: withdrawn };
}
