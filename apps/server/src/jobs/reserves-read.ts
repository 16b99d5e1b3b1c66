import { sql } from 'drizzle-orm';
import type { ChainServices } from '../chain/chain-services.ts';
import type { AppDb } from '../db/client.ts';
import { rowsOf } from '../db/raw.ts';
import { reservesChainRepository } from '../db/repositories/reserves.ts';
import { runReservesReport } from '../domain/treasury/reserves-report.ts';
import type { BackgroundWork } from './background-work.ts';
import { testCrashPoints } from './test-crash-points.ts';

/** How soon a report that waited for the deposit watcher looks again, and how long it waits at most. */
const WAIT_MS = 5_000;
const MAX_WAIT_MS = 120_000;
/** How long after this work starts a deposit watcher that has not taken its lease yet is still expected to. */
const WATCHER_START_MS = 10_000;

/**
 * Whether to wait for the BNB Smart Chain deposit watcher before a report: a report reads the chain at the block
 * the watcher has credited up to, and one far behind the chain's confirmed head (a fresh start scans from its
 * first block, and has no cursor before its first scan) would set an old chain beside today's ledger (a funding
 * booked since, a payout sent since) and alert for nothing. Behind means more than one confirmation depth short
 * of the confirmed head. It waits only for a watcher at work: one holding its lease, or one that may not have taken
 * it yet because this process has just started; with none, the report runs and says what it found. Null: go on.
 */
async function depositWatcherBehind(db: AppDb, chains: ChainServices, startedAt: number) {
  const bsc = chains.bsc;
  if (!bsc) return null;
  const head = await bsc.client.getBlockNumber({ cacheTime: 0 }).catch(() => null);
  if (head === null) return null;
  const confirmed = head - BigInt(Math.max(0, bsc.confirmations - 1));
  const cursor = await reservesChainRepository(db).depositCursor('bsc');
  const scannedTo = cursor === null ? -1n : cursor - 1n;
  if (confirmed - scannedTo <= BigInt(bsc.confirmations)) return null;
  const watching = await liveLease(db, DEPOSIT_WATCHER_LEASE);
  if (!watching && Date.now() - startedAt > WATCHER_START_MS) return null;
  return { scannedTo: scannedTo.toString(), confirmedHead: confirmed.toString() };
}

const DEPOSIT_WATCHER_LEASE = 'deposit-watcher:bsc';

async function liveLease(db: AppDb, name: string) {
  const result = await db.execute(sql`SELECT 1 FROM worker_leases WHERE name = ${name} AND expires_at > now()`);
  return rowsOf(result).length > 0;
}

/** How often the treasury runs a reserves report with chain reads (docs/architecture.md "Proof of reserves"). */
export const RESERVES_READ_EVERY_MS = 10 * 60_000;
const LEASE = 'reserves-read';

/**
 * A reserves report with the chains' balances every 10 minutes, in the treasury role, by the one instance holding
 * the `reserves-read` lease (two would only store two reports of the same state). A report an operator asks for
 * (POST /ops/v1/reserves/reports) is run by the API at once, not here: reading needs no key.
 */
export function reservesReadWork(everyMs = RESERVES_READ_EVERY_MS): BackgroundWork {
  return {
    name: LEASE,
    role: 'treasury',
    schedule: { everyMs },
    start: ({ db, repos, chains, owner, log }) => {
      if (!db || (!chains.bsc && !chains.solana)) return null;
      // When this process started waiting for the deposit watcher; after MAX_WAIT_MS it reports all the same (no
      // watcher may be running anywhere), and the report says what it could read.
      let waitingSince: number | null = null;
      const startedAt = Date.now();
      return {
        // Held a little longer than a tick's pause, so another instance takes over only when this one is gone.
        tick: async () => {
          if (!(await repos.chain.takeLease(LEASE, owner, everyMs + 60_000))) return { outcome: 'not-lease-holder' };
          const behind = await depositWatcherBehind(db, chains, startedAt);
          waitingSince = behind === null ? null : (waitingSince ?? Date.now());
          if (behind !== null && Date.now() - (waitingSince as number) < MAX_WAIT_MS) {
            return { outcome: 'waiting-for-deposit-watcher', ...behind, retryInMs: WAIT_MS };
          }
          waitingSince = null;
          const report = await runReservesReport(db, {
            chains,
            log,
            crashPoints: testCrashPoints(LEASE, ['afterChainRead']),
          });
          return { outcome: 'reported', reportId: report.id, status: report.status };
        },
        release: () => repos.chain.releaseLease(LEASE, owner),
      };
    },
  };
}
