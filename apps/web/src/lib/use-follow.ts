import { useEffect, useRef } from 'react';
import { type Changes, changesSince, type Seen } from './follow.ts';

/**
 * How often a screen looks again at money it is waiting for. TanStack Query skips the refetch while the tab is in
 * the background (refetchIntervalInBackground stays false) and stops it when the screen unmounts.
 */
export const FOLLOW_MS = 4_000;

/**
 * Calls `announce` with what changed each time `items` changes (see changesSince): the list as it first shows is
 * the baseline, and each change is announced once, whatever re-renders follow.
 */
export function useAnnounceChanges<T>(
  items: readonly T[] | undefined,
  keyOf: (item: T) => string,
  stateOf: ((item: T) => string) | undefined,
  announce: (changes: Changes<T>) => void,
) {
  const seen = useRef<Seen | null>(null);
  const latest = useRef({ keyOf, stateOf, announce });
  latest.current = { keyOf, stateOf, announce };
  useEffect(() => {
    if (!items) return;
    const { keyOf: key, stateOf: state, announce: tell } = latest.current;
    const changes = changesSince(seen.current, items, key, state);
    seen.current = changes.seen;
    if (changes.added.length > 0 || changes.moved.length > 0) tell(changes);
  }, [items]);
}
