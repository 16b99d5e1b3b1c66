import { useEffect, useState } from 'react';

const THRESHOLD_PX = 70;

/** Pull down at the top of the page to refresh, as phone lists do; answers how far it is pulled. */
export function usePullToRefresh(onRefresh: () => unknown) {
  const [pull, setPull] = useState(0);
  useEffect(() => {
    let startY: number | null = null;
    let distance = 0;
    const start = (e: TouchEvent) => {
      startY = window.scrollY === 0 ? (e.touches[0]?.clientY ?? null) : null;
    };
    const move = (e: TouchEvent) => {
      if (startY === null) return;
      distance = Math.max(0, (e.touches[0]?.clientY ?? startY) - startY);
      setPull(Math.min(distance, THRESHOLD_PX * 1.5));
    };
    const end = () => {
      if (startY !== null && distance >= THRESHOLD_PX) onRefresh();
      startY = null;
      distance = 0;
      setPull(0);
    };
    window.addEventListener('touchstart', start, { passive: true });
    window.addEventListener('touchmove', move, { passive: true });
    window.addEventListener('touchend', end);
    return () => {
      window.removeEventListener('touchstart', start);
      window.removeEventListener('touchmove', move);
      window.removeEventListener('touchend', end);
    };
  }, [onRefresh]);
  return { pull, ready: pull >= THRESHOLD_PX };
}
