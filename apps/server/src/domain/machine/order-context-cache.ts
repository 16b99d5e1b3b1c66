import type { Repositories } from '../../db/repositories/index.ts';
import type { OrderContext } from './order-view.ts';

/**
 * The order context (the miner's settings and the pinned token contracts) of the order-status poll, kept a few
 * seconds: 10,000 pending orders polled every 3 s would otherwise read the same settings and token rows 3,333
 * times a second. A change through the operator's set-config (setSetting) is seen at once on the instance that
 * made it (forgetOrderContexts); other instances see it within CONTEXT_TTL_MS, and token contracts (set when a
 * dev chain starts) within the same time. Buying, cancelling and submitting a hash read them fresh.
 */
export const CONTEXT_TTL_MS = 5_000;

interface Entry {
  at: number;
  generation: number;
  value: Promise<OrderContext>;
}

const entries = new WeakMap<Repositories, Entry>();
/** Bumped by every settings change of this process: an entry from an earlier generation is stale. */
let generation = 0;

export function forgetOrderContexts() {
  generation++;
}

export function cachedOrderContext(
  repos: Repositories,
  load: () => Promise<OrderContext>,
  now = Date.now(),
): Promise<OrderContext> {
  const entry = entries.get(repos);
  if (entry && entry.generation === generation && now - entry.at < CONTEXT_TTL_MS) return entry.value;
  // Concurrent polls share one read; a failed read is not kept.
  const value = load();
  const fresh = { at: now, generation, value };
  entries.set(repos, fresh);
  value.catch(() => {
    if (entries.get(repos) === fresh) entries.delete(repos);
  });
  return value;
}
