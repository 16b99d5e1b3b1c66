import { OPS, type OpsEndpointDef, TREASURY_CHAINS, type TTreasuryChain } from '@aidf/contract';
import type { Command } from 'commander';
import { amountShower, coverageLines, EXACT_OPTION, holdingsLines, type ShowAmount } from './cli-amounts.ts';
import type { opsCall } from './operator-client.ts';
import { operatorCommand } from './operator-program.ts';

type Ops = <E extends OpsEndpointDef>(
  endpoint: E,
  input?: Parameters<typeof opsCall<E>>[2],
) => ReturnType<typeof opsCall<E>>;

/** The per chain and currency table, the chains' reads, coverage, sweeps by state and the held ones. */
async function treasuryStatus(ops: Ops, show: ShowAmount) {
  const s = await ops(OPS.treasuryStatus);
  console.log(
    s.report
      ? `last reserves report ${s.report.id} (${s.report.status}) at ${new Date(s.report.createdAt).toISOString()}`
      : 'no reserves report yet: the chains are not read, only the ledger side is shown',
  );
  for (const c of s.chains) {
    const read = c.error ? `not read (${c.error})` : c.readAt ? `read at ${c.readAt}` : 'not read yet';
    console.log(`${c.chain}: ${read}; hot wallet ${c.hotWallet ?? '-'}, cold address ${c.coldAddress ?? '-'}`);
    for (const u of c.unread) console.log(`  UNREAD ${u.address}: ${u.error}`);
  }
  for (const line of holdingsLines(s.holdings, show)) console.log(line);
  for (const line of coverageLines(s.coverage, show)) console.log(line);
  console.log(`sweeps: ${s.sweeps.map((x) => `${x.chain} ${x.status} ${x.count}`).join(', ') || 'none'}`);
  for (const h of (await ops(OPS.sweeps, { query: { status: 'held', size: '200' } })).list) {
    console.log(
      `held: ${h.id} ${h.chain} ${show(h.amount)} ${h.currency} from ${h.fromAddress}, ${h.attempts} attempts: ${h.lastError ?? '-'} ` +
        `(npm run operator -- sweep-retry|sweep-skip ${h.id} --reason "...")`,
    );
  }
  console.log(`withdrawals awaiting funds: ${s.awaitingWithdrawals}`);
  process.exitCode = s.holdings.some((h) => h.alert) || s.coverage.some((c) => c.alert) ? 2 : 0;
}

/** The treasury's commands of `npm run operator` (docs/operator-guide.md "Treasury"). */
export function addTreasuryCommands(program: Command, ops: Ops) {
  operatorCommand(program, 'treasury-status', {
    summary: 'per chain and currency: hot, cold, not yet swept, ratio (exit code 2 on an alert)',
    usage: 'usage: npm run operator -- treasury-status',
  })
    .option(...EXACT_OPTION)
    .action(({ exact }: { exact?: boolean }) => treasuryStatus(ops, amountShower(exact ?? false)));

  const sweepUsage = 'usage: npm run operator -- sweep-now [bsc|solana] [--reason "..."]';
  operatorCommand(program, 'sweep-now', {
    summary: 'ask the treasury to plan sweeps at its next tick',
    usage: sweepUsage,
  })
    .argument('[chain]', TREASURY_CHAINS.join('|'))
    .option('--reason <text>', 'why, recorded in the audit')
    .action(async (chain: string | undefined, { reason }: { reason?: string }) => {
      if (chain !== undefined && !(TREASURY_CHAINS as readonly string[]).includes(chain)) throw new Error(sweepUsage);
      const body = { ...(chain ? { chain: chain as TTreasuryChain } : {}), ...(reason ? { reason } : {}) };
      const { requested } = await ops(OPS.sweepNow, { body });
      console.log(`requested ${requested.join(', ')}: the treasury plans at its next tick`);
    });

  for (const [name, endpoint, summary] of [
    ['sweep-retry', OPS.retrySweep, 'try a held sweep again'],
    ['sweep-skip', OPS.skipSweep, 'give up a held sweep'],
  ] as const) {
    const usage = `usage: npm run operator -- ${name} <sweep id> --reason "..."`;
    operatorCommand(program, name, { summary, usage })
      .argument('<id>', "the sweep's id")
      .requiredOption('--reason <text>', 'why, recorded in the audit')
      .action(async (id: string, { reason }: { reason?: string }) => {
        if (!id || !reason) throw new Error(usage);
        const data = await ops(endpoint, { params: { id }, body: { reason } });
        console.log(`sweep ${data.id}: ${data.status}`);
      });
  }

  const fundUsage = 'usage: npm run operator -- treasury-fund <bsc|solana> <currency> <amount> <txHash> --reason "..."';
  operatorCommand(program, 'treasury-fund', {
    summary: "book the platform's own money sent to its hot wallet on a chain (treasury funding)",
    usage: fundUsage,
  })
    .argument('<chain>', TREASURY_CHAINS.join('|'))
    .argument('<currency>')
    .argument('<amount>')
    .argument('<txHash>', 'the transfer that brought it')
    .requiredOption('--reason <text>', 'why, recorded in the audit')
    .option(...EXACT_OPTION)
    .action(
      async (
        chain: string,
        currency: string,
        amount: string,
        txHash: string,
        { reason, exact }: { reason?: string; exact?: boolean },
      ) => {
        if (
          !chain ||
          !currency ||
          !amount ||
          !txHash ||
          !reason ||
          !(TREASURY_CHAINS as readonly string[]).includes(chain)
        )
          throw new Error(fundUsage);
        const body = { chain: chain as TTreasuryChain, currency, amount, txHash, reason };
        const data = await ops(OPS.recordFunding, { body });
        console.log(
          `${data.replayed ? 'already booked' : 'booked'}: ${amountShower(exact ?? false)(data.amount)} ${data.currency} on ${data.chain} from ${data.txHash} (movement ${data.movementId})`,
        );
      },
    );
}
