import { PUBLISH_CRASH_POINTS, RESERVES_PUBLISHER, reservesPublisher } from '../domain/treasury/reserves-publisher.ts';
import type { BackgroundWork } from './background-work.ts';
import { testCrashPoints } from './test-crash-points.ts';

/**
 * Publishes each reserves report's root on BNB Smart Chain (docs/architecture.md "Proof of reserves"). It signs with
 * the hot wallet's key, so it runs in the treasury role, under the lease `reserves-publish` (one instance works,
 * the others wait); it follows the chain like a watcher, so a report is published within a poll of being made.
 */
export function reservesPublishWork(): BackgroundWork {
  return {
    name: RESERVES_PUBLISHER,
    role: 'treasury',
    schedule: 'watcher',
    start: ({ repos, chains, owner }) => {
      const bsc = chains.bsc;
      if (!bsc?.publications) return null;
      const publisher = reservesPublisher({
        repos,
        chain: bsc.publications,
        owner,
        confirmations: bsc.confirmations,
        ...bsc.payoutGas,
        crashPoints: testCrashPoints(RESERVES_PUBLISHER, PUBLISH_CRASH_POINTS),
      });
      return { tick: publisher.tick, release: publisher.release };
    },
  };
}
