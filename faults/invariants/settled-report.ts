import { apiClient } from '../workload/client.ts';
import { pgTextArray } from '../workload/pg-array.ts';
import type { WorkloadLog } from '../workload/types.ts';
import { type CheckDb, openCheckDb, sql } from './db.ts';

/** The treasury's chain transactions still on their way (signed or sent, not yet confirmed or failed). */
const TX_MOVING = ['signed', 'sent'];
/** Sweeps whose chain transactions are on their way (a planned one has sent nothing yet). */
const SWEEP_MOVING = ['gas-funding', 'sweeping'];
/** Reports asked for before the chain work is judged settled: each one raced a sweep or a fee that booked meanwhile. */
const MAX_TRIES = 5;

export interface ReportTarget {
  databaseUrl: string;
  /** Where the operator API answers (nginx in the harness). */
  baseUrl: string;
  operatorToken: string;
  requestSignSecret?: string;
  /** Mines one block on the dev node: the chain work confirms only as blocks come. */
  mineBlock: () => Promise<void>;
  timeoutMs: number;
}

/**
 * A reserves report made while no chain work moves: a report reads the ledger first and the chains after, so one made
 * while a sweep's gas or a payout's fee is on its way states a clearing mismatch of that transaction that is gone a
 * block later. And it reads BNB Smart Chain at the block the deposit watcher credited up to, while a payout or a
 * sweep is booked once confirmed, which can be a block or two past it: until the watcher's next tick, the report
 * sees the ledger pay what the chain at its block has not yet sent. This waits until no treasury transaction is on
 * its way and the deposit watcher's block covers every confirmed one, asks the operator API for a report, and keeps
 * it only when nothing was booked or sent meanwhile (else asks again). A mismatch the kept report states is real:
 * nothing in flight explains it. Answers the report's id, or why none could be made.
 */
export async function settledReservesReport(target: ReportTarget): Promise<{ id: string } | { problem: string }> {
  const db = await openCheckDb(target.databaseUrl);
  const deadline = Date.now() + target.timeoutMs;
  let problem = 'no attempt';
  try {
    for (let attempt = 1; attempt <= MAX_TRIES && Date.now() < deadline; attempt++) {
      const before = await chainWorkIdle(db, target, deadline);
      if ('problem' in before) return before;
      const id = await askForReport(target);
      // The new report's own publication starts at once: only the earlier reports' count.
      const after = await fingerprint(db, id);
      if (id !== null && after.moving === 0 && after.mark === before.mark) return { id };
      problem =
        id === null
          ? 'the operator API made no report'
          : `chain work moved while the report was made (${before.mark} → ${after.mark}, ${after.moving} on its way)`;
    }
    return { problem: `${problem}, ${MAX_TRIES} tries or the time ran out` };
  } finally {
    await db.database.close();
  }
}

/** Waits until no treasury transaction is on its way; answers the fingerprint of the booked state then. */
async function chainWorkIdle(
  db: CheckDb,
  target: ReportTarget,
  deadline: number,
): Promise<{ mark: string } | { problem: string }> {
  for (;;) {
    const state = await fingerprint(db);
    if (state.moving === 0 && state.unseen === 0) return { mark: state.mark };
    if (Date.now() > deadline) {
      return { problem: `chain work never stood still: ${state.moving} on its way, ${state.unseen} past the watcher` };
    }
    await target.mineBlock();
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * What moves the clearing: the chains' clearing accounts (a booking elsewhere, a daily job's, changes nothing the
 * report compares) and every treasury transaction's state; what is on its way (a reserves report's root publication
 * too: its gas is booked as a chain fee once mined, reports before `beforeReport` when given); and
 * the confirmed payouts, treasury transactions and publications past the block the deposit watcher credited up to
 * (a report reads the chain there).
 */
async function fingerprint(db: CheckDb, beforeReport: string | null = null) {
  const before = beforeReport ?? '9223372036854775807';
  const [row] = await db.rows<{ moving: number; unseen: number; mark: string }>(sql`
    WITH read_at AS (SELECT coalesce((SELECT next_block - 1 FROM chain_cursors WHERE chain = 'bsc'), 0) AS block)
    SELECT (SELECT count(*)::int FROM treasury_transactions WHERE status = ANY(${pgTextArray(TX_MOVING)}::text[]))
         + (SELECT count(*)::int FROM sweeps WHERE status = ANY(${pgTextArray(SWEEP_MOVING)}::text[]))
         + (SELECT count(*)::int FROM reserves_reports
            WHERE publication_status = ANY(${pgTextArray(TX_MOVING)}::text[]) AND id < ${before}::bigint) AS moving,
      (SELECT count(*)::int FROM withdrawals, read_at WHERE status = 'confirmed' AND block_number > read_at.block)
         + (SELECT count(*)::int FROM treasury_transactions, read_at
            WHERE chain = 'bsc' AND status = 'confirmed' AND block_number > read_at.block)
         + (SELECT count(*)::int FROM reserves_reports, read_at
            WHERE publication_status IN ('published', 'failed') AND publication_block > read_at.block) AS unseen,
      concat_ws(':', (SELECT string_agg(currency || '=' || balance::text, ',' ORDER BY platform_code, currency)
          FROM accounts WHERE platform_code IN ('chain-bsc', 'chain-solana')),
        (SELECT count(*) FROM treasury_transactions), (SELECT count(*) FROM sweeps),
        (SELECT count(*) FROM treasury_transactions WHERE status = 'confirmed')) AS mark`);
  return row ?? { moving: 0, unseen: 0, mark: '' };
}

/** POST /ops/v1/reserves/reports, as `npm run operator -- reserves-report` does; answers the report's id. */
async function askForReport(target: ReportTarget): Promise<string | null> {
  const log: WorkloadLog = { seed: 0, startedAt: Date.now(), endedAt: 0, requests: [], deposits: [], usernames: [] };
  const client = apiClient(target.baseUrl, log, {
    ...(target.requestSignSecret ? { secret: target.requestSignSecret } : {}),
  });
  const answer = await client.send({
    kind: 'daily-job',
    key: null,
    method: 'POST',
    path: '/ops/v1/reserves/reports',
    headers: { authorization: `Bearer ${target.operatorToken}`, 'x-operator': 'fault-harness' },
    body: { reason: 'fault harness: the report once the chain work settled' },
  });
  const last = answer.attempts.at(-1);
  const data = (last?.body as { data?: { id?: unknown } } | null)?.data;
  return last?.status === 200 && data?.id !== undefined ? String(data.id) : null;
}
