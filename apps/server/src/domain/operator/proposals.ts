import type { PayoutChain } from '../../chain/evm/evm-payout-chain.ts';
import type { Repositories } from '../../db/repositories/index.ts';
import type { ProposalRow } from '../../db/repositories/operator-proposals.ts';
import { AppError } from '../errors.ts';
import { heldOne, refundHeldPayout, retryHeldPayout } from '../withdraw/held-payout.ts';
import { applyCredit, type CreditTerms, needsApproval } from './credit.ts';
import type { OperatorActor } from './roles.ts';

/** The chain a payout refund checks (the payout's nonce and receipts). */
export interface PayoutDeps {
  chain: PayoutChain | null;
  confirmations: number;
}

export type PayoutAction = 'payout-retry' | 'payout-refund';

function view(p: ProposalRow) {
  return {
    proposalId: p.id.toString(),
    kind: p.kind,
    status: p.status,
    userId: p.userId?.toString() ?? null,
    withdrawalId: p.withdrawalId?.toString() ?? null,
    ...(p.payload as Record<string, unknown>),
    reason: p.reason,
    proposedBy: p.proposedBy,
    approvedBy: p.approvedBy,
    movementId: p.movementId?.toString() ?? null,
    createdAt: p.createdAt.getTime(),
    appliedAt: p.appliedAt?.getTime() ?? null,
  };
}

export async function listProposals(repos: Repositories, status: 'proposed' | 'applied' | null, limit = 200) {
  return (await repos.operatorProposals.list(status, limit)).map(view);
}

/**
 * A held payout's retry (its release back to the worker) or refund: at once below CREDIT_APPROVAL_THRESHOLD,
 * otherwise proposed for a second operator (issue 16 item 2: "the same holds for releasing a payout that was
 * set aside and for refunding one").
 */
export async function heldPayoutAction(
  repos: Repositories,
  deps: PayoutDeps,
  threshold: string | null,
  action: PayoutAction,
  input: { actor: OperatorActor; withdrawalId: bigint; reason: string },
) {
  const w = await heldOne(repos, input.withdrawalId);
  if (!needsApproval(w.amount, threshold)) {
    return action === 'payout-retry'
      ? retryHeldPayout(repos, input)
      : refundHeldPayout(repos, deps.chain, deps.confirmations, input);
  }
  return repos.transaction(async (tx) => {
    const { row } = await tx.operatorProposals.insert({
      kind: action,
      userId: w.userId,
      withdrawalId: w.id,
      payload: { amount: w.amount, currency: w.currency, toAddress: w.toAddress, heldReason: w.heldReason },
      reason: input.reason,
      requestId: null,
      proposedBy: input.actor.name,
    });
    await tx.operatorActions.record({
      actor: input.actor,
      action: `${action}-propose`,
      target: `withdrawal:${w.id}`,
      before: { status: 'held' },
      after: { proposalId: row.id.toString() },
      reason: input.reason,
    });
    return { status: 'proposed' as const, proposalId: row.id.toString() };
  });
}

/**
 * A second operator approves a proposal: it applies exactly once, in the transaction that claims it, so of
 * parallel approvals one applies and the others get 1409; its proposer (or anyone the proposer is) gets 403.
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
  if (proposal.proposedBy === actor.name) throw new AppError(403, 'a proposal needs a second operator');
  if (proposal.status !== 'proposed') throw new AppError(1409, `proposal ${proposalId} was already approved`);
  const claim = async (tx: Repositories) => {
    const claimed = await tx.operatorProposals.claim(proposal.id, actor.name, new Date());
    if (!claimed) throw new AppError(1409, `proposal ${proposalId} was already approved`);
    await tx.operatorActions.record({
      actor,
      action: `${proposal.kind}-approve`,
      // What is approved: the payout, or the user a credit goes to.
      target: proposal.withdrawalId !== null ? `withdrawal:${proposal.withdrawalId}` : `user:${proposal.userId}`,
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
