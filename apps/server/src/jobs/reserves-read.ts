import type { ChainServices } from '../chain/chain-services.ts';
import type { AppDb } from '../db/client.ts';
import { reservesChainRepository } from '../db/repositories/reserves.ts';
import { runReservesReport } from '../domain/treasury/reserves-report.ts';
import type { BackgroundWork } from './background-work.ts';
import { testCrashPoints } from './test-crash-points.ts';

/** How soon a report that waited for the deposit watcher looks again, and how long it waits at most. */
const WAIT_MS = 5_000;
const MAX_WAIT_MS = 120_000;

/**
 * Whether the BNB Smart Chain deposit watcher is still catching up (a fresh start scans from its first block, and
 * has no cursor before its first scan): a report reads the chain at the block the watcher has credited up to, and
 * one far behind the chain's confirmed head would set an old chain beside today's ledger (a funding booked since,
 * a payout sent since) and alert for nothing. Behind means more than one confirmation depth short of the confirmed
 * head; null when caught up, or when the chain cannot be read now (the report then says so itself).
 */
async function depositWatcherBehind(db: AppDb, chains: ChainServices) {
  const bsc = chains.bsc;
  if (!bsc) return null;
  const head = await bsc.client.getBlockNumber({ cacheTime: 0 }).catch(() => null);
  if (head === null) return null;
  const confirmed = head - BigInt(Math.max(0, bsc.confirmations - 1));
  const cursor = await reservesChainRepository(db).depositCursor('bsc');
  const scannedTo = cursor === null ? -1n : cursor - 1n;
  return confirmed - scannedTo > BigInt(bsc.confirmations)
    ? { scannedTo: scannedTo.toString(), confirmedHead: confirmed.toString() }
    : null;
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
      return {
        // Held a little longer than a tick's pause, so another instance takes over only when this one is gone.
        tick: async () => {
          if (!(await repos.chain.takeLease(LEASE, owner, everyMs + 60_000))) return { outcome: 'not-lease-holder' };
          const behind = await depositWatcherBehind(db, chains);
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
