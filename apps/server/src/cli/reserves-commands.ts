import { OPS } from '@aidf/contract';
import type { Command } from 'commander';
import { amountShower, EXACT_OPTION } from './cli-amounts.ts';
import { type Ops, operatorCommand } from './operator-program.ts';
import { verifyProofFile } from './reserves-verify.ts';

/** Proof of reserves: a user's proof checked, and a reserves report run now. */
export function addReservesCommands(program: Command, ops: Ops) {
  const verifyUsage = 'usage: npm run operator -- reserves-verify <proof.json> [--rpc <url>]';
  operatorCommand(program, 'reserves-verify', {
    summary: "check a user's proof of reserves, and its root on chain through --rpc or BSC_RPC_URL",
    usage: verifyUsage,
  })
    .argument('<proof.json>')
    .option('--rpc <url>', 'a BNB Smart Chain RPC (default: BSC_RPC_URL)')
    .action(async (file: string, options: { rpc?: string }) => {
      if (!file) throw new Error(verifyUsage);
      const { code, lines } = await verifyProofFile(file, { rpcUrl: options.rpc ?? process.env.BSC_RPC_URL ?? null });
      for (const line of lines) console.log(line);
      process.exitCode = code;
    });

  operatorCommand(program, 'reserves-report', {
    summary: 'run a reserves report now and print its summary',
    usage: 'usage: npm run operator -- reserves-report [--reason "..."]',
  })
    .option('--reason <text>', 'why, recorded in the audit')
    .option(...EXACT_OPTION)
    .action(async (options: { reason?: string; exact?: boolean }) => {
      const show = amountShower(options.exact ?? false);
      // Its tree stays on the server, each user reads their proof with GET /v1/reserves/proof.
      const report = await ops(OPS.runReservesReport, { body: options.reason ? { reason: options.reason } : {} });
      console.log(
        `reserves report ${report.id} (${report.status}): ${report.userCount} users, root ${report.root?.hash ?? '(none)'}`,
      );
      // 'pending': the treasury publishes it on BNB Smart Chain next; 'no-chain': it never will (no chain configured).
      console.log(`publication: ${report.publication?.status ?? 'unknown'}`);
      for (const currency of report.currencies) {
        const owed = show(report.liabilities[currency] ?? '0');
        const chains = Object.entries(report.clearing)
          .map(([chain, held]) => `${chain} ${show(held[currency] ?? '0')}`)
          .join(', ');
        console.log(
          `${currency.padEnd(6)} liabilities ${owed} (users ${show(report.userBalances[currency])}); clearing: ${chains}; ` +
            `added unbacked: operator credits ${show(report.operatorCredits[currency])}, issuance ${show(report.issuance[currency])}`,
        );
      }
    });
}
