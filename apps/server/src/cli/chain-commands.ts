import { OPS, type OpsData } from '@aidf/contract';
import type { Command } from 'commander';
import { amountShower, EXACT_OPTION, type ShowAmount } from './cli-amounts.ts';
import { type Ops, operatorCommand } from './operator-program.ts';

type ChainStatus = OpsData<typeof OPS.chainStatus>;

/** The UTC days from `first` to `last`, both included ('YYYY-MM-DD'). */
function daysFrom(first: string, last: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${first}T00:00:00Z`); t <= Date.parse(`${last}T00:00:00Z`); t += 86_400_000) {
    days.push(new Date(t).toISOString().slice(0, 10));
  }
  if (days.length === 0) throw new Error(`no day from ${first} through ${last}`);
  return days;
}

/** Each watcher's line: its cursor, the head and lag, its RPC errors; or why it is not configured. */
function printWatchers(status: ChainStatus) {
  const watchers = [
    ...status.watchers.map((w) => ({ ...w, name: `${w.chain} deposits` })),
    ...status.collectionWatchers.map((w) => ({ ...w, name: `${w.chain} miner payments` })),
  ];
  for (const w of watchers) {
    if (w.notConfigured) {
      console.log(`${w.name}: not configured: ${w.notConfigured}`);
      continue;
    }
    console.log(
      `${w.name}: last scanned block ${w.lastScannedBlock ?? '-'}, head ${w.head ?? '?'} (lag ${w.lagBlocks ?? '?'}), ` +
        `scanned at ${w.scannedAt ?? 'never'}, RPC errors ${w.rpcErrors}${w.lastError ? `, last: ${w.lastError} at ${w.lastErrorAt}` : ''}`,
    );
  }
  if (status.watchers.length === 0) console.log('no chain configured');
}

/** The hot wallet, the payout worker, withdrawals by state and the payouts waiting for an operator or for funds. */
function printPayouts(status: ChainStatus, show: ShowAmount) {
  if (status.hotWallet) {
    const h = status.hotWallet;
    console.log(
      `hot wallet ${h.address}: ${'error' in h ? `unreadable (${h.error})` : `${show(h.bnb)} BNB, ${show(h.cow)} COW`}`,
    );
  }
  if (status.payoutWorker) {
    const p = status.payoutWorker;
    console.log(
      `payout worker: last good tick ${p.lastOkAt ?? 'never'}, errors ${p.errors}` +
        (p.lastError ? `, last: ${p.lastError} at ${p.lastErrorAt}` : ''),
    );
  }
  console.log('withdrawals by state:', status.withdrawals);
  for (const h of status.heldPayouts) {
    console.log(
      `HELD payout ${h.id}: ${show(h.amount)} COW to ${h.toAddress}, ${h.signed ? `signed (nonce ${h.nonce}, ${h.txHash})` : 'never signed'}, ` +
        `since ${h.heldAt}: ${h.reason} (npm run operator -- payout-retry|payout-refund ${h.id} --reason "...")`,
    );
  }
  for (const a of status.awaitingFunds) {
    console.log(
      `AWAITING FUNDS payout ${a.id}: ${show(a.amount)} COW to ${a.toAddress}, since ${a.since}: ${a.reason} ` +
        `(sent by itself once the hot wallet covers it; or npm run operator -- payout-refund ${a.id} --reason "...")`,
    );
  }
}

/** The chains' watchers and the payout worker, and the background work run by hand (docs/operator-guide.md). */
export function addChainCommands(program: Command, ops: Ops) {
  operatorCommand(program, 'chain-status', {
    summary: 'the watchers (scanned block, lag, RPC errors), the hot wallet, the payout worker, held payouts',
    usage: 'usage: npm run operator -- chain-status',
  })
    .option(...EXACT_OPTION)
    .action(async ({ exact }: { exact?: boolean }) => {
      const status = await ops(OPS.chainStatus);
      printWatchers(status);
      printPayouts(status, amountShower(exact ?? false));
    });

  const jobUsage = 'usage: npm run operator -- run-job <job> --date YYYY-MM-DD [--through YYYY-MM-DD]';
  operatorCommand(program, 'run-job', {
    summary: 'run a daily job (pledge-settlement, machine-mining, ...) for a UTC day, or each day through another',
    usage: jobUsage,
  })
    .argument('<job>')
    .requiredOption('--date <YYYY-MM-DD>', 'the UTC day')
    .option('--through <YYYY-MM-DD>', 'the last UTC day, each day up to it in turn')
    .action(async (job: string, options: { date?: string; through?: string }) => {
      if (!job || !options.date) throw new Error(jobUsage);
      for (const date of daysFrom(options.date, options.through ?? options.date)) {
        const outcome = await ops(OPS.runJob, { params: { job }, body: { date } });
        console.log(`${job} ${date}: ${outcome.status}${outcome.items === undefined ? '' : `, ${outcome.items} paid`}`);
      }
    });

  const tickUsage = 'usage: npm run operator -- run-tick <name>';
  operatorCommand(program, 'run-tick', {
    summary: 'run one tick of a background work now (order-expiry, ...)',
    usage: tickUsage,
  })
    .argument('<name>')
    .action(async (name: string) => {
      if (!name) throw new Error(tickUsage);
      console.log(await ops(OPS.runTick, { params: { name }, body: {} }));
    });
}
