import { type RefObject, useEffect, useRef } from 'react';
import { type Preloadable, preloadNow, preloadSoon } from './preloadable.tsx';

const INTENT_EVENTS = ['pointerdown', 'touchstart', 'focus'] as const;

/**
 * A link's screen fetched on intent: at once when the link is touched or focused (the tap follows within the
 * moment), and first in the idle queue once the link comes into view. Give the returned ref to the link.
 */
export function usePreloadOnIntent<T extends Element>(
  chunk: Pick<Preloadable, 'preload'> | undefined,
): RefObject<T | null> {
  const ref = useRef<T>(null);
  useEffect(() => {
    const element = ref.current;
    if (!chunk || !element) return;
    const now = () => preloadNow(chunk);
    for (const name of INTENT_EVENTS) element.addEventListener(name, now, { passive: true });
    const observer =
      'IntersectionObserver' in window
        ? new IntersectionObserver((entries) => {
            if (!entries.some((entry) => entry.isIntersecting)) return;
            preloadSoon(chunk);
            observer?.disconnect();
          })
        : undefined;
    observer?.observe(element);
    return () => {
      for (const name of INTENT_EVENTS) element.removeEventListener(name, now);
      observer?.disconnect();
    };
  }, [chunk]);
  return ref;
}
