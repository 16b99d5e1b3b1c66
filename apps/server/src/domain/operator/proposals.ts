import type { TCurrency } from '@aidf/contract';
import type { PayoutChain } from '../../chain/evm/evm-payout-chain.ts';
import type { SettingChains } from '../../chain/types.ts';
import type { Repositories } from '../../db/repositories/index.ts';
import type { ProposalRow } from '../../db/repositories/operator-proposals.ts';
import { AppError } from '../errors.ts';
import { forgetOrderContexts } from '../machine/order-context-cache.ts';
import { heldOne, refundableOne, refundHeldPayout, retryHeldPayout, waitReason } from '../withdraw/held-payout.ts';
import { approvalRefusal } from './approvers.ts';
import { applyCredit, type CreditTerms, needsApproval } from './credit.ts';
import { approvalThreshold } from './four-eyes-settings.ts';
import { assertIndependent, type IndependenceFacts, independenceFacts } from './independence.ts';
import { applyOperatorCreate, applyRoleChange } from './operator-changes.ts';
import { applyOperatorDisable } from './operator-disable.ts';
import { PROPOSAL_KINDS, type ProposalKind, propose, targetOf } from './propose.ts';
import { allows, type OperatorActor } from './roles.ts';
import { writeSetting } from './set-setting.ts';
import { applyWithdrawLimit } from './withdraw-limit.ts';

/** The chain a payout refund checks (the payout's nonce and receipts). */
export interface PayoutDeps {
  chain: PayoutChain | null;
  confirmations: number;
  /** What a money setting's check reads at apply time: the hot wallets and BNB Smart Chain's code. */
  settingChains: SettingChains;
}

export type PayoutAction = 'payout-retry' | 'payout-refund';

/**
 * A proposal as listed; an open one past its expiry shows as expired (it can no longer be approved). `canApprove`
 * answers for the operator reading the list, and `cannotApprove` says why not (the refusal an approval would get).
 */
function view(p: ProposalRow, now: Date, reader: OperatorActor, facts: IndependenceFacts) {
  const refused = approvalRefusal(facts, reader, p, now);
  return {
    proposalId: p.id.toString(),
    kind: p.kind as ProposalKind,
    status: p.status === 'proposed' && p.expiresAt <= now ? 'expired' : p.status,
    userId: p.userId?.toString() ?? null,
    withdrawalId: p.withdrawalId?.toString() ?? null,
    ...(p.payload as Record<string, unknown>),
    reason: p.reason,
    proposedBy: p.proposedBy,
    approvedBy: p.approvedBy,
    movementId: p.movementId?.toString() ?? null,
    createdAt: p.createdAt.getTime(),
    appliedAt: p.appliedAt?.getTime() ?? null,
    expiresAt: p.expiresAt.getTime(),
    withdrawnBy: p.withdrawnBy,
    withdrawnAt: p.withdrawnAt?.getTime() ?? null,
    canApprove: refused === null,
    cannotApprove: refused,
  };
}

export type ProposalStatus = 'proposed' | 'applied' | 'withdrawn' | 'expired';

export async function listProposals(
  repos: Repositories,
  reader: OperatorActor,
  status: ProposalStatus | null,
  limit = 200,
) {
  const now = new Date();
  const [rows, facts] = await Promise.all([repos.operatorProposals.list(status, now, limit), independenceFacts(repos)]);
  return rows.map((p) => view(p, now, reader, facts));
}

/** Why an open-looking proposal cannot be approved or withdrawn any more: 1409 applied, 1410 closed. */
function assertOpen(p: ProposalRow, now: Date) {
  if (p.status === 'applied') throw new AppError(1409, `proposal ${p.id} was already approved`);
  if (p.status === 'withdrawn') throw new AppError(1410, `proposal ${p.id} was withdrawn`);
  if (p.expiresAt <= now) throw new AppError(1410, `proposal ${p.id} expired`);
}

/**
 * POST /ops/v1/proposals/{proposalId}/withdraw: its proposer, or an admin, closes an open proposal; it can never
 * be approved afterwards.
 */
export async function withdrawProposal(repos: Repositories, actor: OperatorActor, proposalId: bigint, reason: string) {
  const proposal = await repos.operatorProposals.byId(proposalId);
  if (!proposal) throw new AppError(1404, `no proposal ${proposalId}`);
  if (proposal.proposedBy !== actor.name && actor.role !== 'admin') {
    throw new AppError(403, 'only its proposer or an admin withdraws a proposal');
  }
  const now = new Date();
  assertOpen(proposal, now);
  return repos.transaction(async (tx) => {
    const row = await tx.operatorProposals.withdraw(proposal.id, actor.name, now);
    if (!row) throw new AppError(1410, `proposal ${proposalId} is no longer open`);
    await tx.operatorActions.record({
      actor,
      action: `${proposal.kind}-withdraw`,
      target: targetOf(proposal),
      before: { status: 'proposed', proposedBy: proposal.proposedBy },
      after: { status: 'withdrawn', proposalId: proposal.id.toString() },
      reason,
    });
    return { status: 'withdrawn' as const, proposalId: proposal.id.toString() };
  });
}

/**
 * A held payout's retry (its release back to the worker) or refund: at once below its currency's threshold,
 * otherwise proposed for a second operator. A payout awaiting funds may be refunded the same way (not retried:
 * the worker sends it by itself once the hot wallet covers it).
 */
export async function heldPayoutAction(
  repos: Repositories,
  deps: PayoutDeps,
  fallbackThreshold: string | null,
  action: PayoutAction,
  input: { actor: OperatorActor; withdrawalId: bigint; reason: string },
) {
  const w =
    action === 'payout-refund'
      ? await refundableOne(repos, input.withdrawalId)
      : await heldOne(repos, input.withdrawalId);
  const threshold = await approvalThreshold(repos, w.currency as TCurrency, fallbackThreshold);
  if (!needsApproval(w.amount, threshold)) {
    return action === 'payout-retry'
      ? retryHeldPayout(repos, input)
      : refundHeldPayout(repos, deps.chain, deps.confirmations, input);
  }
  return repos.transaction(async (tx) => {
    const { status, proposalId } = await propose(tx, input.actor, {
      kind: action,
      userId: w.userId,
      withdrawalId: w.id,
      payload: { amount: w.amount, currency: w.currency, toAddress: w.toAddress, heldReason: waitReason(w) },
      before: { status: w.status },
      reason: input.reason,
    });
    return { status, proposalId };
  });
}

/**
 * A second operator approves a proposal: it applies exactly once, in the transaction that claims it, so of
 * parallel approvals one applies and the others get 1409. The approver needs the kind's permission (403) and
 * must be independent of the proposer (independence.ts, 1403); a withdrawn or expired proposal answers 1410.
 * `kind` limits the route to its own kind (POST /ops/v1/credit/{id}/approve approves credits only).
 */
export async function approveProposal(
  repos: Repositories,
  deps: PayoutDeps,
  actor: OperatorActor,
  proposalId: bigint,
  kind: 'credit' | null,
) {
  const proposal = await repos.operatorProposals.byId(proposalId);
  if (!proposal || (kind && proposal.kind !== kind)) throw new AppError(1404, `no proposal ${proposalId}`);
  const permission = PROPOSAL_KINDS[proposal.kind as ProposalKind];
  if (!allows(actor.role, permission)) throw new AppError(403, `the ${actor.role} role may not approve this`);
  await assertIndependent(repos, actor, proposal);
  assertOpen(proposal, new Date());
  const claim = async (tx: Repositories) => {
    const claimed = await tx.operatorProposals.claim(proposal.id, actor.name, new Date());
    if (!claimed) {
      const now = (await tx.operatorProposals.byId(proposal.id)) ?? proposal;
      assertOpen(now, new Date());
      throw new AppError(1409, `proposal ${proposalId} was already approved`);
    }
    await tx.operatorActions.record({
      actor,
      action: `${proposal.kind}-approve`,
      target: targetOf(proposal),
      before: { status: 'proposed', proposedBy: proposal.proposedBy },
      after: { status: 'applied', proposalId: proposal.id.toString() },
      reason: proposal.reason,
    });
  };

  if (proposal.kind === 'credit') {
    const p = proposal.payload as Omit<CreditTerms, 'userId'>;
    if (proposal.userId === null) throw new Error(`credit proposal ${proposal.id} names no user`);
    const terms: CreditTerms = { ...p, userId: proposal.userId };
    const result = await applyCredit(
      repos,
      actor,
      terms,
      {
        // The proposal's own key: however many approvals race, the ledger posts this credit once.
        idemKey: `operator-proposal:${proposal.id}`,
        reason: proposal.reason,
        action: 'credit',
        detail: { proposalId: proposal.id.toString(), proposedBy: proposal.proposedBy },
      },
      async (tx) => {
        await claim(tx);
      },
    );
    if (result.replayed) throw new AppError(1409, `proposal ${proposalId} was already approved`);
    await repos.operatorProposals.setMovement(proposal.id, result.movementId);
    return {
      status: 'credited' as const,
      proposalId: proposal.id.toString(),
      movementId: result.movementId.toString(),
      username: result.username,
    };
  }
  if (proposal.kind === 'operator-create') {
    return { ...(await applyOperatorCreate(repos, actor, proposal, claim)), proposalId: proposal.id.toString() };
  }
  if (proposal.kind === 'operator-disable') {
    return { ...(await applyOperatorDisable(repos, actor, proposal, claim)), proposalId: proposal.id.toString() };
  }
  if (proposal.kind === 'operator-role') {
    return { ...(await applyRoleChange(repos, actor, proposal, claim)), proposalId: proposal.id.toString() };
  }
  if (proposal.kind === 'withdraw-limit') return applyWithdrawLimit(repos, actor, proposal, claim);
  if (proposal.kind === 'setting') {
    const p = proposal.payload as { key: string; value: string };
    const detail = { proposalId: proposal.id.toString(), proposedBy: proposal.proposedBy };
    const changed = await repos.transaction(async (tx) => {
      await claim(tx);
      return writeSetting(tx, { ...p, actor, reason: proposal.reason, detail, chains: deps.settingChains });
    });
    forgetOrderContexts(); // after the commit, as setSetting does: a collection address is read by the order poll
    return { status: 'applied' as const, ...changed, proposalId: proposal.id.toString() };
  }
  if (proposal.withdrawalId === null) throw new Error(`payout proposal ${proposal.id} names no withdrawal`);
  const input = { actor, withdrawalId: proposal.withdrawalId, reason: proposal.reason, inTx: claim };
  try {
    const done =
      proposal.kind === 'payout-retry'
        ? await retryHeldPayout(repos, input)
        : await refundHeldPayout(repos, deps.chain, deps.confirmations, input);
    return { ...done, proposalId: proposal.id.toString() };
  } catch (error) {
    // A parallel approval applied it after our check (the payout is no longer held): already done, not invalid.
    if (error instanceof AppError && (await repos.operatorProposals.byId(proposal.id))?.status !== 'proposed') {
      throw new AppError(1409, `proposal ${proposalId} was already approved`);
    }
    throw error;
  }
}
