import { ZOperatorRole } from '@aidf/contract';
import type { Repositories } from '../../db/repositories/index.ts';
import type { ProposalRow } from '../../db/repositories/operator-proposals.ts';
import { AppError } from '../errors.ts';
import { newCredentials } from './accounts.ts';
import { propose } from './propose.ts';
import { OPERATOR_ROLES, type OperatorActor, type OperatorRole } from './roles.ts';

const USERNAME = /^[a-z0-9][a-z0-9._-]{1,31}$/;

function roleOf(role: string): OperatorRole {
  const found = OPERATOR_ROLES.find((r) => r === role);
  if (!found) throw new AppError(1225, `role must be one of ${OPERATOR_ROLES.join(', ')}`);
  return found;
}

/** Inserts the account in `tx` and audits it; `approvedBy` null for one OPERATOR_TOKEN creates at once. */
async function insertOperator(
  tx: Repositories,
  actor: OperatorActor,
  terms: { username: string; role: OperatorRole; createdBy: string; approvedBy: string | null; reason: string },
  credentials: Awaited<ReturnType<typeof newCredentials>>,
) {
  const { username, role, createdBy, approvedBy } = terms;
  const row = await tx.operators.insert({
    username,
    role,
    passwordHash: credentials.passwordHash,
    totpSecret: credentials.totpSecret,
    createdBy,
    approvedBy,
  });
  if (!row) throw new AppError(1225, `operator ${username} exists`);
  // The second admin ever ends the bootstrap in this transaction (the caller holds the roster lock).
  if (role === 'admin') await tx.operators.noteAdmin(username, row.createdAt);
  await tx.operatorActions.record({
    actor,
    action: 'operator-add',
    target: `operator:${username}`,
    after: { username, role, createdBy, approvedBy },
    reason: terms.reason,
  });
  return {
    status: 'created' as const,
    username,
    role,
    password: credentials.password,
    otpauthUri: credentials.otpauthUri,
  };
}

/**
 * POST /ops/v1/operators (`npm run operator -- add-operator <name> --role <role>`). To start a platform, until two
 * admins have existed, OPERATOR_TOKEN creates the account at once and gets its one-time password and TOTP URI. The
 * second admin's creation ends that for good (operator_bootstrap): disabling admins never reopens it. Otherwise, and
 * for anyone else, the account is a proposal (status proposed) and its approver gets them.
 */
export async function addOperator(
  repos: Repositories,
  actor: OperatorActor,
  input: { username: string; role: string; reason?: string | undefined },
) {
  const username = input.username.trim().toLowerCase();
  if (!USERNAME.test(username) || username === 'cli') {
    throw new AppError(1225, 'an operator name is 2-32 of a-z 0-9 . _ - (not cli)');
  }
  const role = roleOf(input.role);
  const reason = input.reason?.trim() || `new ${role} operator`;
  // The slow hash only where the account may be made at once, and outside the transaction.
  const credentials =
    actor.name === 'cli' && !(await repos.operators.bootstrap())?.endedAt ? await newCredentials(username) : null;
  return repos.transaction(async (tx) => {
    // One roster change at a time: two parallel creations cannot both be the bootstrap's second admin.
    await tx.operators.lockRoster();
    if (await tx.operators.byUsername(username)) throw new AppError(1225, `operator ${username} exists`);
    if (credentials && !(await tx.operators.bootstrap())?.endedAt) {
      return insertOperator(
        tx,
        actor,
        { username, role, createdBy: actor.name, approvedBy: null, reason },
        credentials,
      );
    }
    const { status, proposalId } = await propose(tx, actor, {
      kind: 'operator-create',
      payload: { username, role },
      reason,
    });
    return { status, proposalId, username, role };
  });
}

/** The approval of an operator-create proposal: the account, its proposer as creator, and its credentials. */
export async function applyOperatorCreate(
  repos: Repositories,
  actor: OperatorActor,
  proposal: ProposalRow,
  claim: (tx: Repositories) => Promise<void>,
) {
  const p = proposal.payload as { username: string; role: string };
  const credentials = await newCredentials(p.username);
  return repos.transaction(async (tx) => {
    // The roster before the proposal's row: a disabling holds the roster while it withdraws proposals.
    await tx.operators.lockRoster();
    await claim(tx);
    const terms = {
      username: p.username,
      role: roleOf(p.role),
      createdBy: proposal.proposedBy,
      approvedBy: actor.name,
      reason: proposal.reason,
    };
    return insertOperator(tx, actor, terms, credentials);
  });
}

/** POST /ops/v1/operators/{username}/role: always a proposal a second admin approves. */
export async function proposeRoleChange(
  repos: Repositories,
  actor: OperatorActor,
  input: { username: string; role: string; reason: string },
) {
  const role = roleOf(input.role);
  const op = await repos.operators.byUsername(input.username.trim().toLowerCase());
  if (!op || op.disabledAt) throw new AppError(1404, `no enabled operator ${input.username}`);
  if (op.role === role) throw new AppError(1225, `${op.username} is already ${role}`);
  return repos.transaction(async (tx) => {
    const { status, proposalId } = await propose(tx, actor, {
      kind: 'operator-role',
      payload: { username: op.username, role },
      before: { role: op.role },
      reason: input.reason,
    });
    return { status, proposalId, username: op.username, role };
  });
}

export async function applyRoleChange(
  repos: Repositories,
  actor: OperatorActor,
  proposal: ProposalRow,
  claim: (tx: Repositories) => Promise<void>,
) {
  const p = proposal.payload as { username: string; role: string };
  return repos.transaction(async (tx) => {
    // The roster before the proposal's row: a disabling holds the roster while it withdraws proposals.
    await tx.operators.lockRoster();
    await claim(tx);
    const before = await tx.operators.byUsername(p.username);
    const row = await tx.operators.setRole(p.username, roleOf(p.role));
    if (!before || !row) throw new AppError(1404, `no enabled operator ${p.username}`);
    if (row.role === 'admin') await tx.operators.noteAdmin(row.username, new Date());
    await tx.operatorActions.record({
      actor,
      action: 'operator-role',
      target: `operator:${p.username}`,
      before: { role: before.role },
      after: { role: row.role },
      reason: proposal.reason,
      detail: { proposalId: proposal.id.toString(), proposedBy: proposal.proposedBy },
    });
    return { status: 'applied' as const, username: row.username, role: ZOperatorRole.parse(row.role) };
  });
}
