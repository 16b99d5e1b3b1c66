import { runReservesReport } from '../domain/treasury/reserves-report.ts';
import type { BackgroundWork } from './background-work.ts';
import { testCrashPoints } from './test-crash-points.ts';

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
      return {
        // Held a little longer than a tick's pause, so another instance takes over only when this one is gone.
        tick: async () => {
          if (!(await repos.chain.takeLease(LEASE, owner, everyMs + 60_000))) return { outcome: 'not-lease-holder' };
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
