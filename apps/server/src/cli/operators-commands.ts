import { OPS } from '@aidf/contract';
import type { Command } from 'commander';
import { type Ops, operatorCommand } from './operator-program.ts';

/** Shown this once: the operator signs in with it and adds the URI to an authenticator app. */
function printCredentials(data: { username: string; role: string; password: string; otpauthUri: string }) {
  console.log(`operator ${data.username} (${data.role})`);
  console.log(`password: ${data.password}`);
  console.log(data.otpauthUri);
}

const ROLES = 'support|finance|admin';
const REASON = ['--reason <text>', 'why, recorded in the audit'] as const;

/** The named operators and the proposals a second admin approves (docs/operator-guide.md). */
export function addOperatorsCommands(program: Command, ops: Ops) {
  const addUsage = `usage: npm run operator -- add-operator <name> --role ${ROLES}`;
  operatorCommand(program, 'add-operator', {
    summary:
      'add a named operator; prints the one-time password and the authenticator URI (a proposal past two admins)',
    usage: addUsage,
  })
    .argument('<name>')
    .requiredOption('--role <role>', ROLES)
    .option(...REASON)
    .action(async (username: string, options: { role?: string; reason?: string }) => {
      if (!username || !options.role) throw new Error(addUsage);
      const body = { username, role: options.role, ...(options.reason ? { reason: options.reason } : {}) };
      const data = await ops(OPS.addOperator, { body });
      if (data.status === 'proposed') {
        console.log(
          `proposed operator ${username} (${options.role}): another admin approves proposal ${data.proposalId}`,
        );
      } else printCredentials(data);
    });

  const roleUsage = `usage: npm run operator -- set-role <name> ${ROLES} --reason "..."`;
  operatorCommand(program, 'set-role', { summary: "propose an operator's new role", usage: roleUsage })
    .argument('<name>')
    .argument('<role>', ROLES)
    .requiredOption(...REASON)
    .action(async (username: string, role: string, options: { reason?: string }) => {
      if (!username || !role || !options.reason) throw new Error(roleUsage);
      const data = await ops(OPS.setOperatorRole, { params: { username }, body: { role, reason: options.reason } });
      console.log(`proposed ${username} -> ${role}: another admin approves proposal ${data.proposalId}`);
    });

  const disableUsage = 'usage: npm run operator -- disable-operator <name> --reason "..."';
  operatorCommand(program, 'disable-operator', {
    summary: 'disable an operator and end their sessions (a proposal when fewer than two admins would be left)',
    usage: disableUsage,
  })
    .argument('<name>')
    .requiredOption(...REASON)
    .action(async (username: string, options: { reason?: string }) => {
      if (!username || !options.reason) throw new Error(disableUsage);
      const data = await ops(OPS.disableOperator, { params: { username }, body: { reason: options.reason } });
      console.log(
        data.status === 'proposed'
          ? `proposed disabling ${username} (fewer than two admins would be left): another admin approves proposal ${data.proposalId}`
          : `operator ${username} disabled, sessions ended; proposals withdrawn: ${data.withdrawnProposals.join(', ') || 'none'}`,
      );
    });

  addProposalCommands(program, ops);
}

function addProposalCommands(program: Command, ops: Ops) {
  operatorCommand(program, 'proposals', {
    summary: 'list the proposals waiting for a second operator',
    usage: 'usage: npm run operator -- proposals [--status proposed|applied|withdrawn|expired|all]',
  })
    .option('--status <status>', 'proposed (the default), applied, withdrawn, expired or all')
    .action(async (options: { status?: string }) => {
      console.table(await ops(OPS.proposals, { query: { status: options.status ?? 'proposed' } }));
    });

  const approveUsage = 'usage: npm run operator -- approve <proposalId>';
  operatorCommand(program, 'approve', { summary: "approve another operator's proposal", usage: approveUsage })
    .argument('<proposalId>')
    .action(async (proposalId: string) => {
      if (!proposalId) throw new Error(approveUsage);
      const data = await ops(OPS.approveProposal, { params: { proposalId } });
      // An approved new operator: its credentials are this answer's, once.
      const { username, role, password, otpauthUri } = data;
      if (username && role && password && otpauthUri) printCredentials({ username, role, password, otpauthUri });
      else console.log(`proposal ${proposalId}:`, data);
    });

  const withdrawUsage = 'usage: npm run operator -- withdraw <proposalId> --reason "..."';
  operatorCommand(program, 'withdraw', { summary: 'withdraw a proposal of yours', usage: withdrawUsage })
    .argument('<proposalId>')
    .requiredOption(...REASON)
    .action(async (proposalId: string, options: { reason?: string }) => {
      if (!proposalId || !options.reason) throw new Error(withdrawUsage);
      console.log(
        `proposal ${proposalId}:`,
        await ops(OPS.withdrawProposal, { params: { proposalId }, body: { reason: options.reason } }),
      );
    });
}
