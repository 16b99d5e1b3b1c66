import { OPS, type OpsEndpointDef, TREASURY_CHAINS, type TTreasuryChain } from '@aidf/contract';
import { amountShower, coverageLines, holdingsLines, type ShowAmount } from './cli-amounts.ts';
import type { opsCall } from './operator-client.ts';

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

/**
 * The treasury's commands of `npm run operator` (docs/operator-guide.md "Treasury"): runs one, or answers false
 * when `command` is none of them. Amounts print rounded, or exact with `--exact`.
 */
export async function treasuryCommand(
  ops: Ops,
  command: string,
  args: readonly string[],
  options: { reason: string | undefined; exact: boolean },
): Promise<boolean> {
  const { reason } = options;
  const show = amountShower(options.exact);
  if (command === 'treasury-status') await treasuryStatus(ops, show);
  else if (command === 'sweep-now') {
    const [chain] = args;
    if (chain !== undefined && !(TREASURY_CHAINS as readonly string[]).includes(chain))
      throw new Error('usage: npm run operator -- sweep-now [bsc|solana] [--reason "..."]');
    const body = { ...(chain ? { chain: chain as TTreasuryChain } : {}), ...(reason ? { reason } : {}) };
    const { requested } = await ops(OPS.sweepNow, { body });
    console.log(`requested ${requested.join(', ')}: the treasury plans at its next tick`);
  } else if (command === 'sweep-retry' || command === 'sweep-skip') {
    const [id] = args;
    if (!id || !reason) throw new Error(`usage: npm run operator -- ${command} <sweep id> --reason "..."`);
    const endpoint = command === 'sweep-retry' ? OPS.retrySweep : OPS.skipSweep;
    const data = await ops(endpoint, { params: { id }, body: { reason } });
    console.log(`sweep ${data.id}: ${data.status}`);
  } else if (command === 'treasury-fund') {
    const [chain, currency, amount, txHash] = args;
    if (!chain || !currency || !amount || !txHash || !reason || !(TREASURY_CHAINS as readonly string[]).includes(chain))
      throw new Error(
        'usage: npm run operator -- treasury-fund <bsc|solana> <currency> <amount> <txHash> --reason "..."',
      );
    const body = { chain: chain as TTreasuryChain, currency, amount, txHash, reason };
    const data = await ops(OPS.recordFunding, { body });
    console.log(
      `${data.replayed ? 'already booked' : 'booked'}: ${show(data.amount)} ${data.currency} on ${data.chain} from ${data.txHash} (movement ${data.movementId})`,
    );
  } else return false;
  return true;
}
