import type { TickResult } from '../src/domain/chain/deposit-watcher.ts';

/**
 * Ticks a deposit watcher until it is caught up, as its worker loop would; answers the deposits it credited and
 * the ranges it scanned. Any other outcome fails the test with it, and so does a watcher that never catches up.
 */
export async function scanUntilCaughtUp(watcher: { tick(): Promise<TickResult> }) {
  let credited = 0;
  let ranges = 0;
  for (let i = 0; i < 200; i++) {
    const result = await watcher.tick();
    if (result.outcome === 'caught-up') return { credited, ranges };
    if (result.outcome !== 'scanned') throw new Error(`the watcher ended with ${JSON.stringify(result)}`);
    credited += result.credited;
    ranges++;
  }
  throw new Error('the watcher never caught up');
}
