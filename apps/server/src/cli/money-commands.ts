import { OPS } from '@aidf/contract';
import type { Command } from 'commander';
import { type Ops, operatorCommand } from './operator-program.ts';

const LIMIT_USAGE =
  'usage: npm run operator -- withdraw-limit <mid> --currency cow [--day <amount>] [--days30 <amount>] --reason "..."';

/**
 * Money by hand and its checks: credit, withdraw-limit, ledger-check, payout-retry, payout-refund
 * (docs/operator-guide.md).
 */
export function addMoneyCommands(program: Command, ops: Ops) {
  operatorCommand(program, 'credit', {
    summary: 'credit a user (merchant-system-transfer, audited); above the threshold a proposal for a second admin',
    usage: 'usage: npm run operator -- credit <username> <currency> <amount> --reason "..."',
  })
    .argument('<username>')
    .argument('<currency>')
    .argument('<amount>', 'a decimal amount')
    .requiredOption('--reason <text>', 'why, recorded in the audit')
    .option('--submode <submode>', "the balance's submode: 00 normal (the default), 16 frozen")
    .option('--request-id <id>', 'an idempotency key: the same request twice books once')
    .action(async (username: string, currency: string, amount: string, options) => {
      if (!username || !currency || !amount || !options.reason) {
        throw new Error('usage: npm run operator -- credit <username> <currency> <amount> --reason "..."');
      }
      const data = await ops(OPS.credit, {
        body: {
          username,
          currency,
          amount,
          reason: options.reason,
          submode: options.submode ?? '00',
          ...(options.requestId ? { requestId: options.requestId } : {}),
        },
      });
      if (data.status === 'proposed') {
        console.log(
          `proposed ${amount} ${currency} to ${username}: a second operator approves proposal ${data.proposalId}`,
        );
      } else console.log(`credited ${amount} ${currency} to ${username}:`, data);
    });

  // One proposal per period given: each is approved (or withdrawn) on its own, as the API proposes them.
  operatorCommand(program, 'withdraw-limit', {
    summary: "propose one user's own withdrawal limit per day and/or per 30 days, for a second operator to approve",
    usage: LIMIT_USAGE,
  })
    .argument('<mid>', "the user's mid")
    .requiredOption('--currency <currency>', 'the withdrawable currency, such as cow')
    .option('--day <amount>', 'the limit per UTC day')
    .option('--days30 <amount>', 'the limit per 30 UTC days')
    .requiredOption('--reason <text>', 'why, recorded in the audit')
    .action(async (mid: string, options) => {
      const periods = (['day', 'days30'] as const).filter((p) => options[p] !== undefined);
      if (!mid || periods.length === 0) throw new Error(LIMIT_USAGE);
      for (const period of periods) {
        const body = { currency: options.currency, period, amount: options[period], reason: options.reason };
        const data = await ops(OPS.withdrawLimit, { params: { mid }, body });
        console.log(
          `proposed ${period} limit ${options[period]} ${options.currency} for user ${mid}: ` +
            `a second operator approves proposal ${data.proposalId}`,
        );
      }
    });

  operatorCommand(program, 'ledger-check', {
    summary: 'check that balances match their entries and every currency sums to zero (exit code 1 when not)',
    usage: 'usage: npm run operator -- ledger-check',
  }).action(async () => {
    const report = await ops(OPS.ledgerCheck);
    for (const [name, rows] of Object.entries(report)) if (Array.isArray(rows) && rows.length) console.log(name, rows);
    console.log(report.ok ? 'ledger OK: balances match their entries, every currency sums to zero' : 'LEDGER DRIFT');
    process.exitCode = report.ok ? 0 : 1;
  });

  for (const [name, endpoint, summary] of [
    ['payout-retry', OPS.retryPayout, 'send a held payout again'],
    ['payout-refund', OPS.refundPayout, 'give a held or unfunded payout back to the user'],
  ] as const) {
    const usage = `usage: npm run operator -- ${name} <withdrawal id> --reason "..."`;
    operatorCommand(program, name, { summary, usage })
      .argument('<id>', "the withdrawal's id")
      .requiredOption('--reason <text>', 'why, recorded in the audit')
      .action(async (id: string, options) => {
        if (!id || !options.reason) throw new Error(usage);
        const data = await ops(endpoint, { params: { id }, body: { reason: options.reason } });
        console.log(`payout ${id}:`, data);
      });
  }
}
